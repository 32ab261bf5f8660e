"""The review's chart ends where the game (or each deal) ended: a newcomer's Chinese Ten
chart of expected points stopped at the last decision, and the deal's points were nowhere
on it."""

from __future__ import annotations

from tabletop_widgets.analysis.review import how_it_ended
from tabletop_widgets.core import GAMES, RandomBot
from tabletop_widgets.core.i18n import language
from tabletop_widgets.core.playout import play_out

from .test_even_share import _chinese_ten_review


def _played(key: str, **options):
    game = GAMES[key].engine.new(**options)
    play_out(game, [RandomBot(seed=s) for s in range(options.get("players", 2))])
    return game


def test_a_game_ends_at_its_result_on_the_win_chance_scale():
    game = _played("matchstick_tycoon", players=3, seed=2)
    for seat in range(3):
        assert how_it_ended(game, seat) == [(len(game.history), game.result.win_share(seat))]


def test_each_deal_of_a_chinese_ten_match_ends_at_the_points_it_gave():
    game = _played("chinese_ten", players=2, seed=3, target=None, deals=2)
    starts = [
        i
        for i in range(1, len(game.history))
        if game.replay(i).deal_number != game.replay(i - 1).deal_number
    ]
    assert len(starts) == 1
    for seat in (0, 1):
        assert how_it_ended(game, seat, starts) == [
            (starts[0], game.deal_points[0][seat]),
            (len(game.history), game.deal_points[1][seat]),
        ]


def test_a_game_going_on_has_no_end_yet():
    game = GAMES["chinese_ten"].engine.new(players=2, seed=3, target=None)
    game.play(game.legal_moves()[0])
    assert how_it_ended(game, 0) == []


def test_the_chart_draws_each_end_once_named_in_the_legend():
    from tabletop_widgets.analysis.review_plot import figure_svg, review_figure

    with language("en"):
        panel = _chinese_ten_review([60.0, 110.0], deals=2, sections=True)
        assert panel.chart.svg.count('id="tt-ended') == 2
        assert "how it ended" in panel.chart.svg
        # ... and the review's notes say what it is (a newcomer had to guess).
        assert "The diamond at the end of each deal on the chart is the points you took" in (
            panel.about.value
        )
        parts = [(i, h) for i, h in enumerate(panel.stepper.headings) if h]
        fig = review_figure(panel.result, sections=parts)
        assert 'id="tt-ended' not in figure_svg(fig)  # only where it is asked for
        assert "how it ended" not in fig.axes[0].get_legend_handles_labels()[1]
