"""Every chart the pages and the analysis draw is readable: no two words on it overlap, and
no word sits on an error bar (issue: "value labels on top of error bars").

Each chart is drawn (Agg) in English and in the pseudo-language (every string 40 % longer),
then the boxes of its visible texts are compared pairwise, and with the segments of its
error bars.
"""

from __future__ import annotations

import itertools

import pytest
from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.text import Text

from tabletop_widgets.analysis.plots import chart_fonts
from tabletop_widgets.core.i18n import language
from tabletop_widgets.core.records import load_record as tw_load

SLACK = 1.0  # pixels two boxes may share (antialiasing)


def _hidden_ticks(fig) -> set[int]:
    """The tick labels matplotlib does not draw: their tick lies outside the axis's view."""
    hidden = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            span = (high - low) * 1e-9
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - span <= tick.get_loc() <= high + span:
                    hidden.update((id(tick.label1), id(tick.label2)))
    return hidden


def _texts(fig, renderer):
    out = []
    hidden = _hidden_ticks(fig)
    for t in fig.findobj(Text):
        if id(t) in hidden:
            continue
        if not t.get_visible() or not t.get_text().strip():
            continue
        if t.axes is not None and not t.axes.get_visible():
            continue
        box = t.get_window_extent(renderer)
        if box.width > 0 and box.height > 0:
            out.append((t.get_text(), box))
    return out


def _shrink(box):
    return box.x0 + SLACK, box.y0 + SLACK, box.x1 - SLACK, box.y1 - SLACK


def _meet(a, b) -> bool:
    ax0, ay0, ax1, ay1 = _shrink(a)
    bx0, by0, bx1, by1 = _shrink(b)
    return ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1


def _crosses(box, segment) -> bool:
    """Whether a segment (display coordinates) passes through a text's box."""
    x0, y0, x1, y1 = _shrink(box)
    (ax, ay), (bx, by) = segment
    steps = 32
    for i in range(steps + 1):
        x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
        if x0 < x < x1 and y0 < y < y1:
            return True
    return False


def problems(fig) -> list[str]:
    """The overlapping words of a drawn figure, and the words an error bar crosses."""
    canvas = FigureCanvasAgg(fig)  # the charts are made without pyplot
    with rc_context(chart_fonts()):  # as the pages draw them (tick labels are made now)
        canvas.draw()
        texts = _texts(fig, canvas.get_renderer())
    found = [
        f"{a!r} overlaps {b!r}"
        for (a, ba), (b, bb) in itertools.combinations(texts, 2)
        if _meet(ba, bb)
    ]
    for ax in fig.axes:
        for coll in ax.collections:
            if not isinstance(coll, LineCollection):
                continue
            trans = coll.get_transform()
            for seg in coll.get_segments():
                shown = trans.transform(seg)
                for text, box in texts:
                    if _crosses(box, shown):
                        found.append(f"an error bar crosses {text!r}")
    return sorted(set(found))


def _charts():
    """(name, make) for every chart function, on small data."""
    from tabletop_widgets.analysis import head_to_head, round_robin, simulate, what_if
    from tabletop_widgets.analysis.plots import matchup_figure, simulation_figure, what_if_figure
    from tabletop_widgets.analysis.review import review
    from tabletop_widgets.analysis.review_plot import review_figure
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.games.chinese_ten.analysis.plots import (
        match_totals_figure,
        scoring_comparison_figure,
    )
    from tabletop_widgets.games.fistful_of_gold.analysis.plots import (
        equilibrium_bars,
        equilibrium_mix,
        first_duel_matrix,
        matchup_bars,
        payoff_heatmap,
    )
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    from tabletop_widgets.games.matchstick_tycoon.analysis.plots import cost_heatmap, games_figure

    tycoon = MatchstickTycoon.new(players=4, seed=3)
    whatif = what_if(tycoon, candidates=6, playouts=40, seed=1)
    sims = simulate("matchstick_tycoon", 30, options={"players": 4}, seed=1, keep=True)
    duel = head_to_head("fistful_of_gold", "greedy", "random", games=20, seed=1)
    robin = round_robin("fistful_of_gold", ["greedy", "random", "equilibrium"], games=6, seed=1)
    deals = {
        s: simulate(
            "chinese_ten",
            40,
            seed=1,
            keep=True,
            options={"players": 3, "scoring": s, "target": None},
        )
        for s in ("standard", "red_frog_black_frog")
    }
    match = ChineseTen.new(players=3, seed=2, target=None, deals=3)
    from tabletop_widgets.core.playout import play_out
    from tabletop_widgets.games.chinese_ten import GreedyBot

    play_out(match, [GreedyBot(seed=s) for s in range(3)])
    game = simulate("matchstick_tycoon", 1, options={"players": 3}, seed=7, keep=True).games[0]
    record_game = tw_load(game.record)
    rev = review(record_game, seat=0, budget=60, seed=1)
    matrix = first_duel_matrix()
    rows = robin.to_records()
    return [
        ("what_if_figure", lambda: what_if_figure(whatif)),
        ("simulation_figure", lambda: simulation_figure(sims)),
        ("matchup_figure", lambda: matchup_figure(duel)),
        ("matchup_figure (round robin)", lambda: matchup_figure(robin)),
        ("review_figure", lambda: review_figure(rev)),
        ("review_figure (a phone's)", lambda: review_figure(rev, narrow=True)),
        ("match_totals_figure", lambda: match_totals_figure(match)),
        ("scoring_comparison_figure", lambda: scoring_comparison_figure(deals)),
        ("payoff_heatmap", lambda: payoff_heatmap(*matrix)),
        ("equilibrium_bars", lambda: equilibrium_bars(equilibrium_mix(*matrix))),
        ("matchup_bars", lambda: matchup_bars(rows)),
        ("cost_heatmap", lambda: cost_heatmap(expansion=0)),
        ("games_figure", lambda: games_figure(sims)),
    ]


CHARTS = None


def charts():
    global CHARTS
    if CHARTS is None:
        CHARTS = dict(_charts())
    return CHARTS


@pytest.mark.parametrize("lang", ["en", "xx"])
def test_no_chart_has_overlapping_words(lang):
    found = {}
    with language(lang):
        for name, make in charts().items():
            bad = problems(make())
            if bad:
                found[name] = bad
    assert not found, found
