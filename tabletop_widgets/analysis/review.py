"""The game review: every decision of one seat, the move played against the best one.

For each move the seat made with a real choice (more than one legal move), the
position before it is analysed as the coach analyses a position
(:func:`tabletop_widgets.core.search.iter_analyse`, the game's hard level's
search, the move played always kept in): the value of the move played, the value
of the best move -- the first by value (:func:`~tabletop_widgets.core.move_values.by_value`,
the order of the coach's hints) -- and the *drop* between them, paired over the
same re-deals.
Each decision gets a verdict by the drop (:data:`THRESHOLDS`):

* ``good`` -- the best move, or one the playouts cannot tell from it (the paired
  interval of the drop reaches 0), or a drop below the first threshold, or a move
  shown with the best move's figure once rounded (46 % and 46 %: the page shows no
  difference, so it claims none), or the move the coach's hint ranked first in that
  position (``hinted``);
* ``inaccuracy``, ``mistake``, ``blunder`` -- drops of at least 5, 10 and 20
  points of win chance (Chinese Ten, measured in points of the deal: 4, 8, 15).

The review is anytime: a first pass with a small budget per decision gives every
verdict quickly, later passes with four times the budget refine those not yet
settled (:attr:`Decision.settled`: more playouts would change neither the verdict nor
the order of the best moves).
:func:`iter_review` yields a :class:`GameReview` after every decision analysed;
:func:`review` runs it to the end.  It is seeded (the same game, seat and seed
give the same review), cancellable, and may use worker processes.

>>> from tabletop_widgets.core import GAMES, RandomBot
>>> from tabletop_widgets.core.playout import play_out
>>> game = GAMES["matchstick_tycoon"].engine.new(players=3, seed=2)
>>> _ = play_out(game, [RandomBot(seed=s) for s in range(3)])
>>> r = review(game, seat=0, budget=60, passes=1, seed=1)
>>> r.done, len(r.decisions) > 0, {d.verdict for d in r.decisions} <= set(VERDICTS)
(True, True, True)
>>> review(game, seat=0, budget=60, passes=1, seed=1).decisions == r.decisions
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.move_values import by_value, gap, same_shown
from tabletop_widgets.core.records import load_record
from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.core.search import Search, default_search, iter_analyse
from tabletop_widgets.core.stats import Estimate
from tabletop_widgets.core.stopping import CancelFlag, Stopper

from ._games import check_count, check_seed
from .reports import Report

__all__ = [
    "THRESHOLDS",
    "VERDICTS",
    "Decision",
    "GameReview",
    "decision_points",
    "how_it_ended",
    "iter_review",
    "review",
    "verdict",
]

#: The verdicts, best first.
VERDICTS = ("good", "inaccuracy", "mistake", "blunder")
#: The drop (best minus played, on the review's measure) from which each verdict after
#: "good" is given: win chance in points of 1 (0.05 = 5 points of win chance), a
#: Chinese Ten deal's points, places.  Chosen as lichess does for chess (its win-chance
#: drops of 10 / 20 / 30 on a scale of -100..100 are 5 / 10 / 15 points of win chance),
#: a little wider at the top: a card game's luck makes 15-point drops common.
THRESHOLDS = {"win": (0.05, 0.10, 0.20), "score": (4.0, 8.0, 15.0), "place": (0.15, 0.3, 0.6)}
#: Each pass gives every decision this many times the previous pass's work.
GROWTH = 4
#: Candidates a decision keeps with their values (the best ones).
TOP = 3


def verdict(
    drop: Estimate, measure: str, played: float | None = None, best: float | None = None
) -> str:
    """The verdict for a move whose value is ``drop`` below the best one's.

    A drop the playouts cannot tell from 0 (its interval reaches 0) is ``good``.  So is a
    move whose value ``played`` is shown with the best move's figure (``best``) once rounded
    as the learner reads them (:func:`~tabletop_widgets.core.move_values.same_shown`): the
    drop is paired over the re-deals both moves were played on, which may be fewer than
    either figure rests on, so it can be large while the page shows 46 % and 46 % -- and
    the page must not call one of two equal figures worse.

    >>> verdict(Estimate(0.12, 0.08, 0.16), "win"), verdict(Estimate(0.12, -0.01, 0.25), "win")
    ('mistake', 'good')
    >>> verdict(Estimate(16.0, 10.0, 22.0), "score"), verdict(Estimate(0.0, 0.0, 0.0), "win")
    ('blunder', 'good')
    >>> verdict(Estimate(0.12, 0.08, 0.16), "win", 0.466, 0.47)  # both shown as 47 %
    'good'
    >>> verdict(Estimate(0.12, 0.08, 0.16), "win", 0.46, 0.47)
    'mistake'
    """
    if drop.low <= 0 or _shown_alike(played, best, measure):
        return "good"
    found = "good"
    for name, limit in zip(VERDICTS[1:], THRESHOLDS[measure], strict=True):
        if drop.mean >= limit:
            found = name
    return found


def _shown_alike(played: float | None, best: float | None, measure: str) -> bool:
    """True if both values are known and shown as the same figure."""
    if played is None or best is None or not (math.isfinite(played) and math.isfinite(best)):
        return False  # a value without playouts has no figure to compare
    return same_shown(played, best, measure)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    Fields:

    * ``index``: Its place in the game's history (the position before move ``index``;
      ``game.replay(index)`` is that position), counted from 0.
    * ``played``: The move the seat made.
    * ``best``: The move the analysis ranks first (the one played when it is the best).
    * ``played_value``, ``best_value``: Their values on the review's measure (win
      chance, or the deal's points), with intervals.
    * ``drop``: ``best_value`` minus ``played_value`` paired over the same re-deals, with
      its interval (0 when the move played is the best).
    * ``verdict``: ``"good"``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``.
    * ``legal``: How many legal moves there were.
    * ``playouts``: Playouts of the move played (the evidence behind the verdict).
    * ``passes``: How many passes of the review this decision has had.
    * ``top``: The best few candidates, best first: (move, value, paired difference to
      the best) each -- how sure the ranking of the best moves is.
    * ``measure``: What the values are (as :attr:`GameReview.measure`): how they are
      rounded for the learner.
    """

    index: int
    played: Any
    best: Any
    played_value: Estimate
    best_value: Estimate
    drop: Estimate
    verdict: str
    legal: int
    playouts: int
    passes: int = 1
    top: tuple[tuple[Any, Estimate, Estimate], ...] = ()
    measure: str = "win"

    @property
    def is_best(self) -> bool:
        """True if the move played is the move ranked first."""
        return self.played == self.best

    @property
    def shown_as_good(self) -> bool:
        """True if the move played is the best, or another move shown with the best move's
        figure once rounded (46 % and 46 %): the page offers no better move for it.

        >>> e = Estimate(0.466, 0.40, 0.53)
        >>> Decision(0, "a", "b", e, Estimate(0.47, 0.45, 0.49), e, "good", 2, 50).shown_as_good
        True
        >>> Decision(0, "a", "b", e, Estimate(0.48, 0.46, 0.50), e, "good", 2, 50).shown_as_good
        False
        """
        return self.is_best or _shown_alike(
            self.played_value.mean, self.best_value.mean, self.measure
        )

    @property
    def settled(self) -> bool:
        """True if more playouts would change neither the order of its top candidates as
        the review tells them nor whether the move played is *good*: each of the others is
        surely worse than the best, surely better, or surely within the first threshold of
        it (either would be *good*); and the drop's interval lies wholly below that
        threshold, or wholly above 0.  A later pass of the review leaves a settled decision
        as it is.  (Between two marks -- an inaccuracy or a mistake -- the drop's mean
        decides, as after any pass.)

        >>> e, z = Estimate(0.4, 0.35, 0.45), Estimate(0.0, 0.0, 0.0)
        >>> near, far = Estimate(-0.01, -0.03, 0.01), Estimate(-0.2, -0.25, -0.15)
        >>> Decision(0, "a", "a", e, e, z, "good", 3, 50, top=(("a", e, z), ("b", e, near))).settled
        True
        >>> Decision(0, "a", "a", e, e, z, "good", 3, 50,
        ...          top=(("a", e, z), ("b", e, Estimate(-0.04, -0.09, 0.01)))).settled
        False
        >>> Decision(0, "b", "a", e, e, Estimate(0.2, 0.15, 0.25), "blunder", 3, 50,
        ...          top=(("a", e, z), ("b", e, far))).settled
        True
        >>> Decision(0, "b", "a", e, e, Estimate(0.03, -0.01, 0.07), "good", 3, 50,
        ...          top=(("a", e, z), ("b", e, far))).settled
        False
        """
        band = THRESHOLDS[self.measure][0]
        return self.top_settled and (self.drop.high < band or self.drop.low > 0)

    @property
    def top_settled(self) -> bool:
        """True if each of the other top candidates is surely worse than the best, surely
        better, or surely within the first threshold of it (either would be *good*)."""
        band = THRESHOLDS[self.measure][0]
        return all(
            d.high < 0 or d.low > 0 or (d.low > -band and d.high < band)
            for _m, _v, d in self.top[1:]
        )


@dataclass(frozen=True, repr=False)
class GameReview(Report):
    """A snapshot of a review: the decisions analysed so far, in the order of the game.

    Fields:

    * ``title``: The game's title.
    * ``seat``: The seat reviewed (counted from 0; shown from 1).
    * ``measure``: What the values are: ``"win"`` (win chance), ``"score"`` or ``"place"``.
    * ``indices``: Every decision point of the seat (history indices), reviewed or not.
    * ``decisions``: The decisions reviewed so far, in the order of the game (each
      from the latest pass that reached it).
    * ``passes``: Passes planned; ``elapsed``: seconds since the review started.
    * ``done``: Every pass finished; ``stopped``: stopped early (cancel, time limit).
    """

    title: str
    seat: int
    measure: str
    indices: tuple[int, ...]
    decisions: tuple[Decision, ...] = ()
    passes: int = 1
    elapsed: float = 0.0
    done: bool = False
    stopped: bool = False
    _work: tuple[int, int] = field(default=(0, 1), compare=False)

    @property
    def progress(self) -> float:
        """Share of the planned work done (0 to 1)."""
        done, total = self._work
        return min(1.0, done / total) if total else 1.0

    @property
    def marks(self) -> tuple[Decision, ...]:
        """The decisions that are not ``good``, in the order of the game."""
        return tuple(d for d in self.decisions if d.verdict != "good")

    def decision(self, index: int) -> Decision:
        """The decision at history ``index`` (KeyError if it has not been reviewed)."""
        for d in self.decisions:
            if d.index == index:
                return d
        raise KeyError(f"move {index} is not a reviewed decision")

    def counts(self) -> dict[str, int]:
        """How many decisions got each verdict."""
        return {v: sum(d.verdict == v for d in self.decisions) for v in VERDICTS}

    def to_records(self, per: str | None = None) -> list[dict[str, Any]]:
        """One row per decision reviewed: move number (from 1), moves, values, verdict."""
        win = self.measure == "win"
        return [
            {
                "move": d.index + 1,
                "played": str(d.played),
                "value": d.played_value.percent() if win else str(d.played_value),
                "best": str(d.best),
                "best value": d.best_value.percent() if win else str(d.best_value),
                "verdict": d.verdict,
            }
            for d in self.decisions
        ]

    def _headline(self) -> str:
        counts = ", ".join(f"{n} {v}" for v, n in self.counts().items() if n)
        state = "done" if self.done else "stopped" if self.stopped else "running"
        return (
            f"{self.title}: review of seat {self.seat + 1}, {len(self.decisions)} of "
            f"{len(self.indices)} decisions ({counts or 'none yet'}; {state})"
        )

    def __repr__(self) -> str:
        return f"<GameReview {self._headline()}>"

    def plot(self, **kwargs: Any) -> Any:
        """The value of the move played over the game, the marks on it (a Figure)."""
        from .review_plot import review_figure

        return review_figure(self, **kwargs)


def decision_points(game: Game, seat: int) -> tuple[int, ...]:
    """The history indices where ``seat`` moved with more than one legal move.

    >>> from tabletop_widgets.core import GAMES
    >>> g = GAMES["matchstick_tycoon"].engine.new(players=2, seed=1)
    >>> _ = g.play(g.legal_moves()[0])
    >>> decision_points(g, g.movers[0])
    (0,)
    """
    out = []
    replay = game.replay(0)
    for i, (move, mover) in enumerate(zip(game.history, game.movers, strict=True)):
        if mover == seat and len(replay.legal_moves(seat)) > 1:
            out.append(i)
        replay.play(move, mover)
    return tuple(out)


def _analyse_one(
    record: dict, index: int, seat: int, search: Search, budget: int, seed: int, hinted: Any
) -> tuple[int, Decision, int]:
    """One decision, from the game's record (a worker process gets only data)."""
    game = load_record(record)
    before = game.replay(index)
    if isinstance(hinted, str):
        hinted = before.parse_move(hinted, seat)
    return _decide(before, game.history[index], index, seat, search, budget, seed, hinted=hinted)


def _decide(
    before: Game,
    played: Any,
    index: int,
    seat: int,
    search: Search,
    budget: int,
    seed: int,
    passes: int = 1,
    cancel: CancelFlag | None = None,
    hinted: Any = None,
) -> tuple[int, Decision, int]:
    info = GAMES[before.key]
    analyse = info.analyse or iter_analyse
    last = None
    for last in analyse(  # noqa: B007 - the last snapshot is the answer
        before, seat, search=search, budget=budget, seed=seed, keep=[played], cancel=cancel
    ):
        pass
    assert last is not None
    ranked = by_value(last)  # the order the coach's hints show
    best, mine = ranked[0], last.candidate(played)
    drop = gap(last, best.move, mine.move)
    found = verdict(drop, last.measure, mine.value.mean, best.value.mean)
    if hinted is not None and mine.move == hinted:
        # The coach's hint ranked this move first here: the review's own (noisy) look
        # must not call following the hint a mistake.
        found = "good"
    decision = Decision(
        index,
        mine.move,
        best.move,
        mine.value,
        best.value,
        drop,
        found,
        last.legal or len(before.legal_moves(seat)),
        mine.playouts,
        passes,
        tuple((c.move, c.value, _versus(last, best.move, c.move)) for c in ranked[:TOP]),
        last.measure,
    )
    return index, decision, last.work


def _versus(ranking: Any, best: Any, move: Any) -> Estimate:
    """``move`` minus ``best`` on the ranking's measure, as a candidate's ``versus_best``."""
    g = gap(ranking, best, move)
    if ranking.measure == "place":  # fewer is better: the gap is already move minus best
        return g
    return Estimate(-g.mean, -g.high, -g.low)


def iter_review(
    game: Game,
    seat: int | None = None,
    *,
    budget: int | None = None,
    passes: int | None = None,
    search: Search | None = None,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    cancel: CancelFlag | None = None,
    time_limit: float | None = None,
    hinted: Mapping[int, Any] | None = None,
) -> Iterator[GameReview]:
    """Yield ever more complete :class:`GameReview` snapshots of ``seat``'s decisions.

    ``seat``: the seat to review (default: the only seat that moved with a choice, when
    there is one; several: say which); ``budget``: work per decision in the first pass
    (default: the search's, what a hard bot spends on a move; pass ``p`` gets
    ``budget * 4 ** (p - 1)``, for the decisions not yet settled); ``passes``: how many
    (default: the game's ``review_passes``); ``search``: the settings (default: the
    game's hard level's); ``workers`` > 1 (or an ``executor``) analyses decisions in
    worker processes; ``cancel``/``time_limit`` stop it, keeping what it has.  The game
    may be over or still going on (it is copied first).  ``hinted``: the move the coach's
    hint ranked first at a decision (history index -> move), where a hint was asked for:
    playing it is never marked a mistake."""
    t0 = time.perf_counter()
    info = GAMES[game.key]
    seat = _seat(game, seat)
    passes = check_count("passes", info.review_passes if passes is None else passes)
    seed = check_seed(seed)
    workers = check_count("workers", workers)
    search = replace(search or default_search(info), time_limit=None)
    budget = check_count("budget", search.budget if budget is None else budget)
    snapshot = game.copy()
    indices = decision_points(snapshot, seat)
    measure = _measure(info, search)
    total = sum(len(indices) * budget * GROWTH**p for p in range(passes))  # until settled
    stop = Stopper(cancel, time_limit)
    found: dict[int, Decision] = {}
    work = 0

    def report(done: bool = False, stopped: bool = False) -> GameReview:
        return GameReview(
            info.title,
            seat,
            measure,
            indices,
            tuple(found[i] for i in indices if i in found),
            passes,
            time.perf_counter() - t0,
            done,
            stopped,
            (work, total),
        )

    own = executor is None and workers > 1
    if own:
        from .whatif import default_executor

        executor = default_executor(workers)
    try:
        for p in range(passes):
            pass_budget = budget * GROWTH**p
            # A decision worked out exactly (no playouts) has nothing left to refine, and
            # a settled one would keep its verdict and its order: the work goes to the rest.
            todo = [
                i
                for i in indices
                if i not in found or (found[i].playouts > 0 and not found[i].settled)
            ]
            for i in indices:
                if i not in todo:
                    found[i] = replace(found[i], passes=p + 1)
            total = work + sum(len(todo) * budget * GROWTH**q for q in range(p, passes))
            for index, decision, _spent in _one_pass(
                snapshot,
                todo,
                seat,
                search,
                pass_budget,
                seed + 7919 * p,
                executor,
                stop,
                dict(hinted or {}),
            ):
                found[index] = replace(decision, passes=p + 1)
                # A decision counts its share of the plan once done, whatever it spent: one
                # worked out exactly spends nothing, and the bar stood still on A Fistful
                # of Gold's many exact decisions, then jumped.  One that no later pass will
                # look at again takes its later passes' share out of the plan.
                work += pass_budget
                if decision.playouts == 0 or decision.settled:
                    total -= sum(budget * GROWTH**q for q in range(p + 1, passes))
                yield report()
                if stop():
                    yield report(stopped=True)
                    return
        yield report(done=True)
    finally:
        if own and executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def _one_pass(
    game: Game,
    indices: Sequence[int],
    seat: int,
    search: Search,
    budget: int,
    seed: int,
    executor: Executor | None,
    stop: Stopper,
    hinted: dict[int, Any],
) -> Iterator[tuple[int, Decision, int]]:
    """The decisions of one pass, each as soon as it is analysed (in any order with an
    executor, in the game's order without)."""
    if executor is None:
        for index in indices:
            before = game.replay(index)
            yield _decide(
                before,
                game.history[index],
                index,
                seat,
                search,
                budget,
                seed + index,
                cancel=_Flag(stop),
                hinted=hinted.get(index),
            )
            if stop():
                return
        return
    record = game.to_record()
    futures: list[Future] = [
        executor.submit(
            _analyse_one,
            record,
            i,
            seat,
            search,
            budget,
            seed + i,
            None if hinted.get(i) is None else str(hinted[i]),
        )
        for i in indices
    ]
    try:
        for future in as_completed(futures):
            yield future.result()
            if stop():
                return
    finally:
        for f in futures:
            f.cancel()


class _Flag:
    """A stop test as a cancel flag (``is_set()``), for the analysis of one decision."""

    def __init__(self, stop: Stopper) -> None:
        self.is_set = stop


def review(game: Game, seat: int | None = None, **kwargs: Any) -> GameReview:
    """The last snapshot of :func:`iter_review` (same arguments)."""
    last = None
    for last in iter_review(game, seat, **kwargs):  # noqa: B007 - the last one is wanted
        pass
    assert last is not None
    return last


def how_it_ended(
    game: Game, seat: int, starts: Sequence[int] = (), search: Search | None = None
) -> list[tuple[int, float]]:
    """Where the review's chart ends each part of a finished game: (the number of the part's
    last move, what ``seat`` got there on the review's measure) -- the game's result (1 won,
    0 lost, a share for a shared win), or, where the figures are a deal's points, the points
    the seat took in each deal (``starts``: the history index where each later deal
    starts).  A chart of expected points used to stop at the last decision, and a learner
    could not see what the deal finally gave.  Empty while the game goes on.

    >>> from tabletop_widgets.core import GAMES, RandomBot
    >>> from tabletop_widgets.core.playout import play_out
    >>> g = GAMES["chinese_ten"].engine.new(players=2, seed=1, target=None)
    >>> _ = play_out(g, [RandomBot(seed=s) for s in range(2)])
    >>> how_it_ended(g, 0) == [(len(g.history), g.deal_points[0][0])]
    True
    """
    from tabletop_widgets.core.search import horizon_function, resolve_value

    if not game.is_over:
        return []
    info = GAMES[game.key]
    search = search or default_search(info)
    horizon, measure = resolve_value(info, search.horizon, search.measure)
    stop = horizon_function(info, horizon)
    ends = [*(s for s in starts if 0 < s < len(game.history)), len(game.history)]
    parts = list(zip([0, *ends[:-1]], ends, strict=True)) if stop is not None else [(0, ends[-1])]
    out = []
    for first, end in parts:
        result = game.result if stop is None else stop(game.replay(first))(game.replay(end))
        if result is None:
            continue
        value = {
            "win": result.win_share(seat),
            "place": float(result.places[seat]),
            "score": float(result.scores[seat]),
        }[measure]
        out.append((end, value))
    return out


def _seat(game: Game, seat: int | None) -> int:
    if seat is not None:
        return seat_index(seat, game.players)
    movers = sorted(set(game.movers))
    if len(movers) == 1:
        return movers[0]
    raise ValueError("several seats moved in this game: say whose decisions to review with seat=")


def _measure(info: Any, search: Search) -> str:
    from tabletop_widgets.core.search import resolve_value

    return resolve_value(info, search.horizon, search.measure)[1]
