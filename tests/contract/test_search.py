"""The determinized search, over the engine contract, for every game with a searching
level (the test-only fourth game too): legal moves only, replays from its seed, never
tells apart two games its seat cannot tell apart, and the bot loop hands it the
sampler."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop_widgets.core import GAMES, RandomBot
from tabletop_widgets.core.playout import bot_move, play_out, run_bots
from tabletop_widgets.core.search import Search, SearchBot, analyse, iter_analyse

SEARCHING = [
    pytest.param(info, id=key)
    for key, info in GAMES.items()
    if getattr(info.bots.get(info.levels.get("hard", "")), "searches", False)
]
#: Small budgets: these tests are about what the search may see and do, not its strength.
BUDGET = 120


def hard(info, seed, budget=BUDGET):
    cls = info.bots[info.levels["hard"]]
    return cls(seed=seed, settings=replace(cls.settings, budget=budget, time_limit=None))


def positions(info, count=4, seed=0):
    """Positions of a game where the seat to move has a choice (random bots played)."""
    out = []
    for k in range(40):
        g = info.engine.new(seed=seed + k, **info.option_sets[0])
        rng = random.Random(k)
        while not g.is_over and len(out) < count:
            seat = g.current_players()[0]
            legal = g.legal_moves(seat)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((g.copy(), seat))
                break
            g.play(legal[rng.randrange(len(legal))], seat)
        if len(out) >= count:
            break
    return out


def test_the_three_games_offer_a_searching_hard_level():
    keys = {p.values[0].key for p in SEARCHING}
    assert {"matchstick_tycoon", "chinese_ten", "tiny_pile"} <= keys


@pytest.mark.parametrize("info", SEARCHING)
def test_the_search_plays_only_legal_moves_and_replays_from_its_seed(info):
    for g, seat in positions(info):
        legal = g.legal_moves(seat)
        a, b = hard(info, 7), hard(info, 7)
        move = bot_move(g, seat, a)
        assert move in legal
        assert bot_move(g, seat, b) == move  # same seed, same move
        assert a.last is not None and a.last.best.move == move
        assert [c.move for c in a.last] == [c.move for c in b.last]
        assert a.last.best.value == b.last.best.value


@pytest.mark.parametrize("info", SEARCHING)
def test_the_search_cannot_tell_apart_games_its_seat_cannot(info):
    # A re-deal differs from the game only in what the seat cannot see (the contract):
    # the same seed must then give the same search, value for value.
    for g, seat in positions(info, count=3, seed=50):
        other = g.determinize(seat, random.Random(99))
        assert other.observation(seat) == g.observation(seat)
        a = analyse(g, seat, budget=BUDGET, seed=4)
        b = analyse(other, seat, budget=BUDGET, seed=4)
        assert a.best.move == b.best.move
        assert [(c.move, c.playouts, c.value) for c in a] == [
            (c.move, c.playouts, c.value) for c in b
        ]


class Recorder(SearchBot):
    """A searching bot that notes what it was given and plays the first legal move."""

    name = "recorder"
    game = ""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.calls = []

    def choose(self, observation, legal, sample=None):
        self.calls.append(sample)
        if sample is not None:
            d = sample(random.Random(len(self.calls)))
            assert d.observation(observation.seat) == observation
        return legal[0]


@pytest.mark.parametrize("info", SEARCHING)
def test_the_bot_loop_hands_a_searching_bot_its_sampler(info):
    g = info.engine.new(seed=2, **info.option_sets[0])
    rec = Recorder()
    bots = {s: RandomBot(s) for s in range(g.players)}
    bots[0] = rec
    bot_move(g, g.current_players()[0], bots[g.current_players()[0]])
    run_bots(g, bots, until=lambda game: len(game.history) >= 20)
    play_out(g, bots, skip_forced=True)
    assert rec.calls and all(s is not None for s in rec.calls)


def test_the_play_screen_lets_the_hard_level_search():
    from tabletop_widgets.ui.move_list_board import MoveListBoard
    from tabletop_widgets.ui.play_screen import PlayKit, PlayScreen

    screen = PlayScreen(PlayKit("tiny_pile", MoveListBoard), seats=["person", "hard"], seed=3)
    screen.autoplay("easy")
    assert screen.game.is_over
    (bot,) = screen.bots.values()
    assert bot.last is not None  # it searched, with the sampler the loop gave it


def test_analyse_is_anytime_cancellable_and_keeps_what_it_is_told_to():
    info = GAMES["matchstick_tycoon"]
    g = info.engine.new(players=3, seed=3)
    legal = g.legal_moves()
    worst = legal[-1]
    snaps = list(iter_analyse(g, budget=2000, seed=1, keep=[worst]))
    assert len(snaps) > 2 and snaps[-1].done and not any(s.done for s in snaps[:-1])
    assert [s.work for s in snaps] == sorted(s.work for s in snaps)
    last = snaps[-1]
    assert last.candidate(worst).playouts == last.best.playouts == last.deals
    assert last.best.versus_best.mean == 0
    assert all(c.playouts <= last.deals for c in last)

    class Now:
        def is_set(self):
            return True

    stopped = analyse(g, budget=2000, seed=1, cancel=Now())
    assert stopped.stopped and not stopped.done and stopped.best.move in legal
    # A tiny time limit stops it early too, keeping a legal best move.
    capped = analyse(g, budget=10**7, seed=1, time_limit=0.05)
    assert capped.stopped and capped.best.move in legal


def test_a_forced_move_is_played_without_a_search():
    info = GAMES["tiny_pile"]
    bot = hard(info, 1)
    assert bot.choose(None, ["only"], sample=lambda rng: 1 / 0) == "only"


def test_settings_default_to_the_game_value():
    s = Search()
    assert s.horizon is None and s.measure is None and s.halving
