"""One loop that lets bots play, for every game: play screens, simulations, playouts.

A bot sees only its seat's observation and legal moves.  With simultaneous
choices (A Fistful of Gold) each bot seat chooses as soon as it may, so a
bot commits while a person is still thinking.

>>> from tabletop_widgets.core import GAMES, RandomBot
>>> from tabletop_widgets.core.playout import play_out
>>> game = GAMES["matchstick_tycoon"].engine.new(players=3, seed=1)
>>> result = play_out(game, [RandomBot(seed=s) for s in range(3)])
>>> game.is_over, sorted(result.places)
(True, [1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .bots import Bot

if TYPE_CHECKING:
    from .contract import Game
    from .result import Result

__all__ = ["MAX_MOVES", "bot_move", "play_out", "run_bots"]

#: A bound on one loop, so a bug can never hang a page.
MAX_MOVES = 100_000


def bot_move(game: Game, seat: int, bot: Bot) -> Any:
    """The move ``bot`` chooses for ``seat`` now (not played)."""
    return bot.choose(game.observation(seat), game.legal_moves(seat))


def run_bots(
    game: Game,
    bots: Mapping[int, Bot] | Sequence[Bot],
    *,
    until: Callable[[Game], bool] | None = None,
    max_moves: int = MAX_MOVES,
    on_move: Callable[[int, Any], None] | None = None,
    skip_forced: bool = False,
) -> int:
    """Let the bots of ``bots`` (seat → bot) play until a seat without a bot must choose,
    the game ends, or a bot's move makes ``until(game)`` true; returns the number of moves
    played.  (``until`` is asked after each move, so a game that stopped there goes on.)

    With ``skip_forced`` a seat with one legal move plays it without asking its bot
    (playouts: no observation to build; a seeded bot then draws fewer random numbers, so
    its games differ from those played without it)."""
    seats = bots if isinstance(bots, Mapping) else dict(enumerate(bots))
    played = 0
    while played < max_moves and not game.is_over:
        movers = game.current_players()
        if len(movers) == 1:  # the common case, without a generator (playouts are hot)
            seat = movers[0] if movers[0] in seats else None
        else:
            seat = next((s for s in movers if s in seats), None)
        if seat is None:
            return played
        if skip_forced:
            legal = game.legal_moves(seat)
            choice = (
                legal[0] if len(legal) == 1 else seats[seat].choose(game.observation(seat), legal)
            )
        else:
            choice = bot_move(game, seat, seats[seat])
        move = game.play(choice, seat)
        played += 1
        if on_move is not None:
            on_move(seat, move)
        if until is not None and until(game):
            return played
    if played >= max_moves:
        raise RuntimeError(f"the bots made {max_moves} moves without the game ending")
    return played


def play_out(
    game: Game,
    bots: Mapping[int, Bot] | Sequence[Bot],
    *,
    until: Callable[[Game], bool] | None = None,
    max_moves: int = MAX_MOVES,
    skip_forced: bool = False,
) -> Result | None:
    """Bots play every seat to the end (or until a move makes ``until(game)`` true);
    returns the result (None if stopped early).  ``skip_forced``: see :func:`run_bots`."""
    run_bots(game, bots, until=until, max_moves=max_moves, skip_forced=skip_forced)
    if not game.is_over and not (until and until(game)):
        raise ValueError("every seat needs a bot to play a game out")
    return game.result
