"""What if: how well does each candidate move do when bots play on?  For every game.

For playout ``i`` the hidden cards are drawn again from what the seat can see
(``game.determinize(seat, rng)``, with ``rng`` seeded from ``seed`` and ``i``),
then *every* candidate is played on that same re-deal with the same bot seeds
(common random numbers), and bots play on to the horizon: the end of the game,
or a point the game names (Chinese Ten: the end of the deal).  So two
candidates are compared on the same deals, and each candidate's difference to
the best one comes with its own, much narrower, paired interval.

Each playout gives the seat a win share, a place and a score
(:class:`~tabletop_widgets.core.result.Result`); the ``measure`` ranks the
moves -- the game's default (``GameInfo.value``: win share for Matchstick Tycoon
and A Fistful of Gold, points at the end of the deal for Chinese Ten) or one
you name.

:func:`iter_what_if` is anytime: it yields an updated :class:`WhatIfReport`
after every round (a few playouts of every move) and stops early on
``cancel``, ``time_limit`` or when you stop iterating; :func:`what_if` runs it
to the end (with a progress bar in a notebook).  The reports depend only on the
seed, never on ``workers``.

>>> from tabletop_widgets.core import GAMES
>>> g = GAMES["matchstick_tycoon"].engine.new(players=4, seed=3)
>>> report = what_if(g, candidates=3, playouts=8, seed=1)
>>> report.done, [c.playouts for c in report.candidates]
(True, [8, 8, 8])
>>> best = report.best
>>> best.versus_best, all(0 <= c.win.low <= c.win.mean <= c.win.high <= 1 for c in report)
(Estimate(mean=0, low=0, high=0), True)
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.i18n import N_, _, ngettext, pgettext
from tabletop_widgets.core.move_values import (
    MEASURE_NAMES,
    MEASURES,
    Candidate,
    RankedMoves,
    Values,
)
from tabletop_widgets.core.registry import GAMES, GameInfo
from tabletop_widgets.core.search import (
    horizon_function,
    play_candidates,
    preference_order,
    resolve_value,
)

from ._games import SeatBots, check_count, check_seed, game_in_progress, one_bot
from .progress import Progress, Stopper
from .reports import Report

__all__ = [
    "MEASURES",
    "Candidate",
    "WhatIfReport",
    "default_executor",
    "iter_what_if",
    "most_promising",
    "what_if",
]

#: Where a playout stops, in words: the end of the game, or of a common part of card games
#: (a game's own horizon of another name is said as "the end of the <name>").
HORIZON_WORDS = {
    "game": N_("the end of the game"),
    "deal": N_("the end of the deal"),
    "round": N_("the end of the round"),
    "trick": N_("the end of the trick"),
}
#: Playouts per round over all candidates: a round of Matchstick Tycoon takes ~50 ms.
ROUND_PLAYOUTS = 48
#: Moves a report's table and text show (the best ones; ``to_records()`` has them all).
SHOWN = 15


# -- the report -----------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class WhatIfReport(RankedMoves, Report):
    """A snapshot of a what-if analysis: the candidates, best first.

    Iterating over a report gives its candidates; ``report.best`` is the first;
    ``report.difference(a, b)`` is move ``a`` minus move ``b``, paired over the same
    re-deals (:class:`~tabletop_widgets.core.move_values.RankedMoves`).

    ``print(report)`` and its table in JupyterLab show the 15 best moves;
    ``report.text(rows=None)`` shows every move, ``to_records()`` gives them all as rows.
    Each row: the move, its playouts, ``wins`` (the share of playouts in which the seat
    came first *at the horizon*: the end of the game, or, for Chinese Ten, the end of the
    deal -- most points of that deal, whatever the match), ``mean place`` (1 is first),
    ``mean score`` (where the horizon is not the game's end, or the measure is the score:
    Chinese Ten's points of the deal) and the paired difference to the best move.

    >>> from tabletop_widgets.core import GAMES
    >>> g = GAMES["matchstick_tycoon"].engine.new(players=3, seed=3)
    >>> r = what_if(g, candidates=2, playouts=6)
    >>> a, b = r.moves
    >>> r.difference(a, b).mean == -r.difference(b, a).mean
    True

    Fields:

    * ``title``: The game's title.
    * ``seat``: The seat whose moves are tried (counted from 0; shown from 1).
    * ``horizon``: Where each playout stopped: ``"game"`` (the end) or a horizon of the game.
    * ``measure``: What ranks the moves: ``"win"``, ``"place"`` or ``"score"``.
    * ``moves``: The candidate moves, in the order they were given.
    * ``target``: Playouts per move planned.
    * ``elapsed``: Seconds since the analysis started.
    * ``done``: True on the last report of a finished run.
    * ``stopped``: True on the last report of a run stopped early (cancel, time limit,
      interrupt).
    * ``confidence``: Confidence level of the intervals.
    """

    title: str
    seat: int
    horizon: str
    measure: str
    moves: tuple[Any, ...]
    target: int
    elapsed: float
    done: bool = False
    stopped: bool = False
    confidence: float = 0.95
    _values: tuple[Values, ...] = field(default=(), compare=False)
    _counts: tuple[int, ...] = ()

    @property
    def progress(self) -> float:
        """Share of the planned playouts done (0 to 1)."""
        total = self.target * len(self.moves)
        return self.playouts / total if total else 1.0

    def to_records(self, per: str | None = None) -> list[dict[str, Any]]:
        """Rows: ``per="move"`` (the default: one per candidate, best first, with the
        paired difference to the best on the measure) or ``per="playout"`` (one per
        playout and move: the values of every re-deal, to pair any two moves yourself)."""
        per = per or "move"
        if per == "move":
            return [
                {
                    "move": str(c.move),
                    "playouts": c.playouts,
                    "win share": c.win.mean,
                    "win low": c.win.low,
                    "win high": c.win.high,
                    "mean place": c.place.mean,
                    "place low": c.place.low,
                    "place high": c.place.high,
                    "mean score": c.score.mean,
                    "score low": c.score.low,
                    "score high": c.score.high,
                    "versus best": c.versus_best.mean,
                    "versus best low": c.versus_best.low,
                    "versus best high": c.versus_best.high,
                }
                for c in self.candidates
            ]
        if per == "playout":
            return [
                {
                    "playout": i,
                    "move": str(move),
                    "win share": win[i],
                    "place": place[i],
                    "score": score[i],
                }
                for move, (win, place, score), n in zip(
                    self.moves, self._values, self._counts, strict=True
                )
                for i in range(n)
            ]
        raise ValueError(f"per is 'move' or 'playout', not {per!r}")

    def text(self, rows: int | None = SHOWN) -> str:
        """The report as ``print(report)`` shows it, with the ``rows`` best moves (None:
        every move; ``print(report)`` and the table in JupyterLab show the 15 best)."""
        return self._text(self._table_records(rows))

    def _table_records(self, rows_shown: int | None = SHOWN) -> list[dict[str, Any]]:
        """The rows the table and the text show, their headings and words in the current
        language (``to_records()`` keeps its English keys: they are data)."""
        top = len(self.candidates) if rows_shown is None else rows_shown
        move, plays = pgettext("table heading", "move"), pgettext("table heading", "playouts")
        versus = pgettext("table heading", "versus best")
        rows = []
        for c in self.candidates[:top]:
            row = {move: str(c.move), plays: c.playouts}
            row[pgettext("table heading", "wins")] = c.win.percent()
            row[pgettext("table heading", "mean place")] = str(c.place)
            if self.measure == "score" or self.horizon != "game":
                row[pgettext("table heading", "mean score")] = str(c.score)
            diff = c.versus_best
            if c is self.best:
                row[versus] = _("best so far")
            else:
                shown = diff.percent() if self.measure == "win" else str(diff)
                row[versus] = (
                    _("{diff} (could be as good)", diff=shown) if c.could_be_best else shown
                )
            rows.append(row)
        if len(self.candidates) > top:  # the rest: text(rows=None), to_records()
            more = len(self.candidates) - top
            words = ngettext("… {n} more move", "… {n} more moves", more)
            rows.append({k: "" for k in rows[0]} | {move: words})
        return rows

    def state_words(self) -> str:
        """Whether the run is done, stopped or running, in the current language."""
        if self.done:
            return pgettext("analysis", "done")
        return pgettext("analysis", "stopped") if self.stopped else pgettext("analysis", "running")

    def horizon_words(self) -> str:
        """Where each playout stopped, in the current language ("the end of the deal")."""
        if self.horizon in HORIZON_WORDS:
            return _(HORIZON_WORDS[self.horizon])
        return _("the end of the {horizon}", horizon=self.horizon)

    def _headline(self) -> str:
        per = min(self._counts, default=0)
        return _(
            "What if {seat} plays… {game}: {moves}, {playouts} each to {where}, ranked by "
            "{measure} ({percent}% intervals; {state})",
            seat=_("Seat {number}", number=self.seat + 1),
            game=_(self.title),
            moves=ngettext("{n} move", "{n} moves", len(self.moves)),
            playouts=ngettext("{n} playout", "{n} playouts", per),
            where=self.horizon_words(),
            measure=_(MEASURE_NAMES[self.measure]),
            percent=round(self.confidence * 100),
            state=self.state_words(),
        )

    def plot(self, top: int | None = 12) -> Any:
        """:func:`tabletop_widgets.analysis.plots.what_if_figure` of this report."""
        from .plots import what_if_figure

        return what_if_figure(self, top=top)


# -- checking the question ------------------------------------------------------------


def _seat(game: Game, seat: Any) -> int:
    if game.is_over:
        raise ValueError("the game is over: there is no move to try")
    movers = game.current_players()
    if seat is None:
        if len(movers) != 1:
            shown = " and ".join(f"Seat {s + 1}" for s in movers)
            raise ValueError(
                f"{shown} choose now: say whose moves to try with seat= "
                f"(counted from 0: seat=0 is Seat 1)"
            )
        return movers[0]
    seat_index(seat, game.players)
    if seat not in movers:
        shown = " and ".join(f"Seat {s + 1}" for s in movers)
        raise ValueError(f"seat={seat} (Seat {seat + 1}) is not to move now; {shown} is")
    return seat


def _candidates(game: Game, seat: int, candidates: Any, info: GameInfo) -> tuple[Any, ...]:
    legal = game.legal_moves(seat)
    if not legal:
        raise ValueError(f"Seat {seat + 1} has no move to make now")
    if candidates is None:
        return tuple(legal)
    if isinstance(candidates, int) and not isinstance(candidates, bool):
        return tuple(most_promising(game, check_count("candidates", candidates), seat=seat))
    if isinstance(candidates, str) or not isinstance(candidates, Sequence):
        raise TypeError(
            "candidates is None (every legal move), a number (the moves the greedy bot "
            f"likes best) or a list of moves, not {type(candidates).__name__} {candidates!r}"
        )
    out: list[Any] = []
    for c in candidates:
        m = game.parse_move(c, seat) if isinstance(c, str) else c
        if m not in legal:
            raise ValueError(f"{c} is not a legal move now: {game.explain(m, seat)}")
        if m not in out:
            out.append(m)
    if not out:
        raise ValueError("candidates: the list is empty")
    return tuple(out)


def most_promising(game: Game, n: int = 10, *, seat: int | None = None, bot: Any = None) -> list:
    """The ``n`` moves a bot likes best, best first (a cheap shortlist for :func:`what_if`).

    The bot (the game's greedy bot by default) picks a move, which is set aside, and
    picks again from the rest: its order of preference.

    >>> from tabletop_widgets.core import GAMES
    >>> g = GAMES["fistful_of_gold"].engine.new(seed=1)
    >>> len(most_promising(g, 3, seat=0))
    3
    """
    info = game_in_progress(game, "most_promising")
    seat = _seat(game, seat)
    chooser = one_bot(info, "greedy" if bot is None and "greedy" in info.bots else bot, 0)
    return preference_order(chooser, game.observation(seat), game.legal_moves(seat), n)


# -- playouts -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Chunk:
    """Playouts ``start`` .. ``start + count - 1`` of every candidate (one task)."""

    game: Game
    seat: int
    moves: tuple[Any, ...]
    bots: SeatBots
    horizon: Any
    seed: int
    start: int
    count: int


def _run_chunk(chunk: _Chunk, stop: Callable[[], bool] | None = None) -> list[Values]:
    """Play the chunk; per candidate, the seat's values of each playout.  ``stop`` is
    asked between playouts (in-process runs only), so a cancel is quick."""
    info = GAMES[chunk.game.key]
    seat, game = chunk.seat, chunk.game

    def sample(rng: random.Random) -> Game:
        return game.determinize(seat, rng)

    values, _work = play_candidates(
        sample,
        seat,
        chunk.moves,
        lambda rng, _players: chunk.bots.make(rng),
        horizon_function(info, chunk.horizon),
        chunk.seed,
        range(chunk.start, chunk.start + chunk.count),
        stop,
    )
    return values


def default_executor(workers: int) -> ProcessPoolExecutor:
    """A process pool that is safe to start from any thread (e.g. a widget's).

    It uses the ``forkserver`` start method where there is one: forking a process
    that runs threads (a Jupyter kernel does) can deadlock.
    """
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        # The server imports the engines once; each worker forked from it starts warm.
        ctx.set_forkserver_preload(["tabletop_widgets.core.search", "tabletop_widgets.core"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


def iter_what_if(
    game: Game,
    *,
    seat: int | None = None,
    candidates: Any = None,
    playouts: int = 200,
    time_limit: float | None = None,
    bots: Any = None,
    seed: int = 0,
    workers: int = 1,
    horizon: Any = None,
    measure: str | None = None,
    cancel: Any = None,
    executor: Executor | None = None,
    batch: int | None = None,
    confidence: float = 0.95,
) -> Iterator[WhatIfReport]:
    """Yield ever better :class:`WhatIfReport` s, round by round (the arguments are
    those of :func:`what_if`; ``batch``: playouts per move in a round).  The last
    report has ``done`` or ``stopped`` set.  Every argument is checked when this is
    called; the rounds run as you iterate.
    """
    t0 = time.perf_counter()
    info = game_in_progress(game, "what_if")
    seat = _seat(game, seat)
    moves = _candidates(game, seat, candidates, info)
    horizon, measure = resolve_value(info, horizon, measure)
    plan = SeatBots.of(info, bots, game.players)
    playouts = check_count("playouts", playouts)
    workers = check_count("workers", workers)
    check_seed(seed)
    stopped = Stopper(cancel, time_limit)
    if batch is None:
        batch = max(1, min(25, math.ceil(ROUND_PLAYOUTS / len(moves))))
    base = game.copy()  # a snapshot: playing on meanwhile is harmless
    chunks = [
        _Chunk(base, seat, moves, plan, horizon, seed, start, min(batch, playouts - start))
        for start in range(0, playouts, batch)
    ]
    values: tuple[Values, ...] = tuple(([], [], []) for _ in moves)
    name = horizon if isinstance(horizon, str) else getattr(horizon, "__name__", "horizon")

    def report(done: bool, was_stopped: bool) -> WhatIfReport:
        return WhatIfReport(
            title=info.title,
            seat=seat,
            horizon=name,
            measure=measure,
            moves=moves,
            target=playouts,
            elapsed=time.perf_counter() - t0,
            done=done,
            stopped=was_stopped,
            confidence=confidence,
            _values=values,
            _counts=tuple(len(v[0]) for v in values),
        )

    if workers <= 1 and executor is None:
        # The first round always plays out whole: a report stopped early still compares
        # every candidate on the same deals (a round is at most 25 playouts each).
        results: Iterator[list[Values]] = (
            _run_chunk(c, stopped if i else None) for i, c in enumerate(chunks)
        )
        return _rounds(results, len(chunks), values, stopped, report)
    return _pooled(chunks, values, workers, executor, stopped, report)


def _rounds(
    results: Iterator[list[Values]],
    n_chunks: int,
    values: tuple[Values, ...],
    stopped: Callable[[], bool],
    report: Callable[[bool, bool], WhatIfReport],
) -> Iterator[WhatIfReport]:
    """Add the chunks' values up in order, yielding a report after each."""
    for k, result in enumerate(results, 1):
        for mine, new in zip(values, result, strict=True):
            for a, b in zip(mine, new, strict=True):
                a.extend(b)
        if k == n_chunks:
            yield report(True, False)
            return
        if stopped():
            yield report(False, True)
            return
        yield report(False, False)


def _pooled(
    chunks: list[_Chunk],
    values: tuple[Values, ...],
    workers: int,
    executor: Executor | None,
    stopped: Callable[[], bool],
    report: Callable[[bool, bool], WhatIfReport],
) -> Iterator[WhatIfReport]:
    """The rounds on a process pool, a few chunks ahead of the one awaited."""
    own = executor is None
    pool = default_executor(workers) if own else executor
    pending: deque[Future] = deque()
    ahead = 2 * max(workers, 2)  # every worker busy without queueing far ahead

    def results() -> Iterator[list[Values]]:
        todo = iter(chunks)
        for chunk in todo:
            pending.append(pool.submit(_run_chunk, chunk))
            if len(pending) >= ahead:
                break
        while pending:
            # In submission order, so the reports do not depend on which worker was first.
            result = pending.popleft().result()
            chunk = next(todo, None)
            if chunk is not None:
                pending.append(pool.submit(_run_chunk, chunk))
            yield result

    try:
        yield from _rounds(results(), len(chunks), values, stopped, report)
    finally:
        for f in pending:
            f.cancel()
        if own:
            pool.shutdown(wait=False, cancel_futures=True)


def what_if(
    game: Game,
    *,
    seat: int | None = None,
    candidates: Any = None,
    playouts: int = 200,
    time_limit: float | None = None,
    bots: Any = None,
    seed: int = 0,
    workers: int = 1,
    horizon: Any = None,
    measure: str | None = None,
    progress: Any = None,
    cancel: Any = None,
    executor: Executor | None = None,
    confidence: float = 0.95,
) -> WhatIfReport:
    """Try each candidate move of ``seat`` in ``playouts`` re-deals and report, best first.

    ``game``: a game in progress (any game of ``GAMES``; for a position, the engine's
    ``from_position``).  ``seat``: whose moves (counted from 0, as the engines do); by
    default the one seat to move.  ``candidates``: None (every legal move), a number
    (that many moves the greedy bot likes best: :func:`most_promising`) or a list of
    moves or their notation.  ``bots``: who plays on (as in :func:`~.simulate.simulate`).
    ``horizon``: ``"game"`` (to the end) or a horizon of the game (``"deal"`` in Chinese
    Ten), by default the game's; ``measure``: ``"win"``, ``"place"`` or ``"score"``.
    ``workers`` > 1 plays in that many processes (same numbers, sooner).  It stops
    early, keeping the playouts so far, after ``time_limit`` seconds, when ``cancel``
    is set or when the kernel is interrupted; ``progress``: see :mod:`.progress`.
    ``executor``: a process pool of your own to play in (left open), instead of
    ``workers``; ``confidence``: the level of every interval (0.95).
    """
    steps = iter_what_if(
        game,
        seat=seat,
        candidates=candidates,
        playouts=playouts,
        time_limit=time_limit,
        bots=bots,
        seed=seed,
        workers=workers,
        horizon=horizon,
        measure=measure,
        cancel=cancel,
        executor=executor,
        confidence=confidence,
    )
    bar = Progress(progress, 0, "playouts")
    last: WhatIfReport | None = None
    try:
        for last in steps:
            bar.total = last.target * len(last.moves)
            bar.update(last.playouts)
    except KeyboardInterrupt:
        steps.close()
        if last is None:
            raise
        last = replace(last, stopped=True)
    assert last is not None
    bar.close("" if last.done else "stopped")
    return last
