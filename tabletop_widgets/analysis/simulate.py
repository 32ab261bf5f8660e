"""Whole games between bots, for any game: who wins, by seat, and every game kept on request.

Game ``i`` of ``simulate(game, n, seed=s)`` is dealt with seed ``s + i`` --
``Engine.new(seed=s + i, **options)`` deals the same cards every time -- and
its bots are seeded from the same number, so a simulation replays exactly.
``keep=True`` keeps each game's start position, moves and record, so any
question can be asked afterwards without playing again.

>>> report = simulate("matchstick_tycoon", 6, options={"players": 3}, seed=1, keep=True)
>>> len(report.games), report.games[0].seed, sorted(report.games[0].result.places)
(6, 1, [1, 2, 3])
>>> report.games[0].start == report.games[0].game().replay(0).position
True
>>> report.to_records()[0]["seat"], sum(r["win share"] for r in report.to_records())
(1, 1.0)
>>> simulate("matchstick_tycoon", 6, options={"players": 3}, seed=1).seats == report.seats
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tabletop_widgets.core.contract import Game
from tabletop_widgets.core.playout import play_out
from tabletop_widgets.core.records import load_record
from tabletop_widgets.core.result import Result

from ._games import SeatBots, check_count, check_seed, info_of, options_of
from .progress import Progress, Stopper, run_with
from .reports import Estimate, Report, mean_estimate, share_estimate

__all__ = ["PlayedGame", "SeatSummary", "SimulationReport", "simulate"]


@dataclass(frozen=True, repr=False)
class PlayedGame:
    """One simulated game: its seed, how it ended, and (with ``keep=True``) the game itself.

    ``start``, ``moves``, ``record`` and ``end`` are None unless the simulation kept the
    games.

    Fields:

    * ``index``: Which game of the simulation (counted from 0, as in ``report.games[i]``).
    * ``seed``: The seed it was dealt from (None for playouts of a given game: its own deal).
    * ``result``: How it ended: places and scores per seat (seats counted from 0 here).
    * ``length``: The number of moves played.
    * ``start``: The position it started from (``keep=True``).
    * ``moves``: The moves played, oldest first (``keep=True``).
    * ``record``: The whole game as a record, JSON-ready (``keep=True``; ``load_record`` reads
      it).
    * ``end``: The position it ended in (``keep=True``).
    """

    index: int
    seed: int | None
    result: Result
    length: int
    start: Any = None
    moves: tuple[Any, ...] | None = None
    record: Mapping[str, Any] | None = field(default=None, compare=False)
    end: Any = None

    def game(self) -> Game:
        """The finished game again, replayed from its record (needs ``keep=True``)."""
        if self.record is None:
            raise ValueError("this game was not kept: simulate with keep=True")
        return load_record(self.record)

    def __repr__(self) -> str:
        places = ", ".join(f"seat {s + 1}: {p}" for s, p in enumerate(self.result.places))
        return f"<PlayedGame {self.index} (seed {self.seed}), {self.length} moves; places {places}>"


@dataclass(frozen=True)
class SeatSummary:
    """How one seat did over a simulation.

    Fields:

    * ``seat``: The seat (counted from 0, as the engines do; shown from 1).
    * ``bot``: The bot that played it.
    * ``win``: Its share of the wins (a win shared by k seats counts 1/k), Wilson interval.
    * ``place``: Its mean place (1 the best), t interval.
    * ``score``: Its mean score (what the game ranks by), t interval.
    """

    seat: int
    bot: str
    win: Estimate
    place: Estimate
    score: Estimate


@dataclass(frozen=True, repr=False)
class SimulationReport(Report):
    """What :func:`simulate` found: the games and, per seat, wins, places and scores.

    Fields:

    * ``title``: The game's title.
    * ``key``: The registry key of the game.
    * ``options``: The options the games were dealt with.
    * ``bots``: The bot of each seat.
    * ``seed``: The seed of the first game (game ``i`` is dealt with ``seed + i``).
    * ``requested``: The games asked for.
    * ``games``: The games played, in order.
    * ``elapsed``: Seconds it took.
    * ``stopped``: True if it was stopped before every game was played.
    * ``confidence``: Confidence level of the intervals.
    """

    title: str
    key: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int | None
    requested: int
    games: tuple[PlayedGame, ...]
    elapsed: float
    stopped: bool = False
    confidence: float = 0.95

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)

    @cached_property
    def seats(self) -> tuple[SeatSummary, ...]:
        """One summary per seat (seat 0 first)."""
        out = []
        for s in range(self.players):
            results = [g.result for g in self.games]
            out.append(
                SeatSummary(
                    s,
                    self.bots[s],
                    share_estimate([r.win_share(s) for r in results], self.confidence),
                    mean_estimate([r.places[s] for r in results], self.confidence, 1, self.players),
                    mean_estimate([float(r.scores[s]) for r in results], self.confidence),
                )
            )
        return tuple(out)

    @property
    def mean_length(self) -> float:
        """The mean number of moves per game."""
        return sum(g.length for g in self.games) / len(self.games) if self.games else 0.0

    def to_records(self, per: str | None = None) -> list[dict[str, Any]]:
        """Rows: ``per="seat"`` (the default: one per seat, the table shown) or
        ``per="game"`` (one per game and seat: game, seed, moves, seat, place, score,
        win share).  Seats count from 1."""
        per = per or "seat"
        if per == "seat":
            return [
                {
                    "seat": s.seat + 1,
                    "bot": s.bot,
                    "games": len(self.games),
                    "win share": s.win.mean,
                    "win low": s.win.low,
                    "win high": s.win.high,
                    "mean place": s.place.mean,
                    "place low": s.place.low,
                    "place high": s.place.high,
                    "mean score": s.score.mean,
                    "score low": s.score.low,
                    "score high": s.score.high,
                }
                for s in self.seats
            ]
        if per == "game":
            return [
                {
                    "game": g.index,
                    "seed": g.seed,
                    "moves": g.length,
                    "seat": s + 1,
                    "bot": self.bots[s],
                    "place": g.result.places[s],
                    "score": g.result.scores[s],
                    "win share": g.result.win_share(s),
                }
                for g in self.games
                for s in range(self.players)
            ]
        raise ValueError(f"per is 'seat' or 'game', not {per!r}")

    def _table_records(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": f"Seat {s.seat + 1}",
                "bot": s.bot,
                "wins": s.win.percent(),
                "mean place": str(s.place),
                "mean score": str(s.score),
            }
            for s in self.seats
        ]

    def _headline(self) -> str:
        state = f", stopped after {len(self.games)} of {self.requested}" if self.stopped else ""
        return (
            f"{self.title}: {len(self.games)} game{'' if len(self.games) == 1 else 's'} "
            f"between bots{state} "
            f"({self.mean_length:.0f} moves each on average, {self.confidence:.0%} intervals)"
        )

    def plot(self) -> Any:
        """:func:`tabletop_widgets.analysis.plots.simulation_figure` of this report."""
        from .plots import simulation_figure

        return simulation_figure(self)


def simulate(
    game: Any,
    n: int,
    *,
    bots: Any = None,
    seed: int = 0,
    keep: bool = False,
    options: Mapping[str, Any] | None = None,
    progress: Any = None,
    cancel: Any = None,
    time_limit: float | None = None,
    confidence: float = 0.95,
) -> SimulationReport:
    """Play ``n`` games between bots and report, per seat, the wins, places and scores.

    ``game``: a key of ``GAMES`` (``"chinese_ten"``), its ``GameInfo`` or class --
    each game is then dealt with ``options`` and seed ``seed + i`` -- or a game in
    progress, played out ``n`` times as it stands (only the bots' seeds differ).
    ``bots``: a bot or level name (``"greedy"``, ``"easy"``), a bot class, a bot, or a
    list of one per seat; the greedy bot by default (a seat with one legal move plays it
    without asking its bot).  ``keep=True`` keeps every game
    (start position, moves, record: :class:`PlayedGame`).  ``progress``, ``cancel``,
    ``time_limit``: see :mod:`.progress`; a stopped run reports the games played.
    ``confidence``: the level of every interval (0.95).
    """
    n = check_count("n", n)
    info = info_of(game)
    given = game if isinstance(game, Game) else None
    if given is not None and options:
        raise ValueError("options: a game in progress already has its options")
    opts = options_of(info, options) if given is None else {}
    check_seed(seed)
    first = given if given is not None else info.engine.new(seed=seed, **opts)
    plan = SeatBots.of(info, bots, first.players)
    stop = Stopper(cancel, time_limit)
    bar = Progress(progress, n, "games")
    played: list[PlayedGame] = []
    t0 = time.perf_counter()

    def steps() -> bool:
        for i in range(n):
            if stop():
                return True
            s = seed + i
            if given is not None:
                g = given.copy()
            else:
                g = first if i == 0 else info.engine.new(seed=s, **opts)
            played.append(_play(g, plan, random.Random(s), i, None if given else s, keep))
            bar.update(i + 1)
        return False

    stopped = run_with(steps, lambda: True)
    bar.close("stopped" if stopped else "")
    return SimulationReport(
        title=info.title,
        key=info.key,
        options=dict(first.options.to_json()),
        bots=plan.labels,
        seed=seed,
        requested=n,
        games=tuple(played),
        elapsed=time.perf_counter() - t0,
        stopped=stopped,
        confidence=confidence,
    )


def _play(
    game: Game, plan: SeatBots, rng: random.Random, index: int, seed: int | None, keep: bool
) -> PlayedGame:
    start = game.position if keep else None
    before = len(game.history)
    result = play_out(game, plan.make(rng), skip_forced=True)
    assert result is not None
    if not keep:
        return PlayedGame(index, seed, result, len(game.history) - before)
    return PlayedGame(
        index,
        seed if seed is not None else game.seed,
        result,
        len(game.history) - before,
        start,
        tuple(game.history[before:]),
        game.to_record(),
        game.position,
    )
