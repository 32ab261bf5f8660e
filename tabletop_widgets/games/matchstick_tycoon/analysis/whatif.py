"""What-if analysis: how well does each candidate move do when bots play on?

For each candidate move of the seat to move, the hidden hands are re-dealt
at random (:mod:`.redeal`), the move is played, and bots finish the game.
The estimates are the win rate (finishing first, with a Wilson interval)
and the expected rank (with a t interval).

The analysis is *anytime*: :func:`whatif` is a generator that yields an
updated :class:`WhatIfReport` after every round (a few playouts of every
candidate), so the first estimates come within a fraction of a second;
stop iterating, set the ``cancel`` event, or give a ``time_limit`` to stop.
Playout ``i`` of every candidate uses the same deal and bot seeds (common
random numbers: differences between moves are measured more sharply), and
the reports depend only on the seed, never on ``workers``.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=4, seed=3)
>>> moves = most_promising(g, 3)
>>> report = analyse(g, candidates=moves, playouts=8, seed=1)
>>> report.done, [e.playouts for e in report.estimates]
(True, [8, 8, 8])
>>> all(0 <= e.win_low <= e.win_rate <= e.win_high <= 1 for e in report.estimates)
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from tabletop_widgets.core.stats import mean_interval, wilson_interval
from tabletop_widgets.games.matchstick_tycoon import (
    GreedyBot,
    MatchstickTycoon,
    Move,
    Observation,
    Position,
    parse_move,
)
from tabletop_widgets.games.matchstick_tycoon.redeal import Dealer, cards_out_of_play

from .simulate import BotFactory, Bots, bot_factories, make_bots, play_out

Source = MatchstickTycoon | Observation | Position
#: Per candidate: (playouts, wins, sum of ranks, sum of squared ranks).
Tally = tuple[int, int, int, int]

ROUND_PLAYOUTS = 48  # playouts per round over all candidates: a round is ~50 ms


class CancelFlag(Protocol):
    """Anything with ``is_set()``, e.g. a ``threading.Event``."""

    def is_set(self) -> bool: ...


# -- results ------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """The playout results of one candidate move so far."""

    move: Move
    playouts: int
    wins: int
    rank_sum: int
    rank_sq_sum: int
    players: int
    confidence: float = 0.95

    @property
    def win_rate(self) -> float:
        """Share of playouts the seat finished first (0 without playouts)."""
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.playouts, self.confidence)

    @property
    def win_low(self) -> float:
        return self.win_interval[0]

    @property
    def win_high(self) -> float:
        return self.win_interval[1]

    @property
    def mean_rank(self) -> float:
        """Expected finishing place (1 = first out); NaN without playouts."""
        return mean_interval(self.rank_sum, self.rank_sq_sum, self.playouts)[0]

    @property
    def rank_interval(self) -> tuple[float, float]:
        """t interval of the mean rank, clipped to the possible places."""
        _, lo, hi = mean_interval(self.rank_sum, self.rank_sq_sum, self.playouts, self.confidence)
        return max(1.0, lo), min(float(self.players), hi)

    def __str__(self) -> str:
        lo, hi = self.win_interval
        rlo, rhi = self.rank_interval
        return (
            f"{self.move.text:<24} n={self.playouts:<5} win {self.win_rate:6.1%} "
            f"[{lo:.1%}, {hi:.1%}]  rank {self.mean_rank:.2f} [{rlo:.2f}, {rhi:.2f}]"
        )


@dataclass(frozen=True)
class WhatIfReport:
    """A snapshot of a what-if analysis: one :class:`Estimate` per candidate.

    ``target`` is the planned playouts per candidate; ``done`` is set on the
    last report of a finished run, ``cancelled`` on the last report of a run
    stopped early (cancel flag or time limit).
    """

    seat: int
    estimates: tuple[Estimate, ...]
    target: int
    elapsed: float
    done: bool = False
    cancelled: bool = False

    @property
    def playouts(self) -> int:
        """Playouts so far over all candidates."""
        return sum(e.playouts for e in self.estimates)

    @property
    def progress(self) -> float:
        """Share of the planned playouts done (0 to 1)."""
        total = self.target * len(self.estimates)
        return self.playouts / total if total else 1.0

    def ranked(self) -> list[Estimate]:
        """Estimates best first: highest win rate, then lowest mean rank."""
        return sorted(self.estimates, key=lambda e: (-e.win_rate, e.mean_rank))

    @property
    def best(self) -> Estimate:
        return self.ranked()[0]

    def text(self) -> str:
        """A plain-text table, best first."""
        state = "done" if self.done else ("cancelled" if self.cancelled else "running")
        head = f"seat {self.seat}: {self.playouts} playouts in {self.elapsed:.2f} s ({state})"
        return "\n".join([head, *(str(e) for e in self.ranked())])


# -- candidates ---------------------------------------------------------------


def _observation(source: Source, seat: int | None) -> Observation:
    if isinstance(source, Observation):
        if seat is not None and seat != source.seat:
            raise ValueError(f"the observation is seat {source.seat}'s, not seat {seat}'s")
        return source
    game = MatchstickTycoon.from_position(source) if isinstance(source, Position) else source
    if seat is None:
        if game.is_over:
            raise ValueError("the game is over")
        seat = game.to_move
    return game.observation(seat)


def _probe(obs: Observation, known_played) -> tuple[Dealer, MatchstickTycoon]:
    """The dealer, and one consistent game: the seat's legal moves depend only on
    what it sees, so any re-deal gives them."""
    if obs.is_over:
        raise ValueError("the game is over")
    if obs.to_move != obs.seat:
        raise ValueError(f"seat {obs.seat} is not to move (seat {obs.to_move} is)")
    dealer = Dealer(obs, known_played)
    return dealer, MatchstickTycoon.from_position(dealer.sample(random.Random(0)))


def most_promising(source: Source, n: int = 10, *, seat: int | None = None, bot=None) -> list[Move]:
    """The ``n`` moves a bot likes best, best first (a cheap pre-selection).

    The bot (a seeded ``GreedyBot`` by default) picks a move, which is set
    aside, and picks again from the rest: its order of preference.

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=4, seed=3)
    >>> most_promising(g, 2)[0] == GreedyBot(0).choose(g.observation(g.to_move), g.legal_moves())
    True
    """
    obs = _observation(source, seat)
    _, probe = _probe(obs, ())  # the legal moves depend only on the seat's own hand
    left = list(probe.legal_moves())
    bot = bot or GreedyBot(0)
    out = []
    while left and len(out) < n:
        m = bot.choose(obs, left)
        out.append(m)
        left.remove(m)
    return out


def _candidates(probe: MatchstickTycoon, candidates, expansion: int) -> list[Move]:
    legal = probe.legal_moves()
    if candidates is None:
        return list(legal)
    out = []
    for c in candidates:
        m = c if isinstance(c, Move) else parse_move(c, expansion)
        if m not in legal:
            raise ValueError(f"{m.text} is not legal: {probe.explain(m)}")
        if m not in out:
            out.append(m)
    if not out:
        raise ValueError("no candidate moves")
    return out


# -- playouts -----------------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """A chunk of work: playouts ``start`` .. ``start + count - 1`` of every candidate."""

    dealer: Dealer
    moves: tuple[str, ...]
    factories: tuple[BotFactory, ...]
    seed: int
    start: int
    count: int


def _playout_rng(seed: int, i: int) -> random.Random:
    # One stream per (seed, playout index): chunks can run anywhere, in any order.
    return random.Random((seed << 32) + i)


def _run_task(task: _Task, stop: Callable[[], bool] | None = None) -> list[Tally]:
    """Play the chunk; returns one tally per candidate.  ``stop`` is polled
    between playouts (in-process runs only), so a cancel is quick."""
    seat = task.dealer.seat
    moves = [parse_move(t) for t in task.moves]
    tallies = [[0, 0, 0, 0] for _ in moves]
    for i in range(task.start, task.start + task.count):
        rng = _playout_rng(task.seed, i)
        position = task.dealer.sample(rng)
        bot_seed = rng.randrange(2**31)
        for m, tally in zip(moves, tallies, strict=True):
            if stop is not None and stop():
                return [tuple(t) for t in tallies]
            game = MatchstickTycoon.from_position(position)
            game.play(m)
            bots = make_bots(task.factories, random.Random(bot_seed))
            rank = play_out(game, bots).index(seat) + 1
            tally[0] += 1
            tally[1] += rank == 1
            tally[2] += rank
            tally[3] += rank * rank
    return [tuple(t) for t in tallies]


def default_executor(workers: int) -> ProcessPoolExecutor:
    """A process pool that is safe to start from any thread (e.g. a widget's).

    It uses the ``forkserver`` start method where there is one: forking a
    process that runs threads (a Jupyter kernel does) can deadlock.
    """
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


def whatif(
    source: Source,
    *,
    seat: int | None = None,
    candidates: Sequence[Move | str] | None = None,
    playouts: int = 200,
    batch: int | None = None,
    bots: Bots | None = None,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    cancel: CancelFlag | None = None,
    time_limit: float | None = None,
    confidence: float = 0.95,
    known_played: Sequence[str] | None = None,
) -> Iterator[WhatIfReport]:
    """Yield ever better estimates for each candidate move, round by round.

    ``source`` is a game, a position or an observation (the hidden hands of
    a game or position are never looked at: they are re-dealt from the cards
    the seat has not seen; ``known_played`` overrides the cards counted as
    played, see :func:`.redeal.cards_out_of_play`).  ``seat``
    defaults to the seat to move, and must be it.  ``candidates`` defaults to
    every legal move (see :func:`most_promising` for a short list).  Each
    round adds ``batch`` playouts to every candidate until each has
    ``playouts``; the last report has ``done`` (or ``cancelled``) set.

    ``bots`` is a bot factory (called with a seed), or one per seat;
    GreedyBot by default.  With ``workers`` > 1 the rounds run in a process
    pool (or pass your own ``executor``); factories must then be picklable
    (a class or a module-level function, not a lambda).

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=3, seed=8)
    >>> first = next(whatif(g, candidates=most_promising(g, 2), playouts=50, batch=2))
    >>> [e.playouts for e in first.estimates], first.done
    ([2, 2], False)
    """
    t0 = time.perf_counter()
    # Everything is checked here, when whatif() is called; the rounds run lazily.
    obs = _observation(source, seat)
    if known_played is None:
        known_played = cards_out_of_play(source)
    dealer, probe = _probe(obs, known_played)
    moves = _candidates(probe, candidates, obs.expansion)
    factories = tuple(bot_factories(bots, obs.players))
    if playouts < 1:
        raise ValueError("playouts must be at least 1")
    if batch is None:
        batch = max(1, min(25, math.ceil(ROUND_PLAYOUTS / len(moves))))
    texts = tuple(m.text for m in moves)
    tasks = [
        _Task(dealer, texts, factories, seed, start, min(batch, playouts - start))
        for start in range(0, playouts, batch)
    ]

    def stopped() -> bool:
        if cancel is not None and cancel.is_set():
            return True
        return time_limit is not None and time.perf_counter() - t0 >= time_limit

    def report(tallies: list[list[int]], done: bool, cancelled: bool) -> WhatIfReport:
        estimates = tuple(
            Estimate(m, *t, players=obs.players, confidence=confidence)
            for m, t in zip(moves, tallies, strict=True)
        )
        elapsed = time.perf_counter() - t0
        return WhatIfReport(obs.seat, estimates, playouts, elapsed, done, cancelled)

    if workers <= 1 and executor is None:
        results = (_run_task(task, stopped) for task in tasks)
        return _rounds(results, len(tasks), len(moves), stopped, report)
    return _pooled(tasks, len(moves), workers, executor, stopped, report)


def _rounds(
    results: Iterator[list[Tally]],
    n_tasks: int,
    n_moves: int,
    stopped: Callable[[], bool],
    report: Callable[..., WhatIfReport],
) -> Iterator[WhatIfReport]:
    """Add up the chunks' results in order, yielding a report after each."""
    tallies = [[0, 0, 0, 0] for _ in range(n_moves)]
    for k, result in enumerate(results, 1):
        for tally, r in zip(tallies, result, strict=True):
            for i in range(4):
                tally[i] += r[i]
        if k == n_tasks:
            yield report(tallies, True, False)
            return
        if stopped():
            yield report(tallies, False, True)
            return
        yield report(tallies, False, False)


def _pooled(
    tasks: list[_Task],
    n_moves: int,
    workers: int,
    executor: Executor | None,
    stopped: Callable[[], bool],
    report: Callable[..., WhatIfReport],
) -> Iterator[WhatIfReport]:
    """The rounds on a process pool, a few chunks ahead of the one awaited."""
    own = executor is None
    pool = default_executor(workers) if own else executor
    pending: deque[Future] = deque()
    ahead = 2 * max(workers, 2)  # keep every worker busy without queueing far ahead

    def results() -> Iterator[list[Tally]]:
        todo = iter(tasks)
        for task in todo:
            pending.append(pool.submit(_run_task, task))
            if len(pending) >= ahead:
                break
        while pending:
            # Taken in submission order, so the reports do not depend on
            # which worker finished first.
            result = pending.popleft().result()
            task = next(todo, None)
            if task is not None:
                pending.append(pool.submit(_run_task, task))
            yield result

    try:
        yield from _rounds(results(), len(tasks), n_moves, stopped, report)
    finally:
        for f in pending:
            f.cancel()
        if own:
            pool.shutdown(wait=False, cancel_futures=True)


def analyse(source: Source, **kwargs) -> WhatIfReport:
    """Run :func:`whatif` to the end (or until cancelled) and return the last report."""
    last = None
    for last in whatif(source, **kwargs):  # noqa: B007 - we want the final value
        pass
    assert last is not None
    return last
