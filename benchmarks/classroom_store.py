"""Classroom store benchmark (loopback only, bounded): rooms of students playing at once.

``--rooms`` rooms (10) of ``--players`` students (3) each; every student is a process
of its own with its own connection to the store, as each page has its own kernel.  They
play random legal moves (after a random think of up to ``--think`` seconds) until the
games end or ``--max-seconds`` pass.  Against SQLite (a file in a temporary folder) and
a throw-away PostgreSQL server (Debian's package, fsync on, a Unix socket only).

Prints, for each back-end:

* the time from a move being written (its time in the log) to another student's
  process having it in its game (noticed by the store's change notices, then read):
  p50, p95, max, over every (move, other student) pair;
* the time one write takes (the move checked and appended), p50/p95;
* moves lost (a write that said "ok" but is not in the log) and doubled (a log line
  no student wrote, or wrote twice), target 0, and whether every log replays;
* the store's size per 1,000 moves.

    python benchmarks/classroom_store.py
    python benchmarks/classroom_store.py --rooms 10 --players 3 --games 2 --backends sqlite
    python benchmarks/classroom_store.py --postgres postgresql://user@host/db  # a server of yours

The browser-level figure (a move in one page to its appearance in the others) is
measured by the page benchmark, not here.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop_widgets.classroom.checks import TurnTaken  # noqa: E402
from tabletop_widgets.classroom.pgserver import ThrowAwayPostgres  # noqa: E402
from tabletop_widgets.classroom.rooms import Classroom  # noqa: E402
from tabletop_widgets.classroom.store import open_store  # noqa: E402
from tabletop_widgets.core import GAMES  # noqa: E402

GAME_OPTIONS = {
    "matchstick_tycoon": {},
    "chinese_ten": {"target": None},
    "fistful_of_gold": {},
}


def student(url, code, token, think, deadline, seed, out) -> None:
    """One student's kernel: follow the room, play when it is this seat's turn."""
    rng = random.Random(seed)
    room = Classroom(open_store(url))
    me = room.rejoin(token, code)
    woke = threading.Event()
    me.on_change(woke.set)
    seen, writes, wrote = [], [], []
    try:
        while not me.game.is_over and time.time() < deadline:
            woke.wait(0.5)
            woke.clear()
            now_seen = time.time()
            for m in me.refresh():
                if m.seat != me.seat:
                    seen.append(now_seen - m.at)
            if not me.my_turn:
                continue
            time.sleep(rng.uniform(0, think))
            start = time.perf_counter()
            try:
                written = me.play(rng.choice(me.legal_moves()), turn=me.turn)
            except TurnTaken:
                continue
            writes.append(time.perf_counter() - start)
            wrote += [(m.seq, m.move) for m in written if m.seat == me.seat]
    finally:
        me.close()
        room.store.close()
    out.put((code, me.seat, seen, writes, wrote, len(me.game.history)))


def one_round(url, game, rooms, players, think, deadline, ctx):
    """Open the rooms, seat the students (tokens made here), run them all at once."""
    opener = Classroom(open_store(url))
    options = {**GAME_OPTIONS.get(game, {}), **({"players": players} if players != 2 else {})}
    if game == "fistful_of_gold":
        options = GAME_OPTIONS[game]
    seatings = []
    for r in range(rooms):
        view = opener.open_room(game, options, seats=["open"] * players, seed=1000 + r)
        for s in range(view.game.players):
            seatings.append((view.code, opener.join(view.code, f"S{r}x{s}", seat=s).token))
    opener.store.close()
    out = ctx.Queue()
    procs = [
        ctx.Process(target=student, args=(url, code, tok, think, deadline, i, out))
        for i, (code, tok) in enumerate(seatings)
    ]
    for p in procs:
        p.start()
    results = [out.get(timeout=max(60, deadline - time.time() + 60)) for _ in procs]
    for p in procs:
        p.join(30)
    return results


def check(url, results):
    """Moves lost or doubled, and whether each room's log replays with the engine."""
    store = open_store(url)
    room = Classroom(store)
    lost = doubled = moves = 0
    replays = True
    writers: dict[tuple[str, int], list[str]] = {}
    for code, _seat, _seen, _writes, wrote, _n in results:
        for seq, move in wrote:
            writers.setdefault((code, seq), []).append(move)
    for code in sorted({r[0] for r in results}):
        log = store.moves(code)
        moves += len(log)
        in_log = {(m.seq, m.move) for m in log}
        for (c, seq), written in writers.items():
            if c == code:
                lost += sum((seq, mv) not in in_log for mv in written)
        doubled += sum(len(writers.get((code, m.seq), [])) != 1 for m in log)
        doubled += len(log) != len({m.seq for m in log})
        try:
            view = room.watch(code)
            replays &= [str(m) for m in view.game.history] == [m.move for m in log]
        except Exception:
            replays = False
    size = store.size_bytes()
    store.close()
    return lost, doubled, moves, replays, size


def pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run_backend(name, url, args, ctx):
    empty = open_store(url)  # makes the tables
    empty_size = empty.size_bytes()
    empty.close()
    start = time.time()
    deadline = start + args.max_seconds
    results = []
    for _ in range(args.games):
        if time.time() > deadline:
            break
        results += one_round(url, args.game, args.rooms, args.players, args.think, deadline, ctx)
    took = time.time() - start
    lost, doubled, moves, replays, size = check(url, results)
    seen = [s for r in results for s in r[2]]
    writes = [w for r in results for w in r[3]]
    ms = lambda v: f"{v * 1000:.1f} ms"  # noqa: E731
    print(f"\n{name}: {len(results)} students, {moves} moves in {took:.1f} s")
    print(
        f"  write → another student has it: p50 {ms(pct(seen, 0.5))}, p95 {ms(pct(seen, 0.95))},"
        f" max {ms(max(seen, default=float('nan')))} ({len(seen)} samples)"
    )
    print(
        f"  one write (checked + appended): p50 {ms(pct(writes, 0.5))}, p95 {ms(pct(writes, 0.95))}"
    )
    print(f"  moves lost {lost}, doubled {doubled}; every log replays: {replays}")
    per_1000 = (size - empty_size) / max(moves, 1) * 1000 / 1024
    print(
        f"  store size: {size / 1024:.0f} KiB ({empty_size / 1024:.0f} KiB empty),"
        f" {per_1000:.0f} KiB per 1,000 moves"
    )
    return lost + doubled == 0 and replays


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=10)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--game", choices=sorted(GAME_OPTIONS), default="matchstick_tycoon")
    ap.add_argument("--games", type=int, default=2, help="games per room, one after another")
    ap.add_argument("--think", type=float, default=0.1, help="longest think before a move (s)")
    ap.add_argument("--max-seconds", type=float, default=240, help="bound per back-end")
    ap.add_argument(
        "--backends", nargs="+", choices=("sqlite", "postgresql"), default=["sqlite", "postgresql"]
    )
    ap.add_argument("--postgres", help="a PostgreSQL URL to use instead of a throw-away server")
    args = ap.parse_args()
    if args.game not in GAMES:
        return 2
    ctx = mp.get_context("fork")  # the children start with the engines already imported
    ok = True
    print(
        f"{args.rooms} rooms × {args.players} students, {args.game}, {args.games} game(s) per room,"
        f" think 0–{args.think:g} s, on {mp.cpu_count()} cores"
    )
    if "sqlite" in args.backends:
        folder = tempfile.mkdtemp(prefix="tt-bench-")
        ok &= run_backend(
            "SQLite (WAL, poll 20 ms)", f"sqlite:///{folder}/classroom.sqlite", args, ctx
        )
    if "postgresql" in args.backends:
        if args.postgres:
            ok &= run_backend("PostgreSQL (LISTEN/NOTIFY)", args.postgres, args, ctx)
        else:
            with ThrowAwayPostgres(durable=True) as pg:
                ok &= run_backend("PostgreSQL (LISTEN/NOTIFY, fsync on)", pg.url(), args, ctx)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
