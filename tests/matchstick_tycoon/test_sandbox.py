"""The Matchstick Tycoon sandbox and play screens, driven from Python."""

from __future__ import annotations

import json

from tabletop_widgets.games.matchstick_tycoon.screens.sandbox import (
    EXAMPLE,
    MatchstickTycoonSandbox,
)


def test_bad_positions_name_the_field_and_change_nothing():
    box = MatchstickTycoonSandbox()
    before = box.game.position
    r = box.load_json({**EXAMPLE, "sticks": [1, -1, 1]})
    assert not r.ok and "Seat 2's sticks" in r.message
    r = box.load_json("{not json")
    assert not r.ok and "not JSON" in r.message
    box.seat_hands[0].value = "9 6"
    r = box.apply_editor()
    assert not r.ok and "Seat 1's hand, card 1" in r.message
    box.out_in.value = "two"
    assert not box.apply_editor().ok
    assert box.game.position == before


def test_editor_builds_a_table_position_and_the_json_round_trips():
    box = MatchstickTycoonSandbox()
    box.table_value.value = "8"
    box.table_count.value = 1
    box.table_player.value = 3
    box.to_move_in.value = 1
    box.passed_in.value = ""
    assert box.apply_editor().ok
    p = box.game.position
    assert p.table.value == "8" and p.table.player == 2 and p.to_move == 0
    assert "pass" in [m.text for m in box.game.legal_moves()]
    box._export()
    assert json.loads(box.json_text.value) == p.to_json()


def test_play_step_back_and_whatif():
    box = MatchstickTycoonSandbox()
    first = box.game.legal_moves()[0]
    assert not box.play("1xF: F").ok  # seat 1 holds no F
    assert box.play(first).ok and box.game.history == (first,)
    assert box.step_back().ok and box.game.history == ()
    assert not box.step_back().ok
    report = box.whatif.run(blocking=True, max_playouts=6)
    assert report.done and report.candidates
    assert box.play(first).ok and box.whatif.report is None  # the estimates were for before
