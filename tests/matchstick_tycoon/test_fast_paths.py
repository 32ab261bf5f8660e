"""The engine's shortcuts give what the long way gives: the one-go check of a Move in
play(), deals and snapshots built without re-validation, observations built slot by slot."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.games.matchstick_tycoon import (
    DISCARD,
    PASS,
    MatchstickTycoon,
    Observation,
    Options,
    Position,
    deal,
)

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(2, 8), st.sampled_from([0, 2, 4]), st.integers(0, 2**31 - 1))
def test_the_quick_check_accepts_exactly_what_verify_accepts(players, expansion, seed):
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, seed=seed)
    seen = {PASS, DISCARD}  # moves of other positions: mostly illegal here
    while not g.is_over:
        legal = g.legal_moves()
        seen.update(legal)
        for m in rng.sample(sorted(seen, key=str), min(len(seen), 30)):
            assert g._allows(m) == (g.explain(m) is None), (m, g.position)
        g.play(rng.choice(legal))
    assert not any(g._allows(m) for m in seen)


@pytest.mark.parametrize("options", GAMES["matchstick_tycoon"].option_sets)
def test_deals_read_back_equal(options):
    opts = Options.from_json(options)
    for seed in range(20):
        start = deal(opts, seed)
        assert Position.from_json(start.to_json()) == start
        assert MatchstickTycoon.new(seed=seed, **options).start == start


def test_snapshots_and_observations_are_the_dataclasses():
    g = MatchstickTycoon.new(players=4, seed=8)
    for _ in range(25):
        g.play(g.legal_moves()[0])
    p = g.position
    assert type(p) is Position and Position.from_json(p.to_json()) == p
    for seat in range(4):
        obs = g.observation(seat)
        fields = {f: getattr(obs, f) for f in Observation.__slots__}
        assert type(obs) is Observation and obs == Observation(**fields)
        assert hash(obs) == hash(Observation(**fields))
        with pytest.raises(AttributeError):
            obs.seat = 3  # frozen, like any Observation
