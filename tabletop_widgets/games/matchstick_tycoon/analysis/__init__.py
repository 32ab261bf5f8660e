"""Simulation and analysis for Matchstick Tycoon: re-deals, what-if playouts, statistics.

The re-deals are the engine's (:mod:`tabletop_widgets.games.matchstick_tycoon.redeal`,
which ``MatchstickTycoon.determinize`` uses too), re-exported here.  Plots live in
:mod:`tabletop_widgets.games.matchstick_tycoon.analysis.plots` (imported on demand, so
worker processes never load matplotlib).

>>> from tabletop_widgets.games.matchstick_tycoon.analysis import simulate_games
>>> simulate_games(1, players=3, seed=2)[0].players
3
"""

from tabletop_widgets.games.matchstick_tycoon.redeal import (
    Dealer,
    cards_out_of_play,
    redeal,
    unseen_cards,
)

from .simulate import GameStats, game_stats, observe, play_out, simulate_games

__all__ = [
    "Dealer",
    "cards_out_of_play",
    "GameStats",
    "game_stats",
    "observe",
    "play_out",
    "redeal",
    "simulate_games",
    "unseen_cards",
]
