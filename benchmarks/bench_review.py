"""The game review's speed (not a test: prints figures, asserts nothing).

A whole 4-player Matchstick Tycoon game between greedy bots is reviewed for one seat,
as the play page's Review does it, with 1 and 2 worker processes: the time to the
first verdict, to the end of the first pass (every decision has a verdict) and to the
end (the median over the games, and the longest); and how sure the ranking of the top
3 moves is at the end -- the median half-width of the paired intervals of the 2nd and
3rd best moves against the best, and, over every decision of the games, the share whose
top 3 are told apart (each interval clear of 0, or a tie of the same value) and the
share *settled*: the 2nd and the 3rd are each told apart from the best or surely within
the review's first threshold of it (either move is then *good*, and more playouts would
not change a verdict).  Chinese Ten (3 players, one deal) and A Fistful of Gold are
timed too; Fistful twice: greedy bots at both seats, and the play page's usual game --
the reviewed seat (pink) played by the medium bot against the hard bot.  After the
table, the Fistful game against the hard bot is reviewed once more in the same process
(the hard bot keeps the plans it worked out: a second Review, or a review after hints,
reads them) and the time of each pass is given.

    python benchmarks/bench_review.py            # the defaults of the play page
    python benchmarks/bench_review.py --games 10 # ten games per line
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletop_widgets.analysis.review import iter_review
from tabletop_widgets.core import GAMES
from tabletop_widgets.core.bots import make_bot
from tabletop_widgets.core.playout import play_out

#: (game, options, the bots' levels by seat: greedy at every seat if empty, row label).
GAMES_TIMED = (
    ("matchstick_tycoon", {"players": 4}, (), ""),
    ("chinese_ten", {"players": 3, "target": None}, (), ""),
    ("fistful_of_gold", {}, (), ""),
    ("fistful_of_gold", {}, ("medium", "hard"), " (medium against hard)"),
)


def finished_game(key: str, options: dict, seed: int, levels: tuple[str, ...] = ()):
    info = GAMES[key]
    game = info.engine.new(seed=seed, **options)
    names = [info.levels.get(x, x) for x in levels] or ["greedy"] * game.players
    play_out(game, [make_bot(n, info.bots, seed=seed * 7 + s) for s, n in enumerate(names)])
    return game


def told_apart(decision) -> bool:
    """The top candidates' order is sure: each interval against the best is clear of 0."""
    rest = decision.top[1:]
    return all(d.high < 0 or d.low > 0 or d.mean == 0 == d.low == d.high for _m, _v, d in rest)


def forget_plans() -> None:
    """Time every review as the first of its game: the Fistful hard bot's kept plans are
    dropped (the round solver's memo stays, as on the play page after a game against it)."""
    from tabletop_widgets.games.fistful_of_gold.hard_bot import clear_plans

    clear_plans()


def review_once(game, workers: int) -> dict:
    forget_plans()
    t0 = time.perf_counter()
    first = pass1 = None
    last = None
    for last in iter_review(game, 0, workers=workers, seed=1):
        now = time.perf_counter() - t0
        if first is None and last.decisions:
            first = now
        if pass1 is None and len(last.decisions) == len(last.indices):
            pass1 = now
    total = time.perf_counter() - t0
    widths = [(d.high - d.low) / 2 for x in last.decisions for _m, _v, d in x.top[1:]]
    return {
        "decisions": len(last.indices),
        "first": first or total,
        "pass1": pass1 or total,
        "total": total,
        "width": statistics.median(widths) if widths else 0.0,
        "reviewed": len(last.decisions),
        "apart": sum(told_apart(d) for d in last.decisions),
        "settled": sum(d.top_settled for d in last.decisions),
        "marks": len(last.marks),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1, help="games reviewed per line")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    print(
        "| game | workers | decisions | first verdict | every verdict | done (median) | "
        "top-3 interval half-width (median) | top 3 told apart | top 3 settled | marks |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for key, options, levels, label in GAMES_TIMED:
        games = [finished_game(key, options, args.seed + i, levels) for i in range(args.games)]
        for workers in (1, 2) if key == "matchstick_tycoon" else (1,):
            rows = [review_once(g, workers) for g in games]

            def med(k: str, rows: list = rows) -> float:
                return statistics.median(r[k] for r in rows)

            def share(k: str, rows: list = rows) -> str:  # over every decision of the games
                n = sum(r["reviewed"] for r in rows)
                return f"{100 * sum(r[k] for r in rows) / max(1, n):.0f} % of {n}"

            unit = " points" if GAMES[key].value[1] == "score" else ""
            width = f"{med('width'):.1f}{unit}" if unit else f"{100 * med('width'):.1f} %"
            print(
                f"| {GAMES[key].title}{label} | {workers} | {med('decisions'):.0f} | "
                f"{med('first'):.2f} s | {med('pass1'):.1f} s | {med('total'):.1f} s "
                f"(longest {max(r['total'] for r in rows):.1f} s) | "
                f"{width} | {share('apart')} | {share('settled')} | {med('marks'):.0f} |",
                flush=True,
            )

    fistful_passes(args.seed)


def fistful_passes(seed: int) -> None:
    """The Fistful game against the hard bot: each pass's time, and a second review."""
    game = finished_game("fistful_of_gold", {}, seed, ("medium", "hard"))
    forget_plans()
    for run in ("first review", "second review"):
        t0 = time.perf_counter()
        ends: dict[int, float] = {}
        first = None
        last = None
        for last in iter_review(game, 0, seed=1):
            now = time.perf_counter() - t0
            if first is None and last.decisions:
                first = now
            if len(last.decisions) == len(last.indices):
                ends.setdefault(min(d.passes for d in last.decisions), now)
        total = time.perf_counter() - t0
        passes = ", ".join(f"pass {p} ends {t:.2f} s" for p, t in sorted(ends.items()))
        exact = sum(d.playouts == 0 for d in last.decisions)
        print(
            f"A Fistful of Gold (medium against hard), {run}: {len(game.history)} moves, "
            f"{len(last.indices)} decisions ({exact} worked out exactly); first verdict "
            f"{first or total:.2f} s; {passes}; done {total:.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
