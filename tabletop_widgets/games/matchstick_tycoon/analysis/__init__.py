"""Matchstick Tycoon analysis: what only this game needs on top of :mod:`tabletop_widgets.analysis`.

Simulations, what-if analyses and bot matchups are the shared layer's
(``simulate("matchstick_tycoon", …)``, ``what_if(game)``, ``head_to_head(…)``);
here are the re-deals of the engine (:mod:`tabletop_widgets.games.matchstick_tycoon.redeal`,
which ``MatchstickTycoon.determinize`` uses), the counts of one finished game
(:func:`game_stats`: plays, revolutions, passes, sticks …) and, in :mod:`.plots`
(matplotlib, on demand), the cost heatmap and a chart of simulated games.

>>> from tabletop_widgets.analysis import simulate
>>> report = simulate("matchstick_tycoon", 2, options={"players": 3}, seed=2, keep=True)
>>> [game_stats(g.game()).players for g in report.games]
[3, 3]
"""

from tabletop_widgets.games.matchstick_tycoon.redeal import (
    Dealer,
    cards_out_of_play,
    redeal,
    unseen_cards,
)

from .counts import GameStats, game_stats

__all__ = [
    "Dealer",
    "GameStats",
    "cards_out_of_play",
    "game_stats",
    "redeal",
    "unseen_cards",
]
