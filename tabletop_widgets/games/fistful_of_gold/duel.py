"""One duel in its round: which card may follow which (FG-3) and what a revealed duel does.

:func:`~.cards.compare` knows the card-against-card part; here the round
joins in: the tie pot, the first 6, the green-7 bonus and the pink 7.

>>> blocked(Card("pink", "4"), Card("pink", "5"), Options())
True
>>> r = resolve_duel(Options(), Card("pink", "6"), Card("green", "2"), pot=4)
>>> r.winner, r.gold, r.pot_after
(1, (4, 4), 0)
>>> print(r.text)  # doctest: +NORMALIZE_WHITESPACE
pink 6 against green 2: difference 4 is more than 3, so the lower card wins 4 gold.
Pink takes the tie pot of 4 gold with the first 6 of the round.

A page that names the seats says who, not the colour alone (:meth:`DuelResult.words`):

>>> print(r.words(["You", "Bea (bot, medium)"]))  # doctest: +NORMALIZE_WHITESPACE
pink 6 against green 2: difference 4 is more than 3, so the lower card wins: Bea (bot, medium)
wins 4 gold. You take the tie pot of 4 gold with the first 6 of the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop_widgets.core.i18n import N_, Message, _l
from tabletop_widgets.games.fistful_of_gold.cards import Card, compare
from tabletop_widgets.games.fistful_of_gold.names import the_card
from tabletop_widgets.games.fistful_of_gold.options import Options

__all__ = ["TIE_GOLD", "DuelResult", "SeatMessage", "blocked", "resolve_duel", "step_value"]

#: Gold a tie puts in the tie pot (FG-3).
TIE_GOLD = 2

Pair = tuple[int, int]


def step_value(card: Card, options: Options) -> int | None:
    """The number the +1 restriction sees (FG-3); ``None`` when the card takes no part."""
    return options.dynamite_counts_as if card.is_dynamite else card.value


def blocked(previous: Card | None, card: Card, options: Options) -> bool:
    """True if ``card`` may not follow ``previous`` in the same round (FG-3).

    >>> blocked(Card("pink", "D"), Card("pink", "1"), Options(dynamite_counts_as=0))
    True
    """
    if previous is None:
        return False
    before, now = step_value(previous, options), step_value(card, options)
    return before is not None and now is not None and now == before + 1


#: The name of the person at the screen in a list of seat names (as ``ui.words.YOU``).
_YOU = "You"


class SeatMessage(Message):
    """A sentence about what one seat won: ``str()`` names the seat by its colour ("Pink
    takes the tie pot …", for a reader without names), :meth:`named` by the name the page
    shows beside it ("You take …", "Bea (bot, medium) takes …").  ``you`` and ``other``
    (with ``{name}``) are message ids marked with ``N_``.

    >>> m = SeatMessage(1, N_("Green wins."), N_("You win."), N_("{name} wins."))
    >>> str(m), m.named(["Ann", "You"]), m.named(["You", "Bea (bot)"])
    ('Green wins.', 'You win.', 'Bea (bot) wins.')
    """

    __slots__ = ("other", "seat", "you")

    def __init__(self, seat: int, colour: str, you: str, other: str, /, **params: Any) -> None:
        super().__init__(colour, **params)
        self.seat, self.you, self.other = seat, you, other

    def named(self, names: Sequence[str | None]) -> str:
        """The sentence with the seat's name (``"You"``: the person at the screen; None: a
        seat without a name of its own, said by its colour)."""
        name = names[self.seat]
        if name is None:
            return str(self)
        if name == _YOU:
            return str(Message(self.you, **self.params))
        return str(Message(self.other, name=name, **self.params))

    def __reduce__(self) -> tuple:
        return (_seat_message, (self.seat, self.msgid, self.you, self.other, self.params))


def _seat_message(seat: int, colour: str, you: str, other: str, params: dict) -> SeatMessage:
    return SeatMessage(seat, colour, you, other, **params)


@dataclass(frozen=True)
class DuelResult:
    """What one revealed duel did, with a sentence for the learner.

    ``round`` and ``duel`` number it (from 1); ``cards`` are pink's and green's;
    ``winner`` the seat that won it (None for a tie); per seat (pink, green): ``gold``
    everything gained (the win, the green 7's ``bonus``, the pot taken), ``bonus`` and
    ``pot_taken``; ``pot_before`` and ``pot_after`` the tie pot around it;
    ``ends_round`` True when a pink 7 ends the round; ``said`` what happened, sentence
    by sentence (:attr:`text` joins them).
    """

    round: int
    duel: int
    cards: tuple[Card, Card]
    winner: int | None
    gold: Pair  # everything each seat gained: win, green-7 bonus, pot
    bonus: Pair
    pot_before: int
    pot_after: int
    pot_taken: Pair
    ends_round: bool
    #: What happened, sentence by sentence, as messages (said in the reader's language).
    said: tuple[Message, ...]

    @property
    def text(self) -> str:
        """What happened in the current language, the seats named by their colour."""
        return " ".join(str(m) for m in self.said)

    def words(self, names: Sequence[str | None] | None = None) -> str:
        """What happened in the current language, a seat that wins something named as the
        page names it (``names``: pink's and green's, ``"You"`` the person at the screen,
        None a seat called by its colour):
        "You win 3 gold" beside "You (pink)", not "pink wins 3 gold".  Without names, as
        :attr:`text`."""
        if not names:
            return self.text
        return " ".join(m.named(names) if isinstance(m, SeatMessage) else str(m) for m in self.said)


def resolve_duel(
    options: Options,
    pink: Card,
    green: Card,
    *,
    round_no: int = 1,
    duel: int = 1,
    pot: int = 0,
    bonus: Pair = (0, 0),
    sixes_played: tuple[bool, bool] = (False, False),
) -> DuelResult:
    """Resolve one duel: FG-3 first, then the 6 takes the pot, then the 7s."""
    specials = options.specials
    winner, amount = compare(pink, green, specials)
    gold, extra = [0, 0], [0, 0]
    cards = {"pink": the_card(pink), "green": the_card(green)}  # named in the reader's words
    parts: list[Message] = []
    if winner is None:
        parts.append(
            _l("{pink} against {green}: a tie; {n} gold go into the tie pot.", n=TIE_GOLD, **cards)
        )
    else:
        gold[winner] += amount
        parts.append(_why(pink, green, winner, amount, specials))
        if bonus[winner]:
            extra[winner] = bonus[winner]
            gold[winner] += bonus[winner]
            parts.append(_l("The green 7 adds {n} gold.", n=bonus[winner]))
    before = pot
    pot += TIE_GOLD if winner is None else 0
    taken = (0, 0)
    if "six" in specials:
        taken, said = _sixes(options, (pink, green), pot, sixes_played)
        pot -= sum(taken)
        if said is not None:
            parts.append(said)
    ends = "pink7" in specials and pink.rank == "7" and duel >= 3
    if ends:
        parts.append(_l("The pink 7 in duel 3 or later ends the round."))
    return DuelResult(
        round=round_no,
        duel=duel,
        cards=(pink, green),
        winner=winner,
        gold=(gold[0] + taken[0], gold[1] + taken[1]),
        bonus=(extra[0], extra[1]),
        pot_before=before,
        pot_after=pot,
        pot_taken=taken,
        ends_round=ends,
        said=tuple(parts),
    )


def _sixes(
    options: Options, cards: tuple[Card, Card], pot: int, sixes_played: tuple[bool, bool]
) -> tuple[Pair, Message | None]:
    """What each seat takes from the tie pot with a 6 (FG-4), and the sentence."""
    six = tuple(c.rank == "6" for c in cards)
    if not pot or not any(six):
        return (0, 0), None
    if all(six):
        if options.six_vs_six != "split":
            return (0, 0), None
        share = pot // 2
        return (share, share), _l("Both 6s share the tie pot: {n} gold each.", n=share)
    s = six.index(True)
    if sixes_played[1 - s]:
        return (0, 0), None
    said = SeatMessage(
        s,
        N_("Pink takes the tie pot of {n} gold with the first 6 of the round.")
        if s == 0
        else N_("Green takes the tie pot of {n} gold with the first 6 of the round."),
        N_("You take the tie pot of {n} gold with the first 6 of the round."),
        N_("{name} takes the tie pot of {n} gold with the first 6 of the round."),
        n=pot,
    )
    return ((pot, 0) if s == 0 else (0, pot)), said


def _why(pink: Card, green: Card, winner: int, amount: int, specials: frozenset[str]) -> Message:
    cards = {"pink": the_card(pink), "green": the_card(green), "n": amount}
    if pink.is_dynamite or green.is_dynamite:
        return SeatMessage(
            winner,
            N_("{pink} against {green}: Dynamite decides; pink wins {n} gold.")
            if winner == 0
            else N_("{pink} against {green}: Dynamite decides; green wins {n} gold."),
            N_("{pink} against {green}: Dynamite decides; you win {n} gold."),
            N_("{pink} against {green}: Dynamite decides; {name} wins {n} gold."),
            **cards,
        )
    if "pink8" in specials and pink.rank == "8" and green.rank == "1":
        return _l("{pink} against {green}: the pink 8 beats a 1 and wins {n} gold.", **cards)
    # A page that names the seats says who won (SeatMessage.named); said by colour, the
    # sentence stays as the rules page quotes it (the cards' colours say who).
    if amount <= 3:
        return SeatMessage(
            winner,
            N_(
                "{pink} against {green}: difference {n} is 3 or less, so the higher card wins "
                "{n} gold."
            ),
            N_(
                "{pink} against {green}: difference {n} is 3 or less, so the higher card wins: "
                "you win {n} gold."
            ),
            N_(
                "{pink} against {green}: difference {n} is 3 or less, so the higher card wins: "
                "{name} wins {n} gold."
            ),
            **cards,
        )
    return SeatMessage(
        winner,
        N_(
            "{pink} against {green}: difference {n} is more than 3, so the lower card wins "
            "{n} gold."
        ),
        N_(
            "{pink} against {green}: difference {n} is more than 3, so the lower card wins: "
            "you win {n} gold."
        ),
        N_(
            "{pink} against {green}: difference {n} is more than 3, so the lower card wins: "
            "{name} wins {n} gold."
        ),
        **cards,
    )
