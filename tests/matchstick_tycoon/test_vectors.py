"""Replay every recorded game of the shared test vectors exactly as formats.md says."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position
from tests.matchstick_tycoon.helpers import vectors_dir

FILES = sorted(vectors_dir().glob("*.json"))


def test_vectors_are_there():
    # A missing folder must fail loudly, not pass with zero vectors.
    assert FILES, f"no test vectors found in {vectors_dir()}"


def normalise(pos: dict) -> dict:
    """Compare as data: hands as multisets, passed as a set."""
    return {**pos, "hands": [Counter(h) for h in pos["hands"]], "passed": set(pos["passed"])}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_vector(path):
    vec = json.loads(path.read_text())
    if vec.get("game") != "matchstick_tycoon":
        pytest.skip(f"not a Matchstick Tycoon vector: {vec.get('game')}")
    game = MatchstickTycoon.from_position(vec["start"])
    checks = {c["after"]: c for c in vec["checks"]}
    for i in range(len(vec["moves"]) + 1):
        check = checks.get(i)
        if check:
            assert normalise(game.position.to_json()) == normalise(check["position"]), (
                f"position after {i} moves"
            )
            assert {m.text for m in game.legal_moves()} == set(check["legal"]), (
                f"legal moves after {i} moves"
            )
            for bad in check["illegal"]:
                before = game.position
                with pytest.raises(IllegalMoveError) as err:
                    game.play(bad["move"])
                assert err.value.rule == bad["rule"], (
                    f"after {i} moves, {bad['move']!r}: {err.value}"
                )
                assert game.position == before
                assert len(game.history) == i
            # the checked position also reads back through the validator
            assert Position.from_json(check["position"]) is not None
        if i < len(vec["moves"]):
            game.play(vec["moves"][i])
    res = vec["result"]
    assert game.is_over and game.to_move is None and game.current_players() == ()
    result = game.result
    assert list(result.ranking) == res["ranking"]
    # no ties: places follow the finishing order; a score counts the seats behind
    assert sorted(result.places) == list(range(1, game.players + 1))
    assert all(result.scores[s] == game.players - result.places[s] for s in range(game.players))
    assert [Counter(game.hand(s)) for s in range(game.players)] == [
        Counter(h) for h in res["hands"]
    ]
    assert [Counter(h) for h in result.details["hands"]] == [Counter(h) for h in res["hands"]]
    assert [game.sticks(s) for s in range(game.players)] == res["sticks"]
    assert result.details["sticks"] == res["sticks"]
