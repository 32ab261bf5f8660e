"""The what-if panel of the Matchstick Tycoon sandbox: the shared panel, taking a position too.

See :class:`tabletop_widgets.analysis.panel.WhatIfPanel` (Run / Cancel, a table and a
chart that follow the position).

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> panel = WhatIfPanel(MatchstickTycoon.new(players=4, seed=3).position, playouts=4, candidates=2)
>>> panel.run(blocking=True).done
True
"""

from __future__ import annotations

from typing import Any

from tabletop_widgets.analysis.panel import WhatIfPanel as SharedPanel
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position

__all__ = ["WhatIfPanel"]


def _game(source: MatchstickTycoon | Position) -> MatchstickTycoon:
    return MatchstickTycoon.from_position(source) if isinstance(source, Position) else source


class WhatIfPanel(SharedPanel):
    """The shared what-if panel for a Matchstick Tycoon game or position."""

    def __init__(self, source: MatchstickTycoon | Position, **kwargs: Any) -> None:
        super().__init__(_game(source), **kwargs)

    def set_game(self, game: MatchstickTycoon | Position, seat: int | None = None) -> None:
        """Follow another game or position; the old estimates are cleared."""
        super().set_game(_game(game), seat)
