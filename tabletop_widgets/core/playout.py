"""One loop that lets bots play, for every game: play screens, simulations, playouts.

A bot sees only its seat's observation and legal moves (a bot that looks at it
only while it chooses, ``bot.live_view``, may be given a live view of it,
``game.live_observation``); a bot that searches
(``bot.searches`` is true, :class:`~.bots.SearchingBot`) is also given
``sample``, where ``sample(rng)`` is ``game.determinize(seat, rng)``: a game
its seat cannot tell from the real one, the cards it cannot see drawn at
random.  With simultaneous choices (A Fistful of Gold) each bot seat chooses
as soon as it may, so a bot commits while a person is still thinking.

>>> from tabletop_widgets.core import GAMES, RandomBot
>>> from tabletop_widgets.core.playout import play_out
>>> game = GAMES["matchstick_tycoon"].engine.new(players=3, seed=1)
>>> result = play_out(game, [RandomBot(seed=s) for s in range(3)])
>>> game.is_over, sorted(result.places)
(True, [1, 2, 3])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .bots import Bot, searches

if TYPE_CHECKING:
    from .contract import Game
    from .result import Result

__all__ = ["MAX_MOVES", "bot_move", "finish", "play_out", "playout_rng", "run_bots", "sampler"]

#: A bound on one loop, so a bug can never hang a page.
MAX_MOVES = 100_000


def sampler(game: Game, seat: int) -> Callable[[random.Random], Game]:
    """``sample(rng)``: a game ``seat`` cannot tell from ``game`` (``game.determinize``),
    for a searching bot to play on.  Use it while ``game`` stands still (during the bot's
    ``choose``)."""

    def sample(rng: random.Random) -> Game:
        return game.determinize(seat, rng)

    return sample


def bot_move(game: Game, seat: int, bot: Bot) -> Any:
    """The move ``bot`` chooses for ``seat`` now (not played); a searching bot is given
    the :func:`sampler` too."""
    return _choose(game, seat, bot, game.legal_moves(seat))


def _choose(game: Game, seat: int, bot: Any, legal: Sequence[Any]) -> Any:
    """``bot``'s choice: a bot that searches is given the sampler too, one whose
    ``live_view`` is true a live view of its observation (``Game.live_observation``)."""
    if searches(bot):
        return bot.choose(game.observation(seat), legal, sample=sampler(game, seat))
    if getattr(bot, "live_view", False) is True:
        return bot.choose(game.live_observation(seat), legal)
    return bot.choose(game.observation(seat), legal)


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
    while played < max_moves:
        seat = game.to_move  # the common case: one seat to move (playouts are hot)
        if seat is None:
            if game.is_over:
                break
            seat = next((s for s in game.current_players() if s in seats), None)
            if seat is None:
                return played
        elif seat not in seats:
            return played
        legal = game.legal_moves(seat)
        if skip_forced and len(legal) == 1:
            choice = legal[0]
        else:
            choice = _choose(game, seat, seats[seat], legal)
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


def playout_rng(seed: int, i: int) -> random.Random:
    """The random numbers of playout ``i`` of a run seeded ``seed``: one stream per
    (seed, playout), so playouts may run anywhere, in any order, and give the same."""
    return random.Random((seed << 32) + i)


def finish(
    game: Game,
    bots: Mapping[int, Bot] | Sequence[Bot],
    stop: Callable[[Game], Result | None] | None,
) -> Result:
    """Bots play on to the horizon and the result there: the end of the game (``stop``
    None) or the first point where ``stop(game)`` gives a result (Chinese Ten's deal,
    ``GameInfo.horizons``)."""
    if stop is None:
        result = play_out(game, bots, skip_forced=True)
        assert result is not None
        return result
    found = stop(game)
    if found is None:
        seen: list[Result] = []

        def until(g: Game) -> bool:
            r = stop(g)
            if r is not None:
                seen.append(r)
            return r is not None

        run_bots(game, bots, until=until, skip_forced=True)
        found = seen[-1] if seen else stop(game)
    if found is None:
        raise RuntimeError("the playout ended before its horizon")
    return found
