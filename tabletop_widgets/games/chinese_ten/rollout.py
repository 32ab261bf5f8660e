"""Fast playouts for the hard bot, the coach and the review: the rest of a deal on card
numbers, greedy bots playing every seat.

The engine checks every move, keeps every position and says what happened, so a
search's playouts on it run about 1,300 a second; a search needs many more.  Here a
deal is a few lists of card numbers (a card's number is :func:`~.bots._key`), the
rules of a turn are written out once (CT-2 to CT-4: play a card, take what it
captures, turn up the stock's top card), and the greedy bot's rule
(:class:`~.bots.GreedyBot`) is the same sum, so a playout here is the engine's
playout with greedy bots, only faster.
Tests play the same moves here and in the engine and compare the points, and check
that the greedy choice here is one :class:`~.bots.GreedyBot` rates best.

:func:`fast_playouts` is what :class:`~tabletop_widgets.core.search.Search` calls
(its ``fast`` field): it re-deals what the searching seat cannot see, **reading the
other hands** from the moves they made (a seat that laid a card down, or took one
capture, did not hold a card that would surely have scored more), and plays the
candidate moves on each re-deal.

>>> import random
>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=2, seed=3, target=None)
>>> fast = fast_playouts(lambda rng: g.determinize(0, rng), 0)
>>> deal = fast.deal(random.Random(1))
>>> win, place, score, moves = fast.play(deal, g.legal_moves()[0], 7)
>>> moves, place in (1, 2), 0 <= score <= 210
(24, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .bots import _key, _points_table
from .cards import SELF_RANKS, partner_rank
from .moves import Move

__all__ = ["Deal", "FastPlayouts", "fast_playouts", "greedy_choice", "read_hands"]

#: A card number's rank (1 to 13), and the rank that captures it (CT-2).
RANK = tuple(k // 4 + 1 for k in range(52))
PARTNER = tuple(partner_rank(r) if r else 0 for r in range(14))
_SELF = frozenset(SELF_RANKS)
#: The greedy bot's caution (:class:`~.bots.GreedyBot`'s default).
CAUTION = 0.5
_ALL = frozenset(range(52))
#: A move as numbers: (card, captures, from the stock).
Step = tuple[int, tuple[int, ...], bool]


def options(card: int, layout: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of layout cards ``card`` may capture (as
    :func:`~.position.capture_options`, on numbers)."""
    want = PARTNER[RANK[card]]
    targets = [c for c in layout if RANK[c] == want]
    if len(targets) == 3 and RANK[card] in _SELF:
        return [tuple(targets)]
    return [(c,) for c in targets]


def _exposure(card: int, n: list[int], best: list[int], pts: Sequence[int]) -> float:
    """What a layout card offers the seats that may hold its capturer (as
    :func:`~.bots._exposure`)."""
    r = PARTNER[RANK[card]]
    k = n[r]
    if not k:
        return 0.0
    return (pts[card] + best[r]) * (1.0 if k >= 2 else 0.5)


def _counts(hidden: Sequence[int], pts: Sequence[int]) -> tuple[list[int], list[int]]:
    """Per rank: how many of ``hidden`` have it, and the most points one of them is worth."""
    n = [0] * 14
    best = [0] * 14
    for k in hidden:
        r = RANK[k]
        n[r] += 1
        if pts[k] > best[r]:
            best[r] = pts[k]
    return n, best


def greedy_values(
    moves: Sequence[tuple[int, tuple[int, ...]]], hidden: Sequence[int], pts: Sequence[int]
) -> list[float]:
    """:class:`~.bots.GreedyBot`'s sum for each move, less what the layout offers before
    it (the same for every move, so the order is the bot's)."""
    n, best = _counts(hidden, pts)
    out = []
    for k, caps in moves:
        if caps:
            v = pts[k] + sum(pts[c] + CAUTION * _exposure(c, n, best, pts) for c in caps)
        else:
            v = -CAUTION * _exposure(k, n, best, pts)
        out.append(v)
    return out


def greedy_choice(
    moves: Sequence[tuple[int, tuple[int, ...]]],
    hidden: Sequence[int],
    pts: Sequence[int],
    rng: random.Random,
) -> tuple[int, tuple[int, ...]]:
    """The move the greedy bot takes (ties broken with ``rng``)."""
    if len(moves) == 1:
        return moves[0]
    values = greedy_values(moves, hidden, pts)
    top = max(values)
    best = [m for m, v in zip(moves, values, strict=True) if v >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


class Deal:
    """The rest of a deal as numbers: ``hands`` per seat, ``layout``, ``stock`` (top card
    first, from ``top``), ``turned`` (a turned-up card whose capture ``seat`` chooses, or
    None), ``points`` so far per seat, ``seat`` to move, the points table ``pts``."""

    __slots__ = ("hands", "layout", "points", "pts", "seat", "stock", "top", "turned")

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        layout: Sequence[int],
        stock: Sequence[int],
        turned: int | None,
        points: Sequence[int],
        seat: int,
        pts: Sequence[int],
    ) -> None:
        self.hands = [list(h) for h in hands]
        self.layout = list(layout)
        self.stock = list(stock)
        self.top = 0
        self.turned = turned
        self.points = list(points)
        self.seat = seat
        self.pts = pts

    @classmethod
    def of(cls, game: Any) -> Deal:
        """The deal being played in ``game`` (a :class:`~.engine.ChineseTen`)."""
        p = game.position
        return cls(
            [[_key(c) for c in h] for h in p.hands],
            [_key(c) for c in p.layout],
            [_key(c) for c in p.stock],
            None if p.turned is None else _key(p.turned),
            p.current_points,
            p.to_move,
            _points_table(p.options.scoring, p.players),
        )

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.hands = [list(h) for h in self.hands]
        d.layout = list(self.layout)
        d.stock = self.stock  # never changed: ``top`` moves along it
        d.top = self.top
        d.turned = self.turned
        d.points = list(self.points)
        d.seat = self.seat
        d.pts = self.pts
        return d

    @property
    def over(self) -> bool:
        return self.turned is None and self.top >= len(self.stock) and not any(self.hands)

    def hidden(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see: the other hands and the stock not turned up."""
        out = self.stock[self.top :]
        for s, h in enumerate(self.hands):
            if s != seat:
                out.extend(h)
        return out

    def _put(self, card: int, caps: tuple[int, ...]) -> None:
        if caps:
            pts = self.pts
            v = pts[card]
            for c in caps:
                self.layout.remove(c)
                v += pts[c]
            self.points[self.seat] += v
        else:
            self.layout.append(card)

    def play(self, step: Step) -> None:
        """Play ``step`` for the seat to move, as the engine does: a card from hand, then
        the stock's top card turned up -- taken at once unless it has several captures
        (then ``turned`` waits for the seat's choice, a step of its own)."""
        card, caps, stock = step
        if stock:
            self._put(card, caps)
            self.turned = None
        else:
            self.hands[self.seat].remove(card)
            self._put(card, caps)
            top = self.stock[self.top]
            self.top += 1
            found = options(top, self.layout)
            if len(found) >= 2:
                self.turned = top
                return
            self._put(top, found[0] if found else ())
        self.seat = (self.seat + 1) % len(self.hands)

    def greedy_step(self, rng: random.Random) -> Step:
        """The greedy bot's move for the seat to move, from the cards it can see."""
        layout = self.layout
        if self.turned is not None:
            moves = [(self.turned, c) for c in options(self.turned, layout)]
            card, caps = greedy_choice(moves, self.hidden(self.seat), self.pts, rng)
            return card, caps, True
        moves = []
        for k in self.hands[self.seat]:
            found = options(k, layout)
            if found:
                moves.extend((k, c) for c in found)
            else:
                moves.append((k, ()))
        card, caps = greedy_choice(moves, self.hidden(self.seat), self.pts, rng)
        return card, caps, False

    def finish(self, rng: random.Random) -> int:
        """Greedy bots play the deal out; the number of moves played."""
        n = 0
        while not self.over:
            self.play(self.greedy_step(rng))
            n += 1
        return n


def step_of(move: Move) -> Step:
    """An engine move as numbers."""
    return _key(move.card), tuple(_key(c) for c in move.captures), move.stock


# -- reading the other hands ----------------------------------------------------------


def read_hands(game: Any, seat: int) -> dict[int, frozenset[int]]:
    """Per other seat, the hidden cards its moves in this deal say it does not hold.

    At each of its decisions, a card that would have given it a capture scoring more
    in the greedy sum than the move it made was not in its hand -- nor is it now, since
    a hand only shrinks in a deal.  The part of the sum that depends on what the seat
    held is bounded so that the reading is never wrong about a greedy seat: the move
    made is given the most it could have been worth (every card the seat might have
    held counted as unseen), the capture it passed over the least (its bare points).
    Against a person this reads a careful player; a careless one makes the bot wrong
    now and then, never illegal.
    """
    positions = game._positions
    history = game.history
    movers = game.movers
    b = game._deal_start()
    pts = _points_table(game.position.options.scoring, game.players)
    out: dict[int, set[int]] = {}
    for j in range(b, len(history)):
        who, move, before = movers[j], history[j], positions[j]
        if who == seat or move.stock:
            continue
        later = {_key(m.card) for m, w in zip(history[j:], movers[j:], strict=True) if w == who}
        layout = [_key(c) for c in before.layout]
        card, caps, _ = step_of(move)
        if caps:  # the most it could have been worth
            gone = {_key(c) for pile in before.captured for c in pile}
            n, best = _counts(_ALL - later - set(layout) - gone, pts)
            made = pts[card] + sum(pts[c] + CAUTION * _exposure(c, n, best, pts) for c in caps)
        else:
            made = 0.0  # laying a card down is worth nothing or less
        ruled = out.setdefault(who, set())
        for c in layout:
            rank = PARTNER[RANK[c]]
            for x in range(rank * 4 - 4, rank * 4):
                if x not in later and pts[x] + pts[c] > made + 1e-9:
                    ruled.add(x)
    return {s: frozenset(v) for s, v in out.items()}


class FastPlayouts:
    """Re-deals and playouts of one decision of ``seat``, on numbers (see the module).

    ``deal(rng)``: a deal the seat cannot tell from the real one, the other hands drawn
    from the cards their moves allow.  ``play(deal, move, seed)``: the move, then greedy
    bots to the end of the deal; returns the seat's win share, place and points there,
    and the moves played.
    """

    def __init__(self, game: Any, seat: int) -> None:
        self.seat = seat
        self.base = Deal.of(game)
        self.pool = sorted(self.base.hidden(seat))  # what the seat sees, not where it is
        self.sizes = [len(h) for h in self.base.hands]
        self.ruled = read_hands(game, seat)
        self._steps: dict[Move, Step] = {}  # each candidate as numbers, worked out once

    def deal(self, rng: random.Random) -> Deal:
        pool = list(self.pool)
        rng.shuffle(pool)
        d = self.base.copy()
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                continue
            ruled = self.ruled.get(s)
            allowed = [c for c in pool if c not in ruled] if ruled else pool
            if len(allowed) < size:  # the reading went wrong: draw from every card
                allowed = pool
            hand = allowed[:size]
            taken = set(hand)
            d.hands[s] = hand
            pool = [c for c in pool if c not in taken]
        d.stock = pool
        d.top = 0
        return d

    def play(self, deal: Deal, move: Move, seed: int) -> tuple[float, float, float, int]:
        d = deal.copy()
        rng = random.Random(seed)
        step = self._steps.get(move)
        if step is None:
            step = self._steps[move] = step_of(move)
        d.play(step)
        played = 1 + d.finish(rng)
        pts = d.points
        mine = pts[self.seat]
        above = sum(p > mine for p in pts)
        tied = sum(p == mine for p in pts)
        return (1 / tied if not above else 0.0), float(1 + above), float(mine), played


def fast_playouts(sample: Callable[[random.Random], Any], seat: int) -> FastPlayouts:
    """The :class:`FastPlayouts` of ``seat``'s decision, from the search's sampler (one
    re-deal gives what the seat has seen: every re-deal shows it the same)."""
    return FastPlayouts(sample(random.Random(0)), seat)
