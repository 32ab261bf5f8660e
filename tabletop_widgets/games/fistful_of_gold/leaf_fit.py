"""Refit the weights of :mod:`.leaf` (run as a script; needs numpy; a few minutes).

Solves random round-1 deals exactly with the round solver (the rules page's
options), keeps every state reached with 5 and 6 cards in pink's hand, fits
the linear model of :func:`.leaf.features` by ridge least squares (the
pair corrections shrunk towards 0, so the ``G`` term carries what it can) and
writes :mod:`.leaf_weights`.  Prints the fit's error on deals it did not see.

    python -m tabletop_widgets.games.fistful_of_gold.leaf_fit --deals 40
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from tabletop_widgets.games.fistful_of_gold.leaf import FEATURES, features
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.round_solver import RoundSolver

SIZES = (5, 6)


def solved_states(deals: int, seed: int) -> dict[tuple, float]:
    """Exact values of every state of ``deals`` random round-1 deals (7 cards a side,
    green's two discards face down)."""
    rng = random.Random(seed)
    s = RoundSolver(Options())
    for _ in range(deals):
        a = sum(1 << i for i in rng.sample(range(9), 7))
        b = sum(1 << i for i in rng.sample(range(9), 7))
        s.value(s.normal(a, b, -1, -1, 0, False, False, 0, 1, 6, 511 & ~b))
    return s.memo


def fit(memo: dict[tuple, float], n: int, ridge: float = 1.0):  # noqa: ANN201 - numpy
    import numpy as np

    rules = RoundSolver(Options()).rules
    keys = [k for k in memo if bin(k[0]).count("1") == n]
    x = np.array([features(rules, k) for k in keys])
    y = np.array([memo[k] for k in keys])
    penalty = np.full(x.shape[1], 1e-6)
    penalty[:81] = ridge
    w = np.linalg.solve(x.T @ x + np.diag(penalty) * len(keys) / 1000, x.T @ y)
    return w, keys


def error(memo: dict[tuple, float], n: int, w) -> tuple[float, float, int]:  # noqa: ANN001
    import numpy as np

    rules = RoundSolver(Options()).rules
    keys = [k for k in memo if bin(k[0]).count("1") == n]
    x = np.array([features(rules, k) for k in keys])
    y = np.array([memo[k] for k in keys])
    resid = x @ w - y
    return float(np.sqrt(np.mean(resid**2))), float(np.std(y)), len(keys)


def write(weights: dict[int, list[float]], path: Path) -> None:
    lines = [
        '"""Weights of :mod:`.leaf` (written by ``leaf_fit``; do not edit by hand).',
        "",
        "Per hand size: 81 pair corrections (pink's card times 9 plus green's), the",
        f"weight of G, then {', '.join(FEATURES[:3])}, ... (see ``leaf.FEATURES``).",
        '"""',
        "",
        "WEIGHTS: dict[int, tuple[float, ...]] = {",
    ]
    for n, w in sorted(weights.items()):
        lines.append(f"    {n}: (")
        for k in range(0, len(w), 6):
            lines.append("        " + " ".join(f"{v:.4f}," for v in w[k : k + 6]))
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    train = solved_states(args.deals, args.seed)
    test = solved_states(max(4, args.deals // 8), args.seed + 1000)
    weights = {}
    for n in SIZES:
        w, keys = fit(train, n)
        rmse, spread, count = error(test, n, w)
        print(
            f"{n} cards: {len(keys)} states fitted; held out: rmse {rmse:.3f} gold, "
            f"sd {spread:.3f} ({count} states)"
        )
        weights[n] = [float(v) for v in w]
    write(weights, Path(__file__).with_name("leaf_weights.py"))


if __name__ == "__main__":
    main()
