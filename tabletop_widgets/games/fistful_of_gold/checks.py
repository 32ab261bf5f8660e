"""The checks behind ``Position.validate``: could a game reach this position?

Each check is one idea of the rules page, in the order a reader would look:
the number of rounds, the cards, the rows of each round, the end of the
game, the green-8 reclaims, the hand sizes, the reclaim phase and the secret
choices.  Each raises :class:`PositionError` naming the first bad field.

>>> from tabletop_widgets.games.fistful_of_gold.position import Position
>>> from dataclasses import replace
>>> p = Position.initial()
>>> check_position(p)
>>> try:
...     check_position(replace(p, phase="duel"))
... except PositionError as e:
...     print(e)
hands[0]: 7 cards expected here, not 9
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop_widgets.core.errors import PositionError
from tabletop_widgets.core.i18n import Message, _l, _nl
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, GREEN, Card, deck
from tabletop_widgets.games.fistful_of_gold.duel import blocked
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play
from tabletop_widgets.games.fistful_of_gold.names import listing, the_card
from tabletop_widgets.games.fistful_of_gold.tally import DUELS, Rows, game_result, tally_rounds

if TYPE_CHECKING:
    from tabletop_widgets.games.fistful_of_gold.position import Position

__all__ = ["check_position"]

GREEN8 = Card(GREEN, "8")


def check_position(p: Position) -> None:
    """Raise PositionError unless a game could reach ``p``."""
    _check_round_count(p)
    for s in (0, 1):
        _check_cards(p, s)
    for k, rows in enumerate(_rounds(p), start=1):
        _check_round_rows(p, k, rows)
    _check_game_end(p)
    _check_reclaim_list(p)
    for k, rows in enumerate(_rounds(p), start=1):
        _check_reclaim_count(p, k, rows)
    _check_reclaimed_cards_in_hand(p)
    for s in (0, 1):
        _check_hand_size(p, s)
    if p.phase == "reclaim":
        _check_reclaim_phase(p)
    _check_pending(p)


_ALSO_IN = {
    "hands": lambda card: _l("{card} is also in the hand", card=card),
    "discards": lambda card: _l("{card} is also among the discards", card=card),
    "rows": lambda card: _l("{card} is also in the row on the table", card=card),
}
_NO_SECRET = {
    "reclaim": lambda: _l("no secret choice while green takes a card back"),
    "over": lambda: _l("no secret choice once the game is over"),
}


def _not_colour(card: Card, colour: str) -> Message:
    if colour == GREEN:
        return _l("{card} is not a green card", card=the_card(card))
    return _l("{card} is not a pink card", card=the_card(card))


def _rounds(p: Position) -> list[Rows]:
    """The rows of every round so far: the finished ones, then this one."""
    return [*p.past] + ([] if p.is_over else [p.rows])


def _where(p: Position, k: int) -> str:
    """The field holding round ``k``'s rows."""
    return f"past_rounds[{k - 1}]" if k <= len(p.past) else "rows"


def _check_round_count(p: Position) -> None:
    over, n = p.is_over, len(p.past)
    if n > 3 or (over and not n) or (not over and n == 3):
        raise PositionError("past_rounds", _l("a game has three rounds at most"))


def _check_cards(p: Position, s: int) -> None:
    """Each seat's nine cards, each in exactly one place (FG-1)."""
    colour = COLOURS[s]
    seen: dict[Card, str] = {}
    for name, cards in (("hands", p.hands[s]), ("discards", p.discards[s]), ("rows", p.rows[s])):
        for i, c in enumerate(cards):
            if c.colour != colour:
                raise PositionError(f"{name}[{s}][{i}]", _not_colour(c, colour))
            if c in seen:
                raise PositionError(f"{name}[{s}][{i}]", _ALSO_IN[seen[c]](the_card(c)))
            seen[c] = name
    missing = [the_card(c) for c in deck(colour) if c not in seen]
    if missing:
        raise PositionError(
            f"hands[{s}]",
            _nl(
                "{cards} is missing from the game",
                "{cards} are missing from the game",
                len(missing),
                cards=listing(missing),
            ),
        )


def _check_round_rows(p: Position, k: int, rows: Rows) -> None:
    """Rows of round ``k``: as long as each other, the +1 restriction, the round's end
    (FG-2, FG-3, FG-4)."""
    where = _where(p, k)
    if len(rows[0]) != len(rows[1]):
        raise PositionError(where, _l("both rows must have the same number of cards"))
    for s in (0, 1):
        _check_row(p, f"{where}[{s}]", rows[s])
    closers = [
        i
        for i, c in enumerate(rows[0])
        if "pink7" in p.options.specials and c.rank == "7" and i >= 2
    ]
    n = len(rows[0])
    if closers and closers[0] != n - 1:
        raise PositionError(f"{where}[0]", _l("the round ended with the pink 7 (FG-4)"))
    if n > DUELS[k - 1]:
        raise PositionError(
            where, _l("round {round} has {n} duels (FG-2)", round=k, n=DUELS[k - 1])
        )
    ended = bool(closers) or n == DUELS[k - 1]
    if where != "rows":
        if not ended:
            raise PositionError(
                where,
                _l("round {round} stopped before its {n} duels", round=k, n=DUELS[k - 1]),
            )
        return
    _check_rows_fit_phase(p.phase, n, ended)


def _check_row(p: Position, where: str, row: Sequence[Card]) -> None:
    if len(set(row)) != len(row):
        raise PositionError(where, _l("a card is played twice in one round"))
    for i in range(1, len(row)):
        if blocked(row[i - 1], row[i], p.options):
            raise PositionError(
                f"{where}[{i}]",
                _l(
                    "{card} may not follow {last} (FG-3)",
                    card=the_card(row[i]),
                    last=the_card(row[i - 1]),
                ),
            )


def _check_rows_fit_phase(phase: str, n: int, ended: bool) -> None:
    """This round's rows: none during the discards, a duel before a reclaim, and no
    duel chosen in a round that is over."""
    if phase == "duel" and ended:
        raise PositionError("rows", _l("this round is already over"))
    if phase == "discard" and n:
        raise PositionError("rows", _l("no cards are on the table during the discards"))
    if phase == "reclaim" and not n:
        raise PositionError("rows", _l("a reclaim follows a duel"))


def _check_game_end(p: Position) -> None:
    """The game ends exactly when the rounds say so (FG-2)."""
    tallies = tally_rounds(p.options, p.past)
    over = p.is_over
    for k in range(1, len(p.past) + 1):
        ended = game_result(p.options, tallies[:k]) is not None
        last = k == len(p.past)
        if ended and not (over and last):
            raise PositionError(
                "phase" if last else "past_rounds",
                _l("the game was already over after round {round}", round=k),
            )
        if over and last and not ended:
            raise PositionError("phase", _l("the game is not over after these rounds"))


def _check_reclaim_list(p: Position) -> None:
    """Reclaims name rounds of this game, in order, and never the green 8 itself."""
    last_round = len(_rounds(p))
    for i, (k, c) in enumerate(p.reclaims):
        if not 1 <= k <= last_round or (i and k < p.reclaims[i - 1][0]):
            raise PositionError(f"reclaims[{i}][0]", _l("not a round of this game, in order"))
        if c == GREEN8:
            raise PositionError(f"reclaims[{i}][1]", _l("the green 8 cannot take itself back"))


def _check_reclaim_count(p: Position, k: int, rows: Rows) -> None:
    """One reclaim in each round in which the green 8 was played (FG-4)."""
    played = "green8" in p.options.specials and GREEN8 in rows[1]
    expected = int(played)
    last = k == len(_rounds(p))
    if played and rows[1][-1] == GREEN8 and p.is_over and last:
        expected = 0  # the game ended with that duel: nothing left to reclaim for
    if last and p.phase == "reclaim":
        expected = 0  # it is being chosen now
    got = p.reclaims_in(k)
    if len(got) != expected:
        raise PositionError(
            "reclaims",
            _nl(
                "round {round} needs {n} reclaim, not {got}",
                "round {round} needs {n} reclaims, not {got}",
                expected,
                round=k,
                got=len(got),
            ),
        )


def _check_reclaimed_cards_in_hand(p: Position) -> None:
    """A card taken back this round is in hand, or was played after the green 8."""
    if p.is_over or p.phase == "discard":
        return
    row = p.rows[1]
    after = row[row.index(GREEN8) + 1 :] if GREEN8 in row else ()
    for c in p.reclaims_in(p.round):
        if c not in p.hands[1] and c not in after:
            raise PositionError(
                "reclaims", _l("{card} was taken back into hand this round", card=the_card(c))
            )


def _expected_hand(p: Position, s: int) -> tuple[int, int]:
    """(cards expected, cards there): hands of 7, 6, 5 (or 7 fresh) plus the cards a
    green 8 brought back (FG-2)."""
    opts = p.options
    if p.is_over:
        k = len(p.past)
        return opts.hand_size(k) + len(p.reclaims_in(k, s)), len(p.hands[s])
    k = p.round
    if p.phase == "discard":
        if k == 1 or opts.hands == "fresh":
            return 9, len(p.hands[s])
        return opts.hand_size(k) + 1 + len(p.reclaims_in(k - 1, s)), len(p.hands[s])
    return opts.hand_size(k) + len(p.reclaims_in(k, s)), len(p.hands[s]) + len(p.rows[s])


def _check_hand_size(p: Position, s: int) -> None:
    want, have = _expected_hand(p, s)
    if have != want:
        raise PositionError(
            f"hands[{s}]",
            _nl(
                "{n} card expected here, not {have}",
                "{n} cards expected here, not {have}",
                want,
                have=have,
            ),
        )


def _check_reclaim_phase(p: Position) -> None:
    """A reclaim follows a green 8 with a card to take, in a duel that did not end the
    game (FG-4)."""
    if "green8" not in p.options.specials or p.rows[1][-1] != GREEN8:
        raise PositionError("phase", _l("a reclaim follows a green 8"))
    if not p.discards[1]:
        raise PositionError("discards[1]", _l("nothing to reclaim"))
    if p.round_complete and game_result(p.options, p.tallies) is not None:
        raise PositionError("phase", _l("this duel ended the game, so there is no reclaim"))


def _check_pending(p: Position) -> None:
    """Secret choices: only for seats still to choose, and only legal ones."""
    if all(m is not None for m in p.pending):
        raise PositionError("pending", _l("both choices are in, so they were revealed"))
    for s, move in enumerate(p.pending):
        if move is not None:
            _check_pending_move(p, s, move)


def _check_pending_move(p: Position, s: int, move: Move) -> None:
    where = f"pending[{s}]"
    if p.phase == "discard":
        if not isinstance(move, Discard) or len(move.cards) != p.to_discard(s):
            n = p.to_discard(s)
            raise PositionError(where, _nl("must discard {n} card", "must discard {n} cards", n))
        if not set(move.cards) <= set(p.hands[s]):
            raise PositionError(where, _l("discards a card not in hand"))
    elif p.phase == "duel":
        if not isinstance(move, Play) or move.card not in p.legal_cards(s):
            raise PositionError(where, _l("not a card this seat may play now"))
    else:
        raise PositionError(where, _NO_SECRET[p.phase]())
    if move.seat != s:
        raise PositionError(where, _l("names the other seat's cards"))
