"""Property tests over many random Chinese Ten deals: every player count, both scorings."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.chinese_ten import ChineseTen, Position
from tabletop_widgets.games.chinese_ten.cards import FULL_DECK

TOTALS = {("standard", 2): 210, ("standard", 3): 240, ("standard", 4): 280}

setups = st.tuples(
    st.integers(0, 2**31 - 1),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["standard", "red_frog_black_frog"]),
)


def all_cards(p: Position) -> list:
    out = [c for h in p.hands for c in h] + list(p.layout) + list(p.stock)
    out += [c for pile in p.captured for c in pile]
    return out + ([p.turned] if p.turned is not None else [])


def random_deal(seed: int, players: int, scoring: str, deals: int = 1) -> ChineseTen:
    rng = random.Random(seed)
    g = ChineseTen.new(players=players, scoring=scoring, seed=seed, target=None, deals=deals)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g


@settings(max_examples=60, deadline=None)
@given(setups)
def test_deal_invariants(setup):
    seed, players, scoring = setup
    g = random_deal(seed, players, scoring)
    p = g.position
    # After every deal the layout, hands and stock are empty (CT-4 guarantee) ...
    assert p.layout == () and p.stock == () and not any(p.hands) and p.turned is None
    # ... and the deal's points add up to the deal total (CT-5).
    assert sum(g.deal_points[0]) == TOTALS.get((scoring, players), 218)
    assert sorted(all_cards(p)) == sorted(FULL_DECK)
    # A turn is one hand card and one stock card: 24 turns, plus the stock choices.
    stock_moves = sum(m.stock for m in g.history)
    assert len(g.history) - stock_moves == 24


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups)
def test_every_step(setup):
    """Along a random game, every player count and scoring: the 52 cards are all somewhere,
    every legal move is read back from other spellings (``10``, lower case), and the
    seat to move sees the counts but not the other hands.  (Undo, JSON round trips and
    observations in general: the contract suite.)"""
    seed, players, scoring = setup
    rng = random.Random(seed)
    g = ChineseTen.new(
        players=players, scoring=scoring, seed=seed, target=None, deals=2 if seed % 3 == 0 else 1
    )
    while not g.is_over:
        p = g.position
        assert Counter(all_cards(p)) == Counter(FULL_DECK)
        legal = g.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        for i, m in enumerate(legal):
            text = str(m) if i % 2 else str(m).replace("T", "10").lower()
            assert g.parse_move(text) == m and g.is_legal(text)
        obs = g.observation(g.to_move)
        assert obs.hand == p.hands[g.to_move] and not hasattr(obs, "hands")
        assert obs.stock_size == len(p.stock) and obs.hand_sizes == tuple(map(len, p.hands))
        g.play(rng.choice(legal))


@settings(max_examples=30, deadline=None)
@given(setups, st.data())
def test_records_store_every_deck_and_replays_keep_the_events(setup, data):
    """A two-deal match: its record holds both decks and reloads to the same record;
    a replay continued with the same moves reaches the same events (automatic steps
    included) across the deal boundary."""
    seed, players, scoring = setup
    g = random_deal(seed, players, scoring, deals=2)
    record = json.loads(json.dumps(g.to_record()))
    assert record["format"] == 2 and record["start"] is None and record["seed"] == seed
    assert [len(d) for d in record["decks"]] == [52, 52]
    h = ChineseTen.from_record(record)
    assert h.position == g.position and h.to_record() == g.to_record()
    n = data.draw(st.integers(0, len(g.history)))
    r = g.replay(n)
    for m in g.history[n:]:
        r.play(m)
    assert r.position == g.position and r.events == g.events and r.movers == g.movers


@settings(max_examples=15, deadline=None)
@given(setups, st.data())
def test_game_from_a_midgame_position_records_and_replays(setup, data):
    seed, players, scoring = setup
    g = random_deal(seed, players, scoring, deals=2)
    cut = data.draw(st.integers(0, len(g.history)))
    start = g.replay(cut).position
    h = ChineseTen.from_position(start.to_json())
    for m in g.history[cut:]:
        h.play(m)
    assert h.position == g.position
    k = ChineseTen.from_record(json.loads(json.dumps(h.to_record())))
    assert k.position == g.position and k.history == g.history[cut:]
    assert k.replay(0).position == start
    # The record holds the position and the decks of the deals after it (none was dealt
    # from a seed); the game has no seed of its own.
    rec = h.to_record()
    assert rec["start"] == start.to_json() and rec["seed"] is None and h.seed is None
    assert len(rec["decks"]) == g.deal_number - start.deal_number


def test_full_matches_conserve_points():
    for seed in range(4):
        g = ChineseTen.new(players=3, seed=seed, target=500)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        assert all(sum(d) == 240 for d in g.deal_points)
        assert g.totals == tuple(sum(d[s] for d in g.deal_points) for s in range(3))
        assert ChineseTen.from_record(g.to_record()).position == g.position


@pytest.mark.parametrize(
    ("players", "total", "moves", "points"),
    [(2, 177, 26, (107, 103)), (3, 115, 25, (57, 70, 113)), (4, 100, 26, (55, 70, 50, 105))],
)
def test_fixed_line_fingerprint(players, total, moves, points):
    """Legal-move counts summed along a fixed line (like perft): a regression check of
    dealing, move generation and scoring together."""
    g = ChineseTen.new(players=players, seed=42, target=None)
    count = 0
    while not g.is_over:
        legal = g.legal_moves()
        count += len(legal)
        g.play(legal[len(g.history) % len(legal)])
    assert (count, len(g.history), g.deal_points[0]) == (total, moves, points)
