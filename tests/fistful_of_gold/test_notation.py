"""A Fistful of Gold: cards, move notation, engine API shape, records and positions."""

from __future__ import annotations

import json

import pytest

from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError
from tabletop_widgets.games.fistful_of_gold import (
    Card,
    Discard,
    FistfulOfGold,
    Play,
    Position,
    Reclaim,
    parse_move,
)
from tabletop_widgets.games.fistful_of_gold.cards import compare, deck


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pink 5", "pink 5"),
        ("P5", "pink 5"),
        ("  Pink   5 ", "pink 5"),
        ("play green 3", "green 3"),
        ("g dynamite", "green dynamite"),
        ("GD", "green dynamite"),
        ("pink dyn", "pink dynamite"),
        ("discard pink 3 pink 2", "discard pink 2 pink 3"),
        ("discard p2,p3", "discard pink 2 pink 3"),
        ("DISCARD green 8 D", "discard green 8 green dynamite"),
        ("reclaim green 4", "reclaim green 4"),
        ("take back g4", "reclaim green 4"),
    ],
)
def test_spellings_read_to_canonical(text, canonical):
    move = parse_move(text)
    assert str(move) == canonical
    assert parse_move(canonical) == move
    assert hash(move) == hash(parse_move(canonical))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "pink",
        "pink 9",
        "pink 0",
        "blue 5",
        "5",
        "discard",
        "discard pink 2 pink 2",
        "discard pink 2 green 3",
        "reclaim",
        "reclaim pink 2 pink 3",
        "pink 5 pink 6",
        "xyzzy",
    ],
)
def test_bad_notation(text):
    with pytest.raises(IllegalMoveError) as info:
        parse_move(text)
    assert info.value.rule == "notation"


def test_parse_rejects_non_text():
    with pytest.raises(IllegalMoveError):
        parse_move(5)  # type: ignore[arg-type]


def test_moves_are_small_hashable_values():
    a = Discard((Card("pink", "3"), Card("pink", "2")))
    assert a == Discard((Card("pink", "2"), Card("pink", "3")))
    assert len({Play(Card("pink", "1")), Play(Card("pink", "1")), Reclaim(Card("green", "1"))}) == 2
    with pytest.raises(AttributeError):
        a.cards = ()  # type: ignore[misc]


def test_compare_is_antisymmetric():
    for a in deck("pink"):
        for b in deck("green"):
            w1, g1 = compare(a, b)
            w2, g2 = compare(b, a)
            assert g1 == g2 and (w1 is None) == (w2 is None)
            if w1 is not None:
                assert w2 == 1 - w1


def test_bare_ranks_need_a_colour_unless_one_seat_is_to_move():
    g = FistfulOfGold.new()
    with pytest.raises(IllegalMoveError) as info:
        g.play("discard 1 2")
    assert info.value.rule == "notation"
    assert str(g.play("discard 1 2", player=0)) == "discard pink 1 pink 2"
    assert str(g.play("discard 1 2")) == "discard green 1 green 2"  # only green is left
    assert str(g.commit(1, "3")) == "green 3"
    assert g.explain("pink 3") is None
    assert "(FG-3)" in g.explain("pink 1")
    assert g.is_legal("pink 4")


def test_bad_player_numbers():
    g = FistfulOfGold.new()
    for bad in (2, -1, True):
        with pytest.raises(IllegalMoveError):
            g.legal_moves(bad)


def test_move_object_for_the_other_seat_is_refused():
    g = FistfulOfGold.new()
    with pytest.raises(IllegalMoveError) as info:
        g.play(Discard((Card("green", "1"), Card("green", "2"))), player=0)
    assert info.value.rule == "FG-1"


def test_legal_moves_are_distinct_and_all_playable():
    g = FistfulOfGold.new()
    moves = g.legal_moves()
    assert len(moves) == 2 * 36 and len(set(moves)) == len(moves)
    assert all(g.can_play(m) for m in moves)
    assert len(g.legal_moves(0)) == 36


def test_undo_replay_and_record():
    g = FistfulOfGold.new(seed=7, hands="fresh")
    moves = ["discard pink 1 pink 2", "discard green 1 green 2", "pink 5", "green 8"]
    for m in moves:
        g.play(m)
    assert g.position.phase == "reclaim"
    snapshot = g.position
    assert str(g.undo()) == "green 8"
    assert g.position.pending[0] == Play(Card("pink", "5")) and g.position.rows == ((), ())
    g.play("green 8")
    assert g.position == snapshot
    r = g.replay(2)
    assert r.history == g.history[:2] and r.position.phase == "duel"
    assert len(g.history) == 4  # the original is untouched
    r.play("pink 3")
    assert len(g.history) == 4
    record = json.loads(json.dumps(g.to_record()))
    assert record["seed"] == 7 and record["options"]["hands"] == "fresh"
    assert record["moves"] == moves
    copy = FistfulOfGold.from_record(record)
    assert copy.position == g.position and copy.history == g.history
    with pytest.raises(IndexError):
        g.replay(5)
    with pytest.raises(IndexError):
        FistfulOfGold.new().undo()


def test_from_position_and_record_with_start():
    g = FistfulOfGold.new()
    g.play("discard pink 1 pink 2")
    g.play("discard green 1 green 2")
    g.play("pink 5")
    data = json.loads(json.dumps(g.position.to_json()))
    assert data["pending"] == ["pink 5", None]
    h = FistfulOfGold.from_position(data)
    assert h.position == g.position and h.history == ()
    h.play("green 3")
    record = h.to_record()
    assert "start" in record
    assert FistfulOfGold.from_record(record).position == h.position


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ([], "record"),
        ({"game": "chess"}, "game"),
        ({"format": 2}, "format"),
        ({"seed": "x"}, "seed"),
        ({"moves": "pink 5"}, "moves"),
        ({"moves": ["discard pink 1 pink 2", 5]}, "moves[1]"),
        ({"moves": ["pink 5"]}, "moves[0]"),
        ({"options": {"hands": "odd"}}, "start.options.hands"),
        ({"start": {"phase": "duel"}}, "start.hands"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_records(record, field):
    with pytest.raises(RecordError) as info:
        FistfulOfGold.from_record(record)
    assert info.value.field == field


def good_position() -> dict:
    g = FistfulOfGold.new()
    for m in ["discard pink 1 pink 2", "discard green 1 green 2", "pink 5", "green 3"]:
        g.play(m)
    return g.position.to_json()


def mutate(data: dict, path: list, value) -> dict:
    data = json.loads(json.dumps(data))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["phase"], "bidding", "phase"),
        (["hands", 0, 0], "green 3", "hands[0][0]"),
        (["hands", 0, 0], "pink 9", "hands[0][0]"),
        (["hands", 0, 0], 3, "hands[0][0]"),
        (["hands", 0, 0], "pink 1", "discards[0][0]"),  # pink 1 twice
        (["hands"], [[], []], "hands[0]"),
        (["rows", 0], [], "hands[0]"),  # pink 5 is nowhere
        (["rows", 0, 0], "pink 4", "rows[0][0]"),  # pink 4 twice
        (["pending"], ["pink 6", None], "pending[0]"),  # 5 then 6
        (["pending"], ["pink 3", "green 4"], "pending"),
        (["pending"], ["reclaim pink 1", None], "pending[0]"),
        (["pending"], [5, None], "pending[0]"),
        (["reclaims"], [[1, "green 1"]], "reclaims"),
        (["past_rounds"], [[["pink 3"], ["green 3"]]], "past_rounds[0]"),
        (["options", "hands"], "nope", "options.hands"),
        (["options", "colour"], "blue", "options.colour"),
        (["surprise"], 1, "surprise"),
    ],
)
def test_impossible_positions_are_refused(path, value, field):
    with pytest.raises(PositionError) as info:
        Position.from_json(mutate(good_position(), path, value))
    assert info.value.field == field


def test_hand_written_position_with_short_cards():
    data = {
        "phase": "duel",
        "hands": [["3", "4", "6", "7", "8", "D"], ["4", "5", "6", "7", "8", "D"]],
        "discards": [["1", "2"], ["1", "2"]],
        "rows": [["5"], ["3"]],
    }
    pos = Position.from_json(data)
    assert pos.gold == (2, 0) and pos.to_move == (0, 1)
    assert Position.from_json(pos.to_json()) == pos


def test_result_object():
    g = FistfulOfGold.new()
    for m in ["discard pink 1 pink 2", "discard green 1 green 2"]:
        g.play(m)
    for p, q in [("D", "3"), ("8", "5"), ("7", "4")]:
        g.play("pink " + p)
        g.play("green " + q)
    g.play("discard pink 3")
    g.play("discard green 3")
    for p, q in [("D", "4"), ("8", "6"), ("7", "5")]:
        g.play("pink " + p)
        g.play("green " + q)
    assert str(g.result) == "pink wins (2-0 in rounds)"
    assert g.result.to_json()["round_gold"] == [[9, 0], [7, 0]]
    assert g.observation(1).result == g.result


def test_the_docs_examples_are_valid():
    from pathlib import Path

    text = Path(__file__).resolve().parents[2] / "docs" / "fistful_of_gold_notation.md"
    blocks = text.read_text().split("```json")[1:]
    position = json.loads(blocks[0].split("```")[0])
    pos = Position.from_json(position)
    assert pos.gold == (2, 0) and pos.to_move == (1,)
    record = json.loads(blocks[1].split("```")[0].replace('"...": "..."', '"hands": "keep"'))
    assert FistfulOfGold.from_record(record).position.rows[0] == (Card("pink", "5"),)


def test_no_reclaim_phase_after_the_last_duel_of_the_game():
    g = FistfulOfGold.new()
    for m in ["discard pink 1 pink 2", "discard green 1 green 2"]:
        g.play(m)
    for p, q in [("D", "3"), ("8", "5"), ("7", "4")]:
        g.play("pink " + p)
        g.play("green " + q)
    g.play("discard pink 3")
    g.play("discard green 3")
    for p, q in [("D", "4"), ("8", "6")]:
        g.play("pink " + p)
        g.play("green " + q)
    g.play("pink 7")
    g.play("green 8")  # pink 7 closes round 2: pink has two wins, no reclaim
    assert g.is_over and g.position.reclaims == ()
    data = g.position.to_json()
    data["phase"] = "reclaim"
    data["rows"] = data["past_rounds"].pop()
    for s in (0, 1):
        data["hands"][s] = [c for c in data["hands"][s] if c not in data["rows"][s]]
    with pytest.raises(PositionError) as info:
        Position.from_json(data)
    assert info.value.field == "phase" and "ended the game" in info.value.reason
