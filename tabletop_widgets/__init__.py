"""tabletop-widgets: interactive rules tutorials and sandboxes for three card games.

The public objects live here, like ``chess.Board`` in python-chess:

>>> import tabletop_widgets as tw
>>> game = tw.MatchstickTycoon.new(players=3, seed=1)
>>> tw.GAMES["fistful_of_gold"].engine is tw.FistfulOfGold
True
>>> tw.load_record(game.to_record()).position == game.position
True

The games (``MatchstickTycoon``, ``ChineseTen``, ``FistfulOfGold``), the
registry ``GAMES`` and ``load_record`` are pure Python; the widgets a
notebook embeds (``CardWidget``, ``HandWidget``, ``MatchstickTycoonTable``,
``ChineseTenTable``, ``FistfulOfGoldTable``, ``ReplayStepper``) load ipywidgets
only when first used, so ``import tabletop_widgets`` stays light.

Every page and widget speaks the current language (``en``, ``fr``, ``ko``, ``ca``);
``set_language`` switches it, and every widget on screen follows:

>>> tw.set_language("ko"), tw.get_language()
('ko', 'ko')
>>> tw.set_language("en")
'en'
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.2.0"

_PUBLIC = {
    "GAMES": "tabletop_widgets.core",
    "load_record": "tabletop_widgets.core",
    "IllegalMoveError": "tabletop_widgets.core",
    "NotationError": "tabletop_widgets.core",
    "PositionError": "tabletop_widgets.core",
    "RecordError": "tabletop_widgets.core",
    "Result": "tabletop_widgets.core",
    "MatchstickTycoon": "tabletop_widgets.games.matchstick_tycoon",
    "ChineseTen": "tabletop_widgets.games.chinese_ten",
    "FistfulOfGold": "tabletop_widgets.games.fistful_of_gold",
    "CardWidget": "tabletop_widgets.games.matchstick_tycoon.widgets.card",
    "HandWidget": "tabletop_widgets.games.matchstick_tycoon.widgets.hand",
    "MatchstickTycoonTable": "tabletop_widgets.games.matchstick_tycoon.widgets.table",
    "ChineseTenTable": "tabletop_widgets.games.chinese_ten.widgets.table",
    "FistfulOfGoldTable": "tabletop_widgets.games.fistful_of_gold.widgets.table",
    "ReplayStepper": "tabletop_widgets.ui.stepper",
    "set_language": "tabletop_widgets.core.i18n",
    "get_language": "tabletop_widgets.core.i18n",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        value = getattr(importlib.import_module(_PUBLIC[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tabletop_widgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})
