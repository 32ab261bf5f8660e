"""One small bot interface for every game.

A bot sees only what its seat may see (an observation) and the legal moves,
and returns one of those moves.  A bot that searches says so (``searches =
True``) and is also given a sampler of games its seat cannot tell from the
real one (:class:`SearchingBot`; the bot loop, :mod:`.playout`, hands it over).
Bots are seeded so a game against bots replays exactly.

>>> bot = RandomBot(seed=1)
>>> bot.choose(None, ["pass", "1x8: 8"]) in ("pass", "1x8: 8")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from .contract import Game

M = TypeVar("M")


@runtime_checkable
class Bot(Protocol):
    """Chooses a move from the legal ones, seeing only an observation."""

    name: str

    def choose(self, observation: Any, legal: Sequence[M]) -> M:
        """Return one element of ``legal``."""


@runtime_checkable
class SearchingBot(Protocol):
    """A bot that plays games out before it chooses (``searches`` is True).

    ``sample(rng)`` returns a game its seat cannot tell from the real one (the cards the
    seat cannot see drawn at random from ``rng``: ``game.determinize(seat, rng)``), so it
    may try moves without ever seeing a hidden card.  Called without ``sample`` it must
    still return a legal move.
    """

    name: str
    searches: bool

    def choose(
        self,
        observation: Any,
        legal: Sequence[M],
        sample: Callable[[random.Random], Game] | None = None,
    ) -> M:
        """Return one element of ``legal``."""


def searches(bot: Any) -> bool:
    """True if ``bot`` wants the sampler (its ``searches`` attribute is True).

    >>> searches(RandomBot(1))
    False
    """
    return getattr(bot, "searches", False) is True


class RandomBot:
    """Plays a uniformly random legal move (any game)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[M]) -> M:
        """One element of ``legal``, each as likely (the observation is not looked at)."""
        if not legal:
            raise ValueError("no legal move to choose from")
        return legal[self.rng.randrange(len(legal))]


def make_bot(spec: Any, known: Mapping[str, Callable[..., Any]], seed: int | None = None) -> Any:
    """A bot from ``spec``: a name of ``known`` (name → class), a bot class (called with
    ``seed=``) or a bot (used as it is).  Errors say what was passed.

    >>> make_bot("random", {"random": RandomBot}, seed=3).name
    'random'
    >>> make_bot("clever", {"random": RandomBot})
    Traceback (most recent call last):
    ...
    ValueError: no bot called 'clever': the bots are random
    >>> make_bot(RandomBot, {}, seed=1).rng.random() == RandomBot(seed=1).rng.random()
    True
    """
    if isinstance(spec, str):
        if spec not in known:
            raise ValueError(f"no bot called {spec!r}: the bots are {', '.join(known)}")
        return known[spec](seed=seed)
    if isinstance(spec, type):
        if not callable(getattr(spec, "choose", None)):
            raise TypeError(f"{spec.__name__} is not a bot class: it has no choose method")
        return spec(seed=seed)
    if callable(getattr(spec, "choose", None)):
        return spec
    raise TypeError(
        f"a bot is a name ({', '.join(known)}), a bot class or a bot, not {type(spec).__name__}"
    )
