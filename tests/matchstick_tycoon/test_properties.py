"""Property tests over random Matchstick Tycoon games of every player count and expansion."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position

games = st.tuples(
    st.integers(2, 8),
    st.sampled_from([0, 2, 4]),
    st.sampled_from(["default", "all"]),
    st.integers(0, 2**31 - 1),
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_of(g: MatchstickTycoon) -> Counter:
    return Counter(f for s in range(g.players) for f in g.hand(s))


@SETTINGS
@given(games)
def test_random_game_invariants(args):
    players, expansion, deal, seed = args
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=seed)
    start_cards = cards_of(g)
    sticks = sum(g.sticks(s) for s in range(players))
    played: Counter = Counter()
    for _ in range(5000):
        if g.is_over:
            break
        before = g.position
        legal = g.legal_moves()
        assert legal, "a seat to move always has a move"
        assert len(set(legal)) == len(legal)
        # every legal move is accepted, and undo restores the exact position
        for m in rng.sample(list(legal), min(3, len(legal))):
            assert g.play(m) is m
            g.undo()
            assert g.position == before
        m = legal[rng.randrange(len(legal))]
        g.play(m)
        # conservation of cards and sticks
        played.update(m.faces)
        sticks += {"play": -m.cost, "pass": 1, "discard": -1}[m.kind]
        assert cards_of(g) + played == start_cards
        assert sum(g.sticks(s) for s in range(players)) == sticks
        assert all(g.sticks(s) >= 0 for s in range(players))
    assert g.is_over, "the game ends"
    assert sorted(g.ranking) == list(range(players))
    # JSON round trips
    p = g.position
    assert Position.from_json(p.to_json()) == p
    again = MatchstickTycoon.from_record(g.to_record())
    assert again.history == g.history and again.position == p
    # replay to any move gives that exact position, and never changes the game
    n = rng.randrange(len(g.history) + 1)
    r = g.replay(n)
    h = list(g.history)
    for _ in range(len(h) - n):
        g.undo()
    assert r.position == g.position
    for m in h[n:]:
        g.play(m)
    assert g.position == p


@SETTINGS
@given(games, st.integers(0, 400))
def test_positions_round_trip_mid_game(args, n):
    players, expansion, deal, seed = args
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=seed)
    for _ in range(n):
        if g.is_over:
            break
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    p = g.position
    assert Position.from_json(p.to_json()) == p
    fresh = MatchstickTycoon.from_position(p.to_json())
    assert set(fresh.legal_moves()) == set(g.legal_moves())
    obs = g.observation(g.to_move)
    assert obs.hand == p.hands[g.to_move]
    assert obs.card_counts == tuple(len(h) for h in p.hands)
    assert not hasattr(obs, "hands")
