"""What every game shares: errors, the engine contract, results, records, the registry,
bots and the loop that lets them play, statistics.

>>> from tabletop_widgets.core import GAMES, load_record
>>> game = GAMES["fistful_of_gold"].engine.new(seed=1)
>>> load_record(game.to_record()).history == game.history
True
"""

from tabletop_widgets.core.bots import Bot, RandomBot, make_bot
from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.errors import (
    IllegalMoveError,
    NotationError,
    PositionError,
    RecordError,
)
from tabletop_widgets.core.records import load_record
from tabletop_widgets.core.registry import GAMES, GameInfo, Page, register, unregister
from tabletop_widgets.core.result import Result

__all__ = [
    "GAMES",
    "Bot",
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "NotationError",
    "Page",
    "PositionError",
    "RandomBot",
    "RecordError",
    "Result",
    "load_record",
    "make_bot",
    "register",
    "seat_index",
    "unregister",
]
