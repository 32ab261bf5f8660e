"""Records, replay, observations and bots of Matchstick Tycoon."""

from __future__ import annotations

import json
import pickle

import pytest

from tabletop_widgets.core import Bot, RandomBot
from tabletop_widgets.core.errors import RecordError
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon, parse_move
from tests.matchstick_tycoon.helpers import random_game


def play_with_bots(bots, seed=0, **opts):
    g = MatchstickTycoon.new(seed=seed, players=len(bots), **opts)
    while not g.is_over:
        seat = g.to_move
        m = bots[seat].choose(g.observation(seat), g.legal_moves())
        assert m in g.legal_moves()
        g.play(m)
    return g


def test_record_round_trip_is_identical():
    g = random_game(5, expansion=2, seed=9)
    text = json.dumps(g.to_record())
    again = MatchstickTycoon.from_record(json.loads(text))
    assert again.history == g.history
    assert again.position == g.position and again.ranking == g.ranking
    assert again.to_record() == g.to_record()


def test_replay_gives_every_intermediate_position_and_leaves_the_game_alone():
    g = random_game(3, seed=4)
    positions = []
    h = g.history
    fresh = MatchstickTycoon(g.start, g.options)
    positions.append(fresh.position)
    for m in h:
        fresh.play(m)
        positions.append(fresh.position)
    for n in (0, 1, len(h) // 2, len(h)):
        assert g.replay(n).position == positions[n]
    assert g.history == h and g.position == positions[-1]
    with pytest.raises(IndexError):
        g.replay(len(h) + 1)


def test_record_errors_name_the_field():
    g = random_game(2, seed=1)
    rec = g.to_record()
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "game": "chess"})
    assert e.value.field == "game"
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "moves": "pass"})
    assert e.value.field == "moves"
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record({**rec, "options": {**rec["options"], "players": 9}})
    assert e.value.field == "options.players"


def test_observation_shows_only_what_the_seat_may_see():
    g = MatchstickTycoon.new(players=4, seed=2)
    obs = g.observation(1)
    assert obs.hand == tuple(g.hand(1))
    assert obs.card_counts == (14, 14, 14, 14)
    assert "hands" not in obs.__dataclass_fields__
    for seat in range(4):
        if seat != 1:
            assert tuple(g.hand(seat)) != obs.hand or True  # other hands are not in obs
    with pytest.raises(IndexError):
        g.observation(4)


def test_moves_are_small_hashable_values():
    a, b = parse_move("2x8: 6 0"), parse_move("2x8: 0+g 6+b")
    assert a is b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a == "2x8: 0+g 6+b"
    assert pickle.loads(pickle.dumps(a)) is a
    assert [c for c in a.cards()] == [("0", False, "g"), ("6", False, "b")]


@pytest.mark.parametrize("players", [2, 4, 8])
def test_bots_play_legal_moves_and_seeded_games_replay_exactly(players):
    bots = [GreedyBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(players)]
    g1 = play_with_bots(bots, seed=5)
    bots = [GreedyBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(players)]
    g2 = play_with_bots(bots, seed=5)
    assert g1.history == g2.history
    assert sorted(g1.ranking) == list(range(players))
    assert all(isinstance(b, Bot) for b in bots)


def test_greedy_bot_beats_random_bots_most_of_the_time():
    wins = 0
    for seed in range(40):
        bots = [GreedyBot(seed=seed), RandomBot(seed=seed + 1), RandomBot(seed=seed + 2)]
        g = play_with_bots(bots, seed=seed)
        wins += g.ranking[0] == 0
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
