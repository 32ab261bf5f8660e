"""The Chinese Ten table in one widget: layout, stock, hands, captured piles and scores.

The widget reads a game through the engine's public API and never changes
it.  A click on a hand card highlights the layout cards that card may take
(from ``game.legal_moves()``); a click on a highlighted card (or on *Lay it
down*) hands the chosen :class:`~tabletop_widgets.games.chinese_ten.Move` to
the ``on_move`` callbacks, and notebook code calls ``game.play``.  Refusals
quote the engine (``game.explain``), so they name the rule.

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=3, seed=3, target=None)
>>> t = ChineseTenTable(g, seat=0)
>>> t.on_move(g.play)
>>> [str(c) for c in g.hand(0)][:4], [str(c) for c in g.position.layout]
(['2D', '4S', '4C', '5S'], ['5C', 'AD', '3S', '5D'])
>>> t.dispatch({"type": "select", "index": 3}), t.targets
(True, [0, 3])
>>> t.dispatch({"type": "capture", "index": 1})
False
>>> print(t.error)
The five of spades captures only a five (they make 10 together), not the ace of diamonds. (CT-2)
>>> t.dispatch({"type": "capture", "index": 3}), [str(m) for m in g.history]
(True, ['5S x 5D'])
>>> t.dispatch({"type": "select", "index": 0}), t.error
(False, "It is Seat 2's turn, not Seat 1's.")

Every sentence names cards in words ("the seven of hearts"): the short notation
(``7H``) is taught on the rules page, not assumed here.  Every word the table shows is
in the page's language (the front end's own words come from ``texts``) and is said
again when the language changes:

>>> from tabletop_widgets.core.i18n import language
>>> with language("fr"):
...     print(t.error)
C’est au tour de Place 2, pas de Place 1.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import traitlets

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import (
    N_,
    Message,
    _,
    _l,
    _nl,
    after_colon,
    get_language,
    ngettext,
)
from tabletop_widgets.core.result import Result
from tabletop_widgets.games.chinese_ten import FULL_DECK, Card, ChineseTen, Event, Move
from tabletop_widgets.games.chinese_ten.names import card_name, listing, sentence, the_card
from tabletop_widgets.games.chinese_ten.position import deal_scores
from tabletop_widgets.games.chinese_ten.render import back_svg, card_svg
from tabletop_widgets.ui.event_widget import EventWidget, Refused, handles, widget_css, widget_esm
from tabletop_widgets.ui.words import (
    BOT_LEVELS,
    BOT_NAMES,
    NOT_PLAYED,
    YOU,
    by_person,
    display_name,
    seat_label,
)

__all__ = [
    "ChineseTenTable",
    "card_words",
    "cards_words",
    "default_names",
    "describe_event",
    "log_lines",
    "move_words",
    "numbered_log",
    "over_message",
]

log = logging.getLogger(__name__)


def card_faces() -> dict[str, str]:
    """Every card face (and ``"back"``) as the SVG the Python renderer draws, its title in
    the current language.

    The browser draws cards only from these strings, so there is one card design.

    >>> faces = card_faces()
    >>> len(faces), faces["AS"].startswith("<svg")
    (53, True)
    """
    return _faces(get_language())


@lru_cache(maxsize=8)
def _faces(lang: str) -> dict[str, str]:
    faces = {str(c): card_svg(c) for c in FULL_DECK}
    faces["back"] = back_svg()
    return faces


def card_names() -> dict[str, str]:
    """Every card's name in words, by its short form (the labels screen readers read).

    >>> card_names()["TC"]
    'ten of clubs'
    """
    return _names_in(get_language())


@lru_cache(maxsize=8)
def _names_in(lang: str) -> dict[str, str]:
    return {str(c): str(card_name(c)) for c in FULL_DECK}


def default_names(players: int) -> list[str]:
    """``Seat 1`` … as people count (seats are 0-based in the engine), in the current
    language."""
    return [seat_label(i) for i in range(players)]


def card_words(card: Card) -> Message:
    """A card in words, for sentences (a message: said in the language it is shown in).

    >>> str(card_words(Card.parse("TC"))), str(card_words(Card.parse("AS")))
    ('the ten of clubs', 'the ace of spades')
    """
    return the_card(card)


def cards_words(cards: Sequence[Card], joiner: str = "and") -> Message:
    """Several cards in words: "the king of spades, the king of diamonds and …"
    (``joiner``: ``and`` or ``or``)."""
    return listing([the_card(c) for c in cards], joiner)


def move_words(move: Move) -> str:
    """A move as a short sentence (the label of its button), in the current language.

    >>> move_words(Move.parse("7H x 3S")), move_words(Move.parse("2C"))
    ('Play the seven of hearts and take the three of spades', 'Lay down the two of clubs')
    >>> move_words(Move.parse("stock 5D x 5H"))
    'The turned-up five of diamonds takes the five of hearts'
    """
    if move.stock:
        return _(
            "The turned-up {name} takes {cards}",
            name=card_name(move.card),
            cards=cards_words(move.captures),
        )
    if move.captures:
        return _(
            "Play {card} and take {cards}",
            card=the_card(move.card),
            cards=cards_words(move.captures),
        )
    return _("Lay down {card}", card=the_card(move.card))


#: What a seat did with a card, for the log: (the person at the screen, a named seat), by
#: (played from hand, captured).
_DID = {
    (True, True): (
        N_("You play {card} and capture {cards}."),
        N_("{name} plays {card} and captures {cards}."),
    ),
    (False, True): (
        N_("You turn up {card} and capture {cards}."),
        N_("{name} turns up {card} and captures {cards}."),
    ),
    (True, False): (
        N_("You play {card}; it joins the layout."),
        N_("{name} plays {card}; it joins the layout."),
    ),
    (False, False): (
        N_("You turn up {card}; it joins the layout."),
        N_("{name} turns up {card}; it joins the layout."),
    ),
}


def describe_event(event: Event, names: Sequence[str], *, chosen: bool = False) -> str:
    """One log line for an engine event, with the players' names and the cards in words
    (in the current language); ``chosen``: a turned-up card that took the card its player
    chose.

    >>> describe_event(Event("play", 1, Card.parse("7H"), (Card.parse("3S"),)), ["You", "Bea"])
    'Bea plays the seven of hearts and captures the three of spades.'
    >>> describe_event(Event("turn", 0, Card.parse("2C")), ["You", "Bea"])
    'You turn up the two of clubs; it joins the layout.'
    >>> describe_event(Event("turn", 1, Card.parse("5D"), (Card.parse("5H"),)), ["You", "Bea"],
    ...                chosen=True)
    'Bea chooses: the five of diamonds takes the five of hearts.'
    """
    who = names[event.seat] if event.seat is not None else ""
    caps = cards_words(event.captures)
    number = event.deal_number + 1
    if event.kind == "deal":
        # Who starts, said in the log: the table draws seats where "left of the dealer"
        # (the dealer's own left, CT-1) is not always the left of the screen.
        first = names[(event.seat + 1) % len(names)] if event.seat is not None else ""
        deals = by_person(
            who, N_("Deal {number}: You deal."), N_("Deal {number}: {name} deals."), number=number
        )
        starts = by_person(
            first,
            N_("You play first: the player on the dealer's left starts (CT-1)."),
            N_("{name} plays first: the player on the dealer's left starts (CT-1)."),
        )
        return f"{deals} {starts}"
    if event.kind == "dealer_takes":
        return by_person(
            who,
            N_("Four of a kind in the first layout: you take all four as the dealer (CT-4)."),
            N_("Four of a kind in the first layout: {name} takes all four as the dealer (CT-4)."),
        )
    if event.kind in ("play", "turn"):
        assert event.card is not None
        card = the_card(event.card)
        if chosen and event.captures:
            return by_person(
                who,
                N_("You choose: {card} takes {cards}."),
                N_("{name} chooses: {card} takes {cards}."),
                card=card,
                cards=caps,
            )
        if event.waiting:
            return by_person(
                who,
                N_("You turn up {card}: it can capture more than one card, and you choose which."),
                N_(
                    "{name} turns up {card}: it can capture more than one card, and {name} "
                    "chooses which."
                ),
                card=card,
            )
        you, other = _DID[(event.kind == "play", bool(event.captures))]
        return by_person(who, you, other, card=card, cards=caps)
    scores = listing([f"{display_name(n)} {p}" for n, p in zip(names, event.points, strict=False)])
    if event.kind == "deal_end":
        return _("Deal {number} ends. Points: {scores}.", number=number, scores=scores)
    return _("The match ends. Totals: {scores}.", scores=scores)


#: The variants, each with the cards that score (CT-5).
_SCORINGS = {
    "standard": N_("Chinese Ten: red cards score"),
    "red_frog_black_frog": N_("Red Frog Black Frog: black cards score"),
}


def scoring_line(options: Any) -> str:
    """The variant and the way of scoring in play, in one line (in the current language):
    a learner never plays a whole game without being told which cards score (CT-5) and
    whether a deal is settled against the tie score (CT-6).

    >>> from tabletop_widgets.games.chinese_ten.position import Options
    >>> scoring_line(Options(3, "standard", False))
    'Chinese Ten: red cards score · Points as captured'
    >>> print(scoring_line(Options(2, "red_frog_black_frog", True)))
    Red Frog Black Frog: black cards score · Settled against the tie score of 109 points
    """
    scoring = _(_SCORINGS[options.scoring]) if options.scoring in _SCORINGS else options.scoring
    if options.settle:
        scores = _("Settled against the tie score of {tie} points", tie=options.tie_score)
    else:
        scores = _("Points as captured")
    return _("{scoring} · {scores}", scoring=scoring, scores=scores)


#: A bot's mark (with its level or not), and the same mark for the dealer.
_BOT_DEALER = {
    N_("{name} (bot)"): N_("{name} (bot, dealer)"),
    BOT_LEVELS["easy"]: N_("{name} (bot, easy, dealer)"),
    BOT_LEVELS["medium"]: N_("{name} (bot, medium, dealer)"),
    BOT_LEVELS["hard"]: N_("{name} (bot, hard, dealer)"),
}


def signed(n: int, *, plus: bool = False) -> str:
    """A score with a real minus sign ("−9"), and with ``plus`` a plus sign ("+40"): a
    settled score (CT-6) is a gain or a loss.

    >>> signed(-9), signed(62), signed(40, plus=True), signed(0, plus=True)
    ('−9', '62', '+40', '0')
    """
    if n < 0:
        return f"\N{MINUS SIGN}{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


def score_cells(game: ChineseTen) -> dict[str, list]:
    """The score table's cells as shown: each finished deal's row (``rows``), the deal
    being played (``so_far``, its points) and the totals (``total``).  Settled (CT-6), a
    deal's cell is what it adds to the total, the engine's settled score, with the points
    taken beside it, so the rows add up to the total.

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> g = ChineseTen.new(players=3, seed=5, settle=True, target=None, deals=2)
    >>> while not g.deal_points:
    ...     _ = g.play(g.legal_moves()[0])
    >>> g.deal_points[0], g.options.tie_score
    ((57, 136, 47), 80)
    >>> score_cells(g)["rows"], score_cells(g)["total"]
    ([['−23 (57 points)', '+56 (136 points)', '−33 (47 points)']], ['−23', '56', '−33'])
    """
    p = game.position
    o = p.options

    def cell(points: Sequence[int]) -> list[str]:
        if not o.settle:
            return [str(n) for n in points]
        return [
            ngettext("{score} ({n} point)", "{score} ({n} points)", n, score=signed(s, plus=True))
            for n, s in zip(points, deal_scores(o, points), strict=True)
        ]

    return {
        "rows": [cell(d) for d in p.deal_points],
        "so_far": [
            ngettext("{n} point", "{n} points", n) if o.settle else str(n) for n in p.current_points
        ],
        "total": [signed(t) for t in p.totals],
    }


def dealer_label(name: str) -> str:
    """A dealer's name with its mark, in one pair of brackets: a bot "Cal (bot)" is
    "Cal (bot, dealer)", "Cal (bot, hard)" "Cal (bot, hard, dealer)", anyone else
    "Ann (dealer)".

    >>> dealer_label("Cal (bot)"), dealer_label("Cal (bot, hard)"), dealer_label("Ann")
    ('Cal (bot, dealer)', 'Cal (bot, hard, dealer)', 'Ann (dealer)')
    """
    for bot, dealer in _BOT_DEALER.items():
        before, _x, after = _(bot).partition("{name}")
        inner = name[len(before) : len(name) - len(after)]
        if _x and name.startswith(before) and name.endswith(after) and inner:
            return _(dealer, name=inner)
    return _("{name} (dealer)", name=name)


def _said(event: Event) -> bool:
    """Whether the log says ``event``: a game of one deal has no "match" line."""
    return not (event.kind == "match_end" and event.deal_number == 0)


def log_lines(
    events: Sequence[Event], names: Sequence[str], before: Event | None = None
) -> list[str]:
    """The log of ``events``: a turned-up card that waited for a choice, then took the
    chosen card, reads as the player's choice; a game of one deal has no "match" line.
    ``before``: the event just before the first (a choice follows its turned-up card)."""
    lines = []
    for e in events:
        if not _said(e):
            continue
        chosen = (
            before is not None and before.waiting and e.kind == "turn" and e.card == before.card
        )
        lines.append(describe_event(e, names, chosen=chosen))
        before = e
    return lines


def numbered_log(game: ChineseTen, names: Sequence[str]) -> list[tuple[int | None, str]]:
    """The current deal's log as (number, line) pairs, numbered by the moves as the replay
    stepper counts them: the first line of move ``n`` (``game.history[n - 1]``) has the
    number ``n``; what that move brought about next (the stock's card turned up, a deal's
    end, the next deal) follows it without a number, as the opening deal's lines do.

    The whole deal, so a student can scroll back to its first line ("Deal 1: … plays
    first"); the list on the page scrolls.  Whole moves only: in a match the log starts
    with the move that ended the deal before, so that deal's points stay as a summary
    line above the new deal's; earlier deals are left to the scores table.

    >>> g = ChineseTen.new(players=3, seed=3, target=None)
    >>> _ = g.play("5S x 5D")
    >>> for number, line in numbered_log(g, ["You", "Bea", "Cal"]):
    ...     print(number or "", line)
     Deal 1: Cal deals. You play first: the player on the dealer's left starts (CT-1).
    1 You play the five of spades and capture the five of diamonds.
     You turn up the seven of diamonds and capture the three of spades.
    """
    last = len(game.history)
    # The move whose events deal the current deal (0: the opening deal); a game begun
    # from a position has no deal event: its whole log is shown.
    start = next(
        (n for n in range(last, -1, -1) if any(e.kind == "deal" for e in game.events_of(n))),
        0,
    )
    # The event before the first shown (a choice reads as one after its turned-up card).
    before = game.events_of(start - 1)[-1:] if start else ()
    out: list[tuple[int | None, str]] = []
    for n in range(start, last + 1):
        events = game.events_of(n)
        said = log_lines(events, names, before[0] if before else None)
        out += [(n if i == 0 and n else None, line) for i, line in enumerate(said)]
        before = events[-1:] or before
    return out


def over_message(result: Result, names: Sequence[str], match: bool = False) -> str:
    """The table's last words on a finished deal (or ``match``), from the engine's result: a
    win, a draw (every seat ties) or a shared first place.

    >>> from tabletop_widgets.core.result import Result
    >>> over_message(Result(places=(1, 1), scores=(60, 60)), ["You", "Bo"])
    'The deal is over: it is a draw.'
    >>> over_message(Result(places=(1, 1, 3), scores=(90, 90, 60)), ["Bo", "You", "Cy"])
    'The deal is over: you share first place with Bo.'
    >>> over_message(Result(places=(1, 3, 1), scores=(5, 1, 5)), ["Bo", "You", "Cy"], match=True)
    'The match is over: Bo and Cy share first place.'
    >>> over_message(Result(places=(2, 1), scores=(50, 70)), ["Bo", "You"])
    'The deal is over: you win.'
    """
    forms = _OVER["match" if match else "deal"]
    winners = [names[s] for s in result.winners]
    if result.is_draw:
        return _(forms["draw"])
    if len(winners) == 1:
        return by_person(winners[0], forms["you"], forms["one"])
    if YOU in winners:
        others = [w for w in winners if w != YOU]
        return _(forms["you_share"], names=listing(others))
    return _(forms["share"], names=listing(winners))


def _event_json(e: Event) -> dict:
    return {
        "kind": e.kind,
        "seat": e.seat,
        "card": str(e.card) if e.card else None,
        "captures": [str(c) for c in e.captures],
        "waiting": e.waiting,
    }


#: The rule a card that can capture breaks when laid down: capturing is compulsory.  The
#: message names it when it says so (rule ids are the same in every language).
_RULE_CT3 = "CT-3"

#: The fourth card of a rank the first layout held three times, selected (CT-4).
_FOURTH = {
    5: N_("{card} is the fourth five: click one of the three fives to take all three (CT-4)."),
    10: N_("{card} is the fourth ten: click one of the three tens to take all three (CT-4)."),
    11: N_("{card} is the fourth jack: click one of the three jacks to take all three (CT-4)."),
    12: N_("{card} is the fourth queen: click one of the three queens to take all three (CT-4)."),
    13: N_("{card} is the fourth king: click one of the three kings to take all three (CT-4)."),
}
#: The end of a deal or a match, by what ``game.result`` says: one winner (you, or a name),
#: a draw (every seat first), or first place shared by some seats (with you, or without).
#: Whole sentences per case, so "you" is never a name in a list ("Bo and You win").
_OVER = {
    "deal": {
        "you": N_("The deal is over: you win."),
        "one": N_("The deal is over: {name} wins."),
        "draw": N_("The deal is over: it is a draw."),
        "you_share": N_("The deal is over: you share first place with {names}."),
        "share": N_("The deal is over: {names} share first place."),
    },
    "match": {
        "you": N_("The match is over: you win."),
        "one": N_("The match is over: {name} wins."),
        "draw": N_("The match is over: it is a draw."),
        "you_share": N_("The match is over: you share first place with {names}."),
        "share": N_("The match is over: {names} share first place."),
    },
}


class _Said:
    """A sentence computed again each time it is shown (in the language of that moment)."""

    def __init__(self, say: Callable[[], str]) -> None:
        self._say = say

    def __str__(self) -> str:
        return self._say()


class ChineseTenTable(EventWidget):
    """One Chinese Ten table (all seats, one widget).

    Traits you set (keyword options of the constructor too):

    * ``seat`` -- the seat shown face up (0-based); None: only what every player sees
      (a spectator, or the cover of hot-seat play);
    * ``names`` -- the players' names (missing ones are "Seat 1", "Seat 2" …);
    * ``reveal`` -- every hand face up (replays, the sandbox);
    * ``interactive`` -- clicks make moves (False: the table only shows the game);
    * ``card_width`` -- a card's width in pixels, 24 to 200;
    * ``show_scoring`` -- a line at the top says the variant and the scoring in play
      ("Red Frog Black Frog: black cards score · Settled against the tie score of 109
      points"; the play page and the classrooms);
    * ``paused`` -- the page waits for the person's Continue (between the deals of a
      match, or bots stopped by Stop the bots): nobody is playing, nothing can be
      played, and the table says so;
    * ``say_end`` -- the message says who won once the game is over (False: the page says
      it elsewhere, once);
    * ``show_deal_end`` -- a game whose last move ended a deal of a match that goes on is
      shown as that deal ended (its last capture, its points and the totals after it), not
      with the next deal already dealt (the engine deals it at once): a replay stepping to
      a deal's last move shows that move (the play page's replays).

    Traits you read: ``selected`` (index of the selected hand card, or None),
    ``targets`` (layout indexes the selected or turned-up card may take),
    ``message`` (what the table tells the player), ``error`` (the last refusal).

    Methods: :meth:`show` a game, :meth:`refresh` after anyone played,
    :meth:`on_move` to receive the moves the learner chooses, :meth:`show_what_if` a
    position after a move that was not played (the review's better move: the table's
    message and its log say so).

    Events from the browser: ``select`` {index} a hand card (again: deselect),
    ``capture`` {index} a layout card, ``lay`` (the selected card joins the layout),
    ``move`` {text} a move from the legal-move list, ``deselect``.
    """

    _esm = widget_esm(__package__, "table.js")
    _css = widget_css(__package__, "table.css")
    versioned_events = frozenset({"capture", "lay", "move"})
    texts = {
        "to_play": N_("to play"),
        "seat_to_play": N_("{name}, to play"),
        "dealer": N_("{name} (dealer)"),
        "chosen": N_("▲ chosen"),
        "no_hand": N_("no cards in hand"),
        "table": N_("the table"),
        "turned_up": N_("Turned up"),
        "layout": N_("the layout"),
        "layout_empty": N_("the layout, empty"),
        "can_take": N_("✓ can take"),
        "can_be_captured": N_("{card}, can be captured"),
        "settled_caption": N_("Settled scores, deal by deal"),
        "points_caption": N_("Points, deal by deal"),
        "deal": N_("Deal"),
        "so_far": N_("{number} (so far)"),
        "total": N_("Total"),
        "lay": N_("Lay it down on the layout"),
        "all_moves": N_("All your possible moves ({n})"),
        "no_game": N_("No game yet."),
        "log_title": N_("What happened"),
        "not_played": NOT_PLAYED,
        "log": N_("what happened"),
        "keys": N_(
            "Keys: Tab to your hand, arrow keys to move along it, Enter to choose a card; then "
            "Tab to a card it can take and press Enter."
        ),
    }

    seat = traitlets.Int(None, allow_none=True)
    names = traitlets.List(traitlets.Unicode())
    reveal = traitlets.Bool(False)
    interactive = traitlets.Bool(True)
    card_width = traitlets.Int(64)
    show_scoring = traitlets.Bool(False)
    paused = traitlets.Bool(False)
    #: Whether the message says who won at the end (a play screen, whose status line says
    #: the final places, turns it off: the end is said in one place).
    say_end = traitlets.Bool(True)
    #: A deal's last move shows the deal as it ended, not the next deal dealt (replays).
    show_deal_end = traitlets.Bool(False)

    selected = traitlets.Int(None, allow_none=True, read_only=True)
    targets = traitlets.List(traitlets.Int(), read_only=True)
    message = traitlets.Unicode("", read_only=True)

    _view = traitlets.Dict(read_only=True).tag(sync=True)
    _faces = traitlets.Dict(read_only=True).tag(sync=True)
    _card_names = traitlets.Dict(read_only=True).tag(sync=True)

    def __init__(
        self,
        game: ChineseTen | None = None,
        *,
        seat: int | None = None,
        names: Sequence[str] | None = None,
        reveal: bool = False,
        interactive: bool = True,
        card_width: int = 64,
        **kwargs: Any,
    ) -> None:
        self._game: ChineseTen | None = None
        #: The game given to :meth:`show` (``_game`` is its copy at a deal's end when
        #: ``show_deal_end`` shows one).
        self._given: ChineseTen | None = None
        self._move_callbacks: list[Callable[[Move], Any]] = []
        self._shown_seat: int | None = None
        self._last_shown: ChineseTen | None = None
        self._last_history: tuple = ()
        #: Said in place of the message while the table shows a move not played (the
        #: review's better move): :meth:`show_what_if`; any :meth:`show` ends it.
        self._what_if = ""
        super().__init__(
            seat=seat,
            names=list(names or []),
            reveal=reveal,
            interactive=interactive,
            card_width=card_width,
            **kwargs,
        )
        self.set_trait("_faces", card_faces())
        self.set_trait("_card_names", card_names())
        if game is not None:
            self.show(game)

    # -- Python API -----------------------------------------------------

    @property
    def game(self) -> ChineseTen | None:
        """The game on the table (None before one is shown): the one given to :meth:`show`,
        even while the table shows it as a deal ended (``show_deal_end``)."""
        return self._given

    @property
    def shown_seat(self) -> int | None:
        """The seat whose hand is face up (None: a spectator's view)."""
        return self._shown_seat

    def show(
        self, game: ChineseTen, seat: int | None | str = "keep", *, reveal: bool | None = None
    ) -> None:
        """Draw ``game`` (and accept moves for it) from ``seat`` (None: only what every
        player sees; "keep": as before); ``reveal``: every hand face up.  Usable as a
        stepper view."""
        self._what_if = ""
        self._draw(game, seat, reveal)

    def show_what_if(self, game: ChineseTen, seat: int | None, words: str) -> None:
        """Draw ``game``, whose last move was not played (the review's better move in place
        of the one played), every hand face up: ``words`` are said in place of the table's
        message, and the log marks that move as not played.  The next :meth:`show` ends it.

        >>> from tabletop_widgets.games.chinese_ten import ChineseTen
        >>> g = ChineseTen.new(players=2, seed=3, target=None)
        >>> _ = g.play(g.legal_moves()[0])
        >>> table = ChineseTenTable(interactive=False)
        >>> table.show_what_if(g, 0, "The coach's move.")
        >>> table.message, table._view["log_not_played"]
        ("The coach's move.", 1)
        >>> table.show(g, 0); table.message != "The coach's move.", table._view["log_not_played"]
        (True, None)
        """
        self._what_if = words
        self._draw(game, seat, True)

    def _draw(self, game: ChineseTen, seat: int | None | str, reveal: bool | None) -> None:
        if not isinstance(game, ChineseTen):
            raise TypeError(f"the table shows a ChineseTen game, not {type(game).__name__}")
        seat = self.seat if seat == "keep" else seat
        if seat is not None and not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0 to {game.players - 1}")
        self._given = self._game = game
        with self.hold_trait_notifications():
            self.seat = seat
            if reveal is not None:
                self.reveal = reveal
            if game is not self._last_shown or game.history != self._last_history:
                self.error = ""  # a refusal of another position would be a stale message
        self._last_shown, self._last_history = game, game.history
        self.refresh()

    def refresh(self) -> None:
        """Re-read the game (call after anyone plays); the selection is dropped."""
        if self._given is not None:
            ended = self._given.at_deal_end() if self.show_deal_end else None
            self._game = ended or self._given
        self._apply(self._state(None))

    def _at_deal_end(self) -> bool:
        """Whether the table shows a deal as it ended, the match going on (``show_deal_end``)."""
        return self._game is not None and self._game is not self._given

    def language_changed(self) -> None:
        """The view holds sentences, the faces and card names words: send them again
        (the selection is kept)."""
        self.set_trait("_faces", card_faces())
        self.set_trait("_card_names", card_names())
        if self._game is not None:
            self._apply(self._state(self.selected))

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` with each move the learner chooses (e.g. ``game.play``);
        ``remove=True`` stops calling it."""
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    def hand_index(self, card: Card | str) -> int:
        """The index of ``card`` in the shown hand (for driving the widget from code)."""
        c = card if isinstance(card, Card) else Card.parse(card)
        return list(self._hand()).index(c)

    def layout_index(self, card: Card | str) -> int:
        """The index of ``card`` in the layout."""
        c = card if isinstance(card, Card) else Card.parse(card)
        assert self._game is not None
        return list(self._game.position.layout).index(c)

    # -- validation of Python-side changes ------------------------------

    @traitlets.validate("card_width")
    def _valid_width(self, proposal: dict) -> int:
        if not 24 <= proposal["value"] <= 200:
            raise traitlets.TraitError("card_width is a card's width in pixels, 24 to 200")
        return proposal["value"]

    @traitlets.observe(
        "seat",
        "names",
        "reveal",
        "interactive",
        "card_width",
        "show_scoring",
        "paused",
        "show_deal_end",
    )
    def _on_options(self, change: dict) -> None:
        if self._game is not None:
            self.refresh()

    # -- reading the game -----------------------------------------------

    def _names(self) -> list[str]:
        assert self._game is not None
        n = self._game.players
        names = list(self.names)[:n]
        return names + default_names(n)[len(names) :]

    def _shown(self, seat: int) -> str:
        """A seat's name as the page shows it ("You" in the current language)."""
        return display_name(self._names()[seat])

    def _hand(self) -> tuple[Card, ...]:
        assert self._game is not None
        if self._shown_seat is None:
            return ()
        return self._game.hand(self._shown_seat)

    def _can_act(self) -> bool:
        g = self._game
        return (
            g is not None
            and self.interactive
            and not self.paused
            and self._shown_seat is not None
            and self._shown_seat in g.current_players()
        )

    def _choices(self, selected: int | None) -> tuple[Card | None, list[Move]]:
        """The card being placed (selected hand card, or the turned-up stock card) and
        its legal moves, straight from the engine."""
        g = self._game
        if g is None or not self._can_act():
            return None, []
        legal = g.legal_moves(self._shown_seat)
        if g.phase == "stock":
            return g.position.turned, list(legal)
        if selected is None:
            return None, []
        card = self._hand()[selected]
        return card, [m for m in legal if m.card == card]

    def _state(self, selected: int | None) -> dict:
        """Every derived trait for the game as it stands, with ``selected`` hand card."""
        g = self._game
        if g is None:
            return {"selected": None, "targets": [], "message": "", "_view": {}}
        self._shown_seat = self.seat
        if selected is not None and (
            g.phase != "hand" or not self._can_act() or selected >= len(self._hand())
        ):
            selected = None
        card, moves = self._choices(selected)
        layout = g.position.layout
        targets = sorted({layout.index(c) for m in moves for c in m.captures})
        message = self._message(card, moves)
        return {
            "version": self.version_for(g),
            "selected": selected,
            "targets": targets,
            "message": message,
            "_view": self._view_json(selected, targets, moves, message),
        }

    def _message(self, card: Card | None, moves: list[Move]) -> str:
        g = self._game
        assert g is not None
        names = self._names()
        if self._what_if:  # a move not played is on the table: say that, not whose turn
            return self._what_if
        if self._at_deal_end():  # a deal's last move (a replay): the match goes on after it
            scores = listing(
                [f"{display_name(n)} {p}" for n, p in zip(names, g.current_points, strict=False)]
            )
            return _(
                "Deal {number} is over. Points in this deal: {scores}.",
                number=g.position.deal_number + 1,
                scores=scores,
            )
        if g.is_over:
            return self._over_message(names) if self.say_end else ""
        mover = names[g.to_move]
        if self.paused and g._deal_start() == len(g.history):
            # between two deals: the page waits for Continue
            return _(
                "The cards of deal {number} are dealt: press Continue to play it.",
                number=g.position.deal_number + 1,
            )
        if self.paused:  # bots stopped mid-deal: nobody is playing until Continue
            return by_person(mover, N_("You to play."), N_("{name} to play."))
        if not self._can_act():
            if not self.interactive:
                return by_person(mover, N_("You to play."), N_("{name} to play."))
            return by_person(mover, N_("You are playing…"), N_("{name} is playing…"))
        caps = sorted({c for m in moves for c in m.captures})
        takes = cards_words(caps, "or")
        if g.phase == "stock":
            assert g.position.turned is not None
            # "Ann, you …" when several people share the screen; just "You …" for one.
            return by_person(
                mover,
                N_("You turned up {card}: it can capture {cards}. Click the one to take (CT-3)."),
                N_(
                    "{name}, you turned up {card}: it can capture {cards}. Click the one to "
                    "take (CT-3)."
                ),
                card=the_card(g.position.turned),
                cards=takes,
            )
        if card is None:
            return by_person(
                mover,
                N_("Your turn: click a card in your hand."),
                N_("Your turn, {name}: click a card in your hand."),
            )
        the = the_card(card)
        if not caps:
            said = _l("{card} captures nothing here: lay it down on the layout.", card=the)
        elif len(moves) == 1 and len(moves[0].captures) == 3:
            said = _l(_FOURTH[card.rank], card=the)
        elif len(caps) == 1:
            said = _l(
                "{card} can capture {cards}: click it to take it (capturing is compulsory, CT-3).",
                card=the,
                cards=takes,
            )
        else:
            said = _l(
                "{card} can capture {cards}: click the one to take (capturing is "
                "compulsory, CT-3).",
                card=the,
                cards=takes,
            )
        return str(sentence(said))

    def _over_message(self, names: list[str]) -> str:
        g = self._game
        assert g is not None and g.result is not None
        return over_message(g.result, names, match=len(g.deal_points) > 1)

    def _is_match(self) -> bool:
        o = self._game.options if self._game is not None else None
        return o is not None and (o.target is not None or (o.deals or 1) > 1)

    def _seat_json(self, s: int, names: list[str], face_up: bool) -> dict:
        g = self._game
        assert g is not None
        p = g.position
        name = names[s]
        pile = p.captured[s]
        points = ngettext("{n} point", "{n} points", p.current_points[s])
        total = signed(p.totals[s])
        if not self._is_match():
            score = points
        elif not p.options.settle:
            score = _("{points} this deal · total {total}", points=points, total=total)
        elif len(p.deal_points) > p.deal_number:  # the deal shown is over: it is settled
            settled = deal_scores(p.options, p.current_points)[s]
            score = _(
                "{points} this deal (settled {settled}) · settled total {total}",
                points=points,
                settled=signed(settled, plus=True),
                total=total,
            )
        else:
            score = _("{points} this deal · settled total {total}", points=points, total=total)
        held = len(p.hands[s])
        if name == YOU:
            hand_label = ngettext("Your hand, {n} card", "Your hand, {n} cards", held)
        else:
            hand_label = ngettext(
                "{name}'s hand, {n} card", "{name}'s hand, {n} cards", held, name=name
            )
        if pile:
            pile_words = by_person(
                name,
                N_("You have captured {cards}."),
                N_("{name} has captured {cards}."),
                cards=cards_words(pile),
            )
        else:
            pile_words = by_person(
                name, N_("You have captured nothing yet."), N_("{name} has captured nothing yet.")
            )
        return {
            "seat": s,
            "name": display_name(name),
            "hand": [str(c) for c in p.hands[s]] if face_up else None,
            "count": len(p.hands[s]),
            "pile": [str(c) for c in pile],
            "points": p.current_points[s],
            "total": p.totals[s],
            "to_move": s == g.to_move,
            "dealer": s == p.dealer,
            # "Cal (bot, dealer)": the name as the seat's heading shows it.
            "label": dealer_label(display_name(name)) if s == p.dealer else display_name(name),
            "score": score,
            "hand_label": hand_label,
            "pile_label": ngettext(
                "Captured: {n} card, {points}",
                "Captured: {n} cards, {points}",
                len(pile),
                points=points,
            ),
            "pile_words": pile_words,
        }

    def _view_json(
        self, selected: int | None, targets: list[int], moves: list[Move], message: str
    ) -> dict:
        g = self._game
        assert g is not None
        p = g.position
        names = self._names()
        shown = self._shown_seat
        seats = [self._seat_json(s, names, self.reveal or s == shown) for s in range(g.players)]
        n = len(g.history)
        events = g.events_of(n)
        # Numbered by move, as the replay stepper counts them: one move (a card played,
        # then the stock's card turned up) is one number, not two lines' worth.
        numbered = numbered_log(g, names)
        can_act = self._can_act()
        lay_refused = self._lay_refusal(selected) if can_act and g.phase == "hand" else ""
        return {
            "players": g.players,
            "shown": shown,
            "scoring": p.options.scoring,
            "phase": g.phase,
            "can_act": can_act,
            "seats": seats,
            "layout": [str(c) for c in p.layout],
            "stock": len(p.stock),
            "turned": str(p.turned) if p.turned else None,
            "selected": selected,
            "targets": targets,
            "can_lay": can_act and g.phase == "hand" and selected is not None,
            # Why the selected card cannot be laid down (it must capture, CT-3): the button
            # is shown disabled, described by the message when the message says so already
            # (once, where the learner looks), else with the engine's refusal beside it.
            "lay_refused": lay_refused,
            "lay_why": lay_refused if _RULE_CT3 not in message else "",
            # Each possible move as a button: its notation (sent back) and its words (shown).
            "legal": [[str(m), move_words(m)] for m in g.legal_moves(shown)] if can_act else [],
            "match": self._is_match(),
            "stock_label": ngettext("Stock: {n} card", "Stock: {n} cards", len(p.stock)),
            "layout_label": ngettext("Layout: {n} card", "Layout: {n} cards", len(p.layout))
            if p.layout
            else _("Layout: empty"),
            "deal": p.deal_number,
            "deal_points": [list(d) for d in p.deal_points],
            "totals": list(p.totals),
            "settle": p.options.settle,
            # The score table's cells, as shown (settled deals beside their points, CT-6).
            "score_cells": score_cells(g),
            "message": message,
            "log": [line for _n, line in numbered],
            # Each line's move number: on a move's first line only (None on the others).
            "log_numbers": [n for n, _line in numbered],
            # The line where the move not played begins (show_what_if), else None.
            "log_not_played": next((i for i, (k, _l) in enumerate(numbered) if k == n), None)
            if self._what_if and n
            else None,
            "what_if": bool(self._what_if),
            "last": {"n": n, "events": [_event_json(e) for e in events]},
            "card_width": self.card_width,
            "scoring_line": scoring_line(p.options) if self.show_scoring else "",
        }

    def _lay_refusal(self, selected: int | None) -> str:
        """The engine's refusal to lay the selected hand card down ("" if it may be), with
        its rule id: capturing is compulsory (CT-3)."""
        g = self._game
        if g is None or selected is None or selected >= len(self._hand()):
            return ""
        move = Move(self._hand()[selected])
        if move in g.legal_moves(self._shown_seat):
            return ""
        try:
            g.verify(move, self._shown_seat)
        except IllegalMoveError as e:
            return str(e)
        return ""

    # -- events from the browser ----------------------------------------

    def _require_turn(self) -> ChineseTen:
        g = self._game
        if g is None:
            raise Refused(_l("No game is shown on this table."))
        if g.is_over:
            raise Refused(_l("The game is over: no more moves."))
        if not self.interactive:
            raise Refused(_l("This table only shows the game; it does not take moves."))
        if self._shown_seat is None:
            raise Refused(_l("This table shows the game to onlookers; it does not take moves."))
        if self._shown_seat not in g.current_players():
            mover, mine = g.to_move, self._shown_seat
            raise Refused(_Said(lambda: self._not_your_turn(mover, mine)))
        return g

    def _not_your_turn(self, mover: int, mine: int) -> str:
        names = self._names()
        if names[mover] == YOU:
            return _("It is your turn, not {other}'s.", other=names[mine])
        if names[mine] == YOU:
            return _("It is {name}'s turn, not yours.", name=names[mover])
        return _("It is {name}'s turn, not {other}'s.", name=names[mover], other=names[mine])

    def _refuse(self, g: ChineseTen, move: Move) -> Refused:
        try:
            g.verify(move, self._shown_seat)
        except IllegalMoveError as e:
            return Refused(e)  # said again in the reader's language when it changes
        return Refused(
            _Said(lambda: _("{move} is not a move you can make now.", move=move_words(move)))
        )

    @handles("select", index=int)
    def _on_select(self, index: int) -> dict:
        g = self._require_turn()
        if g.phase == "stock":
            assert g.position.turned is not None
            raise Refused(
                _l(
                    "First choose what the turned-up {name} captures: click a highlighted "
                    "layout card (CT-3).",
                    name=card_name(g.position.turned),
                )
            )
        hand = self._hand()
        if not 0 <= index < len(hand):
            raise Refused(
                _nl(
                    "There is no such card: your hand has {n} card.",
                    "There is no such card: your hand has {n} cards.",
                    len(hand),
                )
            )
        return self._state(None if self.selected == index else index)

    @handles("deselect")
    def _on_deselect(self) -> dict:
        return self._state(None)

    @handles("capture", index=int)
    def _on_capture(self, index: int) -> dict:
        g = self._require_turn()
        layout = g.position.layout
        if not 0 <= index < len(layout):
            raise Refused(
                _nl(
                    "There is no such card on the layout: it has {n} card.",
                    "There is no such card on the layout: it has {n} cards.",
                    len(layout),
                )
            )
        target = layout[index]
        if g.phase == "hand" and self.selected is None:
            raise Refused(_l("First click a card in your hand, then the layout card it captures."))
        card, moves = self._choices(self.selected)
        assert card is not None
        chosen = [m for m in moves if target in m.captures]
        if not chosen:
            raise self._refuse(g, Move(card, (target,), stock=g.phase == "stock"))
        self._emit(chosen[0])
        return {}

    @handles("lay")
    def _on_lay(self) -> dict:
        g = self._require_turn()
        if g.phase == "stock":
            raise self._refuse(g, Move(g.position.turned, stock=True))
        if self.selected is None:
            raise Refused(_l("First click the card in your hand you want to lay down."))
        move = Move(self._hand()[self.selected])
        if move not in g.legal_moves(self._shown_seat):
            raise self._refuse(g, move)
        self._emit(move)
        return {}

    @handles("move", text=str)
    def _on_move(self, text: str) -> dict:
        g = self._require_turn()
        try:
            move = g.verify(text, self._shown_seat)
        except IllegalMoveError as e:
            raise Refused(e) from None
        self._emit(move)
        return {}

    def _emit(self, move: Move) -> None:
        """Hand the move to the notebook's callbacks, then re-read the game."""
        if not self._move_callbacks:
            raise Refused(
                _l(
                    "{move} was chosen, but nothing plays it: connect the game with {code}.",
                    move=str(move),
                    code="table.on_move(game.play)",
                )
            )
        for cb in list(self._move_callbacks):
            try:
                cb(move)
            except Exception as e:  # the page said no (e.g. "Press Continue first")
                log.info("the move callback refused %s: %s", move, e)
                self.refresh()
                # str(e) of an IllegalMoveError names its rule (none: no "()").
                why = after_colon(e, BOT_NAMES)  # "…: press Continue first."
                said = _l("{card} was not played: {reason}", card=the_card(move.card), reason=why)
                raise Refused(sentence(said)) from None
        self.refresh()
