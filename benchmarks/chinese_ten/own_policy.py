"""Playout policies for Chinese Ten's hard bot (not a test: prints figures, asserts nothing).

Step 1 (``policies``): cheap heuristic bots on the fast card numbers of
:mod:`tabletop_widgets.games.chinese_ten.rollout`, each played against the greedy bot
(medium) over many 2-player deals; each deal is played twice, the policy at each seat
(seats rotated), with the same random numbers as greedy-against-greedy on that deal, so
the paired difference to greedy is far less noisy than the score.  ``--grid`` tries a
few weights of :class:`Lookahead`.

Step 2 (``hard``): the hard bot against medium, paired with the hard bot as it is on
the same deals (deal ``i`` from seed ``seed + i``, the hard bot at seat ``i % 2``).
Variants (``--policy``; ``--budget`` sets their work per decision):

* ``best`` (or ``quick``, ``own``): a :class:`Lookahead` plays the searching seat's own
  later turns inside its playouts, the other seat stays greedy;
* ``solve3`` (``solveN``): greedy playouts until the searching seat holds at most N
  cards, then its remaining choices are solved exactly on the re-deal;
* ``plain``: the hard bot as it is, at another budget;
* ``quickgreedy``: the same playouts with a faster copy of the greedy rule.

    python benchmarks/chinese_ten/own_policy.py policies --deals 3000 --grid
    python benchmarks/chinese_ten/own_policy.py policies --deals 3000 --policy greedy best
    python benchmarks/chinese_ten/own_policy.py hard --deals 300 --policy best \\
        --budget 16000 --cache results.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop_widgets.core.playout import bot_move
from tabletop_widgets.core.stats import mean_estimate, wilson_interval
from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot, SearchBot
from tabletop_widgets.games.chinese_ten.cards import SELF_RANKS
from tabletop_widgets.games.chinese_ten.rollout import (
    PARTNER,
    RANK,
    Deal,
    FastPlayouts,
    Step,
    options,
)

Policy = Callable[[Deal, random.Random], Step]


def greedy(deal: Deal, rng: random.Random) -> Step:
    return deal.greedy_step(rng)


def _moves(deal: Deal) -> tuple[list[tuple[int, tuple[int, ...]]], bool]:
    layout = deal.layout
    if deal.turned is not None:
        return [(deal.turned, c) for c in options(deal.turned, layout)], True
    moves: list[tuple[int, tuple[int, ...]]] = []
    for k in deal.hands[deal.seat]:
        found = options(k, layout)
        if found:
            moves.extend((k, c) for c in found)
        else:
            moves.append((k, ()))
    return moves, False


def _pick(
    moves: Sequence[tuple[int, tuple[int, ...]]],
    values: Sequence[float],
    stock: bool,
    rng: random.Random,
) -> Step:
    """The move of highest value (ties broken with ``rng``, as the greedy bot does)."""
    top = max(values)
    best = [m for m, v in zip(moves, values, strict=True) if v >= top - 1e-9]
    k, c = best[0] if len(best) == 1 else rng.choice(best)
    return k, c, stock


def _unseen(deal: Deal) -> tuple[list[int], list[int], int, int]:
    """Per rank, how many cards the seat to move cannot see and their points in all;
    how many cards it cannot see; the next seat's hand size."""
    pts = deal.pts
    hidden = deal.hidden(deal.seat)
    n = [0] * 14
    sp = [0] * 14
    for x in hidden:
        n[RANK[x]] += 1
        sp[RANK[x]] += pts[x]
    return n, sp, len(hidden) or 1, len(deal.hands[(deal.seat + 1) % len(deal.hands)])


def _held(h: int, m: int, j: int) -> float:
    """The chance that a hand of ``m`` of ``h`` unseen cards holds one of ``j`` of them."""
    p = 1.0
    for i in range(m):
        p *= (h - j - i) / (h - i) if h - i > j else 0.0
    return 1.0 - p


@dataclass(frozen=True)
class Lookahead:
    """A one-turn look-ahead on what the seat can see (a bot on card numbers).

    A move is worth the points it takes now plus, per capturing rank, for the best
    layout card it would take after the move: ``flip`` times what the seat's own stock
    card (turned up right after) is expected to take, less ``threat`` times what the
    other seat is expected to take (a card of its hand or its stock card), plus
    ``mine`` times what the seat can take back on its next turn with a card it keeps
    (if nobody took it first), plus ``safe`` times the card and the seat's capturer
    when no unseen card can take it (it is the seat's whenever it likes).
    """

    flip: float = 1.0
    threat: float = 1.0
    mine: float = 1.0
    safe: float = 0.0

    def __call__(self, deal: Deal, rng: random.Random) -> Step:
        moves, stock = _moves(deal)
        if len(moves) == 1:
            k, c = moves[0]
            return k, c, stock
        seen = _unseen(deal)
        return _pick(moves, [self.value(deal, k, c, stock, seen) for k, c in moves], stock, rng)

    def value(
        self,
        deal: Deal,
        k: int,
        caps: tuple[int, ...],
        stock: bool,
        seen: tuple[list[int], list[int], int, int],
    ) -> float:
        n, sp, h, m = seen
        pts = deal.pts
        v = float(pts[k] + sum(pts[c] for c in caps)) if caps else 0.0
        left = [c for c in deal.layout if c not in caps]
        if not caps:
            left.append(k)
        tops: dict[int, int] = {}  # per capturing rank, the best layout card it takes
        for x in left:
            r = PARTNER[RANK[x]]
            tops[r] = max(tops.get(r, -1), pts[x])
        kept: dict[int, int] = {}  # per rank, the best card the seat keeps
        for c in deal.hands[deal.seat]:
            if stock or c != k:
                kept[RANK[c]] = max(kept.get(RANK[c], 0), pts[c])
        for r, top in tops.items():
            j = n[r]
            gone = 0.0
            if j:
                worth = top + sp[r] / j
                f = j / h if not stock else 0.0  # the seat's own stock card, now
                held = _held(h, m, min(j, 4))
                q = held + (1 - held) * j / h  # the other seat's
                v += (self.flip * f - self.threat * (1 - f) * q) * worth
                gone = f + (1 - f) * q
            if r in kept:
                v += self.mine * (1 - gone) * top + (self.safe * (top + kept[r]) if not j else 0)
        return v


# -- step 1: policies against greedy on card numbers ---------------------------------

_DEALS: dict[int, Deal] = {}


def start(seed: int) -> Deal:
    d = _DEALS.get(seed)
    if d is None:
        d = _DEALS[seed] = Deal.of(ChineseTen.new(players=2, seed=seed, target=None))
    return d.copy()


def play_fast(seed: int, policies: Sequence[Policy], rng_seed: int) -> list[int]:
    d = start(seed)
    rng = random.Random(rng_seed)
    while not d.over:
        d.play(policies[d.seat](d, rng))
    return d.points


def outcome(points: Sequence[int], seat: int) -> float:
    a, b = points[seat], points[1 - seat]
    return 1.0 if a > b else 0.5 if a == b else 0.0


def versus_greedy(policy: Policy, deals: int, seed: int) -> dict[str, Any]:
    """Per deal: the policy's mean score over both seats, and that less greedy's."""
    per: list[float] = []
    diff: list[float] = []
    pts: list[float] = []
    for i in range(deals):
        s = seed + i
        got = base = 0.0
        for me in (0, 1):
            pols = [greedy, greedy]
            pols[me] = policy
            p = play_fast(s, pols, s * 2 + me)
            q = play_fast(s, [greedy, greedy], s * 2 + me)
            got += outcome(p, me) / 2
            base += outcome(q, me) / 2
            pts.append(p[me] - q[me])
        per.append(got)
        diff.append(got - base)
    return {"per": per, "diff": diff, "pts": pts}


def show(name: str, per: Sequence[float], diff: Sequence[float], extra: str = "") -> None:
    n = len(per)
    score = sum(per)
    low, high = wilson_interval(round(score * 2), 2 * n)  # seat games
    d = mean_estimate(diff, 0.95)
    print(
        f"  {name:34} {n} deals: {score / n:.1%} [{low:.1%}, {high:.1%}]  "
        f"paired {d.mean:+.1%} [{d.low:+.1%}, {d.high:+.1%}]{extra}",
        flush=True,
    )


POLICIES: dict[str, Policy] = {
    "greedy": greedy,
    "own": Lookahead(),
    "best": Lookahead(0.5, 1.0, 0.0, 0.5),
    # "quick" was a faster copy of "best" (the same choices) when step 2 was run
    "quick": Lookahead(0.5, 1.0, 0.0, 0.5),
    "quickgreedy": lambda d, rng: quick_greedy(d, rng),  # greedy, faster: the same moves
}


def grid() -> dict[str, Policy]:
    out: dict[str, Policy] = {}
    for flip, threat, mine, safe in [
        (0, 0.5, 0, 0.5),
        (0, 0.5, 0, 1),
        (0, 0.7, 0, 0.5),
        (0, 0.7, 0, 1),
        (0, 0.7, 0.25, 0),
        (0.5, 0.7, 0, 0),
        (0.5, 1.0, 0, 0.5),
        (0, 0.3, 0, 0),
    ]:
        out[f"flip {flip} threat {threat} mine {mine} safe {safe}"] = Lookahead(
            flip, threat, mine, safe
        )
    return out


def run_policies(args: argparse.Namespace) -> None:
    pols = grid() if args.grid else {k: POLICIES[k] for k in args.policy}
    print(f"Policies against greedy, 2 players, deals from seed {args.seed}")
    for name, pol in pols.items():
        t0 = time.perf_counter()
        r = versus_greedy(pol, args.deals, args.seed)
        pd = mean_estimate(r["pts"], 0.95)
        show(
            name,
            r["per"],
            r["diff"],
            f"  points {pd.mean:+.1f}  ({time.perf_counter() - t0:.0f} s)",
        )


# -- step 2: the hard bot with an own-seat policy ------------------------------------


class OwnPlayouts(FastPlayouts):
    """The hard bot's playouts with ``own`` playing the searching seat's later turns."""

    own = staticmethod(greedy)

    def play(self, deal: Deal, move: Any, seed: int) -> tuple[float, float, float, int]:
        d = deal.copy()
        rng = random.Random(seed)
        step = self._steps.get(move)
        if step is None:
            from tabletop_widgets.games.chinese_ten.rollout import step_of

            step = self._steps[move] = step_of(move)
        d.play(step)
        played = 1
        me, own = self.seat, self.own
        while not d.over:
            d.play(own(d, rng) if d.seat == me else d.greedy_step(rng))
            played += 1
        pts = d.points
        mine = pts[me]
        above = sum(p > mine for p in pts)
        tied = sum(p == mine for p in pts)
        return (1 / tied if not above else 0.0), float(1 + above), float(mine), played


def own_steps(d: Deal) -> list[Step]:
    moves, stock = _moves(d)
    return [(k, c, stock) for k, c in moves]


class SolvePlayouts(OwnPlayouts):
    """Greedy playouts, except that once the searching seat holds at most ``solve_at``
    cards its remaining choices are solved exactly on the re-deal (the other seat still
    greedy, the stock's order as re-dealt): the seat's best points there.  Every move of
    the solve counts as work."""

    solve_at = 3

    def play(self, deal: Deal, move: Any, seed: int) -> tuple[float, float, float, int]:
        d = deal.copy()
        rng = random.Random(seed)
        step = self._steps.get(move)
        if step is None:
            from tabletop_widgets.games.chinese_ten.rollout import step_of

            step = self._steps[move] = step_of(move)
        d.play(step)
        me = self.seat
        work = [1]
        while not d.over:
            if d.seat == me and d.turned is None and len(d.hands[me]) <= self.solve_at:
                pts = self._solve(d, seed, work)
                break
            d.play(self.own(d, rng) if d.seat == me else d.greedy_step(rng))
            work[0] += 1
        else:
            pts = d.points
        mine = pts[me]
        above = sum(p > mine for p in pts)
        tied = sum(p == mine for p in pts)
        return (1 / tied if not above else 0.0), float(1 + above), float(mine), work[0]

    def _solve(self, d: Deal, seed: int, work: list[int]) -> list[int]:
        me = self.seat
        rng = random.Random(seed)
        while not d.over and d.seat != me:
            d.play(d.greedy_step(rng))
            work[0] += 1
        if d.over:
            return d.points
        best: list[int] | None = None
        for st in own_steps(d):
            e = d.copy()
            e.play(st)
            work[0] += 1
            got = self._solve(e, seed, work)
            if best is None or got[me] > best[me]:
                best = got
        assert best is not None
        return best


def _quick_moves(deal: Deal) -> tuple[list[tuple[int, tuple[int, ...]]], bool]:
    """:func:`_moves` with the layout indexed by rank once (the same moves, same order)."""
    by: dict[int, list[int]] = {}
    for c in deal.layout:
        by.setdefault(RANK[c], []).append(c)
    turned = deal.turned
    moves: list[tuple[int, tuple[int, ...]]] = []
    for k in (turned,) if turned is not None else deal.hands[deal.seat]:
        r = RANK[k]
        t = by.get(PARTNER[r])
        if not t:
            moves.append((k, ()))
        elif len(t) == 3 and r in SELF_RANKS:
            moves.append((k, tuple(t)))
        else:
            moves.extend((k, (c,)) for c in t)
    return moves, turned is not None


def _quick_counts(deal: Deal) -> tuple[list[int], list[int]]:
    """Per rank, the cards the seat to move cannot see and the most points of one."""
    pts = deal.pts
    n = [0] * 14
    best = [0] * 14
    stk = deal.stock
    cards = [x for s, hand in enumerate(deal.hands) if s != deal.seat for x in hand]
    cards.extend(stk[deal.top :])
    for x in cards:
        r = RANK[x]
        n[r] += 1
        if pts[x] > best[r]:
            best[r] = pts[x]
    return n, best


def quick_greedy(deal: Deal, rng: random.Random) -> Step:
    """:meth:`Deal.greedy_step` (the same move, the same random numbers), faster."""
    moves, stock = _quick_moves(deal)
    if len(moves) == 1:
        k, c = moves[0]
        return k, c, stock
    pts = deal.pts
    n, best = _quick_counts(deal)
    values = []
    for k, caps in moves:
        if caps:
            v = pts[k]
            for c in caps:
                rr = PARTNER[RANK[c]]
                j = n[rr]
                v += pts[c] + (0.5 * (pts[c] + best[rr]) * (1.0 if j >= 2 else 0.5) if j else 0.0)
        else:
            rr = PARTNER[RANK[k]]
            j = n[rr]
            v = -0.5 * (pts[k] + best[rr]) * (1.0 if j >= 2 else 0.5) if j else 0.0
        values.append(v)
    return _pick(moves, values, stock, rng)


class QuickPlayouts(FastPlayouts):
    """:class:`FastPlayouts` with :func:`quick_greedy` at every seat: the same values."""

    def play(self, deal: Deal, move: Any, seed: int) -> tuple[float, float, float, int]:
        d = deal.copy()
        rng = random.Random(seed)
        step = self._steps.get(move)
        if step is None:
            from tabletop_widgets.games.chinese_ten.rollout import step_of

            step = self._steps[move] = step_of(move)
        d.play(step)
        played = 1
        while not d.over:
            d.play(quick_greedy(d, rng))
            played += 1
        pts = d.points
        mine = pts[self.seat]
        above = sum(p > mine for p in pts)
        tied = sum(p == mine for p in pts)
        return (1 / tied if not above else 0.0), float(1 + above), float(mine), played


def hard_bot(policy: str, budget: int | None, seed: int) -> SearchBot:
    bot = SearchBot(seed=seed)
    s = SearchBot.settings
    if budget is not None:
        s = replace(s, budget=budget)
    if policy == "plain":  # the hard bot as it is, at another budget
        pass
    elif policy == "quickgreedy":  # the same playouts, faster

        def fast(sample: Any, seat: int) -> FastPlayouts:
            return QuickPlayouts(sample(random.Random(0)), seat)

        s = replace(s, fast=fast)
    elif policy.startswith("solve"):
        at = int(policy[5:] or 3)

        def fast(sample: Any, seat: int) -> FastPlayouts:
            f = SolvePlayouts(sample(random.Random(0)), seat)
            f.solve_at = at
            return f

        s = replace(s, fast=fast)
    elif policy != "greedy":
        pol = POLICIES[policy]

        def fast(sample: Any, seat: int) -> FastPlayouts:
            f = OwnPlayouts(sample(random.Random(0)), seat)
            f.own = pol
            return f

        s = replace(s, fast=fast)
    bot.settings = s
    return bot


def play_hard(policy: str, budget: int | None, i: int, seed: int) -> tuple[float, list[float]]:
    g = ChineseTen.new(players=2, seed=seed + i, target=None)
    me = i % 2
    bots: list[Any] = [GreedyBot(seed=i * 7 + s) for s in range(2)]
    bots[me] = hard_bot(policy, budget, i)
    times = []
    while not g.is_over:
        seat = g.to_move
        t = time.process_time()
        move = bot_move(g, seat, bots[seat])
        if seat == me and len(g.legal_moves()) > 1:
            times.append((time.process_time() - t) * 1000)
        g.play(move)
    return outcome(g.deal_points[0], me), times


def run_hard(args: argparse.Namespace) -> None:
    """Each variant against medium on the same deals, paired with the hard bot as it is
    (``--cache FILE`` keeps each deal's result per variant, so the hard bot as it is is
    played once for several variants)."""
    print(f"Hard against medium, 2 players, deals from seed {args.seed}")
    cache: dict[str, Any] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    names = ["greedy", *[p for p in args.policy if p != "greedy"]]
    got: dict[str, list[float]] = {p: [] for p in names}
    times: dict[str, list[float]] = {p: [] for p in names}
    t0 = time.perf_counter()
    for i in range(args.deals):
        for p in names:
            budget = None if p == "greedy" else args.budget
            key = f"{p} {budget} {args.seed}"
            row = cache.setdefault(key, {})
            if str(i) not in row:
                row[str(i)] = play_hard(p, budget, i, args.seed)
                if args.cache:
                    with open(args.cache, "w") as f:
                        json.dump(cache, f)
            score, ts = row[str(i)]
            got[p].append(score)
            times[p] += ts
        if (i + 1) % 50 == 0 or i + 1 == args.deals:
            print(f" after {i + 1} deals ({(time.perf_counter() - t0) / 60:.1f} min):")
            for p in names:
                xs, ts = got[p], times[p]
                n = len(xs)
                low, high = wilson_interval(round(sum(xs)), n)
                q = sorted(ts)
                p95 = q[min(len(q) - 1, int(0.95 * len(q)))]
                line = (
                    f"  {p:10} {sum(xs) / n:.1%} [{low:.1%}, {high:.1%}]  "
                    f"ms/move median {statistics.median(ts):.0f} p95 {p95:.0f}"
                )
                if p != "greedy":
                    d = mean_estimate([y - x for x, y in zip(got["greedy"], xs, strict=True)], 0.95)
                    line += f"  paired {d.mean:+.1%} [{d.low:+.1%}, {d.high:+.1%}]"
                print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["policies", "hard"])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", nargs="+", default=["own"])
    ap.add_argument("--grid", action="store_true")
    ap.add_argument("--budget", type=int, default=None)
    ap.add_argument("--cache", default=None, help="a JSON file of results per deal")
    args = ap.parse_args()
    if args.what == "policies":
        run_policies(args)
    else:
        run_hard(args)


if __name__ == "__main__":
    main()
