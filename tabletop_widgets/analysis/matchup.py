"""One bot against another, for any game: seats rotate so a seat's advantage is not skill.

In game ``i`` of ``head_to_head(game, first, second)`` the ``first`` bot sits at seat
``i % players`` and ``second`` bots take every other seat; the game is dealt with
seed ``seed + i`` (as in :func:`~.simulate.simulate`).  The score is ``first``'s
share of the wins (a draw or a shared win counts a fraction), with its Wilson
interval: above 50% in a two-player game means ``first`` is stronger.

>>> r = head_to_head("fistful_of_gold", "greedy", "random", games=6, seed=1)
>>> r.games, r.wins + r.losses + r.draws, 0 <= r.score.low <= r.score.mean <= r.score.high <= 1
(6, 6, True)
>>> r.seat_wins == head_to_head("fistful_of_gold", "greedy", "random", games=6, seed=1).seat_wins
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tabletop_widgets.core.playout import play_out
from tabletop_widgets.core.result import Result

from ._games import SeatBots, bot_label, check_count, check_seed, info_of, options_of
from .progress import Progress, Stopper, run_with
from .reports import Estimate, Report, mean_estimate, share_estimate

__all__ = ["MatchupReport", "RoundRobinReport", "head_to_head", "round_robin"]


@dataclass(frozen=True, repr=False)
class MatchupReport(Report):
    """``first`` against ``second``: wins, draws, losses and ``first``'s score.

    Fields:

    * ``title``: The game's title.
    * ``first``: The first bot (as named).
    * ``second``: The second bot.
    * ``seed``: The seed of game 0 (game ``i`` is dealt with ``seed + i``).
    * ``results``: Per game: the seat ``first`` sat at (counted from 0) and the result.
    * ``requested``: Games asked for.
    * ``elapsed``: Seconds it took.
    * ``stopped``: True if it was stopped before every game was played.
    * ``confidence``: Confidence level of the intervals.
    """

    title: str
    first: str
    second: str
    seed: int
    results: tuple[tuple[int, Result], ...]
    requested: int
    elapsed: float = 0.0
    stopped: bool = False
    confidence: float = 0.95

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.results)

    @property
    def wins(self) -> int:
        """Games ``first`` won alone."""
        return sum(r.places[s] == 1 and len(r.winners) == 1 for s, r in self.results)

    @property
    def draws(self) -> int:
        """Games ``first`` shared first place in (a draw in a two-player game)."""
        return sum(r.places[s] == 1 and len(r.winners) > 1 for s, r in self.results)

    @property
    def losses(self) -> int:
        """Games ``first`` did not finish first in."""
        return sum(r.places[s] != 1 for s, r in self.results)

    @property
    def score(self) -> Estimate:
        """``first``'s share of the wins (a draw counts 1/2), Wilson interval."""
        return share_estimate([r.win_share(s) for s, r in self.results], self.confidence)

    @property
    def place(self) -> Estimate:
        """``first``'s mean place (1 the best), t interval (within 1 to the number of seats)."""
        most = self.results[0][1].players if self.results else math.inf
        return mean_estimate([r.places[s] for s, r in self.results], self.confidence, 1, most)

    @property
    def seat_wins(self) -> tuple[float, ...]:
        """Per seat, counted from 0 (``seat_wins[0]`` is Seat 1), the share of the games
        won by whoever sat there: a seat's advantage whichever bot held it (in A Fistful of
        Gold ``(pink, green)``: how often pink wins).  A shared win counts a fraction."""
        if not self.results:
            return ()
        players = self.results[0][1].players
        n = len(self.results)
        return tuple(sum(r.win_share(seat) for _, r in self.results) / n for seat in range(players))

    def to_records(self, per: str | None = None) -> list[dict[str, Any]]:
        """Rows: ``per="matchup"`` (the default: the one row shown) or ``per="game"``
        (one per game: seed, ``first``'s seat counted from 1, its place and win share)."""
        per = per or "matchup"
        if per == "matchup":
            return [
                {
                    "first": self.first,
                    "second": self.second,
                    "games": self.games,
                    "wins": self.wins,
                    "draws": self.draws,
                    "losses": self.losses,
                    "score": self.score.mean,
                    "score low": self.score.low,
                    "score high": self.score.high,
                }
            ]
        if per == "game":
            return [
                {
                    "game": i,
                    "seed": self.seed + i,
                    "first's seat": s + 1,
                    "first's place": r.places[s],
                    "first's win share": r.win_share(s),
                }
                for i, (s, r) in enumerate(self.results)
            ]
        raise ValueError(f"per is 'matchup' or 'game', not {per!r}")

    def _table_records(self) -> list[dict[str, Any]]:
        return [
            {
                "first": self.first,
                "second": self.second,
                "games": self.games,
                "won–drawn–lost": f"{self.wins}–{self.draws}–{self.losses}",
                "score of first": self.score.percent(),
            }
        ]

    def _headline(self) -> str:
        state = f", stopped after {self.games} of {self.requested}" if self.stopped else ""
        return (
            f"{self.title}: {self.first} against {self.second}, {self.games} games{state} "
            f"(seats rotate; score: wins, a draw counting 1/2; {self.confidence:.0%} interval)"
        )

    def plot(self) -> Any:
        """:func:`tabletop_widgets.analysis.plots.matchup_figure` of this report."""
        from .plots import matchup_figure

        return matchup_figure(self)


@dataclass(frozen=True, repr=False)
class RoundRobinReport(Report):
    """Every pair of bots: one :class:`MatchupReport` per pair (iterate over it).

    Fields:

    * ``title``: The game's title.
    * ``matchups``: The matchups, in the order played.
    """

    title: str
    matchups: tuple[MatchupReport, ...]

    def __iter__(self) -> Any:
        return iter(self.matchups)

    def __len__(self) -> int:
        return len(self.matchups)

    def __getitem__(self, i: int) -> MatchupReport:
        return self.matchups[i]

    def to_records(self, per: str | None = None) -> list[dict[str, Any]]:
        """One row per matchup (as :meth:`MatchupReport.to_records`)."""
        if per not in (None, "matchup"):
            raise ValueError(f"per is 'matchup', not {per!r}")
        return [row for m in self.matchups for row in m.to_records()]

    def _table_records(self) -> list[dict[str, Any]]:
        return [row for m in self.matchups for row in m._table_records()]

    def _headline(self) -> str:
        n = sum(m.games for m in self.matchups)
        return f"{self.title}: {len(self.matchups)} matchups, {n} games (seats rotate)"

    def plot(self) -> Any:
        """:func:`tabletop_widgets.analysis.plots.matchup_figure` of every matchup."""
        from .plots import matchup_figure

        return matchup_figure(self)


def head_to_head(
    game: Any,
    first: Any,
    second: Any,
    *,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Any = None,
    cancel: Any = None,
    time_limit: float | None = None,
    confidence: float = 0.95,
    workers: int = 1,
) -> MatchupReport:
    """Play ``games`` games of ``first`` (one seat, rotating) against ``second`` (the others).

    ``game``: a key of ``GAMES``, its ``GameInfo`` or class; ``first``, ``second``: a bot
    or level name, a bot class or a bot; ``options`` go to the engine (e.g.
    ``{"players": 3}``).  ``progress``, ``cancel``, ``time_limit``: see :mod:`.progress`.
    ``confidence``: the level of the interval (0.95).  ``workers`` > 1 plays in that many
    processes (the same games, the same report: game ``i`` depends only on ``seed + i``).
    """
    info = info_of(game)
    games = check_count("games", games)
    workers = check_count("workers", workers)
    check_seed(seed)
    opts = options_of(info, options)
    players = info.engine.new(seed=seed, **opts).players
    # Checked now, so a bad bot is named before any game is played.
    SeatBots.of(info, [first] + [second] * (players - 1), players)
    stop = Stopper(cancel, time_limit)
    bar = Progress(progress, games, "games")
    results: list[tuple[int, Result]] = []
    t0 = time.perf_counter()
    plan = _Games(info.key, first, second, opts, players, seed)
    size = CHUNK if workers > 1 else 1  # in one process a stop is noticed before each game
    chunks = [range(i, min(games, i + size)) for i in range(0, games, size)]
    pool = None
    if workers > 1:
        from .whatif import default_executor  # a pool only when asked for

        pool = default_executor(workers)
        futures = [pool.submit(plan.play, c) for c in chunks]
        parts = (f.result() for f in futures)
    else:
        parts = (plan.play(c) for c in chunks)

    def steps() -> bool:
        for _ in chunks:
            if stop():
                return True
            results.extend(next(parts))
            bar.update(len(results))
        return False

    try:
        stopped = run_with(steps, lambda: True)
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    bar.close("stopped" if stopped else "")
    return MatchupReport(
        info.title,
        bot_label(first),
        bot_label(second),
        seed,
        tuple(results),
        games,
        time.perf_counter() - t0,
        stopped,
        confidence,
    )


#: Games per task given to a worker process.
CHUNK = 4


@dataclass(frozen=True)
class _Games:
    """Games of one matchup, as data that pickles to worker processes."""

    key: str
    first: Any
    second: Any
    options: Mapping[str, Any]
    players: int
    seed: int

    def play(self, indices: range) -> list[tuple[int, Result]]:
        """Games ``indices``: per game, the seat ``first`` sat at and the result."""
        info = info_of(self.key)
        out = []
        for i in indices:
            seat = i % self.players
            specs = [self.first if s == seat else self.second for s in range(self.players)]
            g = info.engine.new(seed=self.seed + i, **self.options)
            bots = SeatBots.of(info, specs, self.players).make(random.Random(self.seed + i))
            result = play_out(g, bots, skip_forced=True)
            assert result is not None
            out.append((seat, result))
        return out


def round_robin(
    game: Any,
    bots: Sequence[Any],
    *,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Any = None,
    confidence: float = 0.95,
    workers: int = 1,
) -> RoundRobinReport:
    """:func:`head_to_head` for every pair of ``bots`` (the later one second); pair ``k``
    uses seeds from ``seed + k * games``; the other arguments are :func:`head_to_head`'s.

    >>> rr = round_robin("fistful_of_gold", ["random", "greedy"], games=2)
    >>> [f"{m.first}-{m.second}" for m in rr]
    ['random-greedy']
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) < 2:
        raise TypeError(f"bots is a list of at least two bots, not {bots!r}"[:200])
    info = info_of(game)
    games = check_count("games", games)
    out = [
        head_to_head(
            info,
            a,
            b,
            games=games,
            seed=seed + k * games,
            options=options,
            progress=progress,
            confidence=confidence,
            workers=workers,
        )
        for k, (a, b) in enumerate(combinations(bots, 2))
    ]
    return RoundRobinReport(info.title, tuple(out))
