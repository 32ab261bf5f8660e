"""Tutorial progress: students join a class (or a room) and report steps; the teacher's
grid, the stuck students, the hardest steps, CSV export and clearing, on both back-ends."""

from __future__ import annotations

import csv
import io

import pytest

from tabletop_widgets.classroom.checks import RoomError
from tabletop_widgets.classroom.progress import CSV_COLUMNS


def test_a_class_fills_the_teachers_grid(kernel):
    teacher = kernel()
    code = teacher.open_class()
    ann = kernel().join_class(code.lower(), "Ann")
    bo = kernel().join_class(code, "Bo")
    kernel().join_class(code, "Cy")  # joined, nothing reported yet
    ann.report("chinese_ten", 1, "Pairs that make ten")
    ann.report("chinese_ten", 1, "Pairs that make ten", finished=True, wrong=1)
    ann.report("chinese_ten", 2, "Face cards", wrong=3, hints=2)
    bo.report("chinese_ten", 1, "Pairs that make ten", wrong=2, hints=1)
    grid = teacher.grid(code)
    assert grid.students == ("Ann", "Bo", "Cy")
    assert [(s.step, s.title, s.reached, s.finished) for s in grid.steps] == [
        (1, "Pairs that make ten", 2, 1),
        (2, "Face cards", 1, 0),
    ]
    assert grid.cell("Ann", "chinese_ten", 1).finished
    assert grid.cell("Bo", "chinese_ten", 1).wrong == 2
    assert grid.cell("Cy", "chinese_ten", 1) is None
    assert [s.title for s in grid.hardest] == ["Face cards", "Pairs that make ten"]
    assert grid.stuck == ()  # nobody has been on a step for long yet
    later = teacher.grid(code, now=grid.cell("Ann", "chinese_ten", 2).seconds + 10**10)
    assert {(s.nickname, s.step) for s in later.stuck} == {("Ann", 2), ("Bo", 1)}


def test_a_room_code_works_as_a_class_code(kernel):
    teacher = kernel()
    room = teacher.open_room("fistful_of_gold", seats=["open", "easy"])
    ann = kernel().join_class(room.code, "Ann")
    ann.report("fistful_of_gold", 1, "A duel")
    assert [r.nickname for r in teacher.progress(room.code)] == ["Ann"]


def test_csv_export_and_clear(kernel):
    teacher = kernel()
    code = teacher.open_class()
    ann = kernel().join_class(code, "Ann")
    ann.report("matchstick_tycoon", 1, "=HYPERLINK(0) lay a stick", finished=True, wrong=2)
    ann.report("matchstick_tycoon", 2, "Pairs", hints=1)
    rows = list(csv.reader(io.StringIO(teacher.export_csv(code))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [r[:9] for r in rows[1:]] == [
        [code, "Ann", "Matchstick Tycoon", "1", "'=HYPERLINK(0) lay a stick", "yes", "2", "0", "0"],
        [code, "Ann", "Matchstick Tycoon", "2", "Pairs", "no", "0", "1", "0"],
    ]
    assert teacher.clear_progress(code) == 2
    assert teacher.progress(code) == []
    assert teacher.export_csv(code).splitlines() == [",".join(CSV_COLUMNS)]
    with pytest.raises(RoomError, match="no longer kept in class"):
        ann.report("matchstick_tycoon", 3, "Runs")
    with pytest.raises(RoomError, match="no longer kept in class"):
        kernel().rejoin_class(code, ann.token)
    assert kernel().join_class(code, "Ann").nickname == "Ann"  # the name is free again


def test_a_reload_reports_under_the_same_name(kernel):
    code = kernel().open_class()
    ann = kernel().join_class(code, "Ann")
    ann.report("chinese_ten", 1, "Pairs", wrong=2)
    again = kernel().rejoin_class(code, ann.token)
    assert again.nickname == "Ann"
    again.report("chinese_ten", 1, "Pairs", wrong=1, finished=True)  # a fresh page counts anew
    (row,) = kernel().progress(code)
    assert row.wrong == 2 and row.finished is not None


def test_class_refusals_are_sentences(kernel):
    room = kernel()
    code = room.open_class()
    ann = room.join_class(code, "Ann")
    cases = [
        (lambda: room.join_class("ZZZZZZ", "Bo"), "There is no class or room ZZZZZZ"),
        (lambda: room.join_class("??", "Bo"), "A class code is 6 letters and digits"),
        (lambda: room.join_class(code, "ann"), f"Someone in class {code} is already called ann"),
        (lambda: room.join_class(code, "<b>"), "A nickname may hold"),
        (lambda: room.rejoin_class(code, "x"), "That rejoin key"),
        (lambda: ann.report("chess", 1, "Pawns"), "There is no game called 'chess'"),
        (lambda: ann.report("chinese_ten", 0, "Pairs"), "A step number is"),
        (lambda: ann.report("chinese_ten", 1, "Pairs", wrong=-1), "The number of wrong tries"),
        (lambda: ann.report("chinese_ten", 1, "Pairs", hints=True), "The number of hints"),
        (lambda: ann.report("chinese_ten", 1, ""), "A step's title is 1 to 120"),
        (lambda: ann.report("chinese_ten", 1, "x" * 121), "A step's title is 1 to 120"),
    ]
    for attempt, sentence in cases:
        with pytest.raises(RoomError) as e:
            attempt()
        assert str(e.value).startswith(sentence), str(e.value)
    assert room.progress(code) == []
