"""The Matchstick Tycoon sandbox and play screens, driven from Python."""

from __future__ import annotations

import json

from tabletop_widgets.games.matchstick_tycoon.screens.play import TycoonPlay
from tabletop_widgets.games.matchstick_tycoon.screens.sandbox import EXAMPLE, TycoonSandbox


def test_bad_positions_name_the_field_and_change_nothing():
    box = TycoonSandbox()
    before = box.game.position
    r = box.load_json({**EXAMPLE, "sticks": [1, -1, 1]})
    assert not r.ok and "sticks[1]" in r.message
    r = box.load_json("{not json")
    assert not r.ok and "not JSON" in r.message
    box.seat_hands[0].value = "9 6"
    r = box.apply_editor()
    assert not r.ok and "hands[0][0]" in r.message
    box.out_in.value = "two"
    assert not box.apply_editor().ok
    assert box.game.position == before


def test_editor_builds_a_table_position_and_the_json_round_trips():
    box = TycoonSandbox()
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
    box = TycoonSandbox()
    first = box.game.legal_moves()[0]
    assert not box.play("1xF: F").ok  # seat 1 holds no F
    assert box.play(first).ok and box.game.history == (first,)
    assert box.step_back().ok and box.game.history == ()
    assert not box.step_back().ok
    report = box.whatif.run(blocking=True, max_playouts=6)
    assert report.done and report.estimates


def test_play_screen_save_load_and_undo():
    app = TycoonPlay(players=3, seats=["human", "greedy", "random"], seed=7)
    g = app.game
    move = g.legal_moves()[0]
    assert app.try_move(move).ok
    n = len(app.game.history)
    record = app.save()
    assert app.undo().ok and len(app.game.history) < n
    assert not app.load("{broken").ok
    assert app.load(json.dumps(record)).ok and len(app.game.history) == n
    assert app.seat_kinds == ["human", "greedy", "random"]
    assert not app.try_move("6x8: 8 8 8 8 8 8").ok  # explained, not played
    assert "MT-" in app.status.value
    app.show_legal.value = True
    assert app.legal_box.options
    app.autoplay_humans()
    assert app.game.is_over and app.stepper_box.children


def test_hot_seat_hides_the_hand_between_humans():
    app = TycoonPlay(players=2, seats=["human", "human"], seed=3)
    assert app.gate.hidden
    app.gate.reveal()
    assert not app.gate.hidden
    seat = app.game.to_move
    app.try_move(app.game.legal_moves()[0])
    if app.game.to_move != seat and not app.game.is_over:
        assert app.gate.hidden and app.names[app.game.to_move] in app.gate.cover_text


def test_new_game_dialog_is_built_when_opened_and_starts_a_game():
    app = TycoonPlay(players=3, seed=2)
    assert not app._setup.built  # fewer widgets on the page until someone opens it
    app._setup.selected_index = 0
    app.players_in.value = 5
    assert len(app.seat_ins) == 5
    app.seat_ins[1].value = "human"
    app.seed_in.value = "x"
    app.new_game_from_dialog()
    assert app.game.players == 3 and "whole number" in app.status.value
    app.seed_in.value = "11"
    app.new_game_from_dialog()
    assert app.game.players == 5 and app.game.seed == 11
    assert app.seat_kinds[:2] == ["human", "human"]


def test_a_failing_callback_shows_a_sentence_not_a_traceback(monkeypatch):
    app = TycoonPlay(players=3, seed=2)

    def boom():
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(app, "undo", boom)
    app.undo_button.disabled = False
    app.undo_button.click()
    assert "Something went wrong (RuntimeError: disk on fire)" in app.status.value
