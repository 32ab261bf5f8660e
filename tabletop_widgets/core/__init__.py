"""Game-agnostic pieces shared by every engine: errors, the game protocol, bots."""

from tabletop_widgets.core.bots import Bot, RandomBot
from tabletop_widgets.core.contract import Game
from tabletop_widgets.core.errors import IllegalMoveError, PositionError, RecordError

__all__ = ["Bot", "Game", "IllegalMoveError", "PositionError", "RandomBot", "RecordError"]
