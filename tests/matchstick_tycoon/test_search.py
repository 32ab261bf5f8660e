"""The search against an exact evaluator on tiny end positions of Matchstick Tycoon, and
what the hard bot may not see."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import permutations

from tabletop_widgets.core.search import Search, analyse
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon, SearchBot
from tabletop_widgets.games.matchstick_tycoon.redeal import FACE_ORDER


class FirstBot:
    """Plays the first legal move: no chance, so a playout's outcome is exact."""

    name = "first"

    def __init__(self, seed=None):
        pass

    def choose(self, observation, legal):
        return legal[0]


EXACT = Search(playout=FirstBot, width=99, halving=False)


def end_positions(count, most_hidden=5):
    """3-player positions near the end (few cards left in the others' hands) where the
    seat to move has a choice; started from positions, so the hidden cards are exactly
    the others' hands."""
    found = []
    for seed in range(400):
        g = MatchstickTycoon.new(players=3, seed=seed)
        bots = [GreedyBot(seed + s) for s in range(3)]
        while not g.is_over:
            seat = g.to_move
            hidden = sum(len(g.hand(s)) for s in range(3) if s != seat)
            if 2 <= hidden <= most_hidden and 2 < len(g.legal_moves()) <= 8:
                found.append(MatchstickTycoon.from_position(g.position.to_json()))
                break
            g.play(bots[seat].choose(g.observation(seat), g.legal_moves()))
        if len(found) == count:
            break
    return found


def exact_values(game):
    """Each legal move's win share for the seat to move, averaged over every way the
    cards it cannot see can lie (each equally likely), FirstBot playing on."""
    pos = game.position
    seat = pos.to_move
    others = [s for s in range(pos.players) if s != seat]
    pool = [f for s in others for f in pos.hands[s]]
    totals = {m: 0.0 for m in game.legal_moves()}
    deals = 0
    for order in permutations(pool):
        hands, i = list(pos.hands), 0
        for s in others:
            n = len(pos.hands[s])
            hands[s] = tuple(sorted(order[i : i + n], key=FACE_ORDER.__getitem__))
            i += n
        start = replace(pos, hands=tuple(hands))
        deals += 1
        for m in totals:
            g = MatchstickTycoon.from_position(start)
            g.play(m)
            bot = FirstBot()
            while not g.is_over:
                g.play(bot.choose(None, g.legal_moves()))
            totals[m] += g.result.win_share(seat)
    return {m: v / deals for m, v in totals.items()}


def test_analyse_agrees_with_the_exact_values_of_tiny_end_positions():
    checked = 0
    for game in end_positions(40):
        exact = exact_values(game)
        first, second = sorted(exact.values(), reverse=True)[:2]
        if first - second < 0.15:  # only positions with a clear best move
            continue
        report = analyse(game, search=EXACT, candidates="all", budget=12_000, seed=3)
        assert report.best.move == max(exact, key=exact.get), (report, exact)
        for c in report:  # every estimate near the exact value (5 standard errors)
            assert abs(c.win.mean - exact[c.move]) < 0.15, (c.move, c.win, exact[c.move])
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_hard_bot_does_not_see_the_other_hands():
    # Two positions that differ only in how the others' cards are split between them.
    data = {
        "players": 3,
        "expansion": 0,
        "hands": [["1", "2", "5", "8", "A"], ["0", "3", "C"], ["4", "6", "b"]],
        "sticks": [1, 1, 1],
        "table": None,
        "order": "normal",
        "to_move": 0,
        "out": [],
        "passed": [],
    }
    swapped = json.loads(json.dumps(data))
    swapped["hands"][1], swapped["hands"][2] = ["3", "4", "b"], ["0", "6", "C"]
    a, b = MatchstickTycoon.from_position(data), MatchstickTycoon.from_position(swapped)
    assert a.observation(0) == b.observation(0) and a.position != b.position
    ra, rb = analyse(a, budget=600, seed=5), analyse(b, budget=600, seed=5)
    assert ra.best.move == rb.best.move
    assert [(c.move, c.value) for c in ra] == [(c.move, c.value) for c in rb]
    assert SearchBot.settings.shortlist is not None
