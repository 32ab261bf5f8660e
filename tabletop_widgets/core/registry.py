"""The registry of games: ``GAMES[key]`` → the game's class, title, pages, options and bots.

The landing page, the record reader, the contract tests and the generic
play screen find the games here.  Each game package defines its entry as
``INFO`` in its ``__init__``; the three built-in games are registered the
first time the registry is read.  A new game is one more key in
:data:`BUILTIN` (or a call to :func:`register`).

>>> from tabletop_widgets.core import GAMES
>>> [key for key in GAMES if key in BUILTIN]
['matchstick_tycoon', 'chinese_ten', 'fistful_of_gold']
>>> GAMES["chinese_ten"].title, [p.kind for p in GAMES["chinese_ten"].pages]
('Chinese Ten', ['tutorial', 'play', 'sandbox', 'rules'])
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import Game
    from .result import Result

__all__ = ["BUILTIN", "GAMES", "GameInfo", "Page", "register", "unregister"]

#: The games of this project, in the order the landing page shows them.
BUILTIN = ("matchstick_tycoon", "chinese_ten", "fistful_of_gold")
PAGE_KINDS = ("tutorial", "play", "sandbox", "rules")


@dataclass(frozen=True)
class Page:
    """One page of a game in the app: ``notebooks/<game>/<kind>.ipynb``.

    ``kind``: ``"tutorial"``, ``"play"``, ``"sandbox"`` or ``"rules"``; ``label``: its
    name on the landing page; ``blurb``: the few words under it.
    """

    kind: str
    label: str
    blurb: str

    @property
    def notebook(self) -> str:
        """The notebook's file name, beside the game's other pages."""
        return f"{self.kind}.ipynb"


@dataclass(frozen=True)
class GameInfo:
    """What the app and the shared code know of one game.

    ``key``: its name in ``GAMES`` (``"chinese_ten"``); ``title``: its name for
    readers; ``engine``: its :class:`~.contract.Game` class; ``pitch``: one sentence
    for the landing page; ``pages``: its pages in the app; ``players``: the fewest
    and most seats; ``option_sets``: representative options (the contract tests run over
    each); ``bots``: bot name → class taking ``seed=``; ``levels``: the
    levels a play page offers (easy, medium, hard) → bot name; ``panel``:
    names of ``bots`` that play a fixed strategy, which the strongest level is
    measured against (the tournament benchmark); ``picture``: returns the
    SVG/HTML the landing page shows.

    For the analysis layer (:mod:`tabletop_widgets.analysis`): ``horizons``
    names the points where a playout may stop before the game ends, each a
    function ``horizon(game)`` returning ``stop(game)``, which gives a
    :class:`~.result.Result` for the part played once it is over (Chinese
    Ten's "deal": places and points of the deal being played) and None while
    it goes on; "game" (play to the end) needs no entry.  ``value`` is what a
    what-if compares by default: a horizon and a measure, ``"win"`` (win
    share), ``"place"`` (mean place) or ``"score"`` (mean score).
    """

    key: str
    title: str
    engine: type[Game]
    pitch: str = ""
    pages: tuple[Page, ...] = ()
    option_sets: tuple[Mapping[str, Any], ...] = ({},)
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    levels: Mapping[str, str] = field(default_factory=dict)
    panel: tuple[str, ...] = ()
    #: The coach's words: ``coach()`` gives the game's module with ``move_words(move)``
    #: (a move named for a learner) and ``reason(observation, move, legal)`` (one sentence
    #: why it is good); None: moves in notation, no reason.
    coach: Callable[[], Any] | None = None
    #: What the coach and the game review rank moves with: a function taking the
    #: arguments of :func:`tabletop_widgets.core.search.iter_analyse` (None: that one).
    analyse: Callable[..., Any] | None = None
    #: ``twins(observation, move)``: a key equal for moves no rule tells apart (Chinese
    #: Ten's two red 2s: same rank, same points), so that the coach and the review rank one
    #: of them, and never call one worse than its twin; None: every move is its own.
    twins: Callable[[Any, Any], Hashable] | None = None
    picture: Callable[[], str] | None = None
    players: tuple[int, int] = (2, 2)
    horizons: Mapping[str, Callable[[Game], Callable[[Game], Result | None]]] = field(
        default_factory=dict
    )
    value: tuple[str, str] = ("game", "win")
    #: Passes of the game review (each with 4 times the work of the one before): as many
    #: as the review of a whole game finishes in well under 10 s (bench_review.py).
    review_passes: int = 3

    def page(self, kind: str) -> Page | None:
        """The page of that kind (``"play"``), None if the game has none."""
        return next((p for p in self.pages if p.kind == kind), None)


class Registry(Mapping[str, GameInfo]):
    """A mapping key → :class:`GameInfo` that imports a built-in game the first time it is
    asked for (a page of one game loads no other game; listing the games loads them all)."""

    def __init__(self, builtin: tuple[str, ...]) -> None:
        self._builtin = builtin
        self._games: dict[str, GameInfo] = {}

    def _load(self, key: str) -> None:
        if key in self._builtin and key not in self._games:
            info = importlib.import_module(f"tabletop_widgets.games.{key}").INFO
            self._games[key] = info

    def _load_all(self) -> None:
        for key in self._builtin:
            self._load(key)

    def register(self, info: GameInfo) -> None:
        if info.key != info.engine.key:
            raise ValueError(
                f"the entry {info.key!r} names a game whose key is {info.engine.key!r}"
            )
        self._games[info.key] = info

    def unregister(self, key: str) -> None:
        if key in self._builtin:
            raise ValueError(f"{key!r} is a built-in game")
        del self._games[key]

    def __getitem__(self, key: str) -> GameInfo:
        self._load(key)
        return self._games[key]

    def __contains__(self, key: object) -> bool:
        return key in self._builtin or key in self._games

    def __iter__(self) -> Iterator[str]:
        # The built-in games first, in their order, then the registered ones.
        self._load_all()
        extra = [k for k in self._games if k not in self._builtin]
        return iter([*self._builtin, *extra])

    def __len__(self) -> int:
        self._load_all()
        return len(self._games)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES = Registry(BUILTIN)
register = GAMES.register
unregister = GAMES.unregister
