"""The Chinese Ten tutorial: theme → goal → overview → rules → special rules, by doing.

Each rule step is a small stacked deal on a :class:`ChineseTenTable`; the
learner's clicks go to the engine, and the check reads the engine's history
and events, so a wrong try is explained with the rule it breaks.  The rules
the rules page marks *Our interpretation* are flagged on their steps.

Cards are named in words ("the seven of hearts") everywhere in the course:
the short notation (``7H``) is only introduced at the end, with a link to the
rules page, because nothing here needs it.

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
from tabletop_widgets.games.chinese_ten import FULL_DECK, Card, ChineseTen, Move, deal_total, points
from tabletop_widgets.games.chinese_ten.cards import RANK_NAMES, SUIT_NAMES, SUITS
from tabletop_widgets.games.chinese_ten.render import card_svg, suit_paths
from tabletop_widgets.games.chinese_ten.widgets.table import (
    ChineseTenTable,
    card_words,
    cards_words,
    describe_event,
)
from tabletop_widgets.ui.course import Course, Feedback, Step
from tabletop_widgets.ui.guard import friendly, rewind
from tabletop_widgets.ui.words import listing

__all__ = [
    "NumberExercise",
    "TableExercise",
    "chinese_ten_course",
    "stacked_game",
    "step_cards",
]

GAME = "chinese_ten"
NAMES = ["You", "Bea", "Cal"]
CARD_WIDTH = 64
#: Where the rules page is, beside this page.
RULES = "rules.ipynb"

#: The rules marked "Our interpretation" on the rules page, as the course states them.
INTERPRETATIONS = {
    "leader": "The player to the left of the dealer plays first (CT-1). Here the last seat "
    "deals the first deal, so the first seat (you) plays first; the deal passes "
    "clockwise.",
    "compulsory": "Capturing is compulsory (CT-3): if the card you play (or turn up) can "
    "capture, it must. Some tables let you decline a capture.",
}


def _cards(texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts.split()]


def cards_html(cards: Sequence[Card]) -> str:
    """Cards in a row that wraps (one picture each): they keep their size on a phone."""
    faces = "".join(card_svg(c, width=CARD_WIDTH) for c in cards)
    return f'<div style="display: flex; flex-wrap: wrap; gap: 6px">{faces}</div>'


def _the(card: Card) -> str:
    return card_words(card)


def _the_cap(card: Card) -> str:
    """The same, at the start of a sentence."""
    return card_words(card).capitalize()


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
            again = w.Button(
                description="Start again", tooltip="deal this exercise again from the start"
            )
            again.on_click(friendly(self._oops, keep=self._keep)(lambda _: self.reset()))
            row = w.HBox(
                [again, self.message],
                layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 12px"),
            )
            self._widget = w.VBox([self._table, row])
            self.reset()
        return self._widget

    def reset(self) -> None:
        self.game = self.make_game()
        self._table.interactive = True
        self._table.show(self.game)
        self.message.value = _say(READY)

    def play(self, move: Move) -> None:
        """The learner's move, played by the engine (the table refreshes itself after)."""
        self.game.play(move)
        happened = [
            e for e in self.game.events_of(len(self.game.history)) if e.kind in ("play", "turn")
        ]
        # The table's log shows what happened; screen readers hear it here.
        lines = " ".join(_event_text(e, chosen=move.stock) for e in happened)
        done = self.game.to_move != 0
        if done:
            # Nobody plays the other seats here: the table stops taking moves.
            self._table.interactive = False
        self.message.value = _say(DONE if done else CHOOSE, lines)

    def _oops(self, sentence: str) -> None:
        self.message.value = f"<div role='status'>{html.escape(sentence)}</div>"

    def _keep(self) -> Callable[[], None]:
        """Save the game and the message; the returned function puts them back."""
        game, moves, said = self.game, self.game.history, self.message.value
        interactive = self._table.interactive

        def restore() -> None:
            self.game = game
            rewind(game, moves)
            self._table.interactive = interactive
            self._table.show(game)
            self.message.value = said

        return restore

    def check(self) -> Feedback:
        if self._widget is None:
            return Feedback(False, "Make your move on the table first.")
        return self.goal(self.game)


READY = "Play your turn on the table, then press Check."
CHOOSE = "Now click the layout card the turned-up card takes."
DONE = "Your turn is over: press Check."
#: Read by screen readers, not shown (the table's log shows it).
_UNSEEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"


def _say(line: str, unseen: str = "") -> str:
    """The one visible line under an exercise (and what happened, for screen readers)."""
    heard = f"<span style='{_UNSEEN}'>{html.escape(unseen)}</span>" if unseen else ""
    return f"<div role='status' class='tt-ct-exercise-line'>{heard}<b>{html.escape(line)}</b></div>"


def _event_text(e: Any, chosen: bool = False) -> str:
    return describe_event(e, NAMES, chosen=chosen)


class NumberExercise:
    """Count the points of a pile of cards; the engine's ``points`` is the answer."""

    game = GAME

    def __init__(self, cards: str, scoring: str, players: int = 3) -> None:
        self.cards = _cards(cards)
        self.scoring, self.players = scoring, players
        self.answer = w.IntText(description="Points:", layout=w.Layout(width="180px"))
        self.widget = w.VBox([w.HTML(cards_html(self.cards)), self.answer])

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

    def card_by_card(self) -> str:
        return "; ".join(f"{c.name} {self.value(c)}" for c in self.cards)

    def _judge(self, value: int) -> Feedback:
        if value == self.expected:
            return Feedback(True, f"The pile is worth {self.expected} points.")
        return Feedback(False, f"Not {value}. Card by card: {self.card_by_card()} (CT-5).")

    def check(self) -> Feedback:
        return self._judge(self.answer.value)


def _step(title: str, text: str, exercise: Any = None, **kwargs: Any) -> Step:
    if exercise is not None:
        build = getattr(exercise, "build", None)
        kwargs.update(widget=build or exercise.widget, check=exercise.check)
    step = Step(title, text, **kwargs)
    step.exercise = exercise
    return step


def step_cards(step: Step) -> list[Card]:
    """Every card a step's text and hints name in words ("the seven of hearts").

    >>> [str(c) for c in step_cards(Step("x", "Play the seven of hearts, or the ten of clubs."))]
    ['7H', 'TC']
    """
    text = " ".join([step.text, *step.hints]).lower()
    return [c for c in FULL_DECK if c.name in text]


# -- the goals each exercise checks (reading the engine's history) -------------


def _first(game: ChineseTen) -> Move | None:
    return game.history[0] if game.history else None


def _stock_move(game: ChineseTen) -> Move | None:
    return next((m for m in game.history if m.stock), None)


def _goal_pair(game: ChineseTen) -> Feedback:
    m = _first(game)
    if m is None:
        return Feedback(False, "Click a card in your hand, then a highlighted layout card.")
    if not m.captures:
        return Feedback(
            False,
            f"{_the_cap(m.card)} took nothing. Which of your cards makes 10 with a "
            "layout card? Press Start again (CT-2).",
        )
    return Feedback(
        True, f"{_the_cap(m.card)} and {_the(m.captures[0])} make 10: both go to your pile."
    )


def _wanted_pair(game: ChineseTen) -> bool:
    m = game.history[0]
    return len(m.captures) == 1 and m.card.rank + m.captures[0].rank == 10


def _goal_court(game: ChineseTen) -> Feedback:
    m = _first(game)
    if m is None:
        return Feedback(False, "Which of your cards can take a layout card?")
    if m.card.rank >= 10 and m.captures and m.captures[0].rank == m.card.rank:
        return Feedback(
            True, f"{_the_cap(m.card)} takes the card of its own rank, {_the(m.captures[0])}."
        )
    took = f"took {cards_words(m.captures)}" if m.captures else "took nothing"
    return Feedback(
        False,
        f"{_the_cap(m.card)} {took}. A 10, jack, queen or king takes only a card of its own rank "
        "(CT-2). Press Start again.",
    )


def _wanted_court(game: ChineseTen) -> bool:
    m = game.history[0]
    return m.card.rank >= 10 and [c.rank for c in m.captures] == [m.card.rank]


def _goal_two_steps(game: ChineseTen) -> Feedback:
    if not game.history:
        return Feedback(False, "Play any card from your hand first.")
    if game.to_move == 0:
        return Feedback(False, "The turned-up card waits: click the layout card it takes.")
    turned = [e for e in game.events_of(len(game.history)) if e.kind == "turn" and e.card]
    e = turned[-1]
    what = f"captured {cards_words(e.captures)}" if e.captures else "joined the layout"
    return Feedback(
        True,
        f"Step 1 was your card; step 2 turned up {_the(e.card)}, which {what}. "
        "Then the turn passed to Bea.",
    )


def _wanted_any_turn(game: ChineseTen) -> bool:
    return game.to_move != 0  # the whole turn was played (any card will do)


def _goal_choose(card: Card) -> Callable[[ChineseTen], Feedback]:
    def goal(game: ChineseTen) -> Feedback:
        m = _first(game)
        if m is None:
            return Feedback(False, f"Click {_the(card)}, then the layout card that scores.")
        if m.card != card:
            return Feedback(False, f"This step is about {_the(card)}. Press Start again.")
        worth = [points(c, "standard", game.players) for c in m.captures]
        if worth and worth[0] > 0:
            return Feedback(
                True, f"{_the_cap(m.captures[0])} is red, so it scores; the black one does not."
            )
        return Feedback(
            False,
            f"{_the_cap(card)} took {cards_words(m.captures) or 'nothing'}, worth nothing: "
            "only red cards score (CT-5). Press Start again.",
        )

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
            return Feedback(False, f"The turned-up {turned.name} waits: click the card it takes.")
        return Feedback(False, "Play a card from your hand first; then look at the stock.")
    c = m.captures[0]
    if points(c, "standard", game.players) > 0:
        return Feedback(
            True,
            f"{_the_cap(m.card)} took {_the(c)}, worth {points(c, 'standard', game.players)} "
            "points; a black card would have been worth nothing.",
        )
    return Feedback(
        False, f"{_the_cap(c)} is black: it is worth nothing. Press Start again and choose again."
    )


def _wanted_points_by_stock(game: ChineseTen) -> bool:
    m = _stock_move(game)
    return m is not None and any(points(c, "standard", game.players) > 0 for c in m.captures)


def _goal_three(game: ChineseTen) -> Feedback:
    m = _first(game)
    if m is None:
        return Feedback(False, "One of your cards is the fourth of a rank on the layout.")
    if len(m.captures) == 3:
        return Feedback(True, f"{_the_cap(m.card)} took all three: four cards in one go (CT-4).")
    return Feedback(False, f"{_the_cap(m.card)} is not the one. Press Start again.")


def _wanted_three(game: ChineseTen) -> bool:
    return len(game.history[0].captures) == 3


# -- the steps -----------------------------------------------------------------------


def _suit_icon(suit: str) -> str:
    """A small suit symbol as SVG (no font needed), for the text."""
    return (
        f'<svg width="16" height="16" viewBox="0 0 100 100" role="img" '
        f'aria-label="{SUIT_NAMES[suit]}" style="vertical-align: -2px">'
        f"{suit_paths(suit, 50, 50, 100)}</svg>"
    )


def _suits_text() -> str:
    names = [f"{_suit_icon(s)} {SUIT_NAMES[s]}" for s in SUITS]
    return listing(names)


def _theme() -> Step:
    return _step(
        "The theme",
        f"""
<p><b>Chinese Ten</b> (拣红点, “picking red points”) is a fishing game from China: you
fish cards out of a pool on the table. The Thai game <b>Red Frog Black Frog</b> (กบดำกบแดง)
is the same game with another way of counting. It is played by 2 to 4 players with one
ordinary 52-card deck: four suits, {_suits_text()}, each with an ace, 2 to 10, a jack, a
queen and a king.</p>""",
        widget=w.HTML(cards_html(_cards("AH 9S TD KC 5H"))),
    )


def _goal() -> Step:
    return _step(
        "The goal",
        f"""
<p>Capture cards worth points. In the standard game only <b>red</b> cards
({_suit_icon("H")} hearts and {_suit_icon("D")} diamonds) score, and the ace of spades.
Red cards also have a thin red inner frame, so you can tell them without colour. Whoever
has the most points when the deal ends wins it.</p>""",
        widget=w.HTML(cards_html(_cards("7H 7D 7S 7C"))),
    )


def _overview(interp: Mapping[str, str]) -> Step:
    game = ChineseTen.new(players=3, seed=5, target=None)
    p = game.position
    hand, layout, stock = len(p.hands[0]), len(p.layout), len(p.stock)

    def table() -> ChineseTenTable:
        return ChineseTenTable(game, seat=0, names=NAMES, interactive=False, card_width=CARD_WIDTH)

    return _step(
        "Overview",
        f"""
<p>With {game.players} players each gets {hand} cards; {layout} cards lie face up on the
table (the <b>layout</b>); the other {stock} are the <b>stock</b>, face down. On your turn
you play a card from your hand, then turn up the top card of the stock. Both can capture
from the layout. The deal ends when the stock is empty: by then the layout is empty too.</p>
<p>Below: a deal as it starts. Your hand is at the bottom, face up; Bea's and Cal's are
face down at the top.</p>""",
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
        "Capture: make ten",
        """
<p>A card from ace (1) to 9 captures a layout card that makes <b>10</b> with it: a 3 takes
a 7, a 9 takes an ace, a 5 takes a 5. Suits do not matter. <b>Do it:</b> click a card in
your hand (the layout cards it can take are marked <i>✓ can take</i>), then click the card
to capture.</p>""",
        ex,
        rule="CT-2",
        hints=[
            "Which card in your hand adds up to 10 with a card on the layout?",
            f"{card.rank} + {taken.rank} = 10: click {_the(card)}, then {_the(taken)}.",
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
        "Capture: 10, jack, queen, king take their own rank",
        """
<p>A 10, jack, queen or king cannot make ten with anything: it captures only a card of the
<b>same rank</b>. One card captures one card; sums of several layout cards do not count.
<b>Do it:</b> find your only capture.</p>""",
        ex,
        rule="CT-2",
        hints=[
            "Look for a 10, jack, queen or king with the same rank on the layout.",
            f"{_the_cap(card)} takes {_the(taken)}.",
        ],
    )


def _two_steps(interp: Mapping[str, str]) -> Step:
    ex = TableExercise(
        lambda: stacked_game(["2C 4S 8D 8C JS 9S 3D TH", "", ""], "4D QC KS 7C", "6H"),
        _goal_two_steps,
        _wanted_any_turn,
    )
    return _step(
        "A turn has two steps",
        """
<p>First you play a card from your hand (capturing if it can). Then the top card of the
stock is turned up and treated the same way against the layout as it now stands. Then the
next player plays. <b>Do it:</b> play any card and watch what the stock card does.</p>""",
        ex,
        rule="CT-3",
        interpretations=[interp["compulsory"]],
        hints=[
            "Any card will do here; if it can capture, click the card it takes.",
            "After your card, the stock card is turned up by itself: read the lines under "
            "the table.",
        ],
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
        "Choosing among captures",
        f"""
<p>When the card you play can take several layout cards, you choose which. <b>Do it:</b>
play {_the(card)}: it can take {cards_words(threes, "or")}. Take the one that
scores.</p>""",
        ex,
        rule="CT-3",
        hints=["Red cards score.", f"Click {_the(card)}, then {_the(taken)}."],
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
        "Choosing for the stock card",
        f"""
<p>The stock card is yours to place too: if it can take several layout cards, you click
the one it takes. We stacked the deck: the top card of the stock is {_the(top)}.
<b>Do it:</b> play a card (none of yours can capture here, so lay one down); then choose
what {_the(top)} takes.</p>""",
        ex,
        rule="CT-3",
        hints=[
            "Click any card in your hand, then “Lay it down on the layout”.",
            f"Then click {_the(taken)}: it is red, so it scores.",
        ],
    )


def _special() -> Step:
    ex = TableExercise(
        lambda: stacked_game(["KH 2C 4S 6S 8C 9D TD JS", "", ""], "KS KD KC 3H", "9S"),
        _goal_three,
        _wanted_three,
    )
    card = ex.solution()[0].card
    word = RANK_NAMES[card.rank]
    return _step(
        "Special layouts",
        f"""
<p>Only for the first four layout cards: if three of them share a rank among king, queen,
jack, 10 and 5, the fourth card of that rank captures <b>all three</b> at once. If all four
share such a rank, the dealer captures them at once and the layout starts empty.
<b>Do it:</b> use the fourth {word}.</p>""",
        ex,
        rule="CT-4",
        hints=[
            f"You hold the fourth {word}.",
            f"Click {_the(card)}, then any of the three {word}s.",
        ],
    )


def _counting() -> Step:
    ex = NumberExercise("AH 7D KH AS 9C 3S", "standard")

    def worth(text: str, players: int = 3) -> int:
        return points(Card.parse(text), "standard", players)

    return _step(
        "Counting the points",
        f"""
<p>At the end of the deal each player counts the captured pile. Standard scoring:</p>
<ul>
<li>red 2 to 8: their value;</li>
<li>red 9, 10, jack, queen and king: {worth("9H")} each;</li>
<li>red aces: {worth("AH")} each;</li>
<li>the ace of spades: {worth("AS")} (with 3 or 4 players);</li>
<li>the ace of clubs: {worth("AC", 4)} with 4 players only;</li>
<li>every other black card: {worth("7C")}.</li>
</ul>
<p>A deal holds {deal_total("standard", 3)} points with 3 players. <b>Do it:</b> how many
points is this pile worth (3 players)?</p>""",
        ex,
        rule="CT-5",
        hints=[
            "Red cards first, then the ace of spades; the other black cards are worth 0.",
            f"Card by card: {ex.card_by_card()}.",
        ],
    )


def _frog() -> Step:
    ex = NumberExercise("AH 7D KH AS 9C 3S", "red_frog_black_frog")

    def worth(text: str) -> int:
        return points(Card.parse(text), "red_frog_black_frog", 3)

    return _step(
        "Red Frog Black Frog",
        f"""
<p>The Thai scoring turns the colours round:</p>
<ul>
<li>black 2 to 9: their value;</li>
<li>black 10, jack, queen and king: {worth("KS")} each;</li>
<li>the ace of spades: <b>{worth("AS")}</b>;</li>
<li>red cards and the ace of clubs: nothing.</li>
</ul>
<p>{deal_total("red_frog_black_frog", 3)} points a deal. <b>Do it:</b> the same pile,
counted as Red Frog Black Frog.</p>""",
        ex,
        rule="CT-5",
        hints=["Red cards: 0.", f"Card by card: {ex.card_by_card()}."],
    )


def _match() -> Step:
    total = deal_total("standard", 3)
    tie = total // 3
    high, low = tie + 30, tie - 30
    return _step(
        "Longer games",
        f"""
<p>A game can also be a <b>match</b>: deals are played until someone's running total
reaches 1000 (or another target) at the end of a deal; the highest total wins, and equal
totals share the win. With the <i>settle</i> option each deal is scored against an even
share ({total} ÷ 3 = {tie} with 3 players): {high} points win 30, {low} points lose 30.
</p>
<p>You are ready: play a whole deal against two bots with the link below. Every rule is on
the <a href="{RULES}" target="_blank">rules page</a>, with the short way cards are written
in saved games and the sandbox (the seven of hearts is <code>7H</code>, a ten is
<code>T</code>).</p>""",
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
    return Course(
        "Chinese Ten — learn by playing", steps, after=("Play a whole game", "play.ipynb")
    )
