"""A Fistful of Gold: do the coach's win chances match how often games are won?

Plays seeded games of the hard bot against itself and, at every duel where a
player has more than one card to choose from, notes the chance to win the coach
shows for the best card (``HardBot.duel_values``)
and the plan's own worst-case value it comes from; then groups the decisions by
the figure shown and prints the share of those games the player won (a draw
counts one half), with a Wilson interval.  A calibrated figure wins about as
often as it says.  Also prints each measure's Brier score (lower is better) and,
at the first duel of each round, the two players' figures added up (the game is
won by one of them: about 100 %).

Not a test: prints figures, asserts nothing.

    python benchmarks/fistful_of_gold/bench_win_chance.py               # 200 games
    python benchmarks/fistful_of_gold/bench_win_chance.py --games 1000 --processes 2
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from tabletop_widgets.core.stats import wilson_interval
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.hard_bot import HardBot
from tabletop_widgets.games.fistful_of_gold.matrix_game import typed_values
from tabletop_widgets.games.fistful_of_gold.moves import Play
from tabletop_widgets.games.fistful_of_gold.round_solver import solver

#: The coach's plan (its seed), as the coach and the review read it.
PLAN_SEED = 0


def one_game(k: int, seed: int) -> list[tuple[int, int, int, float, float, float]]:
    """(round, duel, seat, figure shown, plan's worst case, share won) at each duel with a
    choice, in game ``k`` dealt with ``seed + k``."""
    game = FistfulOfGold.new(seed=seed + k)
    bots = [HardBot(seed=2 * (seed + k)), HardBot(seed=2 * (seed + k) + 1)]
    plan = HardBot(seed=PLAN_SEED)
    noted = []
    while not game.is_over:
        for seat in list(game.current_players()):
            if game.is_over or seat not in game.current_players():
                continue
            legal = game.legal_moves(seat)
            obs = game.observation(seat)
            if len(legal) > 1 and all(isinstance(m, Play) for m in legal):
                _mix, shown = plan.duel_values(obs, legal)
                blocks, weights, _free = plan._duel_game(obs, list(legal), solver(obs.options))
                worst = typed_values(blocks, weights)[0]
                noted.append((obs.round, len(obs.rows[0]), seat, max(shown), worst))
            game.play(bots[seat].choose(obs, legal), seat)
    share = [game.result.win_share(s) for s in (0, 1)]
    return [(*n, share[n[2]]) for n in noted]


def table(rows: list[tuple], column: int, title: str) -> None:
    print(f"\n{title}")
    print("| figure | decisions | games won | 95 % interval |")
    print("|---|---|---|---|")
    for lo in range(0, 100, 10):
        group = [
            r for r in rows if lo <= 100 * r[column] < lo + 10 or (lo == 90 and r[column] >= 1)
        ]
        if len(group) < 20:
            continue
        won = sum(r[5] for r in group)
        low, high = wilson_interval(round(won), len(group))
        print(
            f"| {lo}–{lo + 10} % | {len(group)} | {100 * won / len(group):.0f} % "
            f"| {100 * low:.0f}–{100 * high:.0f} % |"
        )
    brier = sum((r[column] - r[5]) ** 2 for r in rows) / len(rows)
    print(f"Brier score: {brier:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        games = list(pool.map(one_game, range(args.games), [args.seed] * args.games))
    rows = [r for g in games for r in g]
    print(
        f"# A Fistful of Gold: win chances against games won (hard bot against itself, "
        f"{args.games} games from seed {args.seed}, {len(rows)} decisions, "
        f"{time.perf_counter() - start:.0f} s)"
    )
    table(rows, 3, "The figure the coach shows (the plan's even-handed value):")
    table(rows, 4, "The plan's worst case (the opponent answering as if it saw your cards):")
    print("\nBoth players' figures added up at the first duel of a round (mean):")
    for rnd in (1, 2, 3):
        pairs = [
            (a[3] + b[3], a[4] + b[4])
            for g in games
            for a in g
            for b in g
            if a[0] == b[0] == rnd and a[1] == b[1] == 0 and a[2] == 0 and b[2] == 1
        ]
        if pairs:
            shown = sum(p[0] for p in pairs) / len(pairs)
            worst = sum(p[1] for p in pairs) / len(pairs)
            print(
                f"  round {rnd}: shown {100 * shown:.0f} %, worst case {100 * worst:.0f} % "
                f"({len(pairs)} games)"
            )


if __name__ == "__main__":
    main()
