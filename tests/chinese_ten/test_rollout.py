"""The fast playouts of the hard bot, the coach and the review: the engine's rules and the
greedy bot's choices on card numbers, and re-deals that read the other hands."""

from __future__ import annotations

import random

import pytest

from tabletop_widgets.core.playout import bot_move
from tabletop_widgets.core.search import analyse
from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot, RandomBot, SearchBot
from tabletop_widgets.games.chinese_ten.bots import _key
from tabletop_widgets.games.chinese_ten.rollout import (
    Deal,
    FastPlayouts,
    greedy_values,
    read_hands,
    step_of,
)

TABLES = [(n, scoring) for n in (2, 3, 4) for scoring in ("standard", "red_frog_black_frog")]


def numbers(cards):
    return sorted(_key(c) for c in cards)


@pytest.mark.parametrize(("players", "scoring"), TABLES)
def test_a_deal_on_numbers_follows_the_engine_move_for_move(players, scoring):
    for seed in range(25):
        g = ChineseTen.new(players=players, scoring=scoring, seed=seed, target=None)
        d = Deal.of(g)
        bots = [RandomBot(seed=seed * 10 + s) for s in range(players)]
        while not g.is_over:
            m = bots[g.to_move].choose(g.observation(g.to_move), g.legal_moves())
            d.play(step_of(m))
            g.play(m)
            if not g.is_over:
                e = Deal.of(g)
                assert (e.hands, sorted(e.layout), e.turned, e.points, e.seat) == (
                    d.hands,
                    sorted(d.layout),
                    d.turned,
                    d.points,
                    d.seat,
                )
        assert d.over and tuple(d.points) == g.deal_points[0]


@pytest.mark.parametrize(("players", "scoring"), TABLES)
def test_the_greedy_choice_on_numbers_is_one_the_greedy_bot_rates_best(players, scoring):
    for seed in range(15):
        g = ChineseTen.new(players=players, scoring=scoring, seed=seed, target=None)
        bot = GreedyBot(seed=seed)
        while not g.is_over:
            seat, legal = g.to_move, g.legal_moves()
            obs = g.observation(seat)
            d = Deal.of(g)
            fast = greedy_values([step_of(m)[:2] for m in legal], d.hidden(seat), d.pts)
            slow = [bot.value(obs, m) for m in legal]
            best = {i for i, v in enumerate(fast) if v >= max(fast) - 1e-9}
            assert best == {i for i, v in enumerate(slow) if v >= max(slow) - 1e-9}
            g.play(bot.choose(obs, legal))


def test_reading_never_rules_out_a_card_a_greedy_seat_holds():
    ruled_out = 0
    for seed in range(60):
        players = 2 + seed % 3
        g = ChineseTen.new(players=players, seed=seed, target=None)
        bots = [GreedyBot(seed=seed + s) for s in range(players)]
        while not g.is_over:
            seat = g.to_move
            for other, cards in read_hands(g, seat).items():
                assert not cards & set(numbers(g.hand(other))), (seed, other)
                ruled_out += len(cards)
            g.play(bots[seat].choose(g.observation(seat), g.legal_moves()))
    assert ruled_out > 1000  # the moves do say something


def test_a_re_deal_keeps_what_the_seat_sees_and_follows_the_reading():
    g = ChineseTen.new(players=3, seed=5, target=None)
    bots = [GreedyBot(seed=s) for s in range(3)]
    for _ in range(7):
        g.play(bots[g.to_move].choose(g.observation(g.to_move), g.legal_moves()))
    seat = g.to_move
    fast = FastPlayouts(g, seat)
    real = Deal.of(g)
    hidden = sorted(real.hidden(seat))
    for i in range(50):
        d = fast.deal(random.Random(i))
        assert d.hands[seat] == real.hands[seat] and d.layout == real.layout
        assert d.points == real.points and d.seat == real.seat
        assert [len(h) for h in d.hands] == [len(h) for h in real.hands]
        assert sorted(d.hidden(seat)) == hidden
        for other, cards in fast.ruled.items():
            assert not cards & set(d.hands[other])


def test_the_hard_bot_searches_on_the_fast_playouts_and_replays_exactly():
    assert SearchBot.settings.fast is not None
    g = ChineseTen.new(players=2, seed=8, target=None)
    for _ in range(3):
        g.play(g.legal_moves()[0])
    a, b = SearchBot(seed=4), SearchBot(seed=4)
    assert bot_move(g, g.to_move, a) == bot_move(g, g.to_move, b)
    assert a.last.deals > 20 and len(a.last.moves) == len(g.legal_moves())


def test_the_fast_playouts_score_a_move_as_the_engine_does():
    """The analysis on fast playouts and on the engine's (same bots) agree within noise."""
    g = ChineseTen.new(players=2, seed=21, target=None)
    for _ in range(9):
        g.play(g.legal_moves()[0])
    fast = analyse(g, budget=30_000, seed=3, candidates="all")
    from dataclasses import replace

    slow = analyse(g, search=replace(SearchBot.settings, fast=None), budget=6_000, seed=3)
    by_move = {c.move: c.score for c in fast}
    for c in slow:
        f = by_move[c.move]
        assert abs(f.mean - c.score.mean) < 3 * ((f.high - f.low) + (c.score.high - c.score.low))
