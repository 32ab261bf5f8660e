"""The play screen and the Chinese Ten and Fistful screens: a bug in a callback becomes a
sentence.

Each case builds a screen, makes something a callback calls raise, and sets
the callback off as the browser would (a click, a switch, a move on the
table).  The exception must not escape, the screen's status line must say
one friendly sentence, the traceback must be in the log, and the game must
be as it was (half-done work is put back).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

import ipywidgets as w
import pytest

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.chinese_ten import ChineseTen
from tabletop_widgets.games.chinese_ten import GreedyBot as CTGreedy
from tabletop_widgets.games.chinese_ten.screens import tutorial as chinese_ten_lessons
from tabletop_widgets.games.chinese_ten.screens.play import play_screen as ct_play
from tabletop_widgets.games.chinese_ten.screens.sandbox import ChineseTenSandbox
from tabletop_widgets.games.chinese_ten.screens.tutorial import chinese_ten_course
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.bots import GreedyBot as FGGreedy
from tabletop_widgets.games.fistful_of_gold.screens.play import play_screen as fg_play
from tabletop_widgets.games.fistful_of_gold.screens.sandbox import DuelLab
from tabletop_widgets.games.fistful_of_gold.screens.tutorial import ReadingDemo
from tabletop_widgets.ui import play_screen as play_screen_module

SENTENCE = "Something went wrong (RuntimeError: boom). Try again, or start again from the top."


def boom(*args: Any, **kwargs: Any) -> None:
    raise RuntimeError("boom")


def half_done(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> None:
    """``cls.name`` does its work, then fails: the screen must put the work back."""
    real = getattr(cls, name)

    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        real(self, *args, **kwargs)
        raise RuntimeError("boom")

    monkeypatch.setattr(cls, name, run)


def find(root: w.Widget, kind: type, label: str) -> Any:
    """The ``kind`` widget under ``root`` whose description contains ``label``."""
    todo = [root]
    while todo:
        widget = todo.pop()
        if isinstance(widget, kind) and label in widget.description:
            return widget
        todo.extend(getattr(widget, "children", ()))
    raise LookupError(label)


def fg_click(table: Any, *cards: str) -> bool:
    """Select ``cards`` on a FistfulOfGoldTable and confirm, as the browser does."""
    for card in cards:
        names = [c["card"] for c in table.view["choices"]]
        assert table.dispatch({"type": "select", "index": names.index(card), "card": card})
    return table.dispatch({"type": "confirm"})


class Case(NamedTuple):
    trigger: Callable[[], Any]  # sets the callback off
    state: Callable[[], Any]  # what must be as it was afterwards
    status: Callable[[], str]  # where the sentence must appear
    table: Any = None  # the table, for moves


# -- one builder per screen and callback: build, break something, say how to set it off --


def ct_play_move(mp: pytest.MonkeyPatch) -> Case:
    app = ct_play(seats=["person", "medium", "medium"], seed=4)
    move = str(app.game.legal_moves(0)[0])
    mp.setattr(CTGreedy, "choose", boom)  # your move is played, then the bots fail
    return Case(
        lambda: app.board.dispatch({"type": "move", "text": move}),
        lambda: (app.game, app.game.history),
        lambda: app.status.value,
        app.board,
    )


def ct_play_undo(mp: pytest.MonkeyPatch) -> Case:
    app = ct_play(seats=["person", "medium", "medium"], seed=4)
    app.play(app.game.legal_moves(0)[0])
    half_done(mp, ChineseTen, "undo")
    return Case(
        find(app, w.Button, "Undo").click, lambda: app.game.history, lambda: app.status.value
    )


def ct_sandbox_move(mp: pytest.MonkeyPatch) -> Case:
    box = ChineseTenSandbox()
    box.deal(players=3, seed=2)
    move = str(box.game.legal_moves()[0])
    half_done(mp, ChineseTen, "play")
    return Case(
        lambda: box.table.dispatch({"type": "move", "text": move}),
        lambda: box.game.history,
        lambda: box.status.value,
    )


def ct_sandbox_whatif(mp: pytest.MonkeyPatch) -> Case:
    box = ChineseTenSandbox()
    box.deal(players=3, seed=2)
    mp.setattr("tabletop_widgets.analysis.panel.iter_what_if", boom)

    def run() -> None:  # the panel works on a thread: wait for it
        find(box, w.Button, "Run").click()
        box.whatif.wait(timeout=30)

    return Case(
        run,
        lambda: (box.game.history, box.whatif.table.value),
        lambda: box.whatif.status.value,
    )


def ct_lesson_move(mp: pytest.MonkeyPatch) -> Case:
    ex = chinese_ten_course().steps[3].exercise  # capture a pair that makes ten
    table = ex.table
    mp.setattr(chinese_ten_lessons, "_event_text", boom)  # after the engine played it

    def trigger() -> bool:
        table.dispatch({"type": "select", "index": table.hand_index("7H")})
        return table.dispatch({"type": "capture", "index": table.layout_index("3S")})

    return Case(trigger, lambda: (ex.game, ex.game.history), lambda: ex.message.value)


def ct_lesson_again(mp: pytest.MonkeyPatch) -> Case:
    ex = chinese_ten_course().steps[3].exercise
    widget = ex.build()
    ex.game.play("7H x 3S")
    mp.setattr(ex, "make_game", boom)
    return Case(
        find(widget, w.Button, "Start again").click,
        lambda: (ex.game, ex.game.history),
        lambda: ex.message.value,
    )


def fg_play_move(mp: pytest.MonkeyPatch) -> Case:
    app = fg_play(seats=["person", "medium"], seed=3)
    mp.setattr(FGGreedy, "choose", boom)  # your discard is played, then the bot fails
    return Case(
        lambda: fg_click(app.board, "pink 1", "pink 2"),
        lambda: (app.game, app.game.history),
        lambda: app.status.value,
    )


def fg_play_new_game(mp: pytest.MonkeyPatch) -> Case:
    app = fg_play(seats=["person", "medium"], seed=3)
    app.setup.ensure()
    app._seat_rows[1][0].value = "easy"
    mp.setattr(play_screen_module, "make_bot", boom)  # the new game is half set up
    return Case(
        find(app, w.Button, "Start the new game").click,
        lambda: (app.seat_kinds, app.bots, app.game, app.game.history, app.names),
        lambda: app.status.value,
    )


def fg_lab_move(mp: pytest.MonkeyPatch) -> Case:
    lab = DuelLab(setup=["discard pink 1 pink 2", "discard green 1 green 3"], plan=["green 2"])
    mp.setattr(FGGreedy, "choose", boom)  # the duel is played, then the opponent fails
    return Case(
        lambda: fg_click(lab.table, "pink 5"),
        lambda: (lab.game, lab.game.history),
        lambda: lab.status.value,
        lab.table,
    )


def fg_lab_switch(mp: pytest.MonkeyPatch) -> Case:
    lab = DuelLab(setup=["discard pink 1 pink 2"], switches={"pot_at_round_end": ("lost", "carry")})
    mp.setattr(FistfulOfGold, "new", boom)
    switch = find(lab, w.Dropdown, "Gold left in the tie pot")

    def trigger() -> None:
        switch.value = 1

    return Case(
        trigger,
        lambda: (dict(lab.options), switch.value, lab.game, lab.game.history),
        lambda: lab.status.value,
    )


def fg_tutorial_switch(mp: pytest.MonkeyPatch) -> Case:
    demo = ReadingDemo()
    mp.setattr(demo, "_play_match", boom)
    switch = demo.switches["equal_round"].dropdown

    def trigger() -> None:
        switch.value = 1  # the second reading: both win an equal round

    return Case(
        trigger, lambda: (dict(demo.options), switch.value, demo.game), lambda: demo.status.value
    )


CASES = [
    ct_play_move,
    ct_play_undo,
    ct_sandbox_move,
    ct_sandbox_whatif,
    ct_lesson_move,
    ct_lesson_again,
    fg_play_move,
    fg_play_new_game,
    fg_lab_move,
    fg_lab_switch,
    fg_tutorial_switch,
]


@pytest.mark.parametrize("build", CASES, ids=[c.__name__ for c in CASES])
def test_a_bug_in_a_callback_becomes_a_sentence(build, monkeypatch, caplog):
    case = build(monkeypatch)
    before = case.state()
    assert "went wrong" not in case.status()
    with caplog.at_level(logging.ERROR, logger="tabletop_widgets.ui.guard"):
        case.trigger()  # must not raise
    assert case.status().count("Something went wrong") == 1
    assert SENTENCE in case.status()
    assert case.state() == before
    assert "could not put the screen back" not in caplog.text
    failed = [r for r in caplog.records if r.name == "tabletop_widgets.ui.guard"]
    assert failed and failed[0].exc_info and "RuntimeError: boom" in caplog.text
    assert "Traceback" in caplog.text and "Traceback" not in case.status()


@pytest.mark.parametrize("build", [ct_play_move, fg_lab_move], ids=["chinese_ten", "fistful"])
def test_a_refused_move_is_still_the_tables_to_show(build, monkeypatch):
    case = build(monkeypatch)

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise IllegalMoveError("XX-1", "not now")

    monkeypatch.setattr(ChineseTen, "play", refuse)
    monkeypatch.setattr(FistfulOfGold, "play", refuse)
    before = case.state()
    assert case.trigger() is False
    assert "was not played: not now (XX-1)" in case.table.error
    assert "went wrong" not in case.status() and case.state() == before
