"""A Fistful of Gold: engine speed, the bots' time per decision, and a seeded tournament
of the hard bot against the panel of fixed strategies and the other bots.

Not a test: prints figures, asserts nothing.  Each figure is printed with the
command-line options that make it; the tournament uses
:func:`tabletop_widgets.analysis.head_to_head` (seats alternate, game ``i``
dealt with seed ``seed + i``, Wilson intervals), split into chunks that
``--processes`` play in parallel (chunks of an even size, so the seats
alternate exactly as in one run).

    python benchmarks/fistful_of_gold/bench_hard_bot.py   # everything, 1,000 games a pairing
    python benchmarks/fistful_of_gold/bench_hard_bot.py --games 200 --only speed
    python benchmarks/fistful_of_gold/bench_hard_bot.py --only tournament --processes 2
    python benchmarks/fistful_of_gold/bench_hard_bot.py --only counter --games 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from tabletop_widgets.analysis import head_to_head
from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.playout import play_out
from tabletop_widgets.games.fistful_of_gold import INFO, FistfulOfGold, Observation
from tabletop_widgets.games.fistful_of_gold.beliefs import hand_cards, opponent_hands
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS
from tabletop_widgets.games.fistful_of_gold.hard_bot import HardBot

OPPONENTS = (*INFO.panel, "greedy", "equilibrium", "random")


# -- speed ------------------------------------------------------------------------------


def _rates(n: int, wall: float, cpu: float) -> str:
    return f"{n / cpu:.0f} per CPU-second ({n / wall:.0f}/s by the wall clock)"


def random_games(n: int) -> str:
    """Games per second, both seats random (the engine's legal sets at every move)."""
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        play_out(FistfulOfGold.new(seed=seed), [RandomBot(seed=seed), RandomBot(seed=seed + 1)])
    return _rates(n, time.perf_counter() - wall, time.process_time() - cpu)


def playouts(n: int, bot: str) -> str:
    """Playouts per second from round 1's first duel (discards made), as a what-if plays."""
    start = FistfulOfGold.new(seed=1)
    start.play("discard pink 1 pink 2")
    start.play("discard green 1 green 2")
    cls = INFO.bots[bot]
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        g = start.replay(len(start.history))
        play_out(g, [cls(seed=i), cls(seed=i + 1)], skip_forced=True)
    return _rates(n, time.perf_counter() - wall, time.process_time() - cpu)


class Timed:
    """Wraps a bot and keeps the wall-clock and the CPU time of each of its decisions
    (CPU time is the cost on one core, whatever else the machine runs)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, bot.name
        self.times: list[tuple[float, float]] = []

    def choose(self, observation: Observation, legal: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(observation, legal)
        self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        return move


def decision_times(level: str, games: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds per decision of ``level``'s bot over ``games`` games against
    greedy, from a cold start (a fresh memo) on."""
    times: list[tuple[float, float]] = []
    for i in range(games):
        me = Timed(INFO.bots[INFO.levels[level]](seed=i))
        other = INFO.bots["greedy"](seed=10_000 + i)
        play_out(FistfulOfGold.new(seed=i), [me, other] if i % 2 == 0 else [other, me])
        times += me.times
    return times


def _spread(seconds: list[float]) -> str:
    ms = sorted(t * 1000 for t in seconds)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    return f"median {statistics.median(ms):.1f}, p95 {p95:.1f}, max {ms[-1]:.1f}"


def speed(games: int) -> None:
    print(f"random games: {random_games(max(200, games))}   (--games {games})")
    for bot in ("random", "greedy"):
        print(f"{bot} playouts from duel 1: {playouts(max(200, games), bot)}")
    for level in INFO.levels:
        times = decision_times(level, max(20, games // 10))
        print(
            f"{level} ({INFO.levels[level]}), ms/decision over {len(times)} decisions against "
            f"greedy: CPU {_spread([c for _, c in times])}; wall {_spread([w for w, _ in times])}"
        )


# -- the tournament -----------------------------------------------------------------------


def _chunk(args: tuple[Any, Any, int, int]) -> Any:
    first, second, seed, games = args
    return head_to_head("fistful_of_gold", first, second, games=games, seed=seed)


def matchup(
    first: Any, second: Any, games: int, seed: int, processes: int, verbose: bool = False
) -> Any:
    """``head_to_head`` in even chunks over ``processes`` processes, merged into one report."""
    size = max(2, (games // max(1, processes * 4)) // 2 * 2)
    jobs = [(first, second, seed + k, min(size, games - k)) for k in range(0, games, size)]
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            parts = list(pool.map(_chunk, jobs))
    else:
        parts = [_chunk(j) for j in jobs]
    if verbose:
        for p in parts:
            print(f"  chunk seeds {p.seed}..: {line(p)}", flush=True)
    results = tuple(r for p in parts for r in p.results)
    return replace(
        parts[0], results=results, requested=games, elapsed=sum(p.elapsed for p in parts)
    )


def line(report: Any) -> str:
    s = report.score
    return (
        f"{report.first} against {report.second}: {report.games} games, "
        f"{report.wins}-{report.draws}-{report.losses} (won-drawn-lost), "
        f"score {s.mean:.1%} [{s.low:.1%}, {s.high:.1%}], pink wins {report.seat_wins[0]:.1%}, "
        f"{report.elapsed / report.games * 1000:.0f} ms/game"
    )


def tournament(
    games: int, seed: int, processes: int, opponents: tuple[str, ...], verbose: bool = False
) -> None:
    print(
        f"tournament: hard against each, {games} games a pairing, seeds {seed}.., seats alternate"
    )
    for k, other in enumerate(opponents):
        report = matchup("hard", other, games, seed + k * games, processes, verbose)
        print(line(report), flush=True)


# -- a counter that models the hard bot -----------------------------------------------------


class HardModeller(HardBot):
    """A counter: guesses the hard bot's hand, runs the hard bot's own planning on each
    guess to predict its mix, and answers that mix with its best card (mixing a little
    with its own plan, in case the guess is wrong)."""

    name = "hard-modeller"
    guesses = 3
    trust = 0.9

    def _duel(self, obs: Observation, moves: list[Any], solve: Any) -> Any:
        from tabletop_widgets.games.fistful_of_gold.hard_bot import (
            _draw,
            _fill,
            _legal,
            _pink_stakes,
            _state,
        )
        from tabletop_widgets.games.fistful_of_gold.matrix_game import solve_typed
        from tabletop_widgets.games.fistful_of_gold.round_game import card_index

        me = obs.seat
        hands = self._sample(opponent_hands(obs), obs)[: self.guesses]
        stakes = _pink_stakes(obs)
        diff = obs.gold[0] - obs.gold[1]
        mine = [card_index(m.cards[0]) for m in moves]
        blocks, weights = [], []
        total = sum(w for _, _, w in hands)
        for hand, down, w in hands:
            predicted = self._their_mix(obs, hand, down, solve)
            s = _state(solve, obs, hand, down)
            table: dict = {}
            rows, cols = _legal(s[0], s[2]), _legal(s[1], s[3])
            theirs = cols if me == 0 else rows
            pairs = [(i, j) if me == 0 else (j, i) for i in mine for j in theirs]
            _fill(solve, s, stakes, diff, pairs, table)

            for j, p in predicted.items():
                if p > 1e-6:
                    blocks.append([[table[i, j] if me == 0 else 1.0 - table[j, i]] for i in mine])
                    weights.append(self.trust * p * w / total)
            blocks.append(
                [[table[i, j] if me == 0 else 1.0 - table[j, i] for j in theirs] for i in mine]
            )
            weights.append((1 - self.trust) * w / total)
        _, mix = solve_typed(blocks, weights)
        return _draw(self.rng, moves, mix)

    def _their_mix(self, obs: Observation, hand: int, down: int, solve: Any) -> dict[int, float]:
        """The hard bot's mix if it holds ``hand`` (its observation rebuilt from ours)."""
        from tabletop_widgets.games.fistful_of_gold.moves import Play
        from tabletop_widgets.games.fistful_of_gold.round_game import card_index

        opp = obs.opponent
        cards = hand_cards(hand, COLOURS[opp])
        theirs = replace(
            obs,
            seat=opp,
            hand=tuple(cards),
            discards=tuple(hand_cards(down, COLOURS[opp])),
            my_choice=None,
            opponent_committed=False,
            opponent_hand_size=len(obs.hand),
            opponent_discard_count=len(obs.discards),
        )
        last = obs.rows[opp][-1] if obs.rows[opp] else None
        from tabletop_widgets.games.fistful_of_gold.duel import blocked

        legal = [Play(c) for c in cards if not blocked(last, c, obs.options)]
        bot = HardBot(seed=0)
        if len(legal) == 1:
            return {card_index(legal[0].card): 1.0}
        bot._duel(theirs, legal, solve)
        return {card_index(c): p for c, p in bot.last_strategy.items()}


def counter(games: int, seed: int) -> None:
    print(f"counter: hard against a bot that models it, {games} games, seeds {seed}..")
    print(line(head_to_head("fistful_of_gold", HardBot, HardModeller, games=games, seed=seed)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--only", choices=("speed", "tournament", "counter"))
    ap.add_argument("--against", nargs="*", default=list(OPPONENTS))
    ap.add_argument("--verbose", action="store_true", help="print every chunk as it ends")
    args = ap.parse_args()
    random.seed(0)
    if args.only in (None, "speed"):
        speed(args.games)
    if args.only in (None, "tournament"):
        tournament(args.games, args.seed, args.processes, tuple(args.against), args.verbose)
    if args.only in (None, "counter"):
        counter(max(50, args.games // 10), args.seed + 500_000)


if __name__ == "__main__":
    main()
