"""Property tests over random Matchstick Tycoon games of every player count and expansion.

The contract suite (tests/contract) checks undo, replay and the JSON round trips
of every game; here: what the rules conserve, over 2-8 seats and every deck."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon

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
def test_random_games_conserve_cards_and_sticks_and_rank_everyone(args):
    players, expansion, deal, seed = args
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=seed)
    start_cards = cards_of(g)
    sticks = sum(g.sticks(s) for s in range(players))
    played: Counter = Counter()
    for _ in range(5000):
        if g.is_over:
            break
        legal = g.legal_moves()
        assert legal, "a seat to move always has a move"
        assert len(set(legal)) == len(legal)
        m = legal[rng.randrange(len(legal))]
        g.play(m)
        # conservation of cards and sticks (MT-3, MT-5)
        played.update(m.faces)
        sticks += {"play": -m.cost, "pass": 1, "discard": -1}[m.kind]
        assert cards_of(g) + played == start_cards
        assert sum(g.sticks(s) for s in range(players)) == sticks
        assert all(g.sticks(s) >= 0 for s in range(players))
    assert g.is_over, "the game ends"
    result = g.result
    assert sorted(result.ranking) == list(range(players))
    assert result.ranking[: players - 1] == g.position.out  # first out first (MT-8)
    assert sorted(result.scores) == list(range(players))
