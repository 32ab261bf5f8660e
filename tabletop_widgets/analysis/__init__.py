"""Explore the games with bots: one analysis API, the same for every game in ``GAMES``.

Three questions, three functions, each returning a report (rows as data, a
table in JupyterLab, a few lines as text, ``.plot()`` for a chart):

* :func:`simulate` -- play whole games between bots: wins, places and scores by
  seat; ``keep=True`` keeps every game (start position, moves, record) so you
  can ask anything afterwards.
* :func:`what_if` -- which move is best here?  Each candidate move is played on
  the same re-deals of the hidden cards (common random numbers) and bots play
  on; the report ranks the moves with intervals, and pairs each with the best.
* :func:`head_to_head` (and :func:`round_robin`) -- is one bot stronger than
  another?  Seats rotate so a seat's advantage is not taken for skill.

Bots are named as the game names them (``"random"``, ``"greedy"``, and in A
Fistful of Gold ``"equilibrium"``, ``"hard"`` and more: ``GAMES[key].bots``), by
level (``"easy"``, ``"medium"``, ``"hard"`` where there is one: ``GAMES[key].levels``),
by class, as a bot, or one per seat in a list.  Seeds make every run repeatable:
game ``i`` of a simulation is dealt with ``seed + i``.  Seats are counted from 0
in arguments (as the engines do) and from 1 in every text, table and chart.
The worked examples are in ``docs/explore.md``; charts in
:mod:`tabletop_widgets.analysis.plots` (matplotlib, imported on demand).

>>> from tabletop_widgets.analysis import head_to_head, simulate, what_if
>>> print(simulate("fistful_of_gold", 20, seed=1))
A Fistful of Gold: 20 games between bots (33 moves each on average, 95% intervals)
seat    bot     wins            mean place         mean score
Seat 1  greedy  45% [26%, 66%]  1.55 [1.31, 1.79]  1.1 [0.731, 1.47]
Seat 2  greedy  55% [34%, 74%]  1.45 [1.21, 1.69]  1.2 [0.874, 1.53]
"""

from __future__ import annotations

from .matchup import MatchupReport, RoundRobinReport, head_to_head, round_robin
from .reports import Estimate
from .simulate import PlayedGame, SeatSummary, SimulationReport, simulate
from .whatif import Candidate, WhatIfReport, iter_what_if, most_promising, what_if

__all__ = [
    "Candidate",
    "Estimate",
    "MatchupReport",
    "PlayedGame",
    "RoundRobinReport",
    "SeatSummary",
    "SimulationReport",
    "WhatIfReport",
    "head_to_head",
    "iter_what_if",
    "most_promising",
    "round_robin",
    "simulate",
    "what_if",
]
