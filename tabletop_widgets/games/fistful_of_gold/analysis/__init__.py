"""A Fistful of Gold analysis: what only this game needs on top of :mod:`tabletop_widgets.analysis`.

Bot matchups, simulations and what-if analyses are the shared layer's
(``head_to_head("fistful_of_gold", "greedy", "equilibrium")``, ``simulate``,
``what_if(game, seat=0)``); here is the one duel: its payoff matrix and its
zero-sum equilibrium (:mod:`.plots`, with matplotlib on demand), from
:mod:`tabletop_widgets.games.fistful_of_gold.equilibrium`.
"""
