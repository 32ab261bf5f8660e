"""The legal set against a slow reference built from the rules, order included.

Move generation is memoised several ways (per value, per kind of turn, hands
written in unary); this checks what it gives on random positions of every
player count and deck, visited in the order games reach them, so a cache that
kept a stale answer would show."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.matchstick_tycoon import (
    DISCARD,
    PASS,
    MatchstickTycoon,
    Move,
    movegen,
    shapes,
)
from tabletop_widgets.games.matchstick_tycoon.moves import FACE_INDEX, VALUE_INDEX

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def order_key(move: Move) -> tuple:
    """Plays of one value come by size, then face by face in notation order: more
    copies of an earlier face later, and a play without that face after all with it."""
    counts = [0] * len(FACE_INDEX)
    for f in move.faces:
        counts[FACE_INDEX[f]] += 1
    return (VALUE_INDEX[move.value], move.count, tuple(n or 9 for n in counts))


def reference(g: MatchstickTycoon) -> list[Move]:
    """Every legal move from the rules alone (MT-2, MT-3, MT-5), in the engine's order."""
    if g.is_over:
        return []
    seat = g.to_move
    hand, sticks = sorted(g.hand(seat)), g.sticks(seat)
    if not hand:
        return [DISCARD]
    table = g.position.table
    values = shapes.values_in_play(g.expansion)
    sizes = range(1, 6) if table is None else [table.count]
    plays = []
    for value in values:
        if table is not None and g.strength(value) <= g.strength(table.value):
            continue
        cost = {f: c for f in set(hand) if (c := shapes.cost(f, value)) is not None}
        usable = [f for f in hand if f in cost and cost[f] <= sticks]
        for n in sizes:
            for faces in set(combinations(usable, n)):
                if sum(cost[f] for f in faces) <= sticks:
                    plays.append(Move.play(value, faces))
    plays.sort(key=order_key)
    return plays if table is None else [*plays, PASS]


@SETTINGS
@given(
    st.integers(3, 8),
    st.sampled_from([0, 2, 4]),
    st.integers(0, 2**31 - 1),
)
def test_legal_sets_are_the_rules_in_order(players, expansion, seed):
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, seed=seed)
    while not g.is_over:
        assert list(g.legal_moves()) == reference(g)
        g.play(rng.choice(g.legal_moves()))
    assert g.legal_moves() == ()


def test_many_sticks_and_revolutions():
    # Positions the random games rarely reach: a rich seat, a reversed order.
    g = MatchstickTycoon.from_position(
        {
            "players": 3,
            "expansion": 4,
            "hands": [["0", "1", "1", "4", "7", "8", "G", "H"], ["6", "6"], ["3"]],
            "sticks": [30, 1, 1],
            "table": None,
            "order": "reversed",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    assert list(g.legal_moves()) == reference(g)
    g.play("2x1: 1 1")
    for text in ("pass", "pass"):
        assert list(g.legal_moves()) == reference(g)
        g.play(text)
    assert list(g.legal_moves()) == reference(g)


def test_full_caches_are_emptied_and_filled_again(monkeypatch):
    monkeypatch.setattr(movegen, "_CACHE_LIMIT", 60)
    monkeypatch.setattr(movegen, "_UNARY_LIMIT", 10)
    rng = random.Random(2)
    for seed in range(3):
        g = MatchstickTycoon.new(players=4, seed=seed)
        while not g.is_over:
            assert list(g.legal_moves()) == reference(g)
            g.play(rng.choice(g.legal_moves()))
        assert len(movegen._UNARY) <= 10
