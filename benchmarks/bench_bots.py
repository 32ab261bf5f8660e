"""Bots of every game: games per second, the search's playouts per second, and each
level's time per move (not a test: prints figures, asserts nothing).

Run with ``python benchmarks/bench_bots.py`` (``--quick`` for a smoke run).  Pinned
to one core where the OS allows it.  Each game is played at the options its play
page starts with (Chinese Ten: one deal of three players), and two-player games
beside them.  It reports:

1. whole games per second with every seat random, then greedy;
2. the hard level's playouts per second (one candidate played on one re-deal to the
   game's horizon: Chinese Ten's end of the deal);
3. each level's time per move, median and p95 (the level at one seat, rotating,
   medium bots at the others; real choices only: a forced move asks no bot), as CPU
   time of the process (what one core spends) and as wall time (which other programs
   on the machine inflate).  Target for the hard level: p95 <= 200 ms.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import time
from typing import Any

from tabletop_widgets.core import GAMES
from tabletop_widgets.core.bots import searches
from tabletop_widgets.core.playout import bot_move, play_out


def page_options(key: str) -> dict[str, Any]:
    """The options the game's play page starts a game with."""
    return importlib.import_module(f"tabletop_widgets.games.{key}.screens.play").KIT.defaults()


def option_sets(key: str) -> list[dict[str, Any]]:
    """The play page's options, and the same for two players where that differs."""
    page = page_options(key)
    out = [page]
    if page.get("players", 2) != 2 and GAMES[key].players[0] == 2:
        out.append({**page, "players": 2})
    return out


def shown(opts: dict[str, Any]) -> str:
    return f"{opts['players']} players" if "players" in opts else "2 players"


def games_per_second(key: str, opts: dict[str, Any], bot: str, seconds: float) -> str:
    info = GAMES[key]
    n = moves = 0
    c0, t0 = time.process_time(), time.perf_counter()
    while time.process_time() - c0 < seconds:
        g = info.engine.new(seed=n, **opts)
        play_out(g, [info.bots[bot](seed=n * 8 + s) for s in range(g.players)], skip_forced=True)
        n += 1
        moves += len(g.history)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    return f"{n / cpu:7.0f} games/s ({n / wall:.0f} by the wall clock; {moves / n:.0f} moves each)"


def q(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def level_times(key: str, opts: dict[str, Any], level: str, games: int) -> dict[str, Any]:
    """The level's CPU and wall time per real choice (ms), and a searching bot's playouts."""
    info = GAMES[key]
    cpu: list[float] = []
    wall: list[float] = []
    playouts = 0
    for i in range(games):
        g = info.engine.new(seed=1000 + i, **opts)
        seat = i % g.players
        bots = {s: info.bots[info.levels["medium"]](seed=i * 8 + s) for s in range(g.players)}
        bots[seat] = info.bots[info.levels[level]](seed=i)
        while not g.is_over:
            (mover, *_rest) = g.current_players()
            if mover == seat and len(g.legal_moves(seat)) > 1:
                c0, t0 = time.process_time(), time.perf_counter()
                move = bot_move(g, seat, bots[seat])
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - t0) * 1000)
                last = getattr(bots[seat], "last", None)
                playouts += last.playouts if last is not None else 0
            else:
                move = bot_move(g, mover, bots[mover])
            g.play(move, mover)
    return {"cpu": cpu, "wall": wall, "playouts": playouts}


def report_levels(key: str, opts: dict[str, Any], games: int, hard_games: int) -> None:
    info = GAMES[key]
    for level in info.levels:
        hard = searches(info.bots[info.levels[level]](seed=0))
        t = level_times(key, opts, level, hard_games if hard else games)
        if not t["cpu"]:
            continue
        cpu, wall = t["cpu"], t["wall"]
        line = (
            f"   {level:<6} ({info.levels[level]}): median {statistics.median(cpu):7.2f} ms, "
            f"p95 {q(cpu, 0.95):7.2f} ms, max {max(cpu):7.1f} ms CPU; wall median "
            f"{statistics.median(wall):.2f}, p95 {q(wall, 0.95):.2f} ms "
            f"({len(cpu)} choices)"
        )
        if hard:
            rate = t["playouts"] / (sum(cpu) / 1000)
            line += f"  [target p95 <= 200 ms]\n            search: {rate:.0f} playouts/s"
        print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    ap.add_argument("--game", action="append", help="only this game (a key of GAMES)")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    seconds, games, hard_games = (0.5, 4, 2) if args.quick else (3.0, 40, 12)
    for key in args.game or GAMES:
        info = GAMES[key]
        for opts in option_sets(key):
            print(f"{info.title}, {shown(opts)}:", flush=True)
            for bot in ("random", "greedy"):
                if bot in info.bots:
                    print(f"   {bot:<6} bots: {games_per_second(key, opts, bot, seconds)}")
            report_levels(key, opts, games, hard_games)


if __name__ == "__main__":
    main()
