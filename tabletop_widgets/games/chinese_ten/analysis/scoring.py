"""The ace of spades in either scoring: who captured it, and what capturing it was worth.

From deals simulated with ``keep=True`` (the shared :func:`~tabletop_widgets.analysis.simulate`):

>>> from tabletop_widgets.analysis import simulate
>>> deals = simulate("chinese_ten", 20, options={"players": 3, "target": None}, keep=True)
>>> ace = ace_of_spades(deals)
>>> ace.deals, 0 <= ace.win.low <= ace.win.mean <= ace.win.high <= 1
(20, True)
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from tabletop_widgets.analysis import Estimate, SimulationReport
from tabletop_widgets.analysis.reports import mean_estimate, share_estimate
from tabletop_widgets.core.i18n import N_, _, ngettext
from tabletop_widgets.games.chinese_ten import Card, Position

__all__ = ["ACE_OF_SPADES", "AceOfSpades", "ace_of_spades", "captor"]

ACE_OF_SPADES = Card(1, "S")


def captor(end: Position, card: Card = ACE_OF_SPADES) -> int | None:
    """The seat whose pile holds ``card`` at the end of a deal (None if nobody's does).

    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> captor(ChineseTen.new(players=2, seed=1).position) is None  # nothing captured yet
    True
    """
    return next((s for s, pile in enumerate(end.captured) if card in pile), None)


@dataclass(frozen=True)
class AceOfSpades:
    """What capturing the ace of spades was worth over some deals.

    Fields:

    * ``scoring``: The scoring of the deals.
    * ``deals``: Deals counted (those where someone captured it).
    * ``win``: The captor's share of the deal wins (a shared win counts a fraction).
    * ``edge``: The captor's points minus the mean points of the other seats in that deal.
    """

    scoring: str
    deals: int
    win: Estimate
    edge: Estimate

    def __str__(self) -> str:
        """The finding in a sentence, in the current language."""
        scoring = SCORING_WORDS.get(self.scoring)
        return ngettext(
            "{scoring}: whoever captures the ace of spades wins {share} of the deals and scores "
            "{edge} points more than the others ({n} deal)",
            "{scoring}: whoever captures the ace of spades wins {share} of the deals and scores "
            "{edge} points more than the others ({n} deals)",
            self.deals,
            scoring=_(scoring) if scoring else self.scoring,
            share=self.win.percent(),
            edge=str(self.edge),
        )

    def _repr_html_(self) -> str:
        """In a notebook, the sentence (not the fields' dump)."""
        return f"<p>{html.escape(str(self))}</p>"


#: The scorings as people name them.
SCORING_WORDS = {
    "standard": N_("Standard scoring"),
    "red_frog_black_frog": N_("Red Frog Black Frog"),
}


def ace_of_spades(report: SimulationReport) -> AceOfSpades:
    """What capturing the ace of spades was worth in the deals ``simulate`` kept
    (``keep=True``; one-deal games, ``target=None``).

    For each deal, the seat whose pile holds the ace of spades at its end (the captor):
    ``win`` is the captor's share of the deal wins (most points of the deal; a shared win
    counts a fraction) with its Wilson interval -- compare it with ``1 / players``;
    ``edge`` is the captor's points of the deal minus the mean points of the other seats,
    with its t interval.  The ace's own points (CT-5: 30 in standard scoring with 3 or 4
    players, 0 with 2; 50 in Red Frog Black Frog) are part of the edge, as are the cards
    captured on the same turns.  A deal in which nobody holds it is left out (``deals``
    counts the others); a deal always ends with every card captured (CT-4), so that
    happens only with deals stopped early.
    """
    if report.games and report.games[0].end is None:
        raise ValueError("ace_of_spades needs the deals: simulate with keep=True")
    wins, edges = [], []
    for g in report.games:
        seat = captor(g.end)
        if seat is None:
            continue
        points = g.result.scores
        others = [p for s, p in enumerate(points) if s != seat]
        wins.append(g.result.win_share(seat))
        edges.append(points[seat] - sum(others) / len(others))
    return AceOfSpades(
        report.options.get("scoring", "standard"),
        len(wins),
        share_estimate(wins, report.confidence),
        mean_estimate(edges, report.confidence),
    )
