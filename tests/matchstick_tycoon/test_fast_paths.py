"""The engine's shortcuts give what the long way gives: the one-go check of a Move in
play(), deals and snapshots built without re-validation, observations built slot by slot,
live observations, the greedy bot's preferences as ints and its random numbers drawn in
one go."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.games.matchstick_tycoon import (
    DISCARD,
    PASS,
    GreedyBot,
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


def greedy_choice_the_long_way(bot, obs, legal):
    """GreedyBot.choose as first written: a tuple key per play, a random number each."""
    if len(legal) == 1:
        return legal[0]
    plays = [m for m in legal if m.kind == "play"]
    if not plays:
        return legal[0]
    n_values = 18 if obs.expansion else 16
    leading = obs.table is None
    tie = bot.rng.random
    if obs.order == "reversed":
        top = n_values - 1
        if leading:
            keys = [(-m.count, top - m.strength, -m.cost, tie()) for m in plays]
        else:
            keys = [(top - m.strength, -m.cost, tie()) for m in plays]
    elif leading:
        keys = [(-m.count, m.strength, -m.cost, tie()) for m in plays]
    else:
        keys = [(m.strength, -m.cost, tie()) for m in plays]
    best = plays[keys.index(min(keys))]
    if (
        PASS in legal
        and not leading
        and len(obs.hand) - best.count >= 5
        and obs.strength(best.value) >= 0.75 * n_values
    ):
        held = {f: obs.hand.count(f) for f in best.faces}
        if any(held[f] > best.faces.count(f) >= 1 and held[f] >= 3 for f in held):
            return PASS
    return best


@SETTINGS
@given(st.integers(2, 8), st.sampled_from([0, 2, 4]), st.integers(0, 2**31 - 1))
def test_the_greedy_bots_int_keys_choose_what_tuple_keys_chose(players, expansion, seed):
    # Any list of moves, in any order, pass and discard anywhere: the same choice, and
    # the same random numbers drawn (the bots' next choices stay the same too).
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, seed=seed)
    fast, slow = GreedyBot(seed), GreedyBot(seed)
    while not g.is_over:
        legal = list(g.legal_moves())
        obs = g.observation(g.to_move)
        for moves in (legal, rng.sample(legal + [PASS, DISCARD], rng.randint(1, len(legal) + 2))):
            assert fast.choose(obs, moves) is greedy_choice_the_long_way(slow, obs, moves)
            assert fast.rng.getstate() == slow.rng.getstate()
        g.play(rng.choice(legal))


@SETTINGS
@given(st.integers(2, 8), st.sampled_from([0, 2, 4]), st.integers(0, 2**31 - 1))
def test_a_live_observation_reads_what_the_snapshot_holds(players, expansion, seed):
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, seed=seed)
    views = [g.live_observation(s) for s in range(players)]  # kept: they follow the game
    while True:
        for s, view in enumerate(views):
            obs = g.observation(s)
            assert view.snapshot() == obs
            assert {f: getattr(view, f) for f in Observation.__slots__} == {
                f: getattr(obs, f) for f in Observation.__slots__
            }
            assert view.strength("8") == obs.strength("8")
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
        if rng.random() < 0.2:
            g.undo()


@SETTINGS
@given(st.integers(2, 8), st.sampled_from([0, 2, 4]), st.integers(0, 2**31 - 1))
def test_a_copy_is_the_game_replayed_and_independent(players, expansion, seed):
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, seed=seed)
    while not g.is_over:
        c, r = g.copy(), g.replay(len(g.history))
        assert list(vars(c)) == list(vars(r))  # every attribute, in the same order
        for game in (c, g, r):  # play on and take every move back: the same games
            moves = []
            while not game.is_over and len(moves) < 12:
                moves.append(game.play(game.legal_moves()[len(moves) % len(game.legal_moves())]))
            seen = (game.position, game.movers, game.history, game.result)
            for _ in moves:
                game.undo()
            if game is c:
                first = seen
            assert seen == first
        for game in (c, r):
            assert (game.position, game.movers, game.history) == (g.position, g.movers, g.history)
            while game.history:
                game.undo()
            assert game.position == g.start
        g.play(rng.choice(g.legal_moves()))


def test_a_game_pickles_small_and_shares_the_move_tables_after():
    # A what-if sends games to worker processes: the engine's legal-set tables go by name.
    g = MatchstickTycoon.new(players=4, seed=1)
    for _ in range(9):
        g.play(g.legal_moves()[0])
    copy = pickle.loads(pickle.dumps(g))
    assert len(pickle.dumps(g)) < 4000
    assert copy.history == g.history and copy.legal_moves() == g.legal_moves()
    assert copy._kind is g._kind  # the process's own tables, not a copy of them
