"""Chinese Ten bots: legal choices only, seeded, observation-only, and greedy is better."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop_widgets.core.bots import Bot, RandomBot
from tabletop_widgets.games.chinese_ten import FULL_DECK, Card, ChineseTen, GreedyBot, Move
from tabletop_widgets.games.chinese_ten.engine import Observation


def play_deal(players: int, bots, seed: int, scoring: str = "standard") -> ChineseTen:
    g = ChineseTen.new(players=players, seed=seed, target=None, scoring=scoring)
    while not g.is_over:
        (seat,) = g.current_players()
        legal = g.legal_moves(seat)
        choice = bots[seat].choose(g.observation(seat), legal)
        assert choice in legal
        g.play(choice, seat)
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scoring", ["standard", "red_frog_black_frog"])
def test_bots_only_choose_legal_moves(players, scoring):
    for seed in range(8):
        bots = [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1, caution=0), RandomBot(1)]
        play_deal(players, bots[:players], seed, scoring)


def test_bots_follow_the_protocol_and_replay():
    assert isinstance(GreedyBot(), Bot) and GreedyBot.name == "greedy"
    a = play_deal(3, [GreedyBot(1), GreedyBot(2), GreedyBot(3)], 9)
    b = play_deal(3, [GreedyBot(1), GreedyBot(2), GreedyBot(3)], 9)
    assert a.history == b.history
    with pytest.raises(ValueError):
        GreedyBot().choose(a.observation(0), ())


def test_observation_holds_only_what_the_seat_may_see():
    g = ChineseTen.new(seed=3)
    obs = g.observation(1)
    names = {f.name for f in dataclasses.fields(Observation)}
    assert "hands" not in names and "stock" not in names
    assert obs.hand == g.hand(1) and obs.seat == 1 and obs.to_move == 0
    assert obs.hand_sizes == (8, 8, 8) and obs.stock_size == 24
    assert all(isinstance(v, (int, str, bool, tuple, type(None))) for v in dataclasses.astuple(obs))
    data = obs.to_json()
    assert data["hand"] == [str(c) for c in g.hand(1)] and data["hand_sizes"] == [8, 8, 8]
    assert "hands" not in data and "stock" not in data and data["stock_size"] == 24
    with pytest.raises(IndexError):
        g.observation(3)


def test_greedy_takes_the_most_points():
    g = ChineseTen.from_record(
        {
            "game": "chinese_ten",
            "format": 2,
            "options": {"target": None},
            "seed": 0,
            "moves": [],
            "decks": [_deck_with(["7S", "9S"], ["3H", "AH", "3C", "QC"])],
        }
    )
    bot = GreedyBot(seed=0)
    choice = bot.choose(g.observation(0), g.legal_moves())
    # 9S x AH is worth 20; 7S x 3H only 3.
    assert choice == Move(Card.parse("9S"), (Card.parse("AH"),))


def test_greedy_beats_random():
    greedy = rand = 0
    for seed in range(40):  # both seats, fixed seeds: deterministic
        g = play_deal(2, [GreedyBot(seed), RandomBot(seed)], seed)
        greedy, rand = greedy + g.deal_points[0][0], rand + g.deal_points[0][1]
        g = play_deal(2, [RandomBot(seed), GreedyBot(seed)], seed + 1000)
        greedy, rand = greedy + g.deal_points[0][1], rand + g.deal_points[0][0]
    assert greedy + rand == 80 * 210
    assert greedy > 1.3 * rand


def _deck_with(hand0: list[str], layout: list[str]) -> list[str]:
    cards = [Card.parse(t) for t in hand0 + layout]
    rest = [c for c in FULL_DECK if c not in cards]
    deck: list = [None] * 52
    for j, c in enumerate(cards[: len(hand0)]):
        deck[3 * j] = c
    deck[24:28] = cards[len(hand0) :]
    for i in range(52):
        if deck[i] is None:
            deck[i] = rest.pop(0)
    return [str(c) for c in deck]
