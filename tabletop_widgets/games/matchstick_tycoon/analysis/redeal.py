"""Re-deals for the analysis: the engine's :mod:`~tabletop_widgets.games.matchstick_tycoon.redeal`.

The re-dealing itself lives in the engine package, where
``MatchstickTycoon.determinize`` uses it too; what-if playouts draw their
positions with the same :class:`Dealer`.

>>> import random
>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=4, seed=7)
>>> redeal(g.observation(0), random.Random(1)).hands[0] == g.hand(0)
True
"""

from tabletop_widgets.games.matchstick_tycoon.redeal import (
    Dealer,
    cards_out_of_play,
    redeal,
    redealt_start,
    unseen_cards,
)

__all__ = ["Dealer", "cards_out_of_play", "redeal", "redealt_start", "unseen_cards"]
