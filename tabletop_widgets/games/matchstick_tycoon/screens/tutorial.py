"""The Matchstick Tycoon tutorial: lessons in Board Game Arena's order, each a do-it exercise.

Theme → goal → overview → rules → special rules, one rule at a time.  Every
exercise is checked by the engine or the shapes module, and wrong answers are
explained with the rule they break.

>>> course = tycoon_course()
>>> [s.rule for s in course.steps][3:7]
['MT-3', 'MT-3', 'MT-3', 'MT-5']
>>> ex = course.steps[3].exercise  # make an 8 from a 6
>>> ex.card.dispatch({"type": "toggle", "segment": "b"})
True
>>> course.go(3); course.check().ok
True
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon, Move, shapes
from tabletop_widgets.games.matchstick_tycoon.render import card_svg
from tabletop_widgets.games.matchstick_tycoon.widgets.card import CardWidget
from tabletop_widgets.games.matchstick_tycoon.widgets.hand import HandWidget
from tabletop_widgets.games.matchstick_tycoon.widgets.table import TycoonTable
from tabletop_widgets.ui.course import Course, Feedback, Step
from tabletop_widgets.ui.guard import friendly

__all__ = ["CardExercise", "TableExercise", "tycoon_course"]

NAMES = ["You", "Bea (bot)", "Cal (bot)"]

#: The rules this project had to interpret (marked in the rules page).
INTERPRETATIONS = {
    "shapes": "G and H are not in the public rules' table; we draw G as acdef and H as bcefg.",
    "rank": "G and H rank above F when the expansion is used.",
    "leader": "The first leader is drawn at random from the game's seed.",
    "discard": "Discarding a stick with an empty hand counts as not playing in the trick, "
    "and takes no stick from the supply.",
    "out_leader": "If the player who made the last play has gone out, the next player still "
    "in the game clockwise leads the new trick.",
}


# -- exercises ---------------------------------------------------------------


class CardExercise:
    """One editable card; the check compares what it shows with a goal value."""

    def __init__(
        self,
        face: str,
        goal: str,
        *,
        turned_ok: bool = True,
        max_sticks: int | None = None,
        budget: int | None = None,
    ) -> None:
        self.face, self.goal = face, goal
        self.turned_ok, self.max_sticks = turned_ok, max_sticks
        self.card = CardWidget(face=face, budget=budget, size=120)
        self.widget = self.card

    def check(self) -> Feedback:
        c = self.card.state
        best = shapes.cost(self.face, self.goal)
        how = shapes.card_text(self.face, self.goal)
        if c.value != self.goal:
            shown = f"shows {c.value}" if c.value else "is not a digit"
            return Feedback(
                False,
                f"The card {shown}, not {self.goal}. Sticks only go on "
                f"empty segments and the result must be exactly a digit (MT-3).",
            )
        if self.max_sticks is not None and c.cost > self.max_sticks:
            return Feedback(
                False,
                f"That shows {self.goal} but uses {c.cost} sticks; "
                f"it can be done with {best}: {how} (MT-3).",
            )
        turned = " turned over" if c.turned else ""
        return Feedback(
            True,
            f"Yes: the {self.face} card{turned} with {c.cost} "
            f"stick{'s' if c.cost != 1 else ''} acts as {self.goal}.",
        )


@dataclass
class Goal:
    """What the learner must achieve on the table, and how to explain a miss."""

    test: Callable[[MatchstickTycoon], bool]
    success: str
    not_yet: str


class TableExercise:
    """A small table where the learner (seat 0) plays against scripted bots.

    Bots play their greedy move, or pass when ``bots_pass`` is set, until the
    learner is to move again (or the exercise's game is over).  The learner's
    attempts go through the engine, so refusals cite the rule they break.
    """

    def __init__(
        self, position: dict, goal: Goal, *, bots_pass: bool = False, names: Sequence[str] = NAMES
    ) -> None:
        self.start = position
        self.goal = goal
        self.bots_pass = bots_pass
        self.names = list(names)[: position["players"]]
        self.table = TycoonTable(names=self.names)
        self.hand = HandWidget(size=56)
        self.hand.on_move(self.play)
        self.message = w.HTML()
        discard = w.Button(description="Discard a stick")
        safe = friendly(lambda msg: setattr(self.message, "value", html.escape(msg)))
        discard.on_click(safe(lambda _: self._try("discard")))
        again = w.Button(description="↶ Start again")
        again.on_click(safe(lambda _: self.reset()))
        self.widget = w.VBox([self.table, self.hand, w.HBox([discard, again]), self.message])
        self.reset()

    def reset(self) -> None:
        self.game = MatchstickTycoon.from_position(self.start)
        self.tried: list[str] = []
        self._redraw("")

    def play(self, move: Move | str) -> Move:
        """The learner's move (raises IllegalMoveError, explained, if refused)."""
        g = self.game
        if g.is_over or g.to_move != 0:
            raise IllegalMoveError("MT-5", "It is not your turn: press Start again.")
        try:
            played = g.play(move)
        except IllegalMoveError as e:
            self.tried.append(str(e))
            self._redraw(f"✘ {e}")
            raise
        self._bots()
        self._redraw(f"You played {played}.")
        return played

    def _try(self, move: str) -> None:
        with contextlib.suppress(IllegalMoveError):
            self.play(move)

    def _bots(self) -> None:
        g = self.game
        for _ in range(200):
            if g.is_over or g.to_move == 0:
                return
            legal = g.legal_moves()
            pass_ = next((m for m in legal if m.kind in ("pass", "discard")), None)
            if self.bots_pass and pass_ is not None:
                g.play(pass_)
            else:
                g.play(GreedyBot(seed=len(g.history)).choose(g.observation(g.to_move), legal))

    def _redraw(self, text: str) -> None:
        self.table.show(self.game)
        if not self.game.is_over:
            self.hand.bind(self.game, 0)
        self.message.value = f"<div role='status'>{html.escape(text)}</div>" if text else ""

    def check(self) -> Feedback:
        if self.goal.test(self.game):
            return Feedback(True, self.goal.success)
        why = f" Last refusal: {self.tried[-1]}" if self.tried else ""
        return Feedback(False, self.goal.not_yet + why)


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


# -- the course --------------------------------------------------------------


def _card_row(*cards: tuple[str, bool, str]) -> str:
    return "".join(card_svg(f, t, a, width=60) for f, t, a in cards)


def _step(
    title: str,
    text: str,
    exercise: Any = None,
    *,
    rule: str = "",
    hints: Sequence[str] = (),
    interpretations: Sequence[str] = (),
) -> Step:
    step = Step(
        title,
        text,
        widget=exercise.widget if exercise else None,
        check=exercise.check if exercise else None,
        hints=hints,
        rule=rule,
        interpretations=interpretations,
    )
    step.exercise = exercise  # type: ignore[attr-defined]  # for tests and notebooks
    return step


def tycoon_course() -> Course:
    """The whole Matchstick Tycoon tutorial as one :class:`Course` widget."""
    steps = [
        _step(
            "The theme",
            "<p>You are a match-factory tycoon with a hand of cards that show "
            "seven-segment digits, like a calculator display. Matchsticks turn one digit into "
            "another. Whoever gets rid of their stock first wins.</p>"
            + _card_row(("6", False, ""), ("6", False, "b"), ("6", True, "")),
        ),
        _step(
            "The goal",
            "<p>Be the first to get rid of <b>every card and every "
            "matchstick</b>. You start with 1 matchstick (MT-4); every pass gives you one "
            "more, and sticks only leave your supply when you lay them on cards you play."
            "</p>",
            rule="MT-8",
        ),
        _step(
            "Overview",
            "<p>The deck has 56 cards: 4 each of <code>0 1 2 3 4 5 6 7 8 A b C d "
            "F</code> (MT-1). There is no 9 and no E card: a 6 turned over reads 9, a 3 turned "
            "over reads E. Players take turns playing 1 to 5 cards that act as one value, each "
            "play stronger than the last, until everybody else passes.</p>",
            rule="MT-1",
            interpretations=[INTERPRETATIONS["shapes"], INTERPRETATIONS["leader"]],
        ),
        _step(
            "Make an 8 from a 6",
            "<p>Click an <b>empty</b> (faint) segment to lay a "
            "matchstick on it; click it again to take it back. Make this 6 act as 8.</p>",
            CardExercise("6", "8", max_sticks=1),
            rule="MT-3",
            hints=[
                "An 8 lights every segment. Which one is the 6 missing?",
                "The upper right segment is b.",
            ],
        ),
        _step(
            "Turn a 6 into a 9",
            "<p>A card may be turned over (180°) when you play it. "
            "Make this 6 act as 9 without any stick.</p>",
            CardExercise("6", "9", max_sticks=0),
            rule="MT-3",
            hints=["Use the turn-over button.", "Remove any sticks: 9 needs none."],
        ),
        _step(
            "Make an F from a 1",
            "<p>Combine both: turn the card over and add sticks. "
            "Make this 1 act as F, with at most 2 sticks.</p>",
            CardExercise("1", "F", max_sticks=2),
            rule="MT-3",
            hints=[
                "Turned over, the 1 sits on the left side (segments e and f).",
                "F is a, e, f and g: add a and g.",
            ],
        ),
        _step(
            "Lead a pair",
            "<p>When the table is empty you <b>lead</b>: play 1 to 5 cards "
            "that act as one value. Lead a <b>pair</b> (2 cards) now: select two cards in your "
            "hand, make them act as the same value if needed, and press Play.</p>",
            TableExercise(
                _pos([["3", "3", "7", "A"], ["2", "5"], ["4", "C"]]),
                Goal(
                    lambda g: any(m.count == 2 for m in _mine(g)),
                    "You led a pair. The others must now play a stronger pair or pass.",
                    "Lead exactly 2 cards acting as one value (MT-5).",
                ),
                bots_pass=True,
            ),
            rule="MT-5",
            hints=["The two 3s already make a pair.", "A 7 with sticks on d and g is a 3 too."],
        ),
        _step(
            "Beat a play",
            "<p>Bea led a single 7. Beat it: play <b>one</b> card acting as a "
            "value stronger than 7 (the order is 0 1 2 … 9 A b C d E F).</p>",
            TableExercise(
                _pos(
                    [["2", "5", "6"], ["1"], ["2", "4"]],
                    table={"value": "7", "count": 1, "player": 1},
                    to_move=0,
                    passed=[2],
                ),
                Goal(
                    lambda g: any(m.kind == "play" for m in _mine(g)),
                    "Stronger than 7: the trick goes on.",
                    "Play one card stronger than 7 (MT-2).",
                ),
                bots_pass=True,
            ),
            rule="MT-2",
            hints=["A 6 turned over is a 9.", "A 6 plus a stick on b is an 8."],
        ),
        _step(
            "Pass and collect a stick",
            "<p>You may always pass when following, even if you "
            "could play — but every pass gives you <b>one more matchstick</b> to get rid of. "
            "Pass now and watch your sticks.</p>",
            TableExercise(
                _pos(
                    [["0", "1"], ["F"], ["2", "3"]],
                    table={"value": "F", "count": 1, "player": 1},
                    to_move=0,
                    passed=[2],
                ),
                Goal(
                    lambda g: any(m.kind == "pass" for m in _mine(g)),
                    "You passed and now hold 2 sticks.",
                    "Press Pass (MT-5).",
                ),
                bots_pass=True,
            ),
            rule="MT-5",
        ),
        _step(
            "Watch a table clear",
            "<p>When play comes back round to the player who made the "
            "last play and everybody else passed since, the table is cleared and that player "
            "leads again. Play a card nobody can beat and watch.</p>",
            TableExercise(
                _pos([["F", "0", "1"], ["2"], ["3"]]),
                Goal(
                    lambda g: bool(_mine(g)) and g.position.table is None and g.to_move == 0,
                    "Everybody passed: the table cleared and you lead again.",
                    "Lead the F: nobody can beat it (MT-6).",
                ),
                bots_pass=True,
            ),
            rule="MT-6",
            interpretations=[INTERPRETATIONS["out_leader"]],
        ),
        _step(
            "Cause a revolution",
            "<p>Any play of exactly <b>5 cards</b> is a revolution: the "
            "whole order reverses at once, 0 becomes the strongest. Only 4 cards show a value "
            "without sticks, so a 5-card play always needs a stick. Play 5 cards.</p>",
            TableExercise(
                _pos([["8", "8", "8", "8", "0", "1"], ["2"], ["3"]]),
                Goal(
                    lambda g: any(m.count == 5 for m in _mine(g)),
                    "Revolution! The order is reversed until the next 5-card play.",
                    "Play five cards acting as one value (MT-7).",
                ),
                bots_pass=True,
            ),
            rule="MT-7",
            hints=["Four 8s and a 0 with a stick on g."],
        ),
        _step(
            "Beat a revolution",
            "<p>Bea's five 9s reversed the order: now <b>lower is "
            "stronger</b>. Beat her with 5 cards acting as a value below 7 — which reverses "
            "the order back.</p>",
            TableExercise(
                _pos(
                    [["1", "1", "1", "1", "7", "2"], ["4"], ["5"]],
                    sticks=[5, 1, 1],
                    table={"value": "9", "count": 5, "player": 1},
                    order="reversed",
                    to_move=0,
                    passed=[2],
                ),
                Goal(
                    lambda g: any(m.count == 5 for m in _mine(g)),
                    "You beat the revolution under the reversed order.",
                    "Play 5 cards acting as a value weaker than 9 in the normal "
                    "order (MT-7, MT-2).",
                ),
                bots_pass=True,
            ),
            rule="MT-7",
            hints=["Four 1s and the 7 can all act as 7.", "A 1 with a stick on a is a 7."],
        ),
        _step(
            "Discard sticks with an empty hand",
            "<p>You have no cards left but still hold "
            "sticks: on your turn you must discard exactly one stick. Do it.</p>",
            TableExercise(
                _pos(
                    [[], ["2", "5"], ["4"]],
                    sticks=[2, 1, 1],
                    table={"value": "8", "count": 1, "player": 2},
                    to_move=0,
                ),
                Goal(
                    lambda g: any(m.kind == "discard" for m in _mine(g)),
                    "One stick gone; one to go.",
                    "Press Discard a stick (MT-5).",
                ),
                bots_pass=True,
            ),
            rule="MT-5",
            interpretations=[INTERPRETATIONS["discard"]],
        ),
        _step(
            "Go out",
            "<p>With no cards and no sticks you are out at once, even in the middle "
            "of a trick, and take the next place. Play your last card and lay your last "
            "stick on it.</p>",
            TableExercise(
                _pos([["6"], ["2", "5"], ["4"]], sticks=[1, 1, 1]),
                Goal(
                    lambda g: 0 in g.out,
                    "You are out: first place!",
                    "Play your 6 using your stick, so nothing is left (MT-8).",
                ),
                bots_pass=True,
            ),
            rule="MT-8",
            hints=["A 6 with a stick on b is an 8: no stick left afterwards."],
        ),
        _step(
            "Special rules: the expansion",
            "<p>The expansion adds G and H cards. They are "
            "also values, stronger than F.</p>" + _card_row(("G", False, ""), ("H", False, "")),
            interpretations=[INTERPRETATIONS["shapes"], INTERPRETATIONS["rank"]],
        ),
    ]
    return Course("Matchstick Tycoon — learn by playing", steps)
