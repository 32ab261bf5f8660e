"""Chinese Ten simulations: re-deals from one seat's view, what-if playouts, scoring studies.

Everything goes through the engine (``ChineseTen``) and its bots; nothing
here knows a rule.  Results depend only on the seed.

* :func:`redeal` — a full position consistent with what one seat sees: its
  hand, the layout, the piles and the turned-up card stay; the other hands
  and the stock are dealt again at random from the cards it has not seen.
* :func:`what_if` — for each candidate move of the seat to move, play the
  rest of the deal out many times with bots from such re-deals (the same
  re-deals for every candidate: common random numbers) and estimate the
  points the seat ends the deal with, with a confidence interval.
* :func:`simulate_deals` / :func:`ace_of_spades_wins` — whole bot deals under
  either scoring, to compare them.

>>> from tabletop_widgets.games.chinese_ten import ChineseTen
>>> g = ChineseTen.new(players=3, seed=2, target=None)
>>> res = what_if(g, samples=6, seed=1)
>>> len(res) == len(g.legal_moves()), all(r.low <= r.mean <= r.high for r in res)
(True, True)
>>> [d.points for d in simulate_deals(2, players=3, seed=5)] == \\
...     [d.points for d in simulate_deals(2, players=3, seed=5)]
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev
from typing import Any

from tabletop_widgets.core.playout import run_bots
from tabletop_widgets.games.chinese_ten import (
    FULL_DECK,
    Card,
    ChineseTen,
    GreedyBot,
    Move,
    Observation,
    Options,
    Position,
)

__all__ = [
    "Candidate",
    "DealStats",
    "ace_of_spades_wins",
    "finish_deal",
    "mean_interval",
    "redeal",
    "simulate_deals",
    "unseen",
    "what_if",
]

ACE_OF_SPADES = Card(1, "S")
#: Makes a bot from a seed (``GreedyBot`` is one).
BotFactory = Callable[[int], object]


def unseen(obs: Observation) -> list[Card]:
    """The cards ``obs.seat`` cannot see (other hands and the stock), in deck order.

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> len(unseen(ChineseTen.new(players=3, seed=1).observation(0)))  # 52 - 8 - 4
    40
    """
    seen = set(obs.hand) | set(obs.layout) | {c for pile in obs.captured for c in pile}
    if obs.turned is not None:
        seen.add(obs.turned)
    return [c for c in FULL_DECK if c not in seen]


def redeal(obs: Observation, rng: random.Random) -> Position:
    """A position of the current deal that ``obs.seat`` could not tell from the real one.

    The position ends the match when this deal ends (a playout plays one deal).

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> g = ChineseTen.new(players=4, seed=3, target=None)
    >>> p = redeal(g.observation(1), random.Random(0))
    >>> p.hands[1] == g.hand(1), [len(h) for h in p.hands], len(p.stock)
    (True, [6, 6, 6, 6], 24)
    """
    pool = unseen(obs)
    rng.shuffle(pool)
    hands = []
    for seat, size in enumerate(obs.hand_sizes):
        if seat == obs.seat:
            hands.append(tuple(obs.hand))
        else:
            hands.append(tuple(sorted(pool[:size])))
            pool = pool[size:]
    assert len(pool) == obs.stock_size, "the observation's counts do not add up"
    options = Options(
        obs.players, obs.scoring, settle=False, target=None, deals=len(obs.deal_points) + 1
    )
    return Position(
        options,
        0,
        obs.deal_number,
        tuple(hands),
        tuple(obs.layout),
        tuple(pool),
        obs.turned,
        tuple(obs.captured),
        tuple(obs.deal_points),
    )


def finish_deal(game: ChineseTen, bots: Sequence[Any]) -> tuple[int, ...]:
    """Let ``bots`` (one per seat) finish the current deal; the deal's points per seat."""
    deal = game.deal_number
    run_bots(game, bots, until=lambda g: g.deal_number != deal)
    return game.deal_points[deal]


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): a normal-approximation interval for the mean.

    >>> mean_interval([1, 2, 3])[0]
    2.0
    """
    m = fmean(values)
    if len(values) < 2:
        return m, m, m
    half = NormalDist().inv_cdf(0.5 + confidence / 2) * stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half


@dataclass(frozen=True)
class Candidate:
    """A candidate move and the points its seat ends the deal with (estimate and CI)."""

    move: Move
    mean: float
    low: float
    high: float
    samples: int

    def __str__(self) -> str:
        return f"{self.move}: {self.mean:.1f} points (95% CI {self.low:.1f} to {self.high:.1f})"


def what_if(
    game: ChineseTen,
    candidates: Sequence[Move | str] | None = None,
    *,
    samples: int = 100,
    seed: int = 0,
    bot: BotFactory = GreedyBot,
    confidence: float = 0.95,
) -> list[Candidate]:
    """Estimate each candidate move's final points for the seat to move, best first.

    Sample ``i`` uses the same re-deal and bot seeds for every candidate, so the
    differences between candidates are measured more sharply than the levels.
    """
    if game.is_over:
        raise ValueError("the game is over: there is no move to analyse")
    if samples < 1:
        raise ValueError("samples must be at least 1")
    seat = game.to_move
    obs = game.observation(seat)
    moves = [game.verify(m) for m in candidates] if candidates else list(game.legal_moves())
    points: dict[Move, list[int]] = {m: [] for m in moves}
    for i in range(samples):
        rng = random.Random(f"ct-whatif:{seed}:{i}")
        start = redeal(obs, rng)
        bot_seeds = [rng.randrange(2**31) for _ in range(obs.players)]
        for m in moves:
            g = ChineseTen.from_position(start) if i == 0 else ChineseTen(start)
            g.play(m)
            bots = [bot(s) for s in bot_seeds]
            points[m].append(finish_deal(g, bots)[seat])
    out = [Candidate(m, *mean_interval(points[m], confidence), samples) for m in moves]
    return sorted(out, key=lambda c: -c.mean)


@dataclass(frozen=True)
class DealStats:
    """One bot deal: points per seat, who captured the ace of spades, the winners."""

    scoring: str
    players: int
    points: tuple[int, ...]
    ace_of_spades: int  # the seat whose pile holds it

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.points)
        return tuple(s for s, p in enumerate(self.points) if p == best)


def simulate_deals(
    n: int,
    *,
    players: int = 3,
    scoring: str = "standard",
    seed: int = 0,
    bot: BotFactory = GreedyBot,
) -> list[DealStats]:
    """``n`` single deals played by bots (deal ``i`` from seed ``seed + i``)."""
    out = []
    for i in range(n):
        g = ChineseTen.new(players=players, scoring=scoring, target=None, seed=seed + i)
        bots = [bot(seed * 1000 + i * 10 + s) for s in range(players)]
        pts = finish_deal(g, bots)
        holder = next(s for s, pile in enumerate(g.position.captured) if ACE_OF_SPADES in pile)
        out.append(DealStats(scoring, players, tuple(pts), holder))
    return out


def ace_of_spades_wins(stats: Sequence[DealStats]) -> tuple[float, float, float]:
    """How often the seat that captured the ace of spades won the deal (shared wins
    count): (rate, low, high) with a Wilson 95% interval.

    >>> ace_of_spades_wins([DealStats("standard", 3, (100, 80, 60), 0)])[0]
    1.0
    """
    n = len(stats)
    if not n:
        raise ValueError("no deals")
    k = sum(d.ace_of_spades in d.winners for d in stats)
    z = NormalDist().inv_cdf(0.975)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)
