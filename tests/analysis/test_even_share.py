"""Chinese Ten's expected points against an even share of the deal's points: a best move at
"expected points 67" beside a share of 80 read as a bad move.  The hints and the review's
notes say why a best move can be below the share (only where it is, as the figure is shown),
and the review's chart draws the share as a thin line named in its legend -- only where the
figures are points and the share is known."""

from __future__ import annotations

import html

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.core.stats import Estimate
from tabletop_widgets.ui.coach import NBSP, best_share_words, even_share, share_side

BELOW = "Even the best move is expected to score less than an even share"
ABOVE = "The best move is expected to score more than an even share"
REVIEW_BELOW = "even the coach's best move was expected to score less than an even share"


def _text(value: str) -> str:
    return html.unescape(value).replace(NBSP, " ")


# -- the words --------------------------------------------------------------------------


def test_the_share_side_is_read_on_the_figure_as_shown():
    assert share_side(Estimate(67.4, 60, 75), 80.0) == -1
    assert share_side(Estimate(79.5, 70, 90), 80.0) == 0  # shown as 80: at the share
    assert share_side(Estimate(80.6, 70, 90), 80.0) == 1
    assert share_side(Estimate(73.0, 70, 76), 218 / 3) == 1  # "about 72.7"
    assert share_side(Estimate(float("nan"), 0, 0), 80.0) == 0
    assert share_side(Estimate(60, 50, 70), None) == 0


def test_below_the_share_the_words_say_why_and_above_it_that_the_deal_favours_you():
    with language("en"):
        below = best_share_words(Estimate(67, 60, 75), 80.0)
        assert below.startswith(BELOW) and "favours the other players" in below
        assert "no other move is expected to score more" in below
        above = best_share_words(Estimate(95, 88, 102), 80.0)
        assert above.startswith(ABOVE) and "favours you" in above
        assert best_share_words(Estimate(80.2, 70, 90), 80.0) == ""
        assert best_share_words(Estimate(50, 40, 60), None) == ""


def test_the_even_share_comes_from_the_engine_and_only_for_points():
    from tabletop_widgets.core import GAMES
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.games.chinese_ten.cards import deal_total

    info = GAMES["chinese_ten"]
    for players in (2, 3, 4):
        obs = ChineseTen.new(players=players, seed=1).observation(0)
        assert even_share(info, obs, "score") == deal_total("standard", players) / players
        assert even_share(info, obs, "win") is None
    fistful = GAMES["fistful_of_gold"]
    g = fistful.engine.new(seed=1)
    assert even_share(fistful, g.observation(0), "score") is None


# -- the hints ----------------------------------------------------------------------------


def _hinted(best_mean: float, measure: str = "score"):
    """A Chinese Ten coach showing two hints whose best has ``best_mean`` (2 players: an
    even share of 105)."""
    from tabletop_widgets.core import GAMES
    from tabletop_widgets.ui.coach import Coach, Hint

    game = GAMES["chinese_ten"].engine.new(players=2, seed=3, target=None)
    seat = game.current_players()[0]
    legal = game.legal_moves(seat)
    coach = Coach("chinese_ten", budget=50)
    coach._measure, coach._players = measure, 2
    coach._observed = game.observation(seat)

    def hint(move, mean):
        return Hint(
            move,
            "a move",
            f"expected points {round(mean)}",
            "",
            Estimate(mean, mean - 4, mean + 4),
            True,
        )

    coach._shown = ([hint(legal[0], best_mean), hint(legal[1], best_mean - 10)], 200, frozenset())
    coach._draw()
    return coach


def test_a_hint_whose_best_is_below_the_share_says_why_under_the_share():
    with language("en"):
        said = _text(_hinted(67.0).output.value)
        assert "an even share for 2 players is 105." in said
        scale = said.split("tt-coach-scale'>")[1].split("</div>")[0]
        assert BELOW in scale and ABOVE not in scale  # in the share's line, after it
        assert scale.index("an even share for 2 players") < scale.index(BELOW)


def test_a_hint_whose_best_is_above_the_share_says_so_and_at_it_says_nothing():
    with language("en"):
        above = _text(_hinted(120.0).output.value)
        assert ABOVE in above and BELOW not in above
        level = _text(_hinted(104.8).output.value)  # shown as 105: the share
        assert "an even share for 2 players is 105." in level
        assert ABOVE not in level and BELOW not in level


def test_a_hint_in_win_chance_says_nothing_of_a_share():
    with language("en"):
        said = _text(_hinted(0.3, measure="win").output.value)
        assert "even share" not in said


def test_the_words_are_said_again_in_the_language_of_the_moment(monkeypatch):
    """The sentence is a message looked up each time the hints are drawn (a new language
    draws them again): a stand-in translation shows in the redrawn hints."""
    import tabletop_widgets.ui.coach as coach_module

    coach = _hinted(67.0)
    real = coach_module._

    def marked(message, **kwargs):
        said = real(message, **kwargs)
        return "«" + said + "»" if message.startswith(BELOW) else said

    monkeypatch.setattr(coach_module, "_", marked)
    with language("en"):
        coach._follow_language("en")
        assert "«" + BELOW in _text(coach.output.value)


# -- the review's notes -----------------------------------------------------------------


def _chinese_ten_review(best_means, *, deals=None, sections=False):
    """A review panel of a finished 2-player Chinese Ten game (deals: a match of that many),
    its first decisions of the reviewed seat with the best moves' means ``best_means``."""
    from tabletop_widgets.analysis.review import Decision, GameReview
    from tabletop_widgets.core import RandomBot
    from tabletop_widgets.core.playout import play_out
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.ui.move_list_board import MoveListBoard
    from tabletop_widgets.ui.review import ReviewPanel
    from tabletop_widgets.ui.stepper import ReplayStepper

    options = {"target": None} if deals is None else {"target": None, "deals": deals}
    game = ChineseTen.new(players=2, seed=2, **options)
    play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
    seat = game.movers[0]
    mine = [i for i, s in enumerate(game.movers) if s == seat]
    if deals:  # one decision in each deal
        starts = [
            i
            for i in range(len(game.history))
            if i and game.replay(i).deal_number != game.replay(i - 1).deal_number
        ]
        mine = [mine[0]] + [next(i for i in mine if i >= s) for s in starts]
    decisions = []
    for i, best in zip(mine, best_means, strict=False):
        e = Estimate(best, best - 5, best + 5)
        drop = Estimate(0.0, 0.0, 0.0)
        decisions.append(
            Decision(
                i, game.history[i], game.history[i], e, e, drop, "good", 1, 200, measure="score"
            )
        )
    board = MoveListBoard(names=["You", "Bea"])
    heading = None
    if sections:
        from tabletop_widgets.games.chinese_ten.screens.play import _replay_heading

        def heading(g, i):
            return _replay_heading(g, i, ["You", "Bea"])

    stepper = ReplayStepper(game, view=lambda g: board.show(g, seat, reveal=True), heading=heading)
    panel = ReviewPanel(game, seat, stepper=stepper, board=board)
    panel.result = GameReview(
        "Chinese Ten", seat, "score", tuple(d.index for d in decisions), tuple(decisions), done=True
    )
    panel._draw_all()
    return panel


def test_the_reviews_notes_count_the_moves_whose_best_was_below_the_share():
    with language("en"):
        panel = _chinese_ten_review([60.0, 110.0, 80.0])  # share 105: two below
        about = _text(panel.about.value)
        assert "an even share for 2 players is 105." in about
        assert f"At 2 of your moves, {REVIEW_BELOW}" in about
        assert about.index("an even share for 2 players is 105.") < about.index(REVIEW_BELOW)
        assert "The marks compare your move with the coach's best move" in about
        panel = _chinese_ten_review([104.6, 120.0])  # shown as 105 and above: never below
        assert REVIEW_BELOW not in _text(panel.about.value)


# -- the chart -----------------------------------------------------------------------------


def _share_lines(fig):
    from matplotlib.collections import LineCollection

    ax = fig.axes[0]
    return [
        c
        for c in ax.collections
        if isinstance(c, LineCollection) and c.get_gid() == "tt-even-share"
    ]


def _report(measure="score", indices=(0, 3, 30, 33)):
    from tabletop_widgets.analysis.review import Decision, GameReview

    scale = 1.0 if measure == "win" else 100.0
    ds = []
    for k, i in enumerate(indices):
        e = Estimate((0.4 + 0.05 * k) * scale, (0.35 + 0.05 * k) * scale, (0.45 + 0.05 * k) * scale)
        ds.append(
            Decision(i, "m", "m", e, e, Estimate(0.0, 0.0, 0.0), "good", 2, 50, measure=measure)
        )
    return GameReview("Chinese Ten", 0, measure, tuple(indices), tuple(ds), done=True)


@pytest.mark.parametrize("narrow", [False, True])
def test_the_chart_draws_one_even_share_line_named_in_its_legend(narrow):
    from tabletop_widgets.analysis.review_plot import figure_svg, review_figure

    with language("en"):
        fig = review_figure(_report(), share=80.0, narrow=narrow)
        lines = _share_lines(fig)
        assert len(lines) == 1
        (segment,) = lines[0].get_segments()
        assert {y for _x, y in segment} == {80.0}
        left, right = fig.axes[0].get_xlim()
        assert (segment[0][0], segment[1][0]) == pytest.approx((left, right))  # across the plot
        assert lines[0].get_linewidth()[0] < 1.5  # thinner than the moves' line
        legend = fig.legends[0] if narrow else fig.axes[0].get_legend()
        assert "even share" in [t.get_text() for t in legend.get_texts()]
        assert 'id="tt-even-share' in figure_svg(fig)


def test_the_same_share_in_every_deal_is_one_line_and_different_shares_one_per_deal():
    from tabletop_widgets.analysis.review_plot import review_figure

    sections = [(0, "Deal 1"), (28, "Deal 2")]
    with language("en"):
        fig = review_figure(_report(), sections=sections, share=[(0, 105.0), (28, 105.0)])
        assert len(_share_lines(fig)) == 1
        fig = review_figure(_report(), sections=sections, share=[(0, 105.0), (28, 70.0)])
        lines = _share_lines(fig)
        assert len(lines) == 2
        (first,), (second,) = (line.get_segments() for line in lines)
        assert first[0][1] == 105.0 and second[0][1] == 70.0
        assert first[1][0] == pytest.approx(28.5) == second[0][0]  # meet at the deal's line
        labels = fig.axes[0].get_legend_handles_labels()[1]
        assert labels.count("even share") == 1  # named once
        fig = review_figure(_report(), sections=sections, share=[(0, None), (28, 70.0)])
        ((only,),) = (line.get_segments() for line in _share_lines(fig))
        assert only[0][0] == pytest.approx(28.5)


def test_a_win_chance_chart_or_one_without_a_share_has_no_share_line():
    from tabletop_widgets.analysis.review_plot import review_figure

    with language("en"):
        assert _share_lines(review_figure(_report("win"), share=50.0)) == []
        fig = review_figure(_report())
        assert _share_lines(fig) == []
        assert "even share" not in fig.axes[0].get_legend_handles_labels()[1]


def test_the_review_panels_chart_has_the_share_for_chinese_ten_only():
    with language("en"):
        panel = _chinese_ten_review([60.0, 110.0])
        assert 'id="tt-even-share' in panel.chart.svg
        assert "even share" in panel.chart.svg


def test_a_chinese_ten_match_review_draws_one_line_for_its_deals():
    """A match's deals share one even share (the players and the scoring stay): one line,
    though the chart is drawn deal by deal."""
    from tabletop_widgets.analysis.review_plot import review_figure

    with language("en"):
        panel = _chinese_ten_review([60.0, 110.0], deals=2, sections=True)
        headings = [h for h in panel.stepper.headings if h]
        assert headings == ["Deal 2"]
        assert panel.chart.svg.count('id="tt-even-share') == 1
        parts = [(i, h) for i, h in enumerate(panel.stepper.headings) if h]
        shares = [(i, panel._share_at(i, "score")) for i in [0] + [i for i, _h in parts]]
        assert {s for _i, s in shares} == {105.0}
        assert len(_share_lines(review_figure(panel.result, sections=parts, share=shares))) == 1
