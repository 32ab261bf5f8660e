"""Reading the arguments every analysis function shares: the game, its options, the bots.

Each check says what was passed, so a wrong argument never surfaces later as an
``AttributeError`` or a count of letters.

>>> info_of("chinese_ten").title
'Chinese Ten'
>>> info_of(5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: a game is a key of GAMES (...), its GameInfo, its class or a game, not int 5
>>> plan = SeatBots.of(info_of("chinese_ten"), "greedy", 3)
>>> plan.labels
('greedy', 'greedy', 'greedy')
>>> SeatBots.of(info_of("chinese_ten"), ["greedy"], 3)
Traceback (most recent call last):
...
ValueError: bots: one per seat, and this game has 3 seats, not 1 (['greedy'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop_widgets.core.bots import Bot, make_bot
from tabletop_widgets.core.contract import Game
from tabletop_widgets.core.registry import GAMES, GameInfo

__all__ = ["SeatBots", "bot_label", "check_count", "info_of", "new_game", "options_of"]


def _shown(value: Any, limit: int = 60) -> str:
    """``int 5`` / ``str 'x'``: a value as an error names it."""
    text = repr(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"{type(value).__name__} {text}"


def info_of(game: Any) -> GameInfo:
    """The registry entry of ``game``: a key of ``GAMES``, a ``GameInfo``, an engine class
    or a game."""
    if isinstance(game, GameInfo):
        return game
    if isinstance(game, str):
        if game not in GAMES:
            raise ValueError(f"no game called {game!r}: the games are {', '.join(GAMES)}")
        return GAMES[game]
    engine = game if isinstance(game, type) else type(game)
    if issubclass(engine, Game):
        key = getattr(engine, "key", None)
        if key in GAMES and GAMES[key].engine is engine:
            return GAMES[key]
        raise ValueError(f"{engine.__name__} is not registered in GAMES")
    raise TypeError(
        f"a game is a key of GAMES ({', '.join(GAMES)}), its GameInfo, its class or a game, "
        f"not {_shown(game)}"
    )


def game_in_progress(game: Any, function: str) -> GameInfo:
    """``game`` checked as a game (not a key or a position) of a registered kind."""
    if not isinstance(game, Game):
        hint = ""
        if isinstance(game, str) and game in GAMES:
            hint = f" (e.g. GAMES[{game!r}].engine.new(seed=1))"
        elif hasattr(game, "to_json") and not isinstance(game, type):
            hint = " (for a position: the engine's from_position(position))"
        raise TypeError(f"{function} needs a game in progress{hint}, not {_shown(game)}")
    return info_of(game)


def options_of(info: GameInfo, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` checked by building one game with them (a bad one names itself)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(
            f"options is a dict of {info.title} options (e.g. {dict(info.option_sets[0])}), "
            f"not {_shown(options)}"
        )
    opts = dict(options)
    if "seed" in opts:
        raise ValueError("options: give the seed as seed=, not inside options")
    info.engine.new(seed=0, **opts)  # raises PositionError naming the bad option
    return opts


def new_game(info: GameInfo, seed: int | None, options: Mapping[str, Any]) -> Game:
    """A new game of ``info`` dealt from ``seed`` (the same seed gives the same deal)."""
    return info.engine.new(seed=seed, **options)


def check_count(name: str, value: Any, least: int = 1) -> int:
    """``value`` checked as a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is a whole number, not {_shown(value)}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, not {value}")
    return value


def check_seed(seed: Any) -> int:
    """A seed: a whole number (the same seed gives the same games)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed is a whole number, not {_shown(seed)}")
    return seed


# -- bots ---------------------------------------------------------------------------------


def _is_bot(spec: Any) -> bool:
    return not isinstance(spec, type) and callable(getattr(spec, "choose", None))


def default_bot(info: GameInfo) -> str:
    """The bot the analysis uses when none is named: greedy where the game has one."""
    if "greedy" in info.bots:
        return "greedy"
    if not info.bots:
        raise ValueError(f"{info.title} has no bots")
    return list(info.bots)[-1]


def _check_same_game(info: GameInfo, cls: type) -> None:
    """Refuse a bot written for another game (it would fail on this game's observations)."""
    if cls in info.bots.values():
        return
    for key, other in GAMES.items():
        if key != info.key and cls.__module__.startswith(f"tabletop_widgets.games.{key}."):
            raise ValueError(
                f"{cls.__name__} is a bot of {other.title}, not of {info.title}: "
                f"name one of the bots of {info.title} instead ({', '.join(info.bots)})"
            )


def _check_spec(info: GameInfo, spec: Any) -> Any:
    """One seat's bot: a level name is turned into its bot's name; anything else checked."""
    if isinstance(spec, str):
        name = spec.strip().lower()  # "Hard" is the hard level
        if name in info.bots:
            return name
        if name in info.levels:
            return info.levels[name]
        levels = f"; the levels {', '.join(info.levels)}" if info.levels else ""
        raise ValueError(
            f"no bot or level called {spec!r} in {info.title}: "
            f"the bots are {', '.join(info.bots)}{levels}"
        )
    if isinstance(spec, type):
        if not callable(getattr(spec, "choose", None)):
            raise TypeError(f"{spec.__name__} is not a bot class: it has no choose method")
        _check_same_game(info, spec)
        return spec
    if _is_bot(spec):
        _check_same_game(info, type(spec))
        return spec
    raise TypeError(
        f"a bot is a name ({', '.join(info.bots)}), a level ({', '.join(info.levels)}), "
        f"a bot class or a bot, not {_shown(spec)}"
    )


def bot_label(spec: Any) -> str:
    """How a report names a bot: its name, or its class's."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str) and name and name != "heuristic":
        return name
    cls = spec if isinstance(spec, type) else type(spec)
    return cls.__name__


@dataclass(frozen=True)
class SeatBots:
    """One bot per seat, as data that pickles to worker processes: a bot class (made
    afresh, seeded, for every game) or a bot used as it is; ``labels`` name them."""

    specs: tuple[Any, ...]
    labels: tuple[str, ...]

    @classmethod
    def of(cls, info: GameInfo, bots: Any, players: int) -> SeatBots:
        """Read ``bots``: None (the greedy bot), one spec for every seat, or a list or tuple
        of one spec per seat (a name or level, a class, or a bot)."""
        if bots is None:
            bots = default_bot(info)
        if isinstance(bots, (list, tuple)):
            if len(bots) != players:
                raise ValueError(
                    f"bots: one per seat, and this game has {players} seats, "
                    f"not {len(bots)} ({list(bots)!r})"[:200]
                )
            given = tuple(bots)
        else:
            given = (bots,) * players
        specs = tuple(_check_spec(info, b) for b in given)
        classes = tuple(info.bots[s] if isinstance(s, str) else s for s in specs)
        labels = tuple(
            f"{b} ({info.levels[b]})" if isinstance(b, str) and b not in info.bots else bot_label(b)
            for b in given
        )
        return cls(classes, labels)

    def make(self, rng: random.Random) -> list[Bot]:
        """The seats' bots for one game, seeded from ``rng`` (one number per seat, drawn
        whatever the bots, so every seat's seed is the same for any mix of bots)."""
        seeds = [rng.randrange(2**31) for _ in self.specs]
        return [
            spec if _is_bot(spec) else make_bot(spec, {}, seed)
            for spec, seed in zip(self.specs, seeds, strict=True)
        ]


def one_bot(info: GameInfo, spec: Any, seed: int = 0) -> Bot:
    """One bot from a name, level, class or bot."""
    spec = _check_spec(info, spec)
    return spec if _is_bot(spec) else make_bot(spec, info.bots, seed)
