"""Matchstick Tycoon engine benchmark (not a test: prints figures, asserts nothing).

Run with ``make bench`` (or ``python benchmarks/matchstick_tycoon/bench_engine.py``).  Pinned to
one core where the OS allows it, except the greedy playouts on two processes.
Move generation is memoised, so it reports a cold start (empty caches, a fresh
process) and the steady state.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from tabletop_widgets.core.playout import play_out
from tabletop_widgets.games.matchstick_tycoon import GreedyBot, MatchstickTycoon, Position

PLAYOUT_SEED = 1  # the 4-player opening the playouts start from
CANDIDATES = 10  # opening moves tried on every re-deal, as a what-if of 10 moves does


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


def playouts(first: int, n: int) -> int:
    """Greedy playouts the way ``analysis.whatif`` plays them; returns how many.

    For each ``i``: the opening re-dealt for the seat to move (``determinize``), then
    each of the first :data:`CANDIDATES` legal moves played on a copy of that deal and
    4 greedy bots, seeded alike for every move, playing to the end (``play_out`` with
    ``skip_forced``)."""
    game = MatchstickTycoon.new(players=4, seed=PLAYOUT_SEED)
    seat = game.to_move
    moves = game.legal_moves()[:CANDIDATES]
    for i in range(first, first + n):
        rng = random.Random((PLAYOUT_SEED << 32) + i)
        deal = game.determinize(seat, rng)
        bot_seed = rng.randrange(2**31)
        for move in moves:
            g = deal.copy()
            g.play(move, seat)
            seeds = random.Random(bot_seed)
            play_out(g, [GreedyBot(seeds.randrange(2**31)) for _ in range(4)], skip_forced=True)
    return n * len(moves)


def playouts_per_second(workers: int, per_worker: int) -> float:
    """Playouts per second on ``workers`` processes, each warmed up first (steady state)."""
    ctx = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        list(pool.map(playouts, [10**6 * (w + 1) for w in range(workers)], [30] * workers))
        t = time.perf_counter()
        starts = [w * per_worker for w in range(workers)]
        done = sum(pool.map(playouts, starts, [per_worker] * workers))
        return done / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000, help="games for the steady state")
    ap.add_argument(
        "--playouts", type=int, default=300, help="re-deals per process (x 10 moves each)"
    )
    args = ap.parse_args()
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if cores:
        os.sched_setaffinity(0, {min(cores)})

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

    playouts(10**6, 30)  # warm up
    t = time.perf_counter()
    done = playouts(0, args.playouts)
    print(
        f"playouts     : {done / (time.perf_counter() - t):8.0f} greedy 4-player playouts/s "
        "on one process (re-dealt opening, 10 moves, as what-if plays them)"
    )
    if cores:
        os.sched_setaffinity(0, cores)  # the workers may use every core
    workers = 2
    rate = playouts_per_second(workers, args.playouts)
    print(
        f"playouts     : {rate:8.0f} greedy 4-player playouts/s on {workers} processes "
        f"({len(cores) if cores else os.cpu_count()} cores available)"
    )


if __name__ == "__main__":
    main()
