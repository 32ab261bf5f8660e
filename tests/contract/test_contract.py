"""One suite for every game in ``GAMES`` and each of its option sets (OpenSpiel's
``random_sim_test``): random games, exact undo/replay/round trips, refusals that
name the rule or field and change nothing, observations that hide what they must,
bots that only play legal moves."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import islice

import pytest

from tabletop_widgets.core import (
    GAMES,
    Game,
    IllegalMoveError,
    NotationError,
    PositionError,
    RandomBot,
    RecordError,
    Result,
    load_record,
)
from tabletop_widgets.core.playout import bot_move, play_out
from tabletop_widgets.core.records import COMMON_FIELDS
from tabletop_widgets.core.search import SearchBot

CASES = [
    pytest.param(info, opts, id=f"{key}-{i}")
    for key, info in GAMES.items()
    for i, opts in enumerate(info.option_sets)
]
INFOS = [pytest.param(info, id=key) for key, info in GAMES.items()]
JUNK = ["", "   ", "!!", "zz top", "\x00", "x" * 500, "🂡", "7♠?", None, 3, 3.5, [], {}, True]


def snapshot(game: Game) -> tuple:
    """Everything that must be identical after a refused move or an undo."""
    return (
        json.dumps(game.position.to_json(), sort_keys=True),
        game.history,
        game.movers,
        game.current_players(),
        game.legal_moves(),
        game.is_over,
    )


def random_walk(info, opts, seed: int, limit: int | None = None):
    """A seeded random game: (game, [the game at each move number as a snapshot])."""
    rng = random.Random(seed)
    game = info.engine.new(seed=seed, **opts)
    snaps = [snapshot(game)]
    while not game.is_over and (limit is None or len(game.history) < limit):
        seat = rng.choice(game.current_players())
        game.play(rng.choice(game.legal_moves(seat)), seat)
        snaps.append(snapshot(game))
    return game, snaps


def sample(n: int, k: int, rng: random.Random) -> list[int]:
    """Up to ``k`` move numbers 0..n, always with 0 and n."""
    return sorted({0, n, *rng.sample(range(n + 1), min(k, n + 1))})


# -- the registry ---------------------------------------------------------------


@pytest.mark.parametrize("info", INFOS)
def test_registry_entry_describes_its_engine(info):
    assert issubclass(info.engine, Game)
    assert info.engine.key == info.key and info.engine.title == info.title
    assert {p.kind for p in info.pages} <= {"tutorial", "play", "sandbox", "rules"}
    assert info.option_sets and info.bots
    assert set(info.levels.values()) <= set(info.bots)
    lo, hi = info.players
    for opts in info.option_sets:
        assert lo <= info.engine.new(seed=1, **opts).players <= hi


@pytest.mark.parametrize("info,opts", CASES)
def test_a_seed_gives_the_same_deal_and_is_kept(info, opts):
    a, b = info.engine.new(seed=5, **opts), info.engine.new(seed=5, **opts)
    assert a.position == b.position and a.seed == 5
    drawn = info.engine.new(**opts)
    assert isinstance(drawn.seed, int)
    assert info.engine.new(seed=drawn.seed, **opts).position == drawn.position


@pytest.mark.parametrize("info", INFOS)
def test_unknown_options_are_refused_by_name(info):
    with pytest.raises(PositionError) as e:
        info.engine.new(seed=1, bogus_option=3)
    assert "bogus_option" in e.value.field


# -- random games -----------------------------------------------------------------


@pytest.mark.parametrize("info,opts", CASES)
def test_random_games_end_with_a_valid_result(info, opts):
    for seed in range(3):
        game = info.engine.new(seed=seed, **opts)
        bots = [RandomBot(seed=seed * 10 + s) for s in range(game.players)]
        result = play_out(game, bots)
        assert game.is_over and isinstance(result, Result) and result == game.result
        assert len(result.places) == len(result.scores) == game.players
        assert all(1 <= p <= game.players for p in result.places)
        assert Result.from_json(json.loads(json.dumps(result.to_json()))) == result
        assert game.current_players() == () and game.to_move is None
        assert game.legal_moves() == ()
        assert all(game.legal_moves(s) == () for s in range(game.players))
        assert len(game.movers) == len(game.history)
        before = snapshot(game)
        with pytest.raises(IllegalMoveError):
            game.play(game.history[-1])
        assert snapshot(game) == before


@pytest.mark.parametrize("info,opts", CASES)
def test_every_legal_move_is_accepted_and_undo_restores_the_exact_position(info, opts):
    rng = random.Random(7)
    game, snaps = random_walk(info, opts, seed=11)
    for n in sample(len(game.history), 6, rng):
        g = game.replay(n)
        assert snapshot(g) == snaps[n]
        legal = g.legal_moves()
        assert isinstance(legal, tuple)
        assert legal == tuple(m for s in g.current_players() for m in g.legal_moves(s))
        for move in islice(rng.sample(legal, len(legal)), 40):
            assert g.is_legal(move) and g.explain(move) is None
            played = g.play(move)
            assert played == move and g.history[-1] == move
            assert g.movers[-1] in snaps[n][3]
            assert g.undo() == move
            assert snapshot(g) == snaps[n]
            assert g.play(str(move)) == move  # the notation is read back
            g.undo()
        assert snapshot(g) == snaps[n]


@pytest.mark.parametrize("info,opts", CASES)
def test_moves_are_values_with_a_notation(info, opts):
    game, _ = random_walk(info, opts, seed=3, limit=30)
    for move in set(game.history) | set(game.legal_moves()):
        hash(move)
        assert move != str(move)  # a move never equals its text
        assert info.engine.move_type.parse(str(move)) == move
        assert game.parse_move(str(move)) == move


@pytest.mark.parametrize("info,opts", CASES)
def test_a_seat_that_is_not_to_move_is_refused(info, opts):
    game, _ = random_walk(info, opts, seed=5, limit=9)
    waiting = [s for s in range(game.players) if s not in game.current_players()]
    if game.is_over or not waiting:
        return
    before = snapshot(game)
    for s in waiting:
        assert game.legal_moves(s) == ()
        with pytest.raises(IllegalMoveError):
            game.play(game.legal_moves()[0], s)
        assert snapshot(game) == before
    for bad in (game.players, -1):
        with pytest.raises(IndexError):
            game.observation(bad)
        with pytest.raises(IndexError):
            game.legal_moves(bad)


# -- replay, copy, round trips ------------------------------------------------------


@pytest.mark.parametrize("info,opts", CASES)
def test_replay_and_copy_are_exact_and_independent(info, opts):
    game, snaps = random_walk(info, opts, seed=2)
    n = len(game.history)
    for k in sample(n, 8, random.Random(1)):
        assert snapshot(game.replay(k)) == snaps[k]
    assert snapshot(game) == snaps[-1]
    with pytest.raises(IndexError):
        game.replay(n + 1)
    early = game.replay(min(3, n))
    twin = early.copy()
    if not twin.is_over:
        twin.play(twin.legal_moves()[0])
        assert snapshot(early) == snaps[min(3, n)]


@pytest.mark.parametrize("info,opts", CASES)
def test_positions_round_trip_through_json(info, opts):
    game, _ = random_walk(info, opts, seed=4)
    for k in sample(len(game.history), 8, random.Random(2)):
        g = game.replay(k)
        data = json.loads(json.dumps(g.position.to_json()))
        again = info.engine.from_position(data)
        assert again.position == g.position
        assert again.position.to_json() == data
        assert again.legal_moves() == g.legal_moves()
        assert again.current_players() == g.current_players()


@pytest.mark.parametrize("info,opts", CASES)
def test_records_round_trip_through_json(info, opts):
    game, _ = random_walk(info, opts, seed=6)
    for k in sample(len(game.history), 4, random.Random(3)):
        g = game.replay(k)
        record = json.loads(json.dumps(g.to_record(meta={"names": ["A", "B"]})))
        assert set(record) <= set(COMMON_FIELDS) | set(info.engine.record_extras)
        assert record["game"] == info.key and record["format"] == info.engine.record_format
        for loaded in (load_record(record), info.engine.from_record(record)):
            assert snapshot(loaded) == snapshot(g)
    # a game that began at a position records that position
    mid = info.engine.from_position(game.replay(len(game.history) // 2).position.to_json())
    if not mid.is_over:
        mid.play(mid.legal_moves()[0])
    assert snapshot(load_record(json.loads(json.dumps(mid.to_record())))) == snapshot(mid)


# -- refusals --------------------------------------------------------------------------


@pytest.mark.parametrize("info,opts", CASES)
def test_junk_is_not_a_move_and_changes_nothing(info, opts):
    game, _ = random_walk(info, opts, seed=8, limit=5)
    before = snapshot(game)
    for junk in JUNK:
        with pytest.raises(NotationError):
            game.play(junk)
        with pytest.raises(NotationError):
            game.parse_move(junk)
        assert not game.is_legal(junk) if isinstance(junk, str) else True
        assert snapshot(game) == before


@pytest.mark.parametrize("info,opts", CASES)
def test_mutated_positions_are_refused_naming_the_field(info, opts):
    game, _ = random_walk(info, opts, seed=9, limit=12)
    good = game.position.to_json()
    for bad in (None, [], "position", 3):
        with pytest.raises(PositionError):
            info.engine.from_position(bad)
    with pytest.raises(PositionError) as e:
        info.engine.from_position({**good, "bogus": 1})
    assert e.value.field == "bogus"
    for key in good:
        missing = {k: v for k, v in good.items() if k != key}
        with pytest.raises(PositionError) as e:
            info.engine.from_position(missing)
        assert e.value.field.startswith(key), (key, e.value)
        for junk in ("?junk?", -1, [None], {"x": 1}):
            if junk == good[key]:
                continue
            with pytest.raises(PositionError) as e:
                info.engine.from_position({**good, key: junk})
            assert e.value.field.startswith(key), (key, junk, e.value)
    assert game.position.to_json() == good


@pytest.mark.parametrize("info,opts", CASES)
def test_tampered_records_are_refused_naming_the_field(info, opts):
    game, _ = random_walk(info, opts, seed=10, limit=12)
    good = json.loads(json.dumps(game.to_record()))
    other = next((k for k in GAMES if k != info.key), "chess")
    cases = {
        "bogus": {**good, "bogus": 1},
        "format": {**good, "format": 99},
        "game": {k: v for k, v in good.items() if k != "game"},
        "meta": {**good, "meta": ["not", "an", "object"]},
        "moves": {**good, "moves": "1 2 3"},
    }
    for field, record in cases.items():
        with pytest.raises(RecordError) as e:
            load_record(record)
        assert e.value.field == field, (field, e.value)
    for key in ("chess", other):
        with pytest.raises(RecordError) as e:
            info.engine.from_record({**good, "game": key})
        assert e.value.field == "game"
    with pytest.raises(RecordError) as e:
        load_record({**good, "format": "2"})
    assert e.value.field == "format"
    with pytest.raises(RecordError) as e:
        load_record({**good, "options": "junk"})
    assert e.value.field.startswith("options")
    if good["moves"]:
        i = len(good["moves"]) - 1
        cut = good["moves"][i][: max(1, len(good["moves"][i]) // 2)] + "?"
        with pytest.raises(RecordError) as e:
            load_record({**good, "moves": [*good["moves"][:i], cut]})
        assert e.value.field == f"moves[{i}]"
        with pytest.raises(RecordError) as e:
            load_record({**good, "moves": [*good["moves"][:i], 42]})
        assert e.value.field == f"moves[{i}]"
    for junk in (None, [], "record"):
        with pytest.raises(RecordError):
            load_record(junk)


# -- what a seat sees ----------------------------------------------------------------


@pytest.mark.parametrize("info,opts", CASES)
def test_an_observation_is_the_same_whatever_it_hides(info, opts):
    rng = random.Random(12)
    game, _ = random_walk(info, opts, seed=12)
    differed = 0
    for k in sample(len(game.history), 6, rng):
        g = game.replay(k)
        for seat in range(g.players):
            for _ in range(2):
                d = g.determinize(seat, rng)
                assert d is not g and len(d.history) == len(g.history)
                assert d.observation(seat) == g.observation(seat)
                assert d.observation(seat).to_json() == g.observation(seat).to_json()
                assert d.legal_moves(seat) == g.legal_moves(seat)
                assert d.current_players() == g.current_players()
                differed += d.position != g.position
    assert differed, "determinize never drew other hidden cards"


def _bot(cls, seed):
    """A bot of ``cls``; a searching bot with a tiny budget at the first seat only, random
    bots at the others (this test is about legality, not strength)."""
    if issubclass(cls, SearchBot):
        if seed:
            return RandomBot(seed=seed)
        return cls(seed=seed, settings=replace(cls.settings, budget=10))
    return cls(seed=seed)


@pytest.mark.parametrize("info", INFOS)
def test_bots_only_play_legal_moves(info):
    opts = info.option_sets[0]
    for name, cls in info.bots.items():
        game = info.engine.new(seed=3, **opts)
        bots = [_bot(cls, s) for s in range(game.players)]
        for _ in range(2_000):
            if game.is_over:
                break
            seat = game.current_players()[0]
            legal = game.legal_moves(seat)
            move = bot_move(game, seat, bots[seat])  # a searching bot gets its sampler
            assert move in legal, (name, move)
            game.play(move, seat)
        assert game.is_over, name
