"""Matchstick Tycoon engine benchmark (not a test: prints figures, asserts nothing).

Run with ``make bench`` (or ``python benchmarks/bench_engine.py``).  Pinned to
one core where the OS allows it.  Move generation is memoised, so it reports
a cold start (empty caches, a fresh process) and the steady state.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position


def random_games(n: int, first_seed: int, players: int = 4) -> tuple[float, int]:
    """Play n random games, computing the full legal set at every move."""
    rng = random.Random(first_seed)
    moves = 0
    t = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        g = MatchstickTycoon.new(players=players, seed=seed)
        while not g.is_over:
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
            moves += 1
    return time.perf_counter() - t, moves


def sample_positions(n_games: int, seed: int) -> list[MatchstickTycoon]:
    """Games stopped at random points, for timing single operations."""
    rng = random.Random(seed)
    out = []
    for s in range(seed, seed + n_games):
        g = MatchstickTycoon.new(players=4, seed=s)
        stop = rng.randrange(80)
        while not g.is_over and len(g.history) < stop:
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
        if not g.is_over:
            out.append(g)
    return out


def legal_set_times(games: list[MatchstickTycoon], repeat: int) -> list[float]:
    times = []
    clock = time.perf_counter_ns
    for _ in range(repeat):
        for g in games:
            g._legal = None  # drop the per-position memo: compute the set afresh
            t = clock()
            g.legal_moves()
            times.append((clock() - t) / 1000)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000, help="games for the steady state")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    cold_n = 300
    dt, moves = random_games(cold_n, 10_000)
    print(
        f"cold start   : {cold_n / dt:8.0f} random 4-player games/s "
        f"({moves / cold_n:.0f} moves/game, {dt / moves * 1e6:.1f} us/move)"
    )
    random_games(1000, 20_000)  # warm up
    dt, moves = random_games(args.games, 30_000)
    print(
        f"steady state : {args.games / dt:8.0f} random 4-player games/s "
        f"({moves / args.games:.0f} moves/game, {dt / moves * 1e6:.1f} us/move), "
        "full legal set computed at every move"
    )

    games = sample_positions(400, 50_000)
    legal_set_times(games, 1)  # first sight of these positions
    times = legal_set_times(games, 5)
    q = statistics.quantiles(times, n=20)
    print(
        f"legal set    : median {statistics.median(times):.1f} us, p95 {q[-1]:.1f} us "
        f"over {len(times)} computations"
    )
    fresh = sample_positions(400, 90_000)
    cold = legal_set_times(fresh, 1)
    print(
        f"legal set    : median {statistics.median(cold):.1f} us on first sight of "
        f"{len(cold)} new positions"
    )

    data = [g.position.to_json() for g in games]
    n = 0
    t = time.perf_counter()
    while time.perf_counter() - t < 1.0:
        for d in data:
            Position.from_json(d).to_json()
        n += len(data)
    print(f"positions    : {n / (time.perf_counter() - t):8.0f} read (validated) + written per s")


if __name__ == "__main__":
    main()
