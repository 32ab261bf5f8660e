"""A Fistful of Gold: random text and mutated positions are refused cleanly."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, Position


def game_at(seed: int, steps: int) -> FistfulOfGold:
    rng = random.Random(seed)
    g = FistfulOfGold.new(seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


WORDS = [
    "pink",
    "green",
    "p",
    "g",
    "discard",
    "reclaim",
    "take",
    "back",
    "play",
    "dynamite",
    "d",
    "dyn",
    "0",
    "1",
    "5",
    "8",
    "9",
    "D",
    ",",
    "+",
    "x",
    "",
    "  ",
]
MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join),
)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    text=MOVE_TEXT,
    seat=st.sampled_from([None, 0, 1]),
)
def test_random_text_is_a_move_or_refused(seed, steps, text, seat):
    g = game_at(seed, steps)
    before, history = g.position, g.history
    legal = set(g.legal_moves())
    try:
        move = g.play(text, seat=seat)
    except IllegalMoveError as exc:
        assert exc.rule in ("notation", "FG-1", "FG-2", "FG-3", "FG-4")
        assert exc.reason and g.position == before and g.history == history
    else:
        assert move in legal


def leaf_paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leaf_paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from leaf_paths(v, (*path, i))


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.text(max_size=8),
    st.sampled_from(
        [
            "pink 3",
            "green 8",
            "pink dynamite",
            "discard pink 1",
            "duel",
            "over",
            "reclaim green 1",
            "keep",
            "fresh",
        ]
    ),
    st.lists(st.sampled_from(["pink 1", "pink 5", "green 2", "green D"]), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), data=st.data())
def test_mutated_positions_are_refused_or_valid(seed, steps, data):
    original = game_at(seed, steps).position.to_json()
    mutated = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(leaf_paths(mutated))[1:]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = mutated
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, list | dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JUNK)
    try:
        pos = Position.from_json(json.loads(json.dumps(mutated)))
    except PositionError as exc:
        assert exc.field and exc.reason
    else:
        # Accepted: it must be a position a game can reach, and read back the same.
        assert Position.from_json(pos.to_json()) == pos


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60), data=st.data())
def test_card_moved_between_places_is_refused_or_valid(seed, steps, data):
    data_json = game_at(seed, steps).position.to_json()
    places = [(k, s) for k in ("hands", "discards", "rows") for s in (0, 1) if data_json[k][s]]
    src = data.draw(st.sampled_from(places))
    dst = data.draw(
        st.sampled_from([(k, s) for k in ("hands", "discards", "rows") for s in (0, 1)])
    )
    card = data_json[src[0]][src[1]].pop(
        data.draw(st.integers(0, len(data_json[src[0]][src[1]]) - 1))
    )
    data_json[dst[0]][dst[1]].append(card)
    try:
        pos = Position.from_json(data_json)
    except PositionError as exc:
        assert exc.field
    else:
        assert Position.from_json(pos.to_json()) == pos
