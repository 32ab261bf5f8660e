"""Determinization: a game one seat cannot tell from the real one (for search and what-ifs).

What a seat cannot see is the opponent's face-down discards and the
opponent's choice while it is not yet revealed.  Everything else is public:
the rows, the reclaimed cards, how many cards each hand and discard pile
holds, whether the opponent has chosen.

The history is replayed with each of the opponent's discards drawn again
and its unrevealed choice drawn among its legal moves.  A discard is drawn
uniformly among the cards the opponent still holds *except* those it is
later seen playing before it could have taken them back (a card lying face
down cannot be played); a green-8 reclaim shows a card that must have been
discarded, and a draw that contradicts one is rejected and drawn again.
Every discard pool has a size fixed by the public history, so the accepted
draws are uniform over all discard choices consistent with what the seat saw.

If the game began at a position, the opponent's cards at that start (which
are in hand, which face down) and its secret choice there are drawn the
same way.

>>> from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold
>>> g = FistfulOfGold.new(seed=1)
>>> for m in ["discard pink 1 pink 2", "discard green 1 green 2", "pink 5"]:
...     _ = g.play(m)
>>> d = determinize(g, 1, random.Random(3))
>>> d.observation(1) == g.observation(1), len(d.history) == len(g.history)
(True, True)
>>> d.position.pending[0].card in d.position.legal_cards(0)  # pink's secret card, drawn
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.fistful_of_gold.cards import Card
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play, Reclaim
from tabletop_widgets.games.fistful_of_gold.position import Position, with_changes

if TYPE_CHECKING:
    from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold

__all__ = ["determinize"]

#: Draws before giving up (a consistent draw is always possible: the real game is one).
MAX_TRIES = 10_000


def determinize(game: FistfulOfGold, seat: int, rng: random.Random) -> FistfulOfGold:
    """A game with the same history length that ``seat`` cannot tell from ``game``."""
    plan = _Plan(game, 1 - seat)
    for _ in range(MAX_TRIES):
        drawn = plan.draw(rng)
        if drawn is not None:
            return drawn
    raise RuntimeError("no consistent determinization found")  # pragma: no cover


class _Plan:
    """Which of the opponent's moves are hidden, and which cards each hidden discard
    must leave in hand."""

    def __init__(self, game: FistfulOfGold, opp: int) -> None:
        self.game, self.opp = game, opp
        self.history, self.positions = game.history, game._positions
        start = game.start
        # The opponent's choice that is still secret: the last move, or the start's.
        last = len(self.history) - 1
        hidden_now = game.position.pending[opp] is not None
        self.secret_play = (
            last
            if hidden_now
            and last >= 0
            and self.history[last].seat == opp
            and isinstance(self.history[last], Play)
            else None
        )
        self.start_secret_play = (
            hidden_now and not self.history and isinstance(start.pending[opp], Play)
        )
        self.discards = {
            i: self._kept_in_hand(i + 1, self.positions[i].round)
            for i, m in enumerate(self.history)
            if m.seat == opp and isinstance(m, Discard)
        }
        self.start_hidden = bool(start.discards[opp]) or start.pending[opp] is not None
        self.start_keep = self._kept_in_hand(0, start.round) | self._start_shown()
        hidden = [*self.discards, *([] if self.secret_play is None else [self.secret_play])]
        self.first = 0 if self.start_hidden or not hidden else min(hidden)

    def _kept_in_hand(self, after: int, round_no: int) -> frozenset[Card]:
        """Opponent cards played from move ``after`` on before any reclaim of theirs (and,
        with fresh hands, in round ``round_no``): a discard then cannot hold them."""
        fresh = self.game.options.hands == "fresh"
        out: set[Card] = set()
        back: set[Card] = set()
        for t in range(after, len(self.history)):
            m = self.history[t]
            if m.seat != self.opp:
                continue
            if isinstance(m, Reclaim):
                back.add(m.card)
            elif (
                isinstance(m, Play)
                and t != self.secret_play
                and m.card not in back
                and not (fresh and self.positions[t].round != round_no)
            ):
                out.add(m.card)
        return frozenset(out)

    def _start_shown(self) -> frozenset[Card]:
        """Start cards the opponent is known to hold: a choice revealed later, and cards
        taken back with the green 8 in the start's round."""
        start, opp = self.game.start, self.opp
        shown = set(start.reclaims_in(start.round, opp)) & set(start.hands[opp])
        pending = start.pending[opp]
        if isinstance(pending, Play) and not self.start_secret_play:
            shown.add(pending.card)
        return frozenset(shown)

    # -- one draw ----------------------------------------------------------------------

    def draw(self, rng: random.Random) -> FistfulOfGold | None:
        """One determinization, or None if the draw contradicts what the seat saw."""
        from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold

        if self.start_hidden:
            start = self._draw_start(rng)
            if start is None:
                return None
            game = FistfulOfGold(start, seed=self.game.seed)
        else:
            game = self.game.replay(self.first)
        for i in range(self.first, len(self.history)):
            move = self._redraw(game, i, rng)
            if move is None:
                return None
            try:
                game.play(move)
            except IllegalMoveError:
                return None
        return game

    def _redraw(self, game: FistfulOfGold, i: int, rng: random.Random) -> Move | None:
        move = self.history[i]
        if i in self.discards:
            pool = [c for c in game.position.hands[self.opp] if c not in self.discards[i]]
            n = len(move.cards)
            return Discard(tuple(rng.sample(pool, n))) if len(pool) >= n else None
        if i == self.secret_play:
            return rng.choice(game.legal_moves(self.opp))
        return move

    def _draw_start(self, rng: random.Random) -> Position | None:
        start, opp = self.game.start, self.opp
        cards = sorted((*start.hands[opp], *start.discards[opp]))
        free = [c for c in cards if c not in self.start_keep]
        n = len(start.discards[opp])
        if len(free) < n:
            return None
        down = set(rng.sample(free, n))
        hand = [c for c in cards if c not in down]
        pending = list(start.pending)
        if isinstance(start.pending[opp], Discard):
            free = [c for c in hand if c not in self.start_keep]
            k = len(start.pending[opp].cards)
            if len(free) < k:
                return None
            pending[opp] = Discard(tuple(rng.sample(free, k)))
        hands, discards = list(start.hands), list(start.discards)
        hands[opp], discards[opp] = tuple(hand), tuple(down)
        drawn = with_changes(start, hands=hands, discards=discards)
        if self.start_secret_play:
            legal = drawn.legal_cards(opp)
            if not legal:
                return None
            pending[opp] = Play(rng.choice(legal))
        drawn = with_changes(drawn, pending=(pending[0], pending[1]))
        try:
            drawn.validate()
        except PositionError:
            return None
        return drawn
