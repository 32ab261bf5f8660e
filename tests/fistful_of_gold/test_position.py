"""A Fistful of Gold: positions (what could arise in a game, nested field names), records
(format 2, and the old format 1), the result.

Generic round trips and tampering are in ``tests/contract``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_widgets.core import load_record
from tabletop_widgets.core.errors import PositionError, RecordError
from tabletop_widgets.games import fistful_of_gold
from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold, Play, Position
from tabletop_widgets.games.fistful_of_gold.position import POSITION_KEYS
from tabletop_widgets.games.fistful_of_gold.tally import result_text

OPTIONS = {
    "hands": "fresh",
    "dynamite_counts_as": None,
    "pot_at_round_end": "lost",
    "six_vs_six": "tie",
    "green7": "rest_of_round",
    "equal_round": "nobody",
    "game_tiebreak": "gold",
    "specials": ["green7", "green8", "pink7", "pink8", "six"],
}
# Written by the engine before the engine contract (record format 1), kept literally.
OLD_RECORD = {
    "game": "fistful_of_gold",
    "format": 1,
    "seed": 7,
    "options": OPTIONS,
    "moves": [
        "discard pink 1 pink 2",
        "discard green 1 green 2",
        "pink 5",
        "green 8",
        "reclaim green 1",
        "pink 3",
    ],
}
OLD_RECORD_WITH_START = {
    "game": "fistful_of_gold",
    "format": 1,
    "seed": None,
    "options": OPTIONS,
    "moves": ["green 4"],
    "start": {
        "options": OPTIONS,
        "phase": "duel",
        "hands": [
            ["pink 3", "pink 4", "pink 6", "pink 7", "pink 8", "pink dynamite"],
            ["green 1", "green 3", "green 4", "green 5", "green 6", "green 7", "green dynamite"],
        ],
        "discards": [["pink 1", "pink 2"], ["green 2"]],
        "rows": [["pink 5"], ["green 8"]],
        "past_rounds": [],
        "reclaims": [[1, "green 1"]],
        "pending": ["pink 3", None],
    },
}


def good_position() -> dict:
    g = FistfulOfGold.new(seed=1)
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


# -- positions -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["phase"], "bidding", "phase"),
        (["phase"], 3, "phase"),
        (["hands", 0, 0], "green 3", "hands[0][0]"),
        (["hands", 0, 0], "pink 9", "hands[0][0]"),
        (["hands", 0, 0], 3, "hands[0][0]"),
        (["hands", 0, 0], "pink 1", "discards[0][0]"),  # pink 1 twice
        (["hands"], [[], []], "hands[0]"),
        (["hands"], [[]], "hands"),
        (["rows", 0], [], "hands[0]"),  # pink 5 is nowhere
        (["rows", 0, 0], "pink 4", "rows[0][0]"),  # pink 4 twice
        (["rows", 1], "green 3", "rows[1]"),
        (["pending"], ["pink 6", None], "pending[0]"),  # 5 then 6
        (["pending"], ["pink 3", "green 4"], "pending"),
        (["pending"], ["reclaim pink 1", None], "pending[0]"),
        (["pending"], [5, None], "pending[0]"),
        (["pending"], ["pink 99", None], "pending[0]"),
        (["pending"], [None], "pending"),
        (["reclaims"], [[1, "green 1"]], "reclaims"),
        (["reclaims"], [[True, "green 1"]], "reclaims[0][0]"),
        (["reclaims"], [[1, "pink 1"]], "reclaims[0][1]"),
        (["reclaims"], [["x"]], "reclaims[0]"),
        (["past_rounds"], [[["pink 3"], ["green 3"]]], "past_rounds[0]"),
        (["past_rounds"], [None], "past_rounds[0]"),
        (["options", "hands"], "nope", "options.hands"),
        (["options", "dynamite_counts_as"], False, "options.dynamite_counts_as"),
        (["options", "specials"], ["six", "seven"], "options.specials"),
        (["options", "colour"], "blue", "options.colour"),
        (["options"], [], "options"),
        (["surprise"], 1, "surprise"),
    ],
)
def test_impossible_positions_are_refused(path, value, field):
    with pytest.raises(PositionError) as info:
        Position.from_json(mutate(good_position(), path, value))
    assert info.value.field == field


def test_every_field_is_required_options_too():
    good = good_position()
    assert tuple(good) == POSITION_KEYS
    for key in POSITION_KEYS:
        with pytest.raises(PositionError) as info:
            Position.from_json({k: v for k, v in good.items() if k != key})
        assert info.value.field == key
    for name in good["options"]:
        data = mutate(good, ["options"], {k: v for k, v in good["options"].items() if k != name})
        with pytest.raises(PositionError) as info:
            Position.from_json(data)
        assert info.value.field == f"options.{name}"


def test_hand_written_position_with_short_cards():
    data = {
        "options": good_position()["options"],
        "phase": "duel",
        "hands": [["3", "4", "6", "7", "8", "D"], ["4", "5", "6", "7", "8", "D"]],
        "discards": [["1", "2"], ["1", "2"]],
        "rows": [["5"], ["3"]],
        "past_rounds": [],
        "reclaims": [],
        "pending": [None, "3"],
    }
    with pytest.raises(PositionError) as info:  # green 3 was played already
        Position.from_json(data)
    assert info.value.field == "pending[1]"
    data["pending"] = [None, "D"]
    pos = Position.from_json(data)
    assert pos.gold == (2, 0) and pos.current_players() == (0,)
    assert pos.pending[1] == Play(Card("green", "D"))
    assert Position.from_json(pos.to_json()) == pos
    assert FistfulOfGold.from_position(pos).position == pos  # a Position is read as well


def test_no_reclaim_phase_after_the_last_duel_of_the_game():
    g = FistfulOfGold.new(seed=1)
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


# -- the result ----------------------------------------------------------------------------


def test_result_places_scores_and_details():
    g = FistfulOfGold.new(seed=1)
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
    r = g.result
    assert (r.places, r.scores, r.winners) == ((1, 2), (2, 0), (0,))
    assert r.details == {"round_gold": [[9, 0], [7, 0]], "gold": [16, 0], "decided_by": "rounds"}
    assert json.loads(json.dumps(r.to_json()))["details"] == r.details
    assert result_text(r) == "Pink wins the game with 2 round wins to 0."
    assert result_text(r, ["Ann", "Bo"]) == "Ann wins the game with 2 round wins to 0."
    assert g.observation(1).result == r and g.position.result == r


# -- records ---------------------------------------------------------------------------------


def test_a_record_holds_options_seed_and_start():
    g = FistfulOfGold.new(seed=7, hands="fresh")
    g.play("discard pink 1 pink 2")
    record = g.to_record(meta={"names": ["Ann", "Bo"]})
    assert record == {
        "game": "fistful_of_gold",
        "format": 2,
        "options": OPTIONS,
        "seed": 7,
        "start": None,
        "moves": ["discard pink 1 pink 2"],
        "meta": {"names": ["Ann", "Bo"]},
    }
    h = FistfulOfGold.from_position(g.position.to_json())
    assert h.seed is None and h.to_record()["start"] == g.position.to_json()
    assert h.to_record()["start"]["pending"] == ["discard pink 1 pink 2", None]


@pytest.mark.parametrize("old", [OLD_RECORD, OLD_RECORD_WITH_START], ids=["fresh", "start"])
def test_format_1_records_still_load(old):
    for game in (FistfulOfGold.from_record(json.loads(json.dumps(old))), load_record(old)):
        assert [str(m) for m in game.history] == old["moves"]
        assert game.seed == old["seed"] and game.options.hands == "fresh"
        assert game.position.reclaims == ((1, Card("green", "1")),)
        assert game.to_record()["format"] == 2
        assert FistfulOfGold.from_record(game.to_record()).position == game.position
    assert FistfulOfGold.from_record(OLD_RECORD_WITH_START).position.gold == (0, 4)


BASE = {"game": "fistful_of_gold", "format": 2, "moves": []}


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"seed": "x"}, "seed"),
        ({"seed": True}, "seed"),
        ({"moves": ["discard pink 1 pink 2", 5]}, "moves[1]"),
        ({"moves": ["pink 5"]}, "moves[0]"),
        ({"options": {"hands": "odd"}}, "options.hands"),
        ({"options": {"colour": "blue"}}, "options.colour"),
        ({"start": {"phase": "duel"}}, "start.options"),
        ({"start": {**OLD_RECORD_WITH_START["start"], "phase": "bidding"}}, "start.phase"),
        ({"start": OLD_RECORD_WITH_START["start"], "options": {}}, "options"),
        ({"format": 0}, "format"),
    ],
)
def test_bad_records(record, field):
    with pytest.raises(RecordError) as info:
        FistfulOfGold.from_record({**BASE, **record})
    assert info.value.field == field


def test_the_docs_examples_are_valid():
    text = Path(fistful_of_gold.__file__).parent / "notation.md"
    blocks = text.read_text().split("```json")[1:]
    position = json.loads(blocks[0].split("```")[0])
    pos = Position.from_json(position)
    assert pos.gold == (2, 0) and pos.current_players() == (1,)
    record = json.loads(blocks[1].split("```")[0])
    assert FistfulOfGold.from_record(record).position.rows[0] == (Card("pink", "5"),)
    assert load_record(record).history == FistfulOfGold.from_record(record).history
