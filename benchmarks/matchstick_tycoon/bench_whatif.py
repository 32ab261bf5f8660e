"""What-if analysis benchmark (not a test: prints figures, asserts nothing).

Run with ``python benchmarks/matchstick_tycoon/bench_whatif.py`` (``--quick`` for a smoke run).
It reports:

1. playouts per second with the greedy bot in one process (whole games from
   a fresh deal, and what-if playouts from a re-dealt opening);
2. the time until the 10 most promising moves of a 4-player opening have
   1,000 playouts each on 2 worker processes (target: 10 s on 2 cores),
   with the time to the first estimates and the pool's start-up;
3. the greedy bot's time per move, median and p95 (target: 5 ms), with and
   without building the observation.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from tabletop_widgets.analysis import iter_what_if, most_promising, simulate, what_if
from tabletop_widgets.analysis.whatif import default_executor
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon

TYCOON = {"players": 4}


def single_process(games: int, playouts: int, seed: int) -> None:
    simulate("matchstick_tycoon", 20, options=TYCOON, seed=seed + 10_000)  # warm the caches
    t = time.perf_counter()
    report = simulate("matchstick_tycoon", games, options=TYCOON, seed=seed)
    dt = time.perf_counter() - t
    moves = sum(g.length for g in report.games)
    print(
        f"whole games, 4 greedy bots:   {games / dt:7.0f} games/s "
        f"({moves / games:.0f} moves each, {dt / moves * 1e6:.1f} µs/move incl. the report)"
    )
    g = MatchstickTycoon.new(players=4, seed=seed)
    moves10 = most_promising(g, 10)
    t = time.perf_counter()
    r = what_if(g, candidates=moves10, playouts=playouts, seed=seed)
    dt = time.perf_counter() - t
    print(
        f"what-if playouts, 1 process:  {r.playouts / dt:7.0f} playouts/s "
        f"({r.playouts} playouts of 10 moves from re-dealt openings)"
    )


def two_cores(per_move: int, seed: int, workers: int) -> None:
    g = MatchstickTycoon.new(players=4, seed=seed)
    t0 = time.perf_counter()
    moves10 = most_promising(g, 10)
    t_pick = time.perf_counter() - t0
    pool = default_executor(workers)
    t = time.perf_counter()
    list(pool.map(abs, range(workers * 4)))  # start the workers
    t_start = time.perf_counter() - t
    first = None
    t1 = time.perf_counter()
    reports = iter_what_if(
        g, candidates=moves10, playouts=per_move, seed=seed, workers=workers, executor=pool
    )
    r = next(reports)
    first = time.perf_counter() - t1
    for r in reports:  # noqa: B007 - the last report is wanted
        pass
    t_run = time.perf_counter() - t1
    pool.shutdown()
    total = t_pick + t_start + t_run
    print(
        f"10 moves x {per_move} playouts, {workers} processes: {total:.2f} s in all "
        f"(choosing the moves {t_pick * 1000:.0f} ms, starting the pool {t_start:.2f} s, "
        f"playouts {t_run:.2f} s = {r.playouts / t_run:.0f}/s; first estimates after "
        f"{first * 1000:.0f} ms)  [target <= 10 s]"
    )
    best = r.best
    print(f"   best: {best.move}: wins {best.win.percent()}, mean place {best.place}")


def bot_move_times(n_games: int, seed: int) -> None:
    """Time GreedyBot.choose on every non-forced position of some greedy games."""
    rng = random.Random(seed)
    choose_us, total_us = [], []
    clock = time.perf_counter_ns
    for s in range(seed, seed + n_games):
        g = MatchstickTycoon.new(players=rng.choice((3, 4, 5)), seed=s)
        bots = [GreedyBot(s + i) for i in range(g.players)]
        while not g.is_over:
            p = g.to_move
            legal = g.legal_moves()
            if len(legal) == 1:  # forced: playouts do not even ask the bot
                g.play(legal[0])
                continue
            t0 = clock()
            obs = g.observation(p)
            t1 = clock()
            m = bots[p].choose(obs, legal)
            t2 = clock()
            choose_us.append((t2 - t1) / 1000)
            total_us.append((t2 - t0) / 1000)
            g.play(m)

    def q(xs: list[float], p: float) -> float:
        return statistics.quantiles(xs, n=100)[int(p) - 1]

    med = statistics.median(choose_us)
    print(
        f"greedy bot move ({len(choose_us)} real choices): choose median {med:.1f}"
        f" µs, p95 {q(choose_us, 95):.1f} µs, max {max(choose_us):.0f} µs; with the "
        f"observation median {statistics.median(total_us):.1f} µs, p95 {q(total_us, 95):.1f} µs"
        "  [target <= 5 ms]"
    )
    obs_public = []
    g = MatchstickTycoon.new(players=4, seed=seed)
    for _ in range(30):
        g.play(g.legal_moves()[0])
    for _ in range(2000):
        t0 = clock()
        g.observation(g.to_move)
        obs_public.append((clock() - t0) / 1000)
    print(f"   engine observation() alone: median {statistics.median(obs_public):.1f} µs")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    print(
        f"CPU cores available: {len(os.sched_getaffinity(0))}"
        if hasattr(os, "sched_getaffinity")
        else f"CPU cores: {os.cpu_count()}"
    )
    games, playouts, per_move, bot_games = (20, 20, 50, 10) if args.quick else (400, 100, 1000, 100)
    single_process(games, playouts, args.seed)
    two_cores(per_move, args.seed, args.workers)
    bot_move_times(bot_games, args.seed)


if __name__ == "__main__":
    main()
