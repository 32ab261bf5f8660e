"""Fuzzing: random move-like text and mutated positions are refused cleanly.

The contract suite covers junk values (None, numbers, lists …) and generic record
tampering; here the notation itself is fuzzed, and refusals must cite a rule of the
game (or be a notation error)."""

from __future__ import annotations

import contextlib
import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_widgets.core.errors import (
    IllegalMoveError,
    NotationError,
    PositionError,
    RecordError,
)
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position

RULES = {"MT-1", "MT-2", "MT-3", "MT-5", "MT-8", "notation"}
FIELDS = ["players", "expansion", "hands", "sticks", "table", "order", "to_move", "out", "passed"]


def mid_game(seed: int, players: int = 4) -> MatchstickTycoon:
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=2, seed=seed)
    for _ in range(rng.randrange(60)):
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    return g


def try_move(g: MatchstickTycoon, text: object) -> None:
    before, n = g.position, len(g.history)
    try:
        g.play(text)
    except IllegalMoveError as e:
        assert e.rule in RULES and e.reason
        assert (e.rule == "notation") == isinstance(e, NotationError)
        assert g.position == before and len(g.history) == n
    else:
        assert len(g.history) == n + 1
        g.undo()


move_like = st.builds(
    lambda n, v, cards: f"{n}x{v}: " + " ".join(cards),
    st.integers(0, 7),
    st.sampled_from(list("0123456789AbCdEFGHBDaceghz")),
    st.lists(
        st.builds(
            lambda f, t, s: f + t + s,
            st.sampled_from(list("0123456789AbCdEFGHxB")),
            st.sampled_from(["", "~"]),
            st.sampled_from(["", "+", "+a", "+g", "+bg", "+ag", "+adef", "+gg", "+z"]),
        ),
        max_size=6,
    ),
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=30), move_like), st.integers(0, 50))
def test_random_text_is_refused_or_played(text, seed):
    try_move(mid_game(seed), text)


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.text(max_size=3)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def mutate(data: dict, rng: random.Random, value) -> dict:
    d = copy.deepcopy(data)
    kind = rng.randrange(6)
    f = rng.choice(FIELDS)
    if kind == 0:
        d[f] = value
    elif kind == 1:
        del d[f]
    elif kind == 2:
        d["extra"] = value
    elif kind == 3 and d["hands"]:
        s = rng.randrange(len(d["hands"]))
        d["hands"][s].append(value if rng.random() < 0.5 else rng.choice("0123456789AbCdEFGH"))
    elif kind == 4:
        s = rng.randrange(len(d["sticks"]))
        d["sticks"][s] = value if rng.random() < 0.5 else rng.randrange(-2, 3)
    else:
        d[f] = rng.choice([[], [0], [0, 0], {"value": "8", "count": 6, "player": 0}, "x", -1])
    return d


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 40), st.integers(0, 2**20), json_values)
def test_mutated_positions_are_refused_naming_the_field(seed, mseed, value):
    good = mid_game(seed).position.to_json()
    bad = mutate(good, random.Random(mseed), value)
    try:
        p = Position.from_json(bad)
    except PositionError as e:
        root = e.field.split("[")[0].split(".")[0]
        assert root in FIELDS + ["position", "extra"] or e.field == str(
            next(iter(set(bad) - set(FIELDS)), "")
        ), e
        assert e.reason
    else:
        # still a valid position: it must be playable
        g = MatchstickTycoon.from_position(p)
        assert g.is_over or g.legal_moves()


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40))
def test_garbage_json_is_a_position_error(text):
    with contextlib.suppress(PositionError):
        Position.loads(text)


def test_tampered_record_moves_are_named():
    g = mid_game(3)
    rec = json.loads(json.dumps(g.to_record()))
    assert len(rec["moves"]) >= 3
    rec["moves"][2] = "5xF: F F F F F"
    with pytest.raises(RecordError) as e:
        MatchstickTycoon.from_record(rec)
    assert e.value.field == "moves[2]"


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"hands": [["0", "9"], ["1"], ["2"]]}, "hands[0][1]"),
        ({"hands": [["0", ["8"]], ["1"], ["2"]]}, "hands[0][1]"),
        ({"hands": [["0"], ["G"], ["2"]]}, "hands[1][0]"),
        ({"hands": [["8"] * 3, ["8", "8"], ["2"]]}, "hands"),
        ({"hands": [["0"], "1", ["2"]]}, "hands[1]"),
        ({"sticks": [1, -1, 1]}, "sticks[1]"),
        ({"sticks": [1, True, 1]}, "sticks[1]"),
        ({"table": {"value": "Z", "count": 1, "player": 1}}, "table.value"),
        ({"table": {"value": "8", "count": 6, "player": 1}}, "table.count"),
        ({"table": {"value": "8", "count": 1, "player": 7}}, "table.player"),
        ({"table": {"value": "8", "count": 1}}, "table.player"),
        ({"table": {"value": "8", "count": 1, "player": 1, "by": 2}}, "table.by"),
        ({"table": {"value": "8", "count": 1, "player": 0}}, "table.player"),
        ({"out": [1, 1]}, "out"),
        ({"out": [4]}, "out[0]"),
        ({"hands": [["0"], [], ["2"]], "sticks": [1, 0, 1]}, "hands[1]"),
        ({"table": {"value": "8", "count": 1, "player": 1}, "passed": [1]}, "passed"),
        ({"passed": [2]}, "passed"),
    ],
)
def test_position_errors_name_the_nested_field(changes, field):
    from tests.matchstick_tycoon.helpers import position

    with pytest.raises(PositionError) as e:
        Position.from_json(position(**changes))
    assert e.value.field == field, e.value
