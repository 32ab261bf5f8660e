"""Records, replay, observations and bots of Matchstick Tycoon."""

from __future__ import annotations

import json
import pickle

import pytest

from tabletop_widgets.core import Bot, RandomBot, load_record
from tabletop_widgets.core.errors import NotationError, RecordError
from tabletop_widgets.games.matchstick_tycoon import (
    PASS,
    GreedyBot,
    MatchstickTycoon,
    Move,
    parse_move,
)
from tests.matchstick_tycoon.helpers import random_game


def play_with_bots(bots, seed=0, **opts):
    g = MatchstickTycoon.new(seed=seed, players=len(bots), **opts)
    while not g.is_over:
        seat = g.to_move
        m = bots[seat].choose(g.observation(seat), g.legal_moves(seat))
        assert m in g.legal_moves(seat)
        g.play(m, seat)
    return g


# A record saved by the play page before the shared record reader (format 1): the seed
# inside the options, the start always written, the page's seats and names beside the
# fields.  Such records must keep loading.
FORMAT_1_SEEDED = {
    "game": "matchstick_tycoon",
    "format": 1,
    "options": {"players": 3, "expansion": 0, "deal": "default", "seed": 5},
    "start": None,  # filled in below: the deal of seed 5, as format 1 wrote it
    "moves": ["1x0: 0", "pass", "1x2: 2"],
    "seats": ["human", "greedy", "random"],
    "names": ["Ann", "Bo", "Cy"],
}
FORMAT_1_SCENARIO = {
    "game": "matchstick_tycoon",
    "format": 1,
    "options": None,
    "start": {
        "players": 2,
        "expansion": 0,
        "hands": [["8"], ["1", "2"]],
        "sticks": [0, 1],
        "table": None,
        "order": "normal",
        "to_move": 0,
        "out": [],
        "passed": [],
    },
    "moves": ["1x8: 8"],
}


def format_1_seeded() -> dict:
    from tabletop_widgets.games.matchstick_tycoon import Options, deal

    start = deal(Options(3, 0, "default"), 5).to_json()
    return {**FORMAT_1_SEEDED, "start": start}


def test_format_1_records_still_load():
    old = format_1_seeded()
    g = MatchstickTycoon.from_record(old)
    assert g.seed == 5 and g.dealt and g.options.players == 3
    assert g.start == MatchstickTycoon.new(players=3, seed=5).start
    assert [str(m) for m in g.history] == old["moves"]
    rec = g.to_record()  # written back in format 2: the seed's deal, not the start
    assert rec["format"] == 2 and rec["seed"] == 5 and rec["start"] is None
    assert rec["options"] == {"players": 3, "expansion": 0, "deal": "default"}
    assert load_record(old).history == g.history  # through the shared reader too
    # the page's seats and names move into meta
    assert MatchstickTycoon._upgrade_record(old, 1)["meta"] == {
        "seats": ["human", "greedy", "random"],
        "names": ["Ann", "Bo", "Cy"],
    }

    scenario = MatchstickTycoon.from_record(FORMAT_1_SCENARIO)
    assert scenario.seed is None and not scenario.dealt and scenario.is_over
    assert scenario.start.to_json() == FORMAT_1_SCENARIO["start"]
    assert scenario.to_record()["start"] == FORMAT_1_SCENARIO["start"]


def test_a_seeded_record_start_must_be_that_seeds_deal():
    old = format_1_seeded()
    tampered = json.loads(json.dumps(old))
    tampered["start"]["hands"][0], tampered["start"]["hands"][1] = (
        old["start"]["hands"][1],
        old["start"]["hands"][0],
    )
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record(tampered)
    assert e.value.field == "start" and "seed 5" in e.value.reason
    new = {k: v for k, v in tampered.items() if k not in ("seats", "names")}
    new["format"], new["seed"] = 2, new["options"].pop("seed")
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record(new)
    assert e.value.field == "start"


def test_record_errors_name_the_nested_field():
    g = random_game(2, seed=1)
    rec = g.to_record()
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "options": {**rec["options"], "players": 9}})
    assert e.value.field == "options.players"
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "options": {**rec["options"], "seed": 3}})
    assert e.value.field == "options.seed"  # format 2: the seed is a field of its own
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "seed": None})
    assert e.value.field == "seed"
    start = {**g.start.to_json(), "sticks": [1, -1]}
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "seed": None, "start": start})
    assert e.value.field == "start.sticks[1]"
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record(
            {
                **rec,
                "seed": None,
                "start": g.start.to_json(),
                "options": {**rec["options"], "players": 3},
            }
        )
    assert e.value.field == "options"
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "format": 1, "options": "3 players"})
    assert e.value.field == "options"


def test_observation_shows_only_what_the_seat_may_see():
    g = MatchstickTycoon.new(players=4, seed=2)
    obs = g.observation(1)
    assert obs.hand == tuple(g.hand(1))
    assert obs.card_counts == (14, 14, 14, 14)
    assert "hands" not in obs.__slots__
    data = obs.to_json()
    assert data["hand"] == list(g.hand(1)) and "hands" not in data
    assert json.loads(json.dumps(data)) == data
    with pytest.raises(IndexError):
        g.observation(4)


def test_an_observation_of_a_finished_game_has_nobody_to_move():
    g = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [["8"], ["1"]],
            "sticks": [0, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    g.play("1x8: 8")
    obs = g.observation(1)
    assert obs.is_over and obs.to_move is None and g.position.to_move == 1


def test_moves_are_small_frozen_values_that_never_equal_text():
    a, b = parse_move("2x8: 6 0"), Move.parse("2x8: 0+g 6+b")
    assert a is b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != "2x8: 0+g 6+b" and str(a) == "2x8: 0+g 6+b"
    assert PASS != "pass" and Move.parse("PASS") is PASS
    assert pickle.loads(pickle.dumps(a)) is a
    assert [c for c in a.cards()] == [("0", False, "g"), ("6", False, "b")]
    with pytest.raises(AttributeError):
        a.cost = 0
    with pytest.raises(NotationError):
        Move.parse(["2x8: 6 0"])


@pytest.mark.parametrize("players", [2, 4, 8])
def test_bots_play_legal_moves_and_seeded_games_replay_exactly(players):
    bots = [GreedyBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(players)]
    g1 = play_with_bots(bots, seed=5)
    bots = [GreedyBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(players)]
    g2 = play_with_bots(bots, seed=5)
    assert g1.history == g2.history
    assert sorted(g1.result.ranking) == list(range(players))
    assert all(isinstance(b, Bot) for b in bots)


def test_greedy_bot_beats_random_bots_most_of_the_time():
    wins = 0
    for seed in range(40):
        bots = [GreedyBot(seed=seed), RandomBot(seed=seed + 1), RandomBot(seed=seed + 2)]
        g = play_with_bots(bots, seed=seed)
        wins += g.result.places[0] == 1
    assert wins >= 20  # a third would be chance


def test_greedy_bot_leads_its_biggest_group_of_the_weakest_value():
    g = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [["1", "3", "F"], ["2"]],
            "sticks": [1, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    m = GreedyBot().choose(g.observation(0), g.legal_moves())
    assert m.text == "2x3: 3 F~+a"
