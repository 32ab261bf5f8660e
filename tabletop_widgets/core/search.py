"""Determinized search, for every game: try the candidate moves on re-deals of what the
seat cannot see, let bots play on, keep the move that did best.

A searching bot sees only its seat's observation, the legal moves and a
sampler: ``sample(rng)`` is a game its seat cannot tell from the real one
(``game.determinize(seat, rng)``; the bot loop in :mod:`.playout` hands it
over).  One decision:

1. **Candidates**: every legal move when there are at most ``width``; else a
   shortlist: the moves the *prior* bot likes best (it chooses, its choice is
   set aside, it chooses again …), or the game's own ``shortlist``.
2. **Playout** ``i``: its random numbers come from the seed and ``i``; the
   sampler draws the hidden cards, *every* candidate still in is played on that
   same deal, and the playout bots (the same seeds for every candidate) play
   on to the game's horizon (``GameInfo.value``: the end of the game, or
   Chinese Ten's end of the deal).  The seat's win share, place and score
   there are recorded (common random numbers: candidates are compared on the
   same deals, so their paired differences are far less noisy than their
   values).
3. **Successive halving**: the budget is split over ``ceil(log2(n))`` rounds;
   after each, the better half of the candidates (by the mean of the measure)
   stays in, so most playouts go to the moves that could be best.
4. **Budget**: work, not time -- the moves the playouts make plus a charge per
   playout and per re-deal (:data:`PLAYOUT_WORK`, :data:`DEAL_WORK`).  So a
   seeded decision is the same on any machine, and a seeded game against a
   searching bot replays exactly; ``time_limit`` is only a safety cap (hit, it
   stops early and says so).

Why flat Monte Carlo and not information-set MCTS: a decision here can afford a
few hundred to a few thousand playouts (Chinese Ten's fast ones take ~0.08 ms, the
engine's ~0.8 ms), too few for a tree to grow past the first move; a tree's values
at the root are skewed by where it chose to look, while the coach and the review
need honest, paired values with intervals for every candidate; and the playout
bots already play the later moves sensibly.

:func:`iter_analyse` / :func:`analyse` run the same search on a game for a seat
and report every candidate with its value, interval and paired difference to
the best, best first (the coach's hints and the game review build on it):
anytime (a snapshot every few playouts), cancellable, seeded.

>>> from tabletop_widgets.core import GAMES
>>> g = GAMES["matchstick_tycoon"].engine.new(players=3, seed=3)
>>> report = analyse(g, budget=300, seed=1)
>>> report.best.move in g.legal_moves(), report.done
(True, True)
>>> analyse(g, budget=300, seed=1).best.move == report.best.move
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, ClassVar

from .bots import Bot, make_bot
from .contract import Game
from .move_values import MEASURES, RankedMoves, Values, check_measure
from .playout import finish, playout_rng, sampler
from .registry import GAMES, GameInfo
from .result import Result
from .stats import mean_estimate
from .stopping import CancelFlag, Stopper

__all__ = [
    "DEAL_WORK",
    "PLAYOUT_WORK",
    "Search",
    "SearchBot",
    "SearchReport",
    "analyse",
    "iter_analyse",
    "iter_search",
    "play_candidates",
    "play_candidates_fast",
    "preference_order",
    "resolve_value",
]

#: Work charged per candidate playout on top of its moves (the move tried, taking it back).
PLAYOUT_WORK = 2
#: Work charged per re-deal, plus one per move of the history it replays.
DEAL_WORK = 4
#: Snapshots of :func:`iter_search` come at least every this many re-deals.
SNAPSHOT_DEALS = 16

Sampler = Callable[[random.Random], Game]
#: ``make(rng, players)``: the bots of one playout, one per seat, from its random numbers.
BotMaker = Callable[[random.Random, int], Sequence[Bot]]
#: ``stop = horizon(game)``; ``stop(g)`` is the result at the horizon once ``g`` got there.
Horizon = Callable[[Game], Callable[[Game], Result | None]]
#: A game's own shortlist: ``shortlist(observation, legal, n, prior)`` -> up to ``n`` moves.
Shortlist = Callable[[Any, Sequence[Any], int, Bot], Sequence[Any]]


# -- settings -------------------------------------------------------------------------


@dataclass(frozen=True)
class Search:
    """How a searching bot decides (frozen: the same settings, seed and position give the
    same move).

    Fields:

    * ``playout``: The bot that plays every seat in the playouts (a name of the game's
      ``bots`` or a bot class).
    * ``budget``: Work per decision (moves played in playouts, plus charges).
    * ``width``: Candidates at most; more legal moves than that are shortlisted.
    * ``prior``: The bot whose preferences shortlist (default: ``playout``).
    * ``shortlist``: The game's own shortlist function, instead of the prior's order.
    * ``horizon``, ``measure``: What a playout is measured at and by (default: the game's
      ``GameInfo.value``).
    * ``halving``: Successive halving (False: every candidate gets every playout).
    * ``trust``: How much the prior's favourite is trusted: it is kept to the end and
      played unless the best move beats it by ``trust`` standard errors of their paired
      difference (0: the best mean wins).  It keeps a small budget from trading a good
      move for a lucky one.
    * ``time_limit``: Seconds; a safety cap only (the budget decides).
    * ``fast``: ``fast(sample, seat)`` -> the game's own playouts of one decision: an
      object with ``deal(rng)`` (a re-deal) and ``play(deal, move, seed)`` -> (win share,
      place, score, moves played).  Used at the game's own horizon only (``GameInfo.value``).
    """

    playout: Any = "greedy"
    budget: int = 2000
    width: int = 10
    prior: Any = None
    shortlist: Shortlist | None = None
    horizon: str | None = None
    measure: str | None = None
    halving: bool = True
    trust: float = 0.0
    time_limit: float | None = 5.0
    fast: Callable[[Sampler, int], Any] | None = None


def resolve_value(info: GameInfo, horizon: Any, measure: Any) -> tuple[Any, str]:
    """The horizon (a name of ``info.horizons``, "game", or a function) and the measure,
    the game's (``info.value``) where None.

    >>> resolve_value(GAMES["chinese_ten"], None, None)
    ('deal', 'score')
    >>> resolve_value(GAMES["chinese_ten"], "game", None)
    ('game', 'win')
    """
    horizon = info.value[0] if horizon is None else horizon
    if isinstance(horizon, str):
        if horizon != "game" and horizon not in info.horizons:
            known = ", ".join(["game", *info.horizons])
            raise ValueError(f"no horizon {horizon!r} in {info.title}: the horizons are {known}")
    elif not callable(horizon):
        raise TypeError(f"horizon is a name or a function, not {type(horizon).__name__}")
    measure = (info.value[1] if horizon == info.value[0] else "win") if measure is None else measure
    return horizon, check_measure(measure)


def horizon_function(info: GameInfo, horizon: Any) -> Horizon | None:
    """The ``horizon(game)`` of a resolved horizon; None for "game" (play to the end)."""
    if horizon == "game":
        return None
    if isinstance(horizon, str):
        return info.horizons[horizon]
    return horizon


def _bot_class(info: GameInfo, spec: Any) -> Any:
    if isinstance(spec, str):
        name = info.levels.get(spec, spec)
        if name not in info.bots:
            raise ValueError(
                f"no bot called {spec!r} in {info.title}: the bots are {', '.join(info.bots)}"
            )
        return info.bots[name]
    return spec


def seat_bots(cls: Any) -> BotMaker:
    """A :data:`BotMaker`: a new ``cls`` bot for every seat, each seeded from the playout's
    random numbers (one number per seat)."""

    def make(rng: random.Random, players: int) -> list[Bot]:
        return [cls(seed=rng.randrange(2**31)) for _ in range(players)]

    return make


# -- candidates -----------------------------------------------------------------------


def preference_order(bot: Bot, observation: Any, legal: Sequence[Any], n: int) -> list[Any]:
    """The ``n`` moves ``bot`` likes best, best first: it chooses, its choice is set
    aside, and it chooses again from the rest.

    >>> class Alphabet:  # likes the first letter best
    ...     def choose(self, observation, legal):
    ...         return min(legal)
    >>> preference_order(Alphabet(), None, ["c", "a", "b"], 2)
    ['a', 'b']
    """
    left = list(legal)
    out: list[Any] = []
    while left and len(out) < n:
        m = bot.choose(observation, left)
        out.append(m)
        left.remove(m)
    return out


def _shortlist(
    search: Search, observation: Any, legal: Sequence[Any], favourite: Any, prior: Bot
) -> tuple[Any, ...]:
    """The candidates: every legal move, or at most ``width`` of them -- the prior's
    favourite first."""
    if len(legal) <= search.width:
        return (favourite, *(m for m in legal if m != favourite))
    if search.shortlist is not None:
        moves = search.shortlist(observation, legal, search.width, prior)
    else:
        moves = preference_order(prior, observation, legal, search.width)
    out = [favourite]
    for m in moves:
        if m in legal and m not in out and len(out) < search.width:
            out.append(m)
    return tuple(out)


def one_of_each(
    moves: Sequence[Any], twin: Callable[[Any], Hashable], first: Sequence[Any] = ()
) -> tuple[Any, ...]:
    """``moves`` with one move of each ``twin`` key, in their order: of twins, the one of
    ``first`` (earliest) stands for them, at the place of the first twin.

    >>> one_of_each(["2H", "5S", "2D", "5C"], lambda m: m[0], first=["2D"])
    ('2D', '5S')
    """
    chosen: dict[Hashable, Any] = {}
    for m in (*(f for f in first if f in moves), *moves):
        chosen.setdefault(twin(m), m)
    out: list[Any] = []
    for m in moves:
        rep = chosen[twin(m)]
        if rep not in out:
            out.append(rep)
    return tuple(out)


# -- playouts -------------------------------------------------------------------------


def play_candidates(
    sample: Sampler,
    seat: int,
    moves: Sequence[Any],
    bots: BotMaker,
    horizon: Horizon | None,
    seed: int,
    playouts: Sequence[int],
    stop: Callable[[], bool] | None = None,
) -> tuple[list[Values], int]:
    """Play every move of ``moves`` in each playout of ``playouts`` (their numbers) and
    return, per move, the seat's values, and the work done.

    Playout ``i`` re-deals with ``sample(playout_rng(seed, i))``; every move is played on
    that deal with the same bots (``bots`` from one number drawn after the deal), and
    taken back afterwards.  ``stop()`` is asked before each move's playout: when it is
    true the values so far are returned (a move may then have one value fewer than the
    move before it).
    """
    out: list[Values] = [([], [], []) for _ in moves]
    work = 0
    for i in playouts:
        rng = playout_rng(seed, i)
        deal = sample(rng)
        bot_seed = rng.randrange(2**31)  # the same bots for every candidate
        stop_at = horizon(deal) if horizon is not None else None
        base = len(deal.history)
        work += DEAL_WORK + base
        for k, move in enumerate(moves):
            if stop is not None and stop():
                return out, work
            deal.play(move, seat)
            result = finish(deal, bots(random.Random(bot_seed), deal.players), stop_at)
            played = len(deal.history) - base
            for _ in range(played):  # exact undo: back to the deal for the next move
                deal.undo()
            work += played + PLAYOUT_WORK
            win, place, score = out[k]
            win.append(result.win_share(seat))
            place.append(float(result.places[seat]))
            score.append(float(result.scores[seat]))
    return out, work


def play_candidates_fast(
    fast: Any,
    moves: Sequence[Any],
    seed: int,
    playouts: Sequence[int],
    stop: Callable[[], bool] | None = None,
) -> tuple[list[Values], int]:
    """:func:`play_candidates` on a game's own fast playouts (``Search.fast``): the same
    values and work, the same random numbers for every move of a playout."""
    out: list[Values] = [([], [], []) for _ in moves]
    work = 0
    for i in playouts:
        rng = playout_rng(seed, i)
        deal = fast.deal(rng)
        bot_seed = rng.randrange(2**31)
        work += DEAL_WORK
        for k, move in enumerate(moves):
            if stop is not None and stop():
                return out, work
            win_share, place, score, played = fast.play(deal, move, bot_seed)
            work += played + PLAYOUT_WORK
            win, places, scores = out[k]
            win.append(win_share)
            places.append(place)
            scores.append(score)
    return out, work


# -- the report -----------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class SearchReport(RankedMoves):
    """A snapshot of a search: the candidates with their values, best first.

    Iterating gives the candidates (:class:`~.move_values.Candidate`: ``move``,
    ``playouts``, ``win``, ``place``, ``score``, ``value`` on the measure, ``versus_best``
    paired with the best); ``best`` is the move the search chooses (the best of the
    candidates still in; a candidate pruned earlier ranks below every one kept longer).

    Fields:

    * ``seat``: The seat whose moves were tried (counted from 0).
    * ``horizon``: Where the playouts stopped: "game" or a horizon of the game.
    * ``measure``: What ranks the moves: "win", "place" or "score".
    * ``moves``: The candidates, in shortlist order.
    * ``budget``: The work planned; ``work``: the work done so far.
    * ``deals``: Re-deals so far (the best candidate was played on every one).
    * ``elapsed``: Seconds since the search started.
    * ``done``: The budget is spent; ``stopped``: stopped early (cancel, time limit).
    * ``confidence``: The level of the intervals.
    * ``legal``: How many legal moves there were (the candidates may be fewer).
    """

    seat: int
    horizon: str
    measure: str
    moves: tuple[Any, ...]
    budget: int
    work: int = 0
    deals: int = 0
    elapsed: float = 0.0
    done: bool = False
    stopped: bool = False
    confidence: float = 0.95
    legal: int = 0
    _values: tuple[Values, ...] = field(default=(), compare=False)
    _counts: tuple[int, ...] = ()
    _stage: tuple[int, ...] = ()
    _choice: int = 0

    def _tier(self, i: int) -> int:
        # The move chosen first, then those kept in longer: their means rest on more deals.
        if i == self._choice:
            return -(10**6)
        return -self._stage[i] if self._stage else 0

    @property
    def progress(self) -> float:
        """Share of the budget spent (0 to 1)."""
        return min(1.0, self.work / self.budget) if self.budget else 1.0

    def __repr__(self) -> str:
        best = self.best if self.moves else None
        state = "done" if self.done else "stopped" if self.stopped else "running"
        return (
            f"<SearchReport seat {self.seat + 1}: {len(self.moves)} candidates, "
            f"{self.deals} deals, best {best.move if best else '–'} ({state})>"
        )


# -- the search -----------------------------------------------------------------------


def _rounds(n: int, halving: bool) -> int:
    return max(1, math.ceil(math.log2(n))) if halving and n > 2 else 1


class _Run:
    """The state of one search: the candidates, their values, who is still in."""

    def __init__(
        self,
        moves: tuple[Any, ...],
        favourite: Any,
        keep: Sequence[Any],
        measure: str,
        trust: float,
    ) -> None:
        self.moves = moves
        self.values: tuple[Values, ...] = tuple(([], [], []) for _ in moves)
        self.stage = [0] * len(moves)
        self.alive = list(range(len(moves)))
        self.kept = {i for i, m in enumerate(moves) if m in keep or (trust and m == favourite)}
        self.favourite = moves.index(favourite) if favourite in moves else 0
        self.key = ("win", "place", "score").index(measure)
        self.more = MEASURES[measure]
        self.trust = trust
        self.work = self.deals = 0

    def add(self, new: list[Values], work: int) -> bool:
        """Record one deal's values; False if it was cut short (every live move then keeps
        only the deals all of them had)."""
        for i, v in zip(self.alive, new, strict=True):
            for mine, got in zip(self.values[i], v, strict=True):
                mine.extend(got)
        self.work += work
        if any(not v[0] for v in new):
            n = min(len(self.values[i][0]) for i in self.alive)
            for i in self.alive:
                for v in self.values[i]:
                    del v[n:]
            return False
        self.deals += 1
        return True

    def _mean(self, i: int) -> float:
        v = self.values[i][self.key]
        return sum(v) / len(v) if v else -math.inf if self.more else math.inf

    def _ranked(self, among: Sequence[int]) -> list[int]:
        """``among`` best first by the mean (ties: the earlier in shortlist order)."""
        return sorted(among, key=lambda i: (-self._mean(i) if self.more else self._mean(i), i))

    def end_round(self, r: int, last: bool) -> None:
        """Mark who lasted round ``r``; unless it was the last, keep the better half (and
        the moves kept whatever their values)."""
        for i in self.alive:
            self.stage[i] = r + 1
        if not last:
            ranked = self._ranked(self.alive)
            stay = set(ranked[: math.ceil(len(ranked) / 2)]) | (self.kept & set(ranked))
            self.alive = [i for i in self.alive if i in stay]

    def choice(self) -> int:
        """The move to play: the best of those still in -- or the prior's favourite, unless
        the best beats it by ``trust`` standard errors of their paired difference."""
        if not self.deals:
            return self.favourite
        best = self._ranked(self.alive)[0]
        fav = self.favourite
        if not self.trust or best == fav or fav not in self.alive:
            return best
        a, b = self.values[best][self.key], self.values[fav][self.key]
        diffs = [x - y for x, y in zip(a, b, strict=False)]
        gap = mean_estimate(diffs, 0.6826894921370859)  # one standard error each side
        half = (gap.high - gap.low) / 2
        margin = gap.mean if self.more else -gap.mean
        return best if margin > self.trust * half else fav


def iter_search(
    sample: Sampler,
    seat: int,
    observation: Any,
    legal: Sequence[Any],
    *,
    info: GameInfo,
    search: Search | None = None,
    seed: int = 0,
    budget: int | None = None,
    candidates: Sequence[Any] | None = None,
    keep: Sequence[Any] = (),
    cancel: CancelFlag | None = None,
    time_limit: float | None = None,
    confidence: float = 0.95,
    twin: Callable[[Any], Hashable] | None = None,
) -> Iterator[SearchReport]:
    """Search ``seat``'s move, seeing only ``observation``, ``legal`` and ``sample``;
    yield ever better :class:`SearchReport` s (the last has ``done`` or ``stopped``).

    ``search``: the settings (default :class:`Search`); ``budget`` and ``time_limit``
    override theirs.  ``candidates``: the moves to try (default: the shortlist);
    ``keep``: moves never pruned (a review keeps the move that was played); ``twin``: a
    key equal for moves no rule tells apart, of which only the first is tried (a move of
    ``keep`` first, then the prior's favourite).
    """
    t0 = time.perf_counter()
    search = search or Search()
    budget = search.budget if budget is None else budget
    stopper = Stopper(cancel, search.time_limit if time_limit is None else time_limit)
    horizon, measure = resolve_value(info, search.horizon, search.measure)
    if not legal:
        raise ValueError(f"Seat {seat + 1} has no move to make now")
    prior = make_bot(_bot_class(info, search.prior or search.playout), {}, seed)
    favourite = prior.choose(observation, legal)
    moves = (
        tuple(candidates)
        if candidates is not None
        else _shortlist(search, observation, legal, favourite, prior)
    )
    moves += tuple(m for m in keep if m not in moves)
    if twin is not None:
        moves = one_of_each(moves, twin, first=(*keep, favourite))
    run = _Run(moves, favourite, keep, measure, search.trust)
    bots = seat_bots(_bot_class(info, search.playout))
    stop_fn = horizon_function(info, horizon)
    name = horizon if isinstance(horizon, str) else getattr(horizon, "__name__", "horizon")

    def report(done: bool, stopped: bool) -> SearchReport:
        return SearchReport(
            seat=seat,
            horizon=name,
            measure=measure,
            moves=moves,
            budget=budget,
            work=run.work,
            deals=run.deals,
            elapsed=time.perf_counter() - t0,
            done=done,
            stopped=stopped,
            confidence=confidence,
            legal=len(legal),
            _values=run.values,
            _counts=tuple(len(v[0]) for v in run.values),
            _stage=tuple(run.stage),
            _choice=run.choice(),
        )

    if len(moves) == 1:  # nothing to compare: no playout
        yield report(True, False)
        return
    own_horizon = search.fast is not None and horizon == info.value[0]
    fast = search.fast(sample, seat) if own_horizon else None
    rounds = _rounds(len(moves), search.halving)
    for r in range(rounds):
        target = budget * (r + 1) // rounds
        since = 0
        while run.work < target or not since:  # every round has at least one deal
            if stopper():
                yield report(False, True)
                return
            alive = [moves[i] for i in run.alive]
            if fast is not None:
                new, work = play_candidates_fast(fast, alive, seed, (run.deals,), stopper)
            else:
                new, work = play_candidates(
                    sample, seat, alive, bots, stop_fn, seed, (run.deals,), stopper
                )
            if not run.add(new, work):
                yield report(False, True)
                return
            since += 1
            if since % SNAPSHOT_DEALS == 0 and run.work < target:
                yield report(False, False)
        run.end_round(r, r == rounds - 1)
        if r < rounds - 1:
            yield report(False, False)
    yield report(True, False)


# -- analysis of a game ---------------------------------------------------------------


def default_search(info: GameInfo) -> Search:
    """The settings of the game's hard level (its bot's ``settings``), else :class:`Search`."""
    bot = info.bots.get(info.levels.get("hard", ""))
    found = getattr(bot, "settings", None)
    return found if isinstance(found, Search) else Search()


def _moves(game: Game, seat: int, given: Any, what: str) -> tuple[Any, ...]:
    legal = game.legal_moves(seat)
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise TypeError(f"{what} is a list of moves or their notation, not {given!r}"[:200])
    out: list[Any] = []
    for c in given:
        m = game.parse_move(c, seat) if isinstance(c, str) else c
        if m not in legal:
            raise ValueError(f"{c} is not a legal move now: {game.explain(m, seat)}")
        if m not in out:
            out.append(m)
    return tuple(out)


def iter_analyse(
    game: Game,
    seat: int | None = None,
    *,
    search: Search | None = None,
    budget: int | None = None,
    seed: int = 0,
    candidates: Any = None,
    keep: Sequence[Any] = (),
    cancel: CancelFlag | None = None,
    time_limit: float | None = None,
    confidence: float = 0.95,
) -> Iterator[SearchReport]:
    """:func:`iter_search` for ``seat`` (default: the one seat to move) in ``game``: yield
    ever better snapshots; the game may go on meanwhile (the search plays on a copy).

    ``search``: the settings (default: the game's hard level's, :func:`default_search`);
    ``budget``: work (default: the settings'); ``candidates``: None (the shortlist, one
    move of each set of twins the game names: ``GameInfo.twins``), ``"all"`` (every legal
    move) or a list of moves or their notation; ``keep``: moves
    never pruned (e.g. the move a player made, for a review); ``cancel`` (``is_set()``)
    and ``time_limit`` (seconds; no limit by default) stop it early, keeping what it has.
    Every argument is checked when this is called.
    """
    info = GAMES[game.key]
    if game.is_over:
        raise ValueError("the game is over: there is no move to analyse")
    if seat is None:
        seat = game.to_move
        if seat is None:
            raise ValueError("several seats choose now: say whose moves to analyse with seat=")
    legal = game.legal_moves(seat)
    if not legal:
        raise ValueError(f"Seat {seat + 1} is not to move now")
    search = replace(search or default_search(info), time_limit=None)
    if candidates == "all":
        candidates = tuple(legal)
    elif candidates is not None:
        candidates = _moves(game, seat, candidates, "candidates")
    kept = _moves(game, seat, keep, "keep")
    base = game.copy()  # a snapshot: playing on meanwhile is harmless
    twin = None
    if candidates is None and info.twins is not None:  # moves asked for are all tried
        observation = base.observation(seat)
        twin = partial(info.twins, observation)
    return iter_search(
        sampler(base, seat),
        seat,
        base.observation(seat),
        legal,
        info=info,
        search=search,
        seed=seed,
        budget=budget,
        candidates=candidates,
        keep=kept,
        cancel=cancel,
        time_limit=time_limit,
        confidence=confidence,
        twin=twin,
    )


def analyse(game: Game, seat: int | None = None, **kwargs: Any) -> SearchReport:
    """The last snapshot of :func:`iter_analyse` (same arguments): every candidate of
    ``seat`` with its value, interval and paired difference to the best, best first."""
    last = None
    for last in iter_analyse(game, seat, **kwargs):  # noqa: B007 - the last one is wanted
        pass
    assert last is not None
    return last


# -- the bot --------------------------------------------------------------------------


class SearchBot:
    """A bot that searches (:func:`iter_search`), for any game: a subclass names the game
    (``game``, a key of ``GAMES``) and its ``settings``.

    Seeded: each decision's seed is drawn from the bot's, so a seeded game against it
    replays exactly.  Without a sampler (called outside the bot loop) it plays as its
    prior bot.  ``last`` holds the report of its last search.
    """

    name = "search"
    searches = True
    game: ClassVar[str] = ""
    settings: ClassVar[Search] = Search()

    def __init__(self, seed: int | None = None, *, settings: Search | None = None) -> None:
        self.rng = random.Random(seed)
        if settings is not None:
            self.settings = settings  # type: ignore[misc]  # this bot's own settings
        self.last: SearchReport | None = None

    def choose(self, observation: Any, legal: Sequence[Any], sample: Sampler | None = None) -> Any:
        if not legal:
            raise ValueError("no legal move to choose from")
        seed = self.rng.randrange(2**31)  # drawn at every decision: replays stay exact
        if len(legal) == 1:
            return legal[0]
        info = GAMES[self.game]
        s = self.settings
        if sample is None:
            return make_bot(_bot_class(info, s.prior or s.playout), {}, seed).choose(
                observation, legal
            )
        for report in iter_search(
            sample, observation.seat, observation, legal, info=info, search=s, seed=seed
        ):
            self.last = report
        assert self.last is not None
        return self.last.best.move
