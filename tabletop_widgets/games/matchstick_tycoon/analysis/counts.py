"""What happened in one finished Matchstick Tycoon game, counted.

>>> from tabletop_widgets.analysis import simulate
>>> played = simulate("matchstick_tycoon", 1, options={"players": 4}, seed=1, keep=True).games[0]
>>> s = game_stats(played.game())
>>> s.moves == s.plays + s.passes + s.discards, s.ranking == played.result.ranking
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop_widgets.games.matchstick_tycoon import PASS, MatchstickTycoon

__all__ = ["GameStats", "game_stats"]


@dataclass(frozen=True)
class GameStats:
    """Counts of one finished game (seats counted from 0, as the engine does).

    Fields:

    * ``seed``: The seed it was dealt from (None for a game set up from a position).
    * ``players``: The number of seats.
    * ``first_leader``: The seat that led first.
    * ``moves``: Moves played (plays, passes and discards).
    * ``ranking``: Seats in the order they went out, first out first.
    * ``plays``: Plays of cards.
    * ``revolutions``: Five-card plays (each reverses the order of strength).
    * ``passes``: Passes.
    * ``sticks_taken``: Sticks taken from the supply (one per pass).
    * ``sticks_spent``: Sticks laid on cards.
    * ``discards``: Sticks thrown away by seats without cards.
    * ``tricks``: Tricks: plays onto an empty table.
    """

    seed: int | None
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
        """The first seat out."""
        return self.ranking[0]

    def rank_of(self, seat: int) -> int:
        """1 for the first out, ``players`` for the last one left."""
        return self.ranking.index(seat) + 1


def game_stats(game: MatchstickTycoon) -> GameStats:
    """Count what happened in a finished game (ValueError while it goes on)."""
    if not game.is_over:
        raise ValueError("the game is not over")
    hist = game.history
    plays = [m for m in hist if m.kind == "play"]
    passes = sum(1 for m in hist if m.kind == "pass")
    # A trick starts with each play onto an empty table, i.e. when passing was not
    # allowed (a seat with cards may always pass on a trick).
    replay = MatchstickTycoon.from_position(game.start)
    tricks = 0
    for m in hist:
        if m.kind == "play" and replay.legal_moves()[-1] is not PASS:
            tricks += 1
        replay.play(m)
    assert game.result is not None
    return GameStats(
        seed=game.seed,
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
