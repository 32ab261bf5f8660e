"""Checking a move against a position (the refusals, with rule ids) and applying it.

Both players choose in secret: a choice waits in ``pending`` until the
other's is in, then both are revealed together (discards stay face down).

>>> from tabletop_widgets.games.fistful_of_gold.position import Position
>>> pos = Position.initial()
>>> pos = apply_move(pos, Move.parse("discard pink 1 pink 2"))
>>> pos.current_players(), pos.phase
((1,), 'discard')
>>> try:
...     verify_move(pos, Move.parse("pink 5"))
... except IllegalMoveError as e:
...     print(e)
You have already chosen your cards to discard; undo to change your mind. (FG-2)
"""

from __future__ import annotations

from itertools import combinations

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import _l, _nl
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, GREEN, Card, deck, rank_words
from tabletop_widgets.games.fistful_of_gold.duel import blocked
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play, Reclaim
from tabletop_widgets.games.fistful_of_gold.names import sentence, the_card
from tabletop_widgets.games.fistful_of_gold.position import Position, with_changes
from tabletop_widgets.games.fistful_of_gold.tally import result_message

__all__ = ["apply_move", "moves_of", "verify_move"]

GREEN8 = Card(GREEN, "8")


def moves_of(pos: Position, seat: int) -> tuple[Move, ...]:
    """Every move ``seat`` may make now (none if it is not to choose)."""
    if seat not in pos.current_players():
        return ()
    if pos.phase == "discard":
        return tuple(Discard(cs) for cs in combinations(pos.hands[seat], pos.to_discard(seat)))
    if pos.phase == "duel":
        return tuple(Play(c) for c in pos.legal_cards(seat))
    return tuple(Reclaim(c) for c in pos.discards[seat])


# -- refusals ---------------------------------------------------------------------------


def verify_move(pos: Position, move: Move) -> None:
    """Raise IllegalMoveError (with the rule id) unless ``move`` may be played now."""
    if pos.is_over:
        raise IllegalMoveError(
            "FG-2", _l("The game is over: {result}", result=result_message(pos.result))
        )
    if pos.phase == "reclaim":
        _verify_reclaim(pos, move)
        return
    s = move.seat
    rule = "FG-2" if pos.phase == "discard" else "FG-3"
    if pos.pending[s] is not None:
        mine = pos.pending[s]
        if isinstance(mine, Discard):
            why = _l("You have already chosen your cards to discard; undo to change your mind.")
        else:
            why = _l(
                "You have already chosen {card} for duel {duel}; undo to change your mind.",
                card=the_card(mine.cards[0]),
                duel=pos.duel,
            )
        raise IllegalMoveError(rule, why)
    if isinstance(move, Reclaim):
        raise IllegalMoveError(
            "FG-4", _l("You can take a card back only right after playing your green 8.")
        )
    if pos.phase == "discard":
        _verify_discard(pos, move)
    else:
        _verify_play(pos, move)


def _verify_reclaim(pos: Position, move: Move) -> None:
    if move.seat != 1:
        raise IllegalMoveError(
            "FG-4", _l("Wait: green is taking a discarded card back with the green 8.")
        )
    if not isinstance(move, Reclaim):
        raise IllegalMoveError(
            "FG-4",
            _l(
                "You played the green 8, so first take one of your discarded cards back into "
                "your hand."
            ),
        )
    if move.card not in pos.discards[1]:
        raise IllegalMoveError(
            "FG-4",
            sentence(
                _l(
                    "{card} is not among your discards, so you cannot take it back.",
                    card=the_card(move.card),
                )
            ),
        )


def _verify_discard(pos: Position, move: Move) -> None:
    s = move.seat
    n = pos.to_discard(s)
    if not isinstance(move, Discard):
        raise IllegalMoveError(
            "FG-2",
            _nl(
                "Before round {round} you first discard {n} card face down.",
                "Before round {round} you first discard {n} cards face down.",
                n,
                round=pos.round,
            ),
        )
    if len(move.cards) != n:
        raise IllegalMoveError(
            "FG-2",
            _nl(
                "Discard exactly {n} card now, not {given}.",
                "Discard exactly {n} cards now, not {given}.",
                n,
                given=len(move.cards),
            ),
        )
    for c in move.cards:
        if c not in pos.hands[s]:
            raise IllegalMoveError(
                "FG-2", _l("You cannot discard {card}: it is already discarded.", card=the_card(c))
            )


def _verify_play(pos: Position, move: Move) -> None:
    if not isinstance(move, Play):
        raise IllegalMoveError(
            "FG-3",
            _l("Discards happen between rounds; now choose a card for duel {duel}.", duel=pos.duel),
        )
    s, card = move.seat, move.card
    if card not in pos.hands[s]:
        if card in pos.rows[s]:
            why = _l(
                "{card} is not in your hand: you played it in this round already (duel {duel}).",
                card=the_card(card),
                duel=pos.rows[s].index(card) + 1,
            )
        else:
            why = _l("{card} is not in your hand: you discarded it.", card=the_card(card))
        raise IllegalMoveError("FG-3", sentence(why))
    last = pos.last_played(s)
    if last is not None and blocked(last, card, pos.options):
        raise IllegalMoveError(
            "FG-3",
            _l(
                "You played {last} in the last duel, so you may not play {card} now.",
                last=rank_words(last),
                card=rank_words(card),
            ),
        )


# -- applying a verified move ----------------------------------------------------------


def apply_move(pos: Position, move: Move) -> Position:
    """The position after a verified move."""
    if isinstance(move, Reclaim):
        return _reclaim(pos, move)
    pending = list(pos.pending)
    pending[move.seat] = move
    if None in pending:
        return with_changes(pos, pending=(pending[0], pending[1]))
    if pos.phase == "discard":
        return _reveal_discards(pos, pending)
    return _reveal_duel(pos, pending)


def _reclaim(pos: Position, move: Reclaim) -> Position:
    s = move.seat
    discards, hands = list(pos.discards), list(pos.hands)
    discards[s] = tuple(c for c in discards[s] if c != move.card)
    hands[s] = (*hands[s], move.card)
    after = with_changes(
        pos,
        hands=hands,
        discards=discards,
        reclaims=(*pos.reclaims, (pos.round, move.card)),
        phase="duel",
    )
    return _end_round(after) if after.round_complete else after


def _reveal_discards(pos: Position, pending: list[Move | None]) -> Position:
    """Both discards go face down together (FG-2)."""
    hands, discards = list(pos.hands), list(pos.discards)
    for t, m in enumerate(pending):
        assert isinstance(m, Discard)
        hands[t] = tuple(c for c in hands[t] if c not in m.cards)
        discards[t] = (*discards[t], *m.cards)
    return with_changes(pos, hands=hands, discards=discards, pending=(None, None), phase="duel")


def _reveal_duel(pos: Position, pending: list[Move | None]) -> Position:
    cards = []
    for m in pending:
        assert isinstance(m, Play)
        cards.append(m.card)
    hands = [tuple(c for c in pos.hands[t] if c != cards[t]) for t in (0, 1)]
    rows = ((*pos.rows[0], cards[0]), (*pos.rows[1], cards[1]))
    after = with_changes(pos, hands=hands, rows=rows, pending=(None, None))
    ended = _end_round(after) if after.round_complete else None
    wants_reclaim = (
        "green8" in pos.options.specials and cards[1] == GREEN8 and bool(pos.discards[1])
    )
    # No reclaim when this duel ends the game: there is no later duel to use it in.
    if wants_reclaim and not (ended is not None and ended.is_over):
        return with_changes(after, phase="reclaim")
    return ended if ended is not None else after


def _end_round(pos: Position) -> Position:
    """Rows go to ``past`` and back into hand (FG-2); then discards or the end."""
    hands = [pos.hands[t] + pos.rows[t] for t in (0, 1)]
    after = with_changes(pos, hands=hands, rows=((), ()), past=(*pos.past, pos.rows))
    over = with_changes(after, phase="over")
    if over.result is not None:
        return over
    if pos.options.hands == "fresh":
        return with_changes(
            after, hands=(deck(COLOURS[0]), deck(COLOURS[1])), discards=((), ()), phase="discard"
        )
    return with_changes(after, phase="discard")
