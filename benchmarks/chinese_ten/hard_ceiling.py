"""How much better Chinese Ten's hard bot would play if it could see more (not a test:
prints figures, asserts nothing).

The hard bot against the medium bot in 2-player deals (seats rotating, deal ``i``
from seed ``seed + i``), three ways: as it is (it re-deals what it cannot see and
reads the other hand from its moves), **shown the other hand** (only the stock's
order re-dealt), and **shown everything** (the other hand and the stock's order: no
re-deal; a cheat no player has).  The same search, budget and playouts otherwise.
The gap between the first two is the most that reading the other hand better could
give this search; what is left below the third is the stock's luck.

    python benchmarks/chinese_ten/hard_ceiling.py --games 300
    python benchmarks/chinese_ten/hard_ceiling.py --games 1000 --ways "shown the other hand"
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from tabletop_widgets.core.playout import bot_move
from tabletop_widgets.core.stats import wilson_interval
from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot, SearchBot
from tabletop_widgets.games.chinese_ten.rollout import Deal, FastPlayouts

_REAL: dict[str, Any] = {}  # the game being played, for the bots that are shown it


class ShownHands(FastPlayouts):
    """Re-deals that keep the real other hands; only the stock's order is drawn."""

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.base = Deal.of(_REAL["game"])
        self.pool = sorted(self.base.stock[self.base.top :])

    def deal(self, rng: random.Random) -> Deal:
        d = self.base.copy()
        stock = list(self.pool)
        rng.shuffle(stock)
        d.stock, d.top = stock, 0
        return d


class ShownAll(ShownHands):
    """No re-deal: the real hands and the real stock."""

    def deal(self, rng: random.Random) -> Deal:
        return self.base.copy()


WAYS = {"as it is": None, "shown the other hand": ShownHands, "shown everything": ShownAll}


def play(args: tuple[str, int, int]) -> tuple[float, list[float]]:
    way, i, seed = args
    cls = WAYS[way]
    hard = SearchBot(seed=i)
    if cls is not None:
        hard.settings = replace(
            SearchBot.settings, fast=lambda sample, seat: cls(sample(random.Random(0)), seat)
        )
    g = ChineseTen.new(players=2, seed=seed + i, target=None)
    me = i % 2
    bots = [GreedyBot(seed=i * 7 + s) for s in range(2)]
    bots[me] = hard
    times = []
    while not g.is_over:
        seat = g.to_move
        _REAL["game"] = g
        t = time.process_time()
        move = bot_move(g, seat, bots[seat])
        if seat == me and len(g.legal_moves()) > 1:
            times.append(time.process_time() - t)
        g.play(move)
    p = g.deal_points[0]
    return (1.0 if p[me] > p[1 - me] else 0.5 if p[me] == p[1 - me] else 0.0), times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ways", nargs="+", choices=list(WAYS), default=list(WAYS))
    args = ap.parse_args()
    print(f"Chinese Ten, 2 players, hard against medium, {args.games} deals each")
    for way in args.ways:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as pool:
            got = list(
                pool.map(play, [(way, i, args.seed) for i in range(args.games)], chunksize=8)
            )
        score = sum(s for s, _ in got)
        low, high = wilson_interval(score, args.games)
        print(
            f"  {way:22} {score / args.games:.1%} [{low:.1%}, {high:.1%}]"
            f"  ({(time.perf_counter() - t0) / 60:.1f} min)",
            flush=True,
        )


if __name__ == "__main__":
    main()
