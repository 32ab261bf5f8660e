"""The Matchstick Tycoon tutorial: lessons in Board Game Arena's order, each a do-it exercise.

Theme → goal → overview → rules → special rules, one rule at a time, and
nothing used before it is taught: segments are named in words until the step
"How plays are written" teaches their letters and the short way moves are
written.  Every do-it step carries an exercise (the :class:`Exercise`
protocol of :mod:`tabletop_widgets.ui.course`): its positions are read by the
engine, the answers its check accepts are computed by playing them, and the
answers that are right are computed from the engine and the goal the step's
text states -- a test compares the two for every step.  Facts the texts state
about a position (the value on the table, how many cards) are written from
that position.

>>> course = matchstick_tycoon_course()
>>> [s.rule for s in course.steps][3:7]
['MT-3', 'MT-3', 'MT-3', '']
>>> ex = course.steps[3].exercise  # make an 8 from a 6
>>> sorted(ex.correct())
[(False, 'b'), (True, 'e')]
>>> ex.card.dispatch({"type": "toggle", "segment": "b"})
True
>>> course.go(3); course.check().ok
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import N_, Message, _, _l, _nl, ngettext, on_language_change
from tabletop_widgets.games.matchstick_tycoon import DISCARD, MatchstickTycoon, Move, shapes
from tabletop_widgets.games.matchstick_tycoon.render import (
    Later,
    card_svg,
    rules_picture,
    segment_words,
)
from tabletop_widgets.games.matchstick_tycoon.widgets.card import CardWidget
from tabletop_widgets.games.matchstick_tycoon.widgets.hand import HandWidget
from tabletop_widgets.games.matchstick_tycoon.widgets.table import (
    MatchstickTycoonTable,
    move_sentence,
    play_words,
    table_words,
)
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.course import Course, Feedback, Step
from tabletop_widgets.ui.guard import friendly
from tabletop_widgets.ui.rule_links import link_rules
from tabletop_widgets.ui.words import YOU, bot_name

from .intro import PageIntro

__all__ = [
    "INTRO",
    "CardExercise",
    "Goal",
    "TableExercise",
    "matchstick_tycoon_course",
    "tutorial_page",
]

GAME = "matchstick_tycoon"
#: The learner and two bots (a bot's name is said with its mark, "(bot)", in every language).
NAMES = [YOU, "Bea", "Cal"]


def shown_names() -> list[str]:
    """The three seats' names as the page shows them now: ``Bea (bot)`` in English."""
    return [YOU, bot_name(1), bot_name(2)]


#: The rules this project had to interpret (marked in the rules page).
INTERPRETATIONS = {
    "shapes": N_(
        "G and H are not in the public rules' table; we draw G like a C with a "
        "bottom-right segment, and H like an A without its top."
    ),
    "rank": N_("G and H rank above F when the expansion is used."),
    "leader": N_(
        "The first leader is chosen at random. The game number decides it, with the cards: "
        "the same game number deals the same cards and picks the same first leader."
    ),
    "discard": N_(
        "Discarding a stick with an empty hand counts as not playing in the trick, "
        "and takes no stick from the supply."
    ),
    "out_leader": N_(
        "If the player who made the last play has gone out, the next player still "
        "in the game clockwise leads the new trick."
    ),
}


def _changed_hook() -> tuple[list[Callable[[], Any]], Callable[[], None]]:
    listeners: list[Callable[[], Any]] = []

    def fire() -> None:
        for cb in list(listeners):
            cb()

    return listeners, fire


# -- a card on its own -----------------------------------------------------------------

#: A card exercise's answer: (turned over, the segments with a stick).
CardAnswer = tuple[bool, str]


class CardExercise:
    """One card to turn over and lay sticks on; the goal is a value within a stick budget.

    The learner holds the card and ``sticks`` matchsticks, leading (that is the
    position the engine checks).  Right answers are the card states that make a
    legal single play of ``goal`` for the engine; the check judges the state the
    card shows now.
    """

    game = GAME
    #: The answers the step's hints suggest (set by the step; a test checks each is right).
    hinted: tuple[Hashable, ...] = ()

    def __init__(self, face: str, goal: str, *, sticks: int) -> None:
        self.face, self.goal, self.sticks = face, goal, sticks
        self.card = CardWidget(face=face, size=120, budget=sticks)
        self.widget = self.card
        self._listeners, self._fire = _changed_hook()
        self.card.observe(lambda _: self._fire(), names=["turned", "added"])

    def on_change(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` whenever the learner changes the card."""
        self._listeners.append(callback)

    def position(self) -> dict:
        return _pos([[self.face], ["2"], ["4"]], sticks=[self.sticks, 1, 1])

    def positions(self) -> list[dict]:
        return [self.position()]

    def answers(self) -> Iterator[CardAnswer]:
        for turned in (False, True):
            empty = [s for s in shapes.SEGMENTS if s not in _printed(self.face, turned)]
            for k in range(len(empty) + 1):
                for added in combinations(empty, k):
                    yield turned, "".join(added)

    def accepts(self, answer: Hashable) -> bool:
        turned, added = answer  # type: ignore[misc]
        return self.judge(turned, added).ok

    def correct(self) -> set[Hashable]:
        legal = MatchstickTycoon.from_position(self.position()).legal_moves()
        wanted = {m for m in legal if m.is_play and m.value == self.goal}
        right: set[Hashable] = set()
        for turned, added in self.answers():
            value = shapes.shows(self.face, turned, added, 0)
            if value and Move.play(value, [self.face]) in wanted:
                right.add((turned, added))
        return right

    def judge(self, turned: bool, added: str) -> Feedback:
        value = shapes.shows(self.face, turned, added, 0)
        if value != self.goal:
            if value:
                why = _l(
                    "The card shows {value}, not {goal}. Sticks only go on empty segments, and "
                    "the card must show exactly a digit (MT-3).",
                    value=value,
                    goal=self.goal,
                )
            else:
                why = _l(
                    "The card shows no digit, not {goal}. Sticks only go on empty segments, and "
                    "the card must show exactly a digit (MT-3).",
                    goal=self.goal,
                )
            return Feedback(False, why)
        if len(added) > self.sticks:
            used = len(added)
            return Feedback(
                False,
                _nl(
                    "That shows {goal}, but with {used}; you have {n} stick (MT-3).",
                    "That shows {goal}, but with {used}; you have {n} sticks (MT-3).",
                    self.sticks,
                    goal=self.goal,
                    used=Later(lambda: ngettext("{n} stick", "{n} sticks", used)),
                ),
            )
        n = len(added)
        if turned and added:
            said = _nl(
                "The {face} card turned over with {n} stick acts as {goal}.",
                "The {face} card turned over with {n} sticks acts as {goal}.",
                n,
                face=self.face,
                goal=self.goal,
            )
        elif turned:
            said = _l(
                "The {face} card turned over without any stick acts as {goal}.",
                face=self.face,
                goal=self.goal,
            )
        elif added:
            said = _nl(
                "The {face} card with {n} stick acts as {goal}.",
                "The {face} card with {n} sticks acts as {goal}.",
                n,
                face=self.face,
                goal=self.goal,
            )
        else:
            said = _l(
                "The {face} card without any stick acts as {goal}.", face=self.face, goal=self.goal
            )
        return Feedback(True, said)

    def check(self) -> Feedback:
        return self.judge(self.card.turned, self.card.added)


def _printed(face: str, turned: bool) -> str:
    return shapes.letters(shapes.face_mask(face, turned))


def card_fact(face: str, turned: bool = False, added: str = "") -> Message:
    """What a changed card shows, in words, computed from the shapes (so it is true); a
    message said in the page's language.

    >>> str(card_fact("6", True)), str(card_fact("1", False, "a"))
    ('A 6 turned over reads 9.', 'A 1 with a stick on the top segment reads 7.')
    """
    value = shapes.shows(face, turned, added, 0)
    if value is None:
        raise ValueError(f"{face} {turned} {added} shows no digit")
    if not added:
        return _l("A {face} turned over reads {value}.", face=face, value=value)
    where = Later(lambda: segment_words(added))
    if turned:
        return _nl(
            "A {face} turned over with a stick on {segments} reads {value}.",
            "A {face} turned over with sticks on {segments} reads {value}.",
            len(added),
            face=face,
            segments=where,
            value=value,
        )
    return _nl(
        "A {face} with a stick on {segments} reads {value}.",
        "A {face} with sticks on {segments} reads {value}.",
        len(added),
        face=face,
        segments=where,
        value=value,
    )


# -- a small table ---------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """What a table step asks for, twice over, so the two can be compared by a test.

    ``wants(game, move)``: the goal as the step's text states it, judged on the
    position where the learner moves (this gives the right answers);
    ``reached(game, before)``: what the check looks for in the game after the
    learner's move and the bots' answers (``before`` is the position the learner
    moved in).  ``success`` and ``not_yet`` are the check's sentences (messages); a
    ``success`` may be a function of the game after the bots' answers, so that what it
    says of the table is what happened.
    """

    wants: Callable[[MatchstickTycoon, Move], bool]
    reached: Callable[[MatchstickTycoon, Any], bool]
    success: Message | Callable[[MatchstickTycoon], Message]
    not_yet: Message

    def said(self, game: MatchstickTycoon) -> Message:
        """The success sentence for ``game`` as it stands after the bots' answers."""
        return self.success(game) if callable(self.success) else self.success


class TableExercise:
    """A small table where the learner (seat 0) makes one move against scripted bots.

    ``script``: moves the others make from ``position`` before the learner's
    turn (so the table shows real cards).  After the learner's move the bots
    answer -- ``bots="pass"``: they always pass; ``"play"``: each plays the
    weakest play it has, if any -- until the learner is to move again or the
    game is over.  The learner's move goes through the engine, so a refusal
    cites its rule and changes nothing.
    """

    game = GAME
    #: The moves the step's hints suggest (set by the step; a test checks each is right).
    hinted: tuple[Hashable, ...] = ()

    def __init__(
        self,
        position: dict,
        goal: Goal,
        *,
        script: Sequence[str] = (),
        bots: str = "pass",
        names: Sequence[str] = NAMES,
    ) -> None:
        if bots not in ("pass", "play"):
            raise ValueError("bots is 'pass' or 'play'")
        self.start, self.script, self.goal, self.bots = position, tuple(script), goal, bots
        self.names = list(names)[: position["players"]]
        self._listeners, self._fire = _changed_hook()
        self._said: Callable[[], str] = lambda: ""
        self.reset()

    #: The exercise's widgets, made when first asked for (the step is shown, or a test
    #: looks): a page's kernel holds only the tables of the steps the learner has opened.
    _VIEW = frozenset({"table", "hand", "message", "again", "discard", "widget"})

    def __getattr__(self, name: str) -> Any:
        if name in TableExercise._VIEW:
            self._build()
            return self.__dict__[name]
        raise AttributeError(name)

    def _build(self) -> None:
        self.table = MatchstickTycoonTable(names=self._shown())
        self.hand = HandWidget(size=56, names=self._shown())
        self.hand.on_move(self.play)
        self.message = w.HTML()
        self.again = again = ActionButton(layout=w.Layout(min_height="40px"))
        again.on_click(friendly(lambda msg: self._say(msg))(lambda _: self.reset()))
        self.discard = ActionButton(
            button_style="warning", layout=w.Layout(min_height="40px", display="none")
        )
        self.discard.on_click(friendly(lambda msg: self._say(msg))(lambda _: self._discard()))
        self.widget = w.VBox(
            [self.table, self.hand, self.message, w.HBox([self.discard, again])],
            layout=w.Layout(max_width="100%"),
        )
        self.widget.add_class("tt-mt-exercise")
        self._label()
        self._redraw(self._said)
        on_language_change(self._follow_language)  # held weakly: goes with the exercise

    @property
    def _built(self) -> bool:
        return "widget" in self.__dict__

    def _shown(self) -> list[str]:
        """The names as the page shows them now (a bot's with its mark)."""
        shown = shown_names()
        return [shown[i] if n == NAMES[i] else n for i, n in enumerate(self.names)]

    def _label(self) -> None:
        self.again.description = _("Start again")
        self.discard.description = _("Discard a stick")

    def _follow_language(self, _lang: str) -> None:
        self._label()
        self.table.names = self.hand.names = self._shown()
        self.table.show(self.current)
        self.hand.refresh()
        self._show_said()

    # -- the exercise's game ------------------------------------------------

    def before(self) -> MatchstickTycoon:
        """The game where the learner moves: the start and the scripted moves."""
        g = MatchstickTycoon.from_position(self.start)
        for m in self.script:
            g.play(m)
        if g.to_move != 0:
            raise ValueError("after the script it must be the learner's turn")
        return g

    def on_change(self, callback: Callable[[], Any]) -> None:
        self._listeners.append(callback)

    def reset(self) -> None:
        self.current = self.before()
        self.first: Move | None = None
        self.tried: list[str] = []
        self._redraw("")
        self._fire()

    def play(self, move: Move | str) -> Move:
        """The learner's move (raises IllegalMoveError, explained, if refused)."""
        if self.first is not None:
            raise IllegalMoveError("MT-5", _l("You made your move: press Check, or Start again."))
        try:
            played = self.current.play(move)
        except IllegalMoveError as e:
            self.tried.append(e)
            self._fire()
            raise
        self.first = played
        _answer(self.current, self.bots)
        self._redraw(
            lambda: _("{move} Press Check, or Start again.", move=move_sentence(YOU, played))
        )
        self._fire()
        return played

    def _discard(self) -> None:
        try:
            self.play("discard")
        except IllegalMoveError as e:
            refused = e
            self._say(lambda: str(refused))

    def _say(self, say: str | Callable[[], str]) -> None:
        """Show a line under the hand; a function says it again in a new language."""
        self._said = say if callable(say) else (lambda: say)
        self._show_said()

    def _show_said(self) -> None:
        if not self._built:
            return
        text = self._said()
        line = link_rules(html.escape(text))  # a refusal's rule links to its paragraph
        self.message.value = f"<div role='status'>{line}</div>" if text else ""

    def _redraw(self, text: str | Callable[[], str]) -> None:
        if not self._built:
            self._said = text if callable(text) else (lambda: text)
            return
        g = self.current
        self.table.show(g)
        if not g.is_over:
            self.hand.bind(g, 0)
        self.hand.editable = self.first is None
        only_discard = self.first is None and g.legal_moves(0) == (DISCARD,)
        self.discard.layout.display = None if only_discard else "none"
        self._say(text)

    # -- the Exercise protocol ------------------------------------------------

    def positions(self) -> list[dict]:
        return [self.start, self.before().position.to_json()]

    def answers(self) -> tuple[Move, ...]:
        return self.before().legal_moves()

    def accepts(self, answer: Hashable) -> bool:
        g = self.before()
        before = g.position
        try:
            g.play(answer)  # type: ignore[arg-type]
        except IllegalMoveError:
            return False
        _answer(g, self.bots)
        return self.goal.reached(g, before)

    def correct(self) -> set[Hashable]:
        g = self.before()
        return {m for m in g.legal_moves() if self.goal.wants(g, m)}

    def check(self) -> Feedback:
        if self.first is not None and self.goal.reached(self.current, self.before().position):
            return Feedback(True, self.goal.said(self.current))
        if self.first is not None:
            first = self.first
            return Feedback(
                False,
                _l(
                    "{move} {goal} Press Start again.",
                    move=Later(lambda: move_sentence(YOU, first)),
                    goal=self.goal.not_yet,
                ),
            )
        if self.tried:
            return Feedback(
                False,
                _l(
                    "{goal} Your last try was refused: {why}",
                    goal=self.goal.not_yet,
                    why=Later(self.tried[-1].__str__),
                ),
            )
        return Feedback(False, self.goal.not_yet)


def _answer(g: MatchstickTycoon, bots: str) -> None:
    """The bots move until it is the learner's turn again (or the game is over)."""
    for _turn in range(200):
        if g.is_over or g.to_move == 0:
            return
        legal = g.legal_moves()
        plays = [m for m in legal if m.is_play]
        if bots == "play" and plays:
            g.play(min(plays, key=lambda m: (g.strength(m.value), m.cost, m.text)))
        else:  # pass (or discard); a leader, who may not pass, plays its weakest
            others = [m for m in legal if not m.is_play]
            g.play(others[0] if others else min(plays, key=lambda m: (g.strength(m.value), m.text)))


def _pos(hands: list[list[str]], **fields: Any) -> dict:
    base = {
        "players": len(hands),
        "expansion": 0,
        "hands": hands,
        "sticks": [1] * len(hands),
        "table": None,
        "order": "normal",
        "to_move": 0,
        "out": [],
        "passed": [],
    }
    base.update(fields)
    return base


def _mine(g: MatchstickTycoon) -> list[Move]:
    return [m for m, s in zip(g.history, g.movers, strict=True) if s == 0]


def nobody_beats(g: MatchstickTycoon, m: Move) -> bool:
    """After ``m`` (by the seat to move), every other player in turn has no play that
    beats it, so play comes back round to the player of ``m`` (judged with the engine)."""
    me = g.to_move
    g = g.copy()
    g.play(m)
    for _seat in range(g.players):
        if g.is_over or g.to_move == me or g.position.table is None:
            return True
        if any(x.is_play for x in g.legal_moves()):
            return False
        g.play(next(x for x in g.legal_moves() if not x.is_play))
    return True


# -- the course ------------------------------------------------------------------------


#: The cards of the first step and of the F exercise, with their captions (marked here:
#: Babel does not read a marked string inside a tuple inside a message's parameters).
THEME_CARDS = (
    ("6", False, "", N_("a 6")),
    ("6", False, "b", N_("with a stick: 8")),
    ("6", True, "", N_("turned over: 9")),
)
AN_F = N_("an F")


def _card_row(*cards: tuple[str, bool, str, str]) -> Later:
    """Cards with a caption each (words, not notation; captions are ``N_`` strings, said
    with the cards' labels in the language of the moment the row is shown)."""

    def make() -> str:
        cells = "".join(
            f"<figure style='display:inline-block;margin:0 8px 4px 0;text-align:center'>"
            f"{card_svg(f, t, a, width=60)}<figcaption>{html.escape(_(c) if len(c) > 1 else c)}"
            "</figure>"
            for f, t, a, c in cards
        )
        return f"<div>{cells}</div>"

    return Later(make)


def _picture(name: str) -> Later:
    """A rules picture, drawn in the language of the moment it is shown."""
    return Later(lambda: rules_picture(name))


def _step(
    title: str,
    text: str | Message,
    exercise: Any = None,
    *,
    rule: str = "",
    hints: Sequence[str | Message] = (),
    interpretations: Sequence[str] = (),
    hinted: Sequence[Hashable] = (),
) -> Step:
    """A step; ``hinted``: the answers its hints suggest (a test checks that each is a
    right one): a card's ``(turned, added)``, a table's move in notation."""
    if exercise is not None:
        exercise.hinted = tuple(
            Move.parse(a) if isinstance(a, str) and isinstance(exercise, TableExercise) else a
            for a in hinted
        )
    return Step(
        title,
        text,
        widget=(lambda: exercise.widget) if exercise else None,  # made when first shown
        check=exercise.check if exercise else None,
        hints=hints,
        rule=rule,
        interpretations=interpretations,
        exercise=exercise,
    )


def _card_steps() -> list[Step]:
    six_eight = CardExercise("6", "8", sticks=1)
    six_nine = CardExercise("6", "9", sticks=0)
    one_f = CardExercise("1", "F", sticks=2)
    missing = "".join(sorted(set(shapes.SEGMENTS) - set(_printed("6", False))))
    return [
        _step(
            N_("Make an 8 from a 6"),
            N_(
                "<p>When you play a card you may lay matchsticks on its <b>empty</b> (faint) "
                "segments. Tap or click an empty segment to lay a stick on it; tap it again to "
                "take the stick back. You have 1 stick: make this 6 act as 8.</p>"
            ),
            six_eight,
            rule="MT-3",
            hints=[
                N_("An 8 has all seven segments. Which one is this 6 missing?"),
                _l("It is {segment}.", segment=Later(lambda: segment_words(missing))),
            ],
            hinted=[(False, missing)],
        ),
        _step(
            N_("Turn a 6 into a 9"),
            N_(
                "<p>You may also <b>turn a card over</b> (upside down) when you play it. "
                "Make this 6 act as 9 without any stick.</p>"
            ),
            six_nine,
            rule="MT-3",
            hints=[N_("Press the Turn over button."), N_("Take any stick away: a 9 needs none.")],
            hinted=[(True, "")],
        ),
        _step(
            N_("Make an F from a 1"),
            _l(
                "<p>Both at once: turn the card over and lay sticks. You have 2 sticks: make "
                "this 1 act as F.</p>{cards}",
                cards=_card_row(("F", False, "", AN_F)),
            ),
            one_f,
            rule="MT-3",
            hints=[
                N_("Turned over, the 1 sits on the left side of the card."),
                _l(
                    "An F is the left side plus {segments}: add those two.",
                    segments=Later(lambda: segment_words("ag")),
                ),
            ],
            hinted=[(True, "ag")],
        ),
    ]


def _notation_step() -> Step:
    return _step(
        N_("How plays are written"),
        _l(
            "<p>From now on you play at a small table. Its move list and the buttons that offer "
            "plays write them short, so here are the names they use. The seven segments are "
            "called a to g:</p><div>{segments}</div>"
            "<ul><li><b>2x8</b>: two cards acting as 8;</li>"
            "<li><b>6~</b>: the 6 card turned over (<b>~</b> means turned over);</li>"
            "<li><b>0+g</b>: the 0 card with a stick added (<b>+</b>) on segment g, the middle;"
            "</li><li><b>pass</b>: the player passed.</li></ul>"
            "<p>So <b>2x8: 0+g 6+b</b> is a pair of 8s made from a 0 with a stick on its middle "
            "and a 6 with a stick on its top right:</p><div>{notation}</div>"
            "<p>In your hand, the row <b>Make:</b> picks a value; the cards that can act as it "
            "are marked (<b>→8 +1</b>: acts as 8 with 1 stick) and the plays of that value you "
            "can make are offered as buttons. Or tap cards to select them and change them "
            "yourself. The <a href='rules.ipynb#notation' target='_blank'>rules page</a> has "
            "all of it.</p>",
            segments=_picture("segments"),
            notation=_picture("notation"),
        ),
    )


def _lead_step() -> Step:
    start = _pos([["3", "3", "7", "A"], ["2", "5"], ["4", "C"]])
    return _step(
        N_("Lead a pair"),
        N_(
            "<p>When the table is empty you <b>lead</b>: play 1 to 5 cards that all act as one "
            "value. Lead a <b>pair</b> (2 cards) now: select two cards, change them if they "
            "need it, and press Play.</p>"
        ),
        TableExercise(
            start,
            Goal(
                lambda g, m: m.is_play and m.count == 2,
                lambda g, before: _mine(g)[0].is_play and _mine(g)[0].count == 2,
                _l("You led a pair. The others must now play a stronger pair, or pass."),
                _l("Lead exactly 2 cards acting as one value (MT-5)."),
            ),
        ),
        rule="MT-5",
        hints=[N_("Your two 3s already make a pair."), N_("Select both 3s, then press Play.")],
        hinted=["2x3: 3 3"],
    )


def _won_by_me(g: MatchstickTycoon) -> bool:
    """The last play of the game so far was the learner's."""
    plays = [s for m, s in zip(g.history, g.movers, strict=True) if m.is_play]
    return bool(plays) and plays[-1] == 0


def _beaten(g: MatchstickTycoon) -> Message:
    """What happened after the learner beat the table: said from the game, so it is true."""
    if g.position.table is None and g.to_move == 0:
        return _l(
            "Stronger than the table. Nobody could beat your play: everybody else passed, so "
            "the table was cleared and you lead again."
        )
    return _l("Stronger than the table: the trick goes on.")


def _beat_step() -> Step:
    bea = "1x7: 7"
    start = _pos([["2", "5", "6"], ["1", "7"], ["2", "4"]], to_move=1)
    ex = TableExercise(
        start,
        Goal(
            lambda g, m: (
                m.is_play
                and m.count == g.position.table.count
                and g.strength(m.value) > g.strength(g.position.table.value)
            ),
            lambda g, before: any(m.is_play for m in _mine(g)),
            _beaten,
            _l("Play one card stronger than the one on the table (MT-2)."),
        ),
        script=[bea, "pass"],
    )
    table = ex.before().position.table
    return _step(
        N_("Beat a play"),
        _nl(
            "<p>Bea led {play}, and Cal passed. Beat it: play <b>{n} card</b> acting as a value "
            "stronger than {value}. From weakest to strongest the values are "
            "0 1 2 3 4 5 6 7 8 9 A b C d E F (the bar under the table shows them too).</p>",
            "<p>Bea led {play}, and Cal passed. Beat it: play <b>{n} cards</b> acting as a value "
            "stronger than {value}. From weakest to strongest the values are "
            "0 1 2 3 4 5 6 7 8 9 A b C d E F (the bar under the table shows them too).</p>",
            table.count,
            play=Later(lambda: play_words(Move.parse(bea))),
            value=table.value,
        ),
        ex,
        rule="MT-2",
        hints=[card_fact("6", True), card_fact("6", False, "b")],
        hinted=["1x9: 6~", "1x8: 6+b"],
    )


def _pass_step() -> Step:
    start = _pos([["2", "8"], ["1", "7"], ["3", "4"]], to_move=1)
    after = start["sticks"][0] + 1
    ex = TableExercise(
        start,
        Goal(
            lambda g, m: m.kind == "pass",
            lambda g, before: g.position.sticks[0] == before.sticks[0] + 1,
            _nl(
                "You passed and took a stick: you now hold {n}.",
                "You passed and took a stick: you now hold {n}.",
                after,
            ),
            _l("Press Pass (MT-5)."),
        ),
        script=["1x7: 7", "pass"],
    )
    g = ex.before()
    could = min((m for m in g.legal_moves() if m.is_play), key=lambda m: m.cost)
    table = g.position.table
    return _step(
        N_("Pass and take a stick"),
        _l(
            "<p>Bea led {table}, and Cal passed. When you follow you may always <b>pass</b>, "
            "even when you could play (here {could} would beat it). But every pass gives you "
            "<b>one more matchstick</b>, and you must get rid of those too. Pass now, and watch "
            "your sticks above the table.</p>",
            table=Later(lambda: table_words(table.value, table.count)),
            could=Later(lambda: play_words(could)),
        ),
        ex,
        rule="MT-5",
    )


def _clear_step() -> Step:
    start = _pos([["F", "0", "1"], ["2"], ["3"]])
    return _step(
        N_("Win a trick"),
        N_(
            "<p>When play comes back round to the player who made the last play, and everybody "
            "else passed since, the table is cleared and that player leads again. Play a card "
            "that <b>nobody can beat</b>, and watch.</p>"
        ),
        TableExercise(
            start,
            Goal(
                nobody_beats,
                lambda g, before: g.position.table is None and g.to_move == 0 and _won_by_me(g),
                _l(
                    "Nobody could beat it: everybody passed, the table was cleared and you lead "
                    "again."
                ),
                _l("Play a card nobody can beat (MT-6)."),
            ),
            bots="play",
        ),
        rule="MT-6",
        hints=[N_("F is the strongest value: nothing beats it.")],
        hinted=["1xF: F"],
        interpretations=[INTERPRETATIONS["out_leader"]],
    )


def _revolution_step() -> Step:
    start = _pos([["8", "8", "8", "8", "0", "1"], ["2"], ["3"]])
    return _step(
        N_("Cause a revolution"),
        N_(
            "<p>A play of exactly <b>5 cards</b> is a <b>revolution</b>: right after it the "
            "whole order is turned round, and 0 becomes the strongest value. There are only 4 "
            "copies of each card, so five cards need at least one stick. Play 5 cards.</p>"
        ),
        TableExercise(
            start,
            Goal(
                lambda g, m: m.is_play and m.count == 5,
                lambda g, before: g.order != before.order,
                _l("Revolution! The order is turned round until the next 5-card play."),
                _l("Play five cards acting as one value (MT-7)."),
            ),
        ),
        rule="MT-7",
        hints=[N_("Four 8s, and one more card acting as 8."), card_fact("0", False, "g")],
        hinted=["5x8: 8 8 8 8 0+g"],
    )


def _beat_revolution_step() -> Step:
    bea = "5x9: 3+f 6~ 6~ 6~ 6~"
    start = _pos(
        [["1", "1", "1", "1", "7", "2"], ["3", "6", "6", "6", "6", "4"], ["5", "C"]],
        sticks=[4, 1, 1],
        to_move=1,
    )
    ex = TableExercise(
        start,
        Goal(
            lambda g, m: (
                m.is_play and m.count == 5 and shapes.ALL_VALUES.index(m.value) < _table_index(g)
            ),
            lambda g, before: bool(_mine(g)) and g.order == "normal",
            _l("You beat the revolution, and your 5 cards turned the order back."),
            _l("Play 5 cards acting as a value lower than the one on the table (MT-7, MT-2)."),
        ),
        script=[bea, "pass"],
    )
    g = ex.before()
    v = g.position.table.value
    return _step(
        N_("Beat a revolution"),
        _nl(
            "<p>Bea played {play}: a revolution, so now <b>lower values are stronger</b>. Cal "
            "passed. Beat her with 5 cards acting as a value lower than {value} in the usual "
            "order — that is a revolution too, and it turns the order back. You hold {n} "
            "stick.</p>",
            "<p>Bea played {play}: a revolution, so now <b>lower values are stronger</b>. Cal "
            "passed. Beat her with 5 cards acting as a value lower than {value} in the usual "
            "order — that is a revolution too, and it turns the order back. You hold {n} "
            "sticks.</p>",
            g.position.sticks[0],
            play=Later(lambda: play_words(Move.parse(bea))),
            value=v,
        ),
        ex,
        rule="MT-7",
        hints=[
            card_fact("1", False, "a"),
            N_(
                "Your four 1s, each with a stick on its top (a), and your 7: five cards acting "
                "as 7."
            ),
        ],
        hinted=["5x7: 1+a 1+a 1+a 1+a 7"],
    )


def _table_index(g: MatchstickTycoon) -> int:
    return shapes.ALL_VALUES.index(g.position.table.value)


def _discard_step() -> Step:
    start = _pos([[], ["2", "5"], ["4", "8"]], sticks=[2, 1, 1], to_move=2)
    return _step(
        N_("Discard sticks with an empty hand"),
        N_(
            "<p>You have no cards left but still hold 2 sticks: on your turn your only move is "
            "to <b>discard one stick</b>, with the Discard a stick button under your empty "
            "hand. Do it.</p>"
        ),
        TableExercise(
            start,
            Goal(
                lambda g, m: m.kind == "discard",
                lambda g, before: g.position.sticks[0] == before.sticks[0] - 1,
                _l("One stick gone; one to go."),
                _l("Press Discard a stick (MT-5)."),
            ),
            script=["1x8: 8"],
        ),
        rule="MT-5",
        interpretations=[INTERPRETATIONS["discard"]],
    )


def _out_step() -> Step:
    start = _pos([["6"], ["2", "5"], ["4"]], sticks=[1, 1, 1])
    return _step(
        N_("Go out"),
        N_(
            "<p>With no cards and no sticks you are <b>out</b> at once, even in the middle of a "
            "trick, and take the next place. You hold one card and one stick: play the card "
            "with your last stick on it.</p>"
        ),
        TableExercise(
            start,
            Goal(
                lambda g, m: m.is_play and m.count == len(g.hand(0)) and m.cost == g.sticks(0),
                lambda g, before: 0 in g.out,
                _l("You are out, in first place!"),
                _l("Play your last card using your last stick, so that nothing is left (MT-8)."),
            ),
        ),
        rule="MT-8",
        hints=[_l("{fact} Then you have nothing left.", fact=card_fact("6", False, "b"))],
        hinted=["1x8: 6+b"],
    )


def matchstick_tycoon_course() -> Course:
    """The whole Matchstick Tycoon tutorial as one :class:`Course` widget."""
    steps = [
        _step(
            N_("The theme"),
            _l(
                "<p>You run a match factory. Your cards show digits drawn with seven bars, like "
                "a calculator display, and matchsticks laid on a card turn its digit into "
                "another one.</p>{cards}",
                cards=_card_row(*THEME_CARDS),
            ),
        ),
        _step(
            N_("The goal"),
            N_(
                "<p>Be the first to get rid of <b>every card and every matchstick</b>. You "
                "start with 1 matchstick; every pass gives you one more, and sticks only leave "
                "you when you lay them on cards you play.</p>"
            ),
            rule="MT-8",
        ),
        _step(
            N_("Overview"),
            N_(
                "<p>The deck has 56 cards: four each of 0 1 2 3 4 5 6 7 8 A b C d F. There is "
                "no 9 and no E card: a 6 turned over reads 9, and a 3 turned over reads E. "
                "Players take turns playing 1 to 5 cards that act as one value, each play "
                "stronger than the last, until everybody else passes. The numbers like MT-1 "
                "name the rules; each one links to the "
                "<a href='rules.ipynb' target='_blank'>rules page</a>.</p>"
            ),
            rule="MT-1",
            interpretations=[INTERPRETATIONS["leader"]],
        ),
        *_card_steps(),
        _notation_step(),
        _lead_step(),
        _beat_step(),
        _pass_step(),
        _clear_step(),
        _revolution_step(),
        _beat_revolution_step(),
        _discard_step(),
        _out_step(),
        _step(
            N_("Special rules: the expansion"),
            _l(
                "<p>The expansion adds G and H cards. They are values too, stronger than F.</p>"
                "{cards}",
                cards=_card_row(("G", False, "", "G"), ("H", False, "", "H")),
            ),
            interpretations=[INTERPRETATIONS["shapes"], INTERPRETATIONS["rank"]],
        ),
    ]
    course = Course(
        N_("Matchstick Tycoon — learn by playing"),
        steps,
        after=(N_("Play a whole game"), "play.ipynb"),
    )
    for step in steps:
        if step.exercise is not None:
            step.exercise.on_change(course.clear_feedback)
    return course


# -- the page ---------------------------------------------------------------------------

INTRO = N_(
    "<p>Learn the game by doing it, one rule at a time: read a step, try it on the cards "
    "below it, press <b>Check</b>. Stuck? Press <b>Hint</b>. A wrong answer is explained with "
    "the rule it breaks: rule numbers like MT-3 link to their paragraph of the "
    "<a href='rules.ipynb' target='_blank'>rules page</a>, which has every rule and a picture "
    "of each. Your place is kept in this browser: come back later and go on where you "
    "were.</p>"
)
SHORT_GAME_INTRO = N_(
    "<h2>Then: a short game against two bots</h2>"
    "<p>Five cards each, one matchstick each: get rid of everything before Bea and Cal do. "
    "Build a play in your hand and press <b>Play</b>, or <b>Pass</b>. A whole game, with more "
    "cards and more players, is on the <a href='play.ipynb'>play page</a>.</p>"
)
SHORT_GAME = {
    "players": 3,
    "expansion": 0,
    "hands": [["0", "3", "6", "8", "A"], ["1", "4", "6", "7", "C"], ["2", "3", "5", "b", "d"]],
    "sticks": [1, 1, 1],
    "table": None,
    "order": "normal",
    "to_move": 0,
    "out": [],
    "passed": [],
}


def tutorial_page() -> w.VBox:
    """The whole tutorial page: its title and introduction, the course (``page.course``),
    then a short game against two bots (``page.game_app``)."""
    from tabletop_widgets.ui.lazy import LazySection
    from tabletop_widgets.ui.page_words import Words

    from .play import play_screen

    course = matchstick_tycoon_course()
    seats = ["person", "easy", "medium"]
    game_app = play_screen(seats=seats, store_key="tabletop/tutorial-game/matchstick_tycoon")
    game_app.start(MatchstickTycoon.from_position(SHORT_GAME), seats=seats)
    # The short game's table waits in a closed section: open at once, it said "You lead"
    # under the lesson's table, which says it too, and a learner could not tell which was
    # which.
    short_game = LazySection(_l("Show the short game"), lambda: [game_app])
    short_game.add_class("tt-short-game")
    page = w.VBox([PageIntro("tutorial", INTRO), course, Words(SHORT_GAME_INTRO), short_game])
    page.course, page.game_app, page.short_game = course, game_app, short_game  # notebooks, tests
    return page
