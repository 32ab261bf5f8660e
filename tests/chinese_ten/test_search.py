"""The search against an exact evaluator on tiny end positions of Chinese Ten, and what
the hard bot may not see."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from tabletop_widgets.core.search import Search, analyse
from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot, SearchBot


class FirstBot:
    """Plays the first legal move: no chance, so a playout's outcome is exact."""

    name = "first"

    def __init__(self, seed=None):
        pass

    def choose(self, observation, legal):
        return legal[0]


EXACT = Search(playout=FirstBot, width=99, halving=False)


def end_positions(count, stock_left=3):
    """2-player positions of one deal near its end (a few stock cards left, a choice of
    hand card), as games begun at that position."""
    found = []
    for seed in range(300):
        g = ChineseTen.new(players=2, seed=seed, target=None)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        while not g.is_over:
            p, seat = g.position, g.to_move
            if p.phase == "hand" and len(p.stock) <= stock_left and len(g.legal_moves()) > 1:
                found.append(ChineseTen.from_position(p.to_json()))
                break
            g.play(bots[seat].choose(g.observation(seat), g.legal_moves()))
        if len(found) == count:
            break
    return found


def exact_points(game):
    """Each legal move's points at the end of the deal for the seat to move, averaged
    over every order of the cards it cannot see (the other hand and the stock: each
    order equally likely), FirstBot playing on."""
    pos = game.position
    seat, other = pos.to_move, 1 - pos.to_move
    pool = [*pos.hands[other], *pos.stock]
    k = len(pos.hands[other])
    totals = {m: 0.0 for m in game.legal_moves()}
    orders = list(permutations(pool))
    for order in orders:
        hands = list(pos.hands)
        hands[other] = tuple(sorted(order[:k]))
        start = replace(pos, hands=tuple(hands), stock=tuple(order[k:]))
        for m in totals:
            g = ChineseTen.from_position(start)
            g.play(m)
            while not g.is_over:
                g.play(g.legal_moves()[0])
            totals[m] += g.deal_points[pos.deal_number][seat]
    return {m: v / len(orders) for m, v in totals.items()}


def test_analyse_agrees_with_the_exact_points_of_tiny_end_positions():
    checked = 0
    for game in end_positions(40):
        exact = exact_points(game)
        first, second = sorted(exact.values(), reverse=True)[:2]
        if first - second < 4:  # only positions with a clearly best card
            continue
        report = analyse(game, search=EXACT, candidates="all", budget=8_000, seed=2)
        assert report.measure == "score" and report.horizon == "deal"
        assert report.best.move == max(exact, key=exact.get), (report, exact)
        for c in report:  # every estimate near the exact points
            assert abs(c.score.mean - exact[c.move]) < 3, (c.move, c.score, exact[c.move])
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_hard_bot_does_not_see_the_other_hand_or_the_stock():
    g = ChineseTen.new(players=2, seed=11, target=None)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    p = g.position
    seat, other = p.to_move, 1 - p.to_move
    # Swap the other hand's first card with the stock's last: the seat sees no change.
    hand, stock = list(p.hands[other]), list(p.stock)
    hand[0], stock[-1] = stock[-1], hand[0]
    hands = list(p.hands)
    hands[other] = tuple(sorted(hand))
    b = ChineseTen.from_position(replace(p, hands=tuple(hands), stock=tuple(stock)))
    a = ChineseTen.from_position(p)
    assert a.observation(seat) == b.observation(seat) and a.position != b.position
    ra, rb = analyse(a, budget=800, seed=5), analyse(b, budget=800, seed=5)
    assert ra.best.move == rb.best.move
    assert [(c.move, c.value) for c in ra] == [(c.move, c.value) for c in rb]
    assert SearchBot.settings.fast is not None
