"""Fuzzing: move-like junk, mutated positions and records are refused with the project's
errors only -- never another exception type -- and refusals change nothing.  (The
contract suite tries generic junk -- None, numbers, lists -- and generic record
tampering for every game.)"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError
from tabletop_widgets.games.chinese_ten import ChineseTen, Position
from tabletop_widgets.games.chinese_ten.cards import FULL_DECK

# CT_FUZZ=20 pytest tests/test_ct_fuzz.py runs twenty times as many examples.
SCALE = int(os.environ.get("CT_FUZZ", "1"))
CARD_TEXT = st.sampled_from([str(c) for c in FULL_DECK] + ["10H", "7h", "ZZ", "1S", ""])
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 1000)
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | CARD_TEXT,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
MOVE_TEXT = st.one_of(
    st.text(max_size=20),
    st.builds(
        lambda a, b, s: f"{s}{a} x {b}", CARD_TEXT, CARD_TEXT, st.sampled_from(["", "stock ", "s:"])
    ),
    CARD_TEXT,
)


def game_at(seed: int, steps: int) -> ChineseTen:
    rng = random.Random(seed)
    g = ChineseTen.new(players=2 + seed % 3, seed=seed, target=None, deals=2)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


@settings(max_examples=300 * SCALE, deadline=None)
@given(st.integers(0, 50), st.integers(0, 60), MOVE_TEXT)
def test_junk_moves(seed, steps, text):
    g = game_at(seed, steps)
    before, legal = g.position, g.legal_moves()
    try:
        m = g.play(text)
    except IllegalMoveError as e:
        assert e.rule == "notation" or e.rule.startswith("CT-")
        assert g.position == before
    else:
        assert m in legal


def paths(value, prefix=()):
    """Every path into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def mutate(data, rng: random.Random, new_value):
    data = copy.deepcopy(data)
    all_paths = [p for p in paths(data) if p]
    path = rng.choice(all_paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    kind = rng.randrange(4)
    if kind == 0:
        parent[path[-1]] = new_value
    elif kind == 1:
        del parent[path[-1]]
    elif kind == 2:  # swap with another leaf (moves a card between zones)
        other = rng.choice(all_paths)
        op = data
        for k in other[:-1]:
            op = op[k]
        nested = path[: len(other)] == other or other[: len(path)] == path
        if not nested:  # swapping a value with its own part would make a cycle
            parent[path[-1]], op[other[-1]] = op[other[-1]], parent[path[-1]]
    elif isinstance(parent, list):
        parent.insert(path[-1], new_value)
    else:
        parent[str(new_value)[:5]] = new_value
    return data


@settings(max_examples=400 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 40), st.integers(0, 70), st.randoms(use_true_random=False), JSON)
def test_mutated_positions(seed, steps, rng, new_value):
    g = game_at(seed, steps)
    data = mutate(g.position.to_json(), rng, new_value)
    try:
        p = Position.from_json(data)
    except PositionError as e:
        assert isinstance(e.field, str) and e.field
    else:
        # Accepted: then it really is a playable position.
        h = ChineseTen.from_position(p)
        if not h.is_over:
            h.play(h.legal_moves()[0])


@settings(max_examples=200 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 40), st.integers(0, 70), st.randoms(use_true_random=False), JSON)
def test_mutated_records(seed, steps, rng, new_value):
    g = game_at(seed, steps)
    data = mutate(g.to_record(), rng, new_value)
    try:
        ChineseTen.from_record(data)
    except RecordError as e:
        assert e.field
    except PositionError as e:  # RecordError is a PositionError; both are fine
        assert e.field


def test_record_errors_name_the_field():
    """The fields of a Chinese Ten record: moves in its notation, its decks, its options."""
    g = game_at(3, 10)
    rec = g.to_record()
    bad = copy.deepcopy(rec)
    bad["moves"][4] = "QQ"
    with pytest.raises(RecordError) as e:
        ChineseTen.from_record(bad)
    assert e.value.field == "moves[4]" and "(notation)" in e.value.reason
    bad = copy.deepcopy(rec)
    bad["moves"][4] = bad["moves"][3]  # a real move, but illegal there
    with pytest.raises(RecordError) as e:
        ChineseTen.from_record(bad)
    assert e.value.field == "moves[4]"
    bad = copy.deepcopy(rec)
    bad["decks"][0][40] = bad["decks"][0][0]
    with pytest.raises(RecordError) as e:
        ChineseTen.from_record(bad)
    assert e.value.field == "decks[0][40]"
    for bad, field in (
        ({**rec, "seed": None}, "seed"),
        ({**rec, "seed": -3}, "seed"),
        ({**rec, "decks": [[]]}, "decks[0]"),
        ({**rec, "decks": "AS"}, "decks"),
        ({**rec, "format": 3}, "format"),
        ({**rec, "options": {"players": 9}}, "options.players"),
        ({**rec, "options": {"colour": 1}}, "options.colour"),
    ):
        with pytest.raises(RecordError) as e:
            ChineseTen.from_record(bad)
        assert e.value.field == field


def test_positions_whose_layout_could_never_empty_are_refused():
    """Swap a layout card with one still to come, late in a deal: the result is refused
    (naming the layout) or plays out to an empty layout; the engine's CT-4 assertion never
    fires.  Found by the mutation fuzzer: 3H and 7S left lying together, no 3 or 7 to come."""
    refused = 0
    for seed in range(12):
        g = game_at(seed, 0)
        while not g.is_over and len(g.position.stock) > 4:
            g.play(g.legal_moves()[0])
        data = g.position.to_json()
        for i in range(len(data["layout"])):
            for j in range(len(data["stock"])):
                d = json.loads(json.dumps(data))
                d["layout"][i], d["stock"][j] = d["stock"][j], d["layout"][i]
                try:
                    h = ChineseTen.from_position(Position.from_json(d))
                except PositionError as e:
                    refused += "could never all be taken" in str(e)
                    continue
                while not h.is_over and h.position.deal_number == g.position.deal_number:
                    h.play(h.legal_moves()[-1])
    assert refused  # the check is exercised
