"""Bot playouts and whole-game simulations for Matchstick Tycoon.

>>> stats = simulate_games(3, players=4, seed=1)
>>> [len(s.ranking) for s in stats]
[4, 4, 4]
>>> stats == simulate_games(3, players=4, seed=1)  # seeded: reproducible
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop_widgets.core.bots import Bot
from tabletop_widgets.games.matchstick_tycoon import (
    PASS,
    GreedyBot,
    MatchstickTycoon,
    Observation,
)

#: Makes a bot from a seed; a bot class such as ``GreedyBot`` is one.
BotFactory = Callable[[int], Bot]
#: One factory for every seat, or one per seat.
Bots = BotFactory | Sequence[BotFactory]

MAX_MOVES = 20_000  # a guard against a bot that never ends a game


def bot_factories(bots: Bots | None, players: int) -> list[BotFactory]:
    """One bot factory per seat (GreedyBot when ``bots`` is None)."""
    if bots is None:
        bots = GreedyBot
    if callable(bots):
        return [bots] * players
    bots = list(bots)
    if len(bots) != players:
        raise ValueError(f"need one bot per seat ({players}), not {len(bots)}")
    return bots


def make_bots(factories: Sequence[BotFactory], rng: random.Random) -> list[Bot]:
    """Seat bots seeded from ``rng`` (so a playout replays from one seed)."""
    return [f(rng.randrange(2**31)) for f in factories]


# -- observations -------------------------------------------------------


def observe(game: MatchstickTycoon, seat: int) -> Observation:
    """What ``seat`` sees (the engine builds it from its state, cheap enough per move).

    >>> g = MatchstickTycoon.new(players=4, seed=2)
    >>> observe(g, 1) == g.observation(1)
    True
    """
    return game.observation(seat)


# -- playouts -------------------------------------------------------------


def play_out(game: MatchstickTycoon, bots: Sequence[Bot], max_moves: int = MAX_MOVES) -> list[int]:
    """Let the bots finish ``game`` (one bot per seat); returns the ranking.

    Forced moves (one legal move) are played without asking the bot.

    >>> g = MatchstickTycoon.new(players=3, seed=3)
    >>> sorted(play_out(g, [GreedyBot(i) for i in range(3)]))
    [0, 1, 2]
    """
    for _ in range(max_moves):
        if game.is_over:
            return list(game.result.ranking)
        legal = game.legal_moves()
        if len(legal) == 1:
            game.play(legal[0])
        else:
            p = game.to_move
            game.play(bots[p].choose(observe(game, p), legal), p)
    raise RuntimeError(f"the game did not end within {max_moves} moves")


# -- whole games ----------------------------------------------------------


@dataclass(frozen=True)
class GameStats:
    """What happened in one simulated game.

    ``ranking`` lists seats first out first; ``sticks_taken`` counts passes
    (each takes a stick from the supply), ``sticks_spent`` the sticks put on
    cards, ``discards`` the sticks thrown away by seats without cards.
    """

    seed: int
    players: int
    first_leader: int
    moves: int
    ranking: tuple[int, ...]
    plays: int
    revolutions: int
    passes: int
    sticks_taken: int
    sticks_spent: int
    discards: int
    tricks: int

    @property
    def winner(self) -> int:
        return self.ranking[0]

    def rank_of(self, seat: int) -> int:
        """1 for the first out, ``players`` for the last one left."""
        return self.ranking.index(seat) + 1


def game_stats(game: MatchstickTycoon, seed: int = 0) -> GameStats:
    """Count what happened in a finished game."""
    if not game.is_over:
        raise ValueError("the game is not over")
    hist = game.history
    plays = [m for m in hist if m.kind == "play"]
    passes = sum(1 for m in hist if m.kind == "pass")
    # A trick starts with each play onto an empty table, i.e. when passing
    # was not allowed (a seat with cards may always pass on a trick).
    replay = MatchstickTycoon.from_position(game.start)
    tricks = 0
    for m in hist:
        if m.kind == "play" and replay.legal_moves()[-1] is not PASS:
            tricks += 1
        replay.play(m)
    return GameStats(
        seed=seed,
        players=game.players,
        first_leader=game.start.to_move,
        moves=len(hist),
        ranking=game.result.ranking,
        plays=len(plays),
        revolutions=sum(1 for m in plays if m.count == 5),
        passes=passes,
        sticks_taken=passes,
        sticks_spent=sum(m.cost for m in plays),
        discards=sum(1 for m in hist if m.kind == "discard"),
        tricks=tricks,
    )


def simulate_games(
    n: int,
    players: int = 4,
    expansion: int = 0,
    bots: Bots | None = None,
    seed: int = 0,
    *,
    deal: str = "default",
) -> list[GameStats]:
    """Play ``n`` seeded games between bots (GreedyBot by default).

    Game ``i`` is dealt from seed ``seed + i``; the bots' seeds come from it
    too, so the whole list is reproducible.
    """
    factories = bot_factories(bots, players)
    out = []
    for i in range(n):
        s = seed + i
        game = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=s)
        play_out(game, make_bots(factories, random.Random(s)))
        out.append(game_stats(game, s))
    return out
