"""The Chinese Ten tutorial: theme → goal → overview → rules → special rules, by doing.

Each rule step is a small stacked deal on a :class:`ChineseTenTable`; the
learner's clicks go to the engine, and the check reads the engine's history
and events, so a wrong try is explained with the rule it breaks.  The rules
the rules page marks *Our interpretation* are flagged on their steps.

Cards are named in words ("the seven of hearts") everywhere in the course:
the short notation (``7H``) is only introduced at the end, with a link to the
rules page, because nothing here needs it.  Every word is a message in the page's
language: titles and hints marked with ``N_``, texts and feedback messages whose
facts (cards, numbers, pictures) are parameters, said again when the language changes.

Every exercise follows the :class:`~tabletop_widgets.ui.course.Exercise`
protocol: its answers are the learner's possible turns, the ones its Check
accepts are compared in the tests with the ones that reach the goal the step
states (``wanted``, computed from the engine), and every card its text or
hints name is read from its own position.

>>> course = chinese_ten_course()
>>> [s.rule for s in course.steps][3:9]
['CT-2', 'CT-2', 'CT-3', 'CT-3', 'CT-3', 'CT-4']
>>> ex = course.steps[3].exercise           # capture a pair that makes ten
>>> t = ex.table
>>> _ = t.dispatch({"type": "select", "index": t.hand_index("7H")})
>>> t.dispatch({"type": "capture", "index": t.layout_index("3S")})
True
>>> course.go(3); course.check().ok
True
>>> ex.correct() == {a for a in ex.answers() if ex.accepts(a)} == {("7H x 3S",)}
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import (
    N_,
    Message,
    _,
    _l,
    _nl,
    language,
    ngettext,
    on_language_change,
    pgettext,
)
from tabletop_widgets.games.chinese_ten import FULL_DECK, Card, ChineseTen, Move, deal_total, points
from tabletop_widgets.games.chinese_ten.cards import SUITS
from tabletop_widgets.games.chinese_ten.names import card_name, sentence, suit_name, the_card
from tabletop_widgets.games.chinese_ten.render import card_svg, suit_paths
from tabletop_widgets.games.chinese_ten.widgets.table import (
    ChineseTenTable,
    cards_words,
    describe_event,
)
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.course import Course, Feedback, Step
from tabletop_widgets.ui.guard import friendly, rewind

from .intro import PageIntro

__all__ = [
    "INTRO",
    "CardsPicture",
    "NumberExercise",
    "TableExercise",
    "chinese_ten_course",
    "stacked_game",
    "step_cards",
    "tutorial_page",
]

GAME = "chinese_ten"
NAMES = ["You", "Bea", "Cal"]
CARD_WIDTH = 64
#: Where the rules page is, beside this page.
RULES = "rules.ipynb"

#: The rules marked "Our interpretation" on the rules page, as the course states them.
INTERPRETATIONS = {
    "leader": N_(
        "The player to the left of the dealer plays first (CT-1). Here the last seat deals "
        "the first deal, so the first seat (you) plays first; the deal passes clockwise."
    ),
    "compulsory": N_(
        "Capturing is compulsory (CT-3): if the card you play (or turn up) can capture, it "
        "must. Some tables let you decline a capture."
    ),
}

#: The page's introduction, above the course.
INTRO = N_(
    "<p>Learn Chinese Ten (and its Thai cousin Red Frog Black Frog) by doing it, one rule at "
    "a time: read a step, make the move on the table, press <b>Check</b>. Stuck? Press "
    "<b>Hint</b>. Wrong tries are explained with the rule they break; a rule's number, like "
    "CT-2, links to it on the <a href='rules.ipynb'>rules page</a>. Rules marked <b>Our "
    "interpretation</b> are ones the published rules leave open.</p>"
    "<p>With a keyboard: press Tab to reach your hand, the arrow keys to move along it and "
    "Enter to choose a card; then Tab to a card it can take and press Enter.</p>"
    "<p>When you are done, <a href='play.ipynb'>play a whole game</a>.</p>"
)


def _cards(texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts.split()]


def cards_html(cards: Sequence[Card]) -> str:
    """Cards in a row that wraps (one picture each): they keep their size on a phone; their
    titles in the current language."""
    faces = "".join(card_svg(c, width=CARD_WIDTH) for c in cards)
    return f'<div style="display: flex; flex-wrap: wrap; gap: 6px">{faces}</div>'


class Lazy:
    """Text computed when it is shown (a message's parameter that holds pictures or words
    drawn in the language of that moment)."""

    def __init__(self, make: Callable[[], str]) -> None:
        self._make = make

    def __str__(self) -> str:
        return self._make()

    def __format__(self, spec: str) -> str:
        return format(self._make(), spec)


class CardsPicture(w.HTML):
    """Cards in a row (:func:`cards_html`), drawn again in a new language (their titles)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        super().__init__()
        self.cards = list(cards)
        self._draw()
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    def _draw(self) -> None:
        self.value = cards_html(self.cards)

    def _follow_language(self, _lang: str) -> None:
        self._draw()


def stacked_game(
    hands: Sequence[str],
    layout: str,
    stock_top: str = "",
    *,
    scoring: str = "standard",
    seed: int = 0,
) -> ChineseTen:
    """A one-deal game dealt from a stacked deck: ``hands`` (one string per seat, seat 0
    plays first), the four ``layout`` cards, the top of the stock; the other cards fill
    the hands and the stock in deck order.

    >>> g = stacked_game(["7H 2C", "", ""], "3S 8D KC 6H", "4D")
    >>> [str(c) for c in g.position.layout], str(g.position.stock[0]), len(g.hand(0))
    (['3S', '8D', 'KC', '6H'], '4D', 8)
    """
    players = len(hands)
    want = [_cards(h) for h in hands]
    lay, top = _cards(layout), _cards(stock_top)
    used = [c for h in want for c in h] + lay + top
    if len(set(used)) != len(used) or len(lay) != 4:
        raise ValueError("each card once, and four layout cards")
    rest = [c for c in FULL_DECK if c not in used]
    size = 24 // players
    full = []
    for h in want:
        extra = size - len(h)
        full.append(h + rest[:extra])
        rest = rest[extra:]
    # Cards go one at a time clockwise from seat 0 (the last seat deals the first deal).
    deck = [full[i % players][i // players] for i in range(24)] + lay + top + rest
    record = {
        "game": GAME,
        "format": 2,
        "options": {"players": players, "scoring": scoring, "target": None},
        "seed": seed,
        "decks": [[str(c) for c in deck]],
        "moves": [],
    }
    return ChineseTen.from_record(record)


# -- exercises -------------------------------------------------------------------------

#: One whole turn of the learner, as the moves' notation (hashable, and readable in tests).
Turn = tuple[str, ...]


def turns(game: ChineseTen, seat: int = 0) -> list[Turn]:
    """Every way ``seat`` can play its whole turn from here: the hand card, and the
    choice for the turned-up stock card when there is one.

    >>> g = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    >>> sorted(turns(g))[:2]
    [('2C', 'stock 5D x 5H'), ('2C', 'stock 5D x 5S')]
    """
    out: list[Turn] = []
    for move in game.legal_moves(seat):
        game.play(move, seat)
        if not game.is_over and game.to_move == seat and game.phase == "stock":
            out += [(str(move), *rest) for rest in turns(game, seat)]
        else:
            out.append((str(move),))
        game.undo()
    return out


class TableExercise:
    """A stacked deal on a table; the learner (the first seat) plays one turn, then checks.

    ``goal(game)`` is the Check (a sentence for every outcome); ``wanted(game)`` is the
    goal the step's text states, as a plain test of what the turn did (the tests compare
    the two over every possible turn).  ``hints(exercise)`` makes the hints from the
    exercise itself, so they name the right cards.

    The table is built when the step is first shown (:meth:`build`): each table
    sends the card faces to the browser once, so unseen steps cost nothing.
    """

    game = GAME

    def __init__(
        self,
        make_game: Callable[[], ChineseTen],
        goal: Callable[[ChineseTen], Feedback],
        wanted: Callable[[ChineseTen], bool],
        *,
        names: Sequence[str] = NAMES,
    ) -> None:
        self.make_game = make_game
        self.goal = goal
        self.wanted = wanted
        self.names = list(names)
        self._widget: w.VBox | None = None
        self.start = make_game()
        # The line under the table: what to do now, and what the last move did.
        self._line: tuple[str, tuple[Any, ...], bool] = (READY, (), False)
        self._changed: list[Callable[[], Any]] = []

    def on_change(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` when the learner starts again or moves (the course takes an
        old check's message away then)."""
        self._changed.append(callback)

    def _tell_changed(self) -> None:
        for cb in list(self._changed):
            cb()

    # -- the Exercise protocol (for the tests) ---------------------------------------

    def positions(self) -> list[Mapping[str, Any]]:
        return [self.start.position.to_json()]

    def answers(self) -> list[Turn]:
        return turns(self.make_game())

    def _after(self, answer: Turn) -> ChineseTen | None:
        game = self.make_game()
        try:
            for move in answer:
                game.play(move, 0)
        except (IllegalMoveError, TypeError):
            return None
        return game

    def accepts(self, answer: Hashable) -> bool:
        game = self._after(tuple(answer)) if isinstance(answer, tuple) else None
        return game is not None and self.goal(game).ok

    def correct(self) -> set[Hashable]:
        return {a for a in self.answers() if self.wanted(self._after(a))}  # type: ignore[arg-type]

    # -- facts for the text and the hints --------------------------------------------

    def hand(self) -> tuple[Card, ...]:
        return self.start.hand(0)

    def layout(self) -> tuple[Card, ...]:
        return self.start.position.layout

    def stock_top(self) -> Card:
        return self.start.position.stock[0]

    def solution(self) -> list[Move]:
        """The moves of one right turn (the first, in the engine's order)."""
        right = sorted(self.correct())
        return [Move.parse(m) for m in right[0]] if right else []

    # -- the page --------------------------------------------------------------------

    @property
    def table(self) -> ChineseTenTable:
        self.build()
        return self._table

    def build(self) -> w.VBox:
        """The exercise's widget (table, Start again, what happened)."""
        if self._widget is None:
            self._table = ChineseTenTable(seat=0, names=self.names, card_width=CARD_WIDTH)
            # Room for two lines from the start: the Check button under it never moves.
            self.message = w.HTML(layout=w.Layout(min_height="3em"))
            # A bug in a callback: a sentence under the table, the exercise put back.
            # A refused move (IllegalMoveError) is the table's to show.
            self._table.on_move(
                friendly(self._oops, expected=(IllegalMoveError,), keep=self._keep)(
                    lambda move: self.play(move)
                )
            )
            self._again = ActionButton()
            self._label_again()
            self._again.on_click(friendly(self._oops, keep=self._keep)(lambda _: self.reset()))
            row = w.HBox(
                [self._again, self.message],
                layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 12px"),
            )
            self._widget = w.VBox([self._table, row])
            self.reset()
            on_language_change(self._follow_language)  # held weakly: goes with the exercise
        return self._widget

    def _label_again(self) -> None:
        self._again.description = _("Start again")
        self._again.tooltip = _("deal this exercise again from the start")

    def _follow_language(self, _lang: str) -> None:
        self._label_again()
        self._draw_line()

    def reset(self) -> None:
        self.game = self.make_game()
        self._table.interactive = True
        self._table.show(self.game)
        self._line = (READY, (), False)
        self._draw_line()
        self._tell_changed()

    def play(self, move: Move) -> None:
        """The learner's move, played by the engine (the table refreshes itself after)."""
        self.game.play(move)
        self._tell_changed()
        happened = tuple(
            e for e in self.game.events_of(len(self.game.history)) if e.kind in ("play", "turn")
        )
        done = self.game.to_move != 0
        if done:
            # Nobody plays the other seats here: the table stops taking moves.
            self._table.interactive = False
        self._line = (DONE if done else CHOOSE, happened, move.stock)
        self._draw_line()

    def _draw_line(self) -> None:
        line, happened, chosen = self._line
        # The table's log shows what happened; screen readers hear it here.
        heard = " ".join(_event_text(e, chosen=chosen) for e in happened)
        self.message.value = _say(_(line), heard)

    def _oops(self, sentence: str) -> None:
        self.message.value = f"<div role='status'>{html.escape(sentence)}</div>"

    def _keep(self) -> Callable[[], None]:
        """Save the game and the message; the returned function puts them back."""
        game, moves, said = self.game, self.game.history, self._line
        interactive = self._table.interactive

        def restore() -> None:
            self.game = game
            rewind(game, moves)
            self._table.interactive = interactive
            self._table.show(game)
            self._line = said
            self._draw_line()

        return restore

    def check(self) -> Feedback:
        if self._widget is None:
            return Feedback(False, _l("Make your move on the table first."))
        return self.goal(self.game)


READY = N_("Play your turn on the table, then press Check.")
CHOOSE = N_("Now click the layout card the turned-up card takes.")
DONE = N_("Your turn is over: press Check.")
#: Read by screen readers, not shown (the table's log shows it).
_UNSEEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"


def _event_text(e: Any, chosen: bool = False) -> str:
    """What an engine event did, in the current language (the lessons' seats' names)."""
    return describe_event(e, NAMES, chosen=chosen)


def _say(line: str, unseen: str = "") -> str:
    """The one visible line under an exercise (and what happened, for screen readers)."""
    heard = f"<span style='{_UNSEEN}'>{html.escape(unseen)}</span>" if unseen else ""
    return f"<div role='status' class='tt-ct-exercise-line'>{heard}<b>{html.escape(line)}</b></div>"


class NumberExercise:
    """Count the points of a pile of cards; the engine's ``points`` is the answer."""

    game = GAME

    def __init__(self, cards: str, scoring: str, players: int = 3) -> None:
        self.cards = _cards(cards)
        self.scoring, self.players = scoring, players
        self.answer = w.IntText(layout=w.Layout(width="180px"))
        self._label()
        self.widget = w.VBox([CardsPicture(self.cards), self.answer])
        on_language_change(self._follow_language)  # held weakly: goes with the exercise

    def _label(self) -> None:
        self.answer.description = _("Points:")

    def _follow_language(self, _lang: str) -> None:
        self._label()

    def value(self, card: Card) -> int:
        return points(card, self.scoring, self.players)

    @property
    def expected(self) -> int:
        return sum(self.value(c) for c in self.cards)

    # -- the Exercise protocol ----------------------------------------------------------

    def positions(self) -> list[Mapping[str, Any]]:
        return []  # a pile of cards, not a position

    def answers(self) -> Iterable[int]:
        return range(0, deal_total(self.scoring, self.players) + 1)

    def accepts(self, answer: Hashable) -> bool:
        return isinstance(answer, int) and self._judge(answer).ok

    def correct(self) -> set[Hashable]:
        return {sum(points(c, self.scoring, self.players) for c in self.cards)}

    # -- the Check ----------------------------------------------------------------------

    def card_by_card(self) -> Lazy:
        """Each card and its points, in the language of the moment it is shown."""

        def say() -> str:
            items = [
                ngettext(
                    "{card}, {n} point", "{card}, {n} points", self.value(c), card=card_name(c)
                )
                for c in self.cards
            ]
            return pgettext("card by card", "; ").join(items)

        return Lazy(say)

    def _judge(self, value: int) -> Feedback:
        if value == self.expected:
            return Feedback(
                True,
                _nl("The pile is worth {n} point.", "The pile is worth {n} points.", self.expected),
            )
        return Feedback(
            False,
            _l(
                "Not {value}. Card by card: {cards} (CT-5).", value=value, cards=self.card_by_card()
            ),
        )

    def check(self) -> Feedback:
        return self._judge(self.answer.value)


def _step(title: str, text: str | Message, exercise: Any = None, **kwargs: Any) -> Step:
    if exercise is not None:
        build = getattr(exercise, "build", None)
        kwargs.update(widget=build or exercise.widget, check=exercise.check)
    step = Step(title, text, **kwargs)  # type: ignore[arg-type]
    step.exercise = exercise
    return step


def in_english(words: str | Message) -> str:
    """A step's words as the English source says them (what the tests read)."""
    with language("en"):
        return _(words)


def step_cards(step: Step) -> list[Card]:
    """Every card a step's text and hints name in words ("the seven of hearts"), read in
    English.

    >>> [str(c) for c in step_cards(Step("x", "Play the seven of hearts, or the ten of clubs."))]
    ['7H', 'TC']
    """
    text = " ".join(in_english(x) for x in [step.text, *step.hints]).lower()
    return [c for c in FULL_DECK if c.name in text]


# -- the goals each exercise checks (reading the engine's history) -------------


def _first(game: ChineseTen) -> Move | None:
    return game.history[0] if game.history else None


def _stock_move(game: ChineseTen) -> Move | None:
    return next((m for m in game.history if m.stock), None)


def _goal_pair(game: ChineseTen) -> Feedback:
    m = _first(game)
    if m is None:
        return Feedback(False, _l("Click a card in your hand, then a highlighted layout card."))
    if not m.captures:
        return Feedback(
            False,
            sentence(
                _l(
                    "{card} took nothing. Which of your cards makes 10 with a layout card? Press "
                    "Start again (CT-2).",
                    card=the_card(m.card),
                )
            ),
        )
    return Feedback(
        True,
        sentence(
            _l(
                "{card} and {taken} make 10: both go to your pile.",
                card=the_card(m.card),
                taken=the_card(m.captures[0]),
            )
        ),
    )


def _wanted_pair(game: ChineseTen) -> bool:
    m = game.history[0]
    return len(m.captures) == 1 and m.card.rank + m.captures[0].rank == 10


def _goal_court(game: ChineseTen) -> Feedback:
    m = _first(game)
    if m is None:
        return Feedback(False, _l("Which of your cards can take a layout card?"))
    card = the_card(m.card)
    if m.card.rank >= 10 and m.captures and m.captures[0].rank == m.card.rank:
        return Feedback(
            True,
            sentence(
                _l(
                    "{card} takes the card of its own rank, {taken}.",
                    card=card,
                    taken=the_card(m.captures[0]),
                )
            ),
        )
    if m.captures:
        said = _l(
            "{card} took {cards}. A 10, jack, queen or king takes only a card of its own rank "
            "(CT-2). Press Start again.",
            card=card,
            cards=cards_words(m.captures),
        )
    else:
        said = _l(
            "{card} took nothing. A 10, jack, queen or king takes only a card of its own rank "
            "(CT-2). Press Start again.",
            card=card,
        )
    return Feedback(False, sentence(said))


def _wanted_court(game: ChineseTen) -> bool:
    m = game.history[0]
    return m.card.rank >= 10 and [c.rank for c in m.captures] == [m.card.rank]


def _goal_two_steps(game: ChineseTen) -> Feedback:
    if not game.history:
        return Feedback(False, _l("Play any card from your hand first."))
    if game.to_move == 0:
        return Feedback(False, _l("The turned-up card waits: click the layout card it takes."))
    turned = [e for e in game.events_of(len(game.history)) if e.kind == "turn" and e.card]
    e = turned[-1]
    if e.captures:
        said = _l(
            "Step 1 was your card; step 2 turned up {card}, which captured {cards}. Then the "
            "turn passed to {name}.",
            card=the_card(e.card),
            cards=cards_words(e.captures),
            name=NAMES[1],
        )
    else:
        said = _l(
            "Step 1 was your card; step 2 turned up {card}, which joined the layout. Then the "
            "turn passed to {name}.",
            card=the_card(e.card),
            name=NAMES[1],
        )
    return Feedback(True, said)


def _wanted_any_turn(game: ChineseTen) -> bool:
    return game.to_move != 0  # the whole turn was played (any card will do)


def _goal_choose(card: Card) -> Callable[[ChineseTen], Feedback]:
    def goal(game: ChineseTen) -> Feedback:
        m = _first(game)
        the = the_card(card)
        if m is None:
            return Feedback(False, _l("Click {card}, then the layout card that scores.", card=the))
        if m.card != card:
            return Feedback(False, _l("This step is about {card}. Press Start again.", card=the))
        worth = [points(c, "standard", game.players) for c in m.captures]
        if worth and worth[0] > 0:
            return Feedback(
                True,
                sentence(
                    _l(
                        "{card} is red, so it scores; the black one does not.",
                        card=the_card(m.captures[0]),
                    )
                ),
            )
        if m.captures:
            said = _l(
                "{card} took {cards}, worth nothing: only red cards score (CT-5). Press Start "
                "again.",
                card=the,
                cards=cards_words(m.captures),
            )
        else:
            said = _l(
                "{card} took nothing: only red cards score (CT-5). Press Start again.", card=the
            )
        return Feedback(False, sentence(said))

    return goal


def _wanted_points_by_hand(game: ChineseTen) -> bool:
    m = game.history[0]
    return any(points(c, "standard", game.players) > 0 for c in m.captures)


def _goal_stock_choice(game: ChineseTen) -> Feedback:
    m = _stock_move(game)
    if m is None:
        if game.phase == "stock":
            turned = game.position.turned
            assert turned is not None
            return Feedback(
                False,
                _l("The turned-up {name} waits: click the card it takes.", name=card_name(turned)),
            )
        return Feedback(False, _l("Play a card from your hand first; then look at the stock."))
    c = m.captures[0]
    worth = points(c, "standard", game.players)
    if worth > 0:
        return Feedback(
            True,
            sentence(
                _nl(
                    "{card} took {taken}, worth {n} point; a black card would have been worth "
                    "nothing.",
                    "{card} took {taken}, worth {n} points; a black card would have been worth "
                    "nothing.",
                    worth,
                    card=the_card(m.card),
                    taken=the_card(c),
                )
            ),
        )
    return Feedback(
        False,
        sentence(
            _l(
                "{card} is black: it is worth nothing. Press Start again and choose again.",
                card=the_card(c),
            )
        ),
    )


def _wanted_points_by_stock(game: ChineseTen) -> bool:
    m = _stock_move(game)
    return m is not None and any(points(c, "standard", game.players) > 0 for c in m.captures)


def _goal_three(game: ChineseTen) -> Feedback:
    m = _first(game)
    if m is None:
        return Feedback(False, _l("One of your cards is the fourth of a rank on the layout."))
    if len(m.captures) == 3:
        return Feedback(
            True,
            sentence(
                _l("{card} took all three: four cards in one go (CT-4).", card=the_card(m.card))
            ),
        )
    return Feedback(
        False, sentence(_l("{card} is not the one. Press Start again.", card=the_card(m.card)))
    )


def _wanted_three(game: ChineseTen) -> bool:
    return len(game.history[0].captures) == 3


# -- the steps -----------------------------------------------------------------------


def _suit_icon(suit: str) -> Lazy:
    """A small suit symbol as SVG (no font needed), for the text; its label in the language
    of the moment it is shown."""

    def draw() -> str:
        label = html.escape(str(suit_name(suit)), quote=True)
        return (
            f'<svg width="16" height="16" viewBox="0 0 100 100" role="img" '
            f'aria-label="{label}" style="vertical-align: -2px">'
            f"{suit_paths(suit, 50, 50, 100)}</svg>"
        )

    return Lazy(draw)


def _icons() -> dict[str, Lazy]:
    """The four suit symbols, by suit name (parameters of the texts that name the suits)."""
    words = ("spades", "hearts", "diamonds", "clubs")
    return {name: _suit_icon(s) for s, name in zip(SUITS, words, strict=True)}


def _picture(cards: str) -> Lazy:
    return Lazy(lambda: cards_html(_cards(cards)))


def _theme() -> Step:
    return _step(
        N_("The theme"),
        _l(
            "<p><b>Chinese Ten</b> (拣红点, “picking red points”) is a fishing game from China: "
            "you fish cards out of a pool on the table. The Thai game <b>Red Frog Black "
            "Frog</b> (กบดำกบแดง) is the same game with another way of counting. It is played "
            "by 2 to 4 players with one ordinary 52-card deck: four suits, {spades} spades, "
            "{hearts} hearts, {diamonds} diamonds and {clubs} clubs, each with an ace, 2 to 10, "
            "a jack, a queen and a king.</p>",
            **_icons(),
        ),
        widget=lambda: CardsPicture(_cards("AH 9S TD KC 5H")),
    )


def _goal() -> Step:
    icons = _icons()
    return _step(
        N_("The goal"),
        _l(
            "<p>Capture cards worth points. In the standard game only <b>red</b> cards "
            "({hearts} hearts and {diamonds} diamonds) score, and the ace of spades. Red cards "
            "also have a thin red inner frame, so you can tell them without colour. Whoever has "
            "the most points when the deal ends wins it.</p>",
            hearts=icons["hearts"],
            diamonds=icons["diamonds"],
        ),
        widget=lambda: CardsPicture(_cards("7H 7D 7S 7C")),
    )


def _overview(interp: Mapping[str, str]) -> Step:
    game = ChineseTen.new(players=3, seed=5, target=None)
    p = game.position
    hand, layout, stock = len(p.hands[0]), len(p.layout), len(p.stock)

    def table() -> ChineseTenTable:
        return ChineseTenTable(game, seat=0, names=NAMES, interactive=False, card_width=CARD_WIDTH)

    return _step(
        N_("Overview"),
        _l(
            "<p>With {players} players each gets {hand} cards; {layout} cards lie face up on the "
            "table (the <b>layout</b>); the other {stock} are the <b>stock</b>, face down. On "
            "your turn you play a card from your hand, then turn up the top card of the stock. "
            "Both can capture from the layout. The deal ends when the stock is empty: by then "
            "the layout is empty too.</p>"
            "<p>Below: a deal as it starts. Your hand is at the bottom, face up; {bea}'s and "
            "{cal}'s are face down at the top.</p>",
            players=game.players,
            hand=hand,
            layout=layout,
            stock=stock,
            bea=NAMES[1],
            cal=NAMES[2],
        ),
        widget=table,
        rule="CT-1",
        interpretations=[interp["leader"]],
    )


def _make_ten() -> Step:
    ex = TableExercise(
        lambda: stacked_game(["7H 2C 4S 6D JS 8S 9D TC", "", ""], "3S QD KC 5C", "9H"),
        _goal_pair,
        _wanted_pair,
    )
    card, taken = ex.solution()[0].card, ex.solution()[0].captures[0]
    return _step(
        N_("Capture: make ten"),
        _l(
            "<p>A card from ace (1) to 9 captures a layout card that makes <b>10</b> with it: a "
            "3 takes a 7, a 9 takes an ace, a 5 takes a 5. Suits do not matter. <b>Do it:</b> "
            "click a card in your hand (the layout cards it can take are marked <i>✓ can "
            "take</i>), then click the card to capture.</p>"
        ),
        ex,
        rule="CT-2",
        hints=[
            N_("Which card in your hand adds up to 10 with a card on the layout?"),
            _l(
                "{a} + {b} = 10: click {card}, then {taken}.",
                a=card.rank,
                b=taken.rank,
                card=the_card(card),
                taken=the_card(taken),
            ),
        ],
    )


def _court_cards() -> Step:
    ex = TableExercise(
        lambda: stacked_game(["QH 4C 2S JD TC 3D 6S 8D", "", ""], "QS KD 5C 9H", "8S"),
        _goal_court,
        _wanted_court,
    )
    card, taken = ex.solution()[0].card, ex.solution()[0].captures[0]
    return _step(
        N_("Capture: 10, jack, queen, king take their own rank"),
        _l(
            "<p>A 10, jack, queen or king cannot make ten with anything: it captures only a card "
            "of the <b>same rank</b>. One card captures one card; sums of several layout cards "
            "do not count. <b>Do it:</b> find your only capture.</p>"
        ),
        ex,
        rule="CT-2",
        hints=[
            N_("Look for a 10, jack, queen or king with the same rank on the layout."),
            sentence(_l("{card} takes {taken}.", card=the_card(card), taken=the_card(taken))),
        ],
    )


def _two_steps(interp: Mapping[str, str]) -> Step:
    ex = TableExercise(
        lambda: stacked_game(["2C 4S 8D 8C JS 9S 3D TH", "", ""], "4D QC KS 7C", "6H"),
        _goal_two_steps,
        _wanted_any_turn,
    )
    return _step(
        N_("A turn has two steps"),
        _l(
            "<p>First you play a card from your hand (capturing if it can). Then the top card of "
            "the stock is turned up and treated the same way against the layout as it now "
            "stands. Then the next player plays. <b>Do it:</b> play any card and watch what the "
            "stock card does.</p>"
        ),
        ex,
        rule="CT-3",
        interpretations=[interp["compulsory"]],
        hints=[
            N_("Any card will do here; if it can capture, click the card it takes."),
            N_(
                "After your card, the stock card is turned up by itself: read the lines under "
                "the table."
            ),
        ],
        # Any card will do: after a wrong try the coach may show the best ones here.
        coach=lambda: (ex.game, 0) if not isinstance(ex.game, str) else None,
    )


def _choose() -> Step:
    card = Card.parse("7C")
    ex = TableExercise(
        lambda: stacked_game(["7C 2S 4C 6S JC 8D 9S TD", "", ""], "3S 3H KC QS", "8C"),
        _goal_choose(card),
        _wanted_points_by_hand,
    )
    taken = ex.solution()[0].captures[0]
    threes = [c for c in ex.layout() if c.rank + card.rank == 10]
    return _step(
        N_("Choosing among captures"),
        _l(
            "<p>When the card you play can take several layout cards, you choose which. <b>Do "
            "it:</b> play {card}: it can take {cards}. Take the one that scores.</p>",
            card=the_card(card),
            cards=cards_words(threes, "or"),
        ),
        ex,
        rule="CT-3",
        hints=[
            N_("Red cards score."),
            _l("Click {card}, then {taken}.", card=the_card(card), taken=the_card(taken)),
        ],
    )


def _stock_choice() -> Step:
    ex = TableExercise(
        lambda: stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D"),
        _goal_stock_choice,
        _wanted_points_by_stock,
    )
    top = ex.stock_top()
    taken = ex.solution()[-1].captures[0]
    return _step(
        N_("Choosing for the stock card"),
        _l(
            "<p>The stock card is yours to place too: if it can take several layout cards, you "
            "click the one it takes. We stacked the deck: the top card of the stock is {card}. "
            "<b>Do it:</b> play a card (none of yours can capture here, so lay one down); then "
            "choose what {card} takes.</p>",
            card=the_card(top),
        ),
        ex,
        rule="CT-3",
        hints=[
            N_("Click any card in your hand, then “Lay it down on the layout”."),
            _l("Then click {card}: it is red, so it scores.", card=the_card(taken)),
        ],
    )


def _special() -> Step:
    ex = TableExercise(
        lambda: stacked_game(["KH 2C 4S 6S 8C 9D TD JS", "", ""], "KS KD KC 3H", "9S"),
        _goal_three,
        _wanted_three,
    )
    card = ex.solution()[0].card
    # The words name kings: each language says "the fourth king" its own way (gender,
    # plural), so the text is written for this deal's rank.
    assert card.rank == 13, "the special-layout step's words are about kings"
    return _step(
        N_("Special layouts"),
        _l(
            "<p>Only for the first four layout cards: if three of them share a rank among king, "
            "queen, jack, 10 and 5, the fourth card of that rank captures <b>all three</b> at "
            "once. If all four share such a rank, the dealer captures them at once and the "
            "layout starts empty. <b>Do it:</b> use the fourth king.</p>"
        ),
        ex,
        rule="CT-4",
        hints=[
            N_("You hold the fourth king."),
            _l("Click {card}, then any of the three kings.", card=the_card(card)),
        ],
    )


def _counting() -> Step:
    ex = NumberExercise("AH 7D KH AS 9C 3S", "standard")

    def worth(text: str, players: int = 3) -> int:
        return points(Card.parse(text), "standard", players)

    return _step(
        N_("Counting the points"),
        _l(
            "<p>At the end of the deal each player counts the captured pile. Standard "
            "scoring:</p><ul>"
            "<li>red 2 to 8: their value;</li>"
            "<li>red 9, 10, jack, queen and king: {nine} each;</li>"
            "<li>red aces: {ace} each;</li>"
            "<li>the ace of spades: {spades} (with 3 or 4 players);</li>"
            "<li>the ace of clubs: {clubs} with 4 players only;</li>"
            "<li>every other black card: {black}.</li>"
            "</ul><p>A deal holds {total} points with 3 players. <b>Do it:</b> how many points is "
            "this pile worth (3 players)?</p>",
            nine=worth("9H"),
            ace=worth("AH"),
            spades=worth("AS"),
            clubs=worth("AC", 4),
            black=worth("7C"),
            total=deal_total("standard", 3),
        ),
        ex,
        rule="CT-5",
        hints=[
            N_("Red cards first, then the ace of spades; the other black cards are worth 0."),
            _l("Card by card: {cards}.", cards=ex.card_by_card()),
        ],
    )


def _frog() -> Step:
    ex = NumberExercise("AH 7D KH AS 9C 3S", "red_frog_black_frog")

    def worth(text: str) -> int:
        return points(Card.parse(text), "red_frog_black_frog", 3)

    return _step(
        N_("Red Frog Black Frog"),
        _l(
            "<p>The Thai scoring turns the colours round:</p><ul>"
            "<li>black 2 to 9: their value;</li>"
            "<li>black 10, jack, queen and king: {king} each;</li>"
            "<li>the ace of spades: <b>{spades}</b>;</li>"
            "<li>red cards and the ace of clubs: nothing.</li>"
            "</ul><p>{total} points a deal. <b>Do it:</b> the same pile, counted as Red Frog "
            "Black Frog.</p>",
            king=worth("KS"),
            spades=worth("AS"),
            total=deal_total("red_frog_black_frog", 3),
        ),
        ex,
        rule="CT-5",
        hints=[N_("Red cards: 0."), _l("Card by card: {cards}.", cards=ex.card_by_card())],
    )


def _match() -> Step:
    total = deal_total("standard", 3)
    tie = total // 3
    high, low = tie + 30, tie - 30
    return _step(
        N_("Longer games"),
        _l(
            "<p>A game can also be a <b>match</b>: deals are played until someone's running "
            "total reaches 1000 (or another target) at the end of a deal; the highest total "
            "wins, and equal totals share the win. With the <i>settle</i> option each deal is "
            "scored against an even share ({total} ÷ 3 = {tie} with 3 players): {high} points "
            "win 30, {low} points lose 30.</p>"
            "<p>You are ready: play a whole deal against two bots with the link below. Every "
            'rule is on the <a href="rules.ipynb" target="_blank">rules page</a>, with the '
            "short way cards are written in saved games and the sandbox (the seven of hearts is "
            "<code>{seven}</code>, a ten is <code>{ten}</code>).</p>",
            total=total,
            tie=tie,
            high=high,
            low=low,
            seven="7H",
            ten="T",
        ),
        rule="CT-6",
    )


def chinese_ten_course() -> Course:
    """The whole tutorial as a :class:`~tabletop_widgets.ui.course.Course`."""
    interp = INTERPRETATIONS
    steps = [
        _theme(),
        _goal(),
        _overview(interp),
        _make_ten(),
        _court_cards(),
        _two_steps(interp),
        _choose(),
        _stock_choice(),
        _special(),
        _counting(),
        _frog(),
        _match(),
    ]
    course = Course(
        N_("Chinese Ten — learn by playing"), steps, after=(N_("Play a whole game"), "play.ipynb")
    )
    for step in steps:
        if callable(getattr(step.exercise, "on_change", None)):
            step.exercise.on_change(course.clear_feedback)  # an old "Not yet" goes
    return course


def tutorial_page() -> w.VBox:
    """The whole tutorial page: its title and introduction above the course (the course is
    its second child, ``page.course``)."""
    course = chinese_ten_course()
    page = w.VBox([PageIntro("tutorial", INTRO), course])
    page.course = course
    return page
