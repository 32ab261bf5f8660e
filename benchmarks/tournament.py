"""The strength table: every level against every other level, the panel against the
hard level, and the hard level against medium bots at a full table -- for every game.

Run with ``python benchmarks/tournament.py`` (``--games 100`` for a quick run,
``--game chinese_ten`` for one game).  Each game is played at the options its play
page starts with (Chinese Ten: one deal), two players unless a row says otherwise;
seats rotate (game ``i`` puts the first bot at seat ``i % players``), game ``i`` is
dealt from ``seed + i`` in every row, and the games run on ``--workers`` processes
(the same table whatever their number).  The score is the first bot's share of the
wins (a draw or a shared win counts a fraction) with its 95% Wilson interval; at a
table of ``n`` the chance of finishing first is ``1/n``.  It prints a Markdown table
for the README.  ``--set NAME=VALUE`` changes an option of every game: ``--set deals=none
--set target=1000`` plays Chinese Ten's whole match to 1,000 points instead of one deal.
"""

from __future__ import annotations

import argparse
import importlib
import time
from itertools import combinations
from typing import Any

from tabletop_widgets.analysis import MatchupReport, head_to_head
from tabletop_widgets.core import GAMES


def page_options(key: str) -> dict[str, Any]:
    """The options the game's play page starts a game with."""
    return importlib.import_module(f"tabletop_widgets.games.{key}.screens.play").KIT.defaults()


def with_players(key: str, n: int, changed: dict[str, Any] | None = None) -> dict[str, Any]:
    opts = {**page_options(key), **(changed or {})}
    return {**opts, "players": n} if "players" in opts else opts


def option(text: str) -> tuple[str, Any]:
    """``name=value`` as an option: a whole number, ``none``, or the word itself.

    >>> option("target=1000"), option("target=none"), option("scoring=standard")
    (('target', 1000), ('target', None), ('scoring', 'standard'))
    """
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"an option is name=value, not {text!r}")
    if value.lower() == "none":
        return name, None
    return name, int(value) if value.lstrip("-").isdigit() else value


def pairings(key: str, tables: list[int]) -> list[tuple[str, str, int]]:
    """(first, second, players) of every row of a game."""
    info = GAMES[key]
    levels = list(info.levels)[::-1]  # the stronger level first
    rows = [(a, b, 2) for a, b in combinations(levels, 2)]
    if "hard" in info.levels:
        rows += [("hard", p, 2) for p in info.panel]
        low, high = info.players
        rows += [("hard", "medium", n) for n in tables if n != 2 and low <= n <= high]
    return rows


def row(key: str, r: MatchupReport, players: int, seconds: float) -> str:
    info = GAMES[key]
    first = f"{r.first} ({info.levels[r.first]})" if r.first in info.levels else r.first
    second = f"{r.second} ({info.levels[r.second]})" if r.second in info.levels else r.second
    if players > 2:
        second += f" ×{players - 1}"
    stopped = f" (stopped at {r.games})" if r.stopped else ""
    return (
        f"| {info.title} | {players} | {first} | {second} | {r.games}{stopped} | "
        f"{r.wins}–{r.draws}–{r.losses} | {r.score.percent()} | {1 / players:.0%} | "
        f"{seconds / 60:.1f} |"
    )


HEADER = (
    "| game | players | first | against | games | won–drawn–lost | first's score "
    "[95% interval] | chance | minutes |\n|---|---|---|---|---|---|---|---|---|"
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per row (1000)")
    ap.add_argument("--game", action="append", help="only this game (a key of GAMES)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--tables", type=int, nargs="*", default=[3, 4], help="bigger tables for hard (3 4)"
    )
    ap.add_argument(
        "--only",
        nargs="*",
        metavar="FIRST-SECOND-PLAYERS",
        help="only these rows, e.g. hard-easy-2 hard-medium-4",
    )
    ap.add_argument(
        "--set",
        type=option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change an option of every game, e.g. target=1000",
    )
    args = ap.parse_args()
    print(HEADER, flush=True)
    for key in args.game or GAMES:
        for first, second, players in pairings(key, args.tables):
            if args.only and f"{first}-{second}-{players}" not in args.only:
                continue
            t = time.perf_counter()
            r = head_to_head(
                key,
                first,
                second,
                games=args.games,
                seed=args.seed,
                options=with_players(key, players, dict(args.set)),
                workers=args.workers,
                progress=False,
            )
            print(row(key, r, players, time.perf_counter() - t), flush=True)


if __name__ == "__main__":
    main()
