"""Figures as a learner reads them on a narrow screen: a "%" never starts a line of its own,
a range ("likely 19 to 29 %") never breaks inside, and a range whose two ends read the same
("likely 50 to 50 %") is not shown -- in the coach's hints, the review's words and key, in
every language of the app."""

from __future__ import annotations

import re

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.core.stats import Estimate
from tabletop_widgets.ui.coach import NBSP, estimate_words, hard_words, has_range
from tabletop_widgets.ui.review import marks_key

LANGUAGES = ["en", "fr", "ko", "ca"]


def _breaks(text: str) -> list[str]:
    """The pieces a line may break between (ordinary spaces only)."""
    return text.split(" ")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_percent_stays_with_its_figure_and_a_range_stays_whole(code):
    with language(code):
        text = estimate_words(Estimate(0.24, 0.19, 0.29), "win")
        assert not re.search(r"\d %", text), text  # no ordinary space before a "%"
        assert "\ue000" not in text and "\ue001" not in text  # no mark left over
        # the range, from its first figure to its "%", is one piece a line cannot break
        piece = next(p for p in _breaks(text) if "19" in p)
        assert "29" in piece and piece.rstrip(".,").endswith("%"), (piece, text)
        for measure, e in (("score", Estimate(12.4, 8.0, 15.2)), ("place", Estimate(2, 1.6, 2.4))):
            text = estimate_words(e, measure)
            low, high = ("8", "15") if measure == "score" else ("1", "2")
            piece = next(p for p in _breaks(text) if p.startswith(low) or NBSP + low in p)
            assert high in piece, (piece, text)
        hard = hard_words(Estimate(0.12, 0.08, 0.16), "win", 3)
        assert "12" in hard and not re.search(r"\d %", hard), hard
        for line in marks_key("win"):
            assert not re.search(r"\d %", line), line


def test_a_range_whose_ends_read_the_same_is_not_shown():
    """ "likely 50 to 50 %" said nothing: the figure is shown alone, and the note on what
    the two numbers after "likely" mean is not said for it."""
    with language("en"):
        narrow = Estimate(0.5, 0.497, 0.503)
        assert estimate_words(narrow, "win") == f"win chance 50{NBSP}%"
        assert not has_range(narrow, "win") and has_range(narrow)
        assert estimate_words(Estimate(12.2, 11.8, 12.4), "score") == "expected points 12"
        assert estimate_words(Estimate(2.0, 1.98, 2.02), "place") == "expected place 2.0"
        assert "likely" in estimate_words(Estimate(0.5, 0.49, 0.51), "win")  # 49 to 51


def test_the_coach_joins_the_figures_of_its_hints_and_of_the_games_reasons(monkeypatch):
    """The hints' figures, the hard position's sentence and a game's own reason with a
    figure in it ("… plays it 60 % of the time") keep each "%" with its figure."""
    from tabletop_widgets.core import GAMES
    from tabletop_widgets.ui import coach as coach_module
    from tabletop_widgets.ui.coach import Coach

    monkeypatch.setattr(
        coach_module, "reasons", lambda *_a: "The coach's plan plays it 60 % of the time."
    )
    game = GAMES["matchstick_tycoon"].engine.new(players=3, seed=4)
    coach = Coach("matchstick_tycoon", budget=300)
    with language("en"):
        hints = coach.show(game, game.to_move, seed=1)
    assert hints
    shown = coach.output.value
    assert "60" + NBSP + "%" in shown and not re.search(r"\d %", shown), shown
    assert "\ue000" not in shown and "\ue001" not in shown


def test_the_last_mark_of_a_phones_chart_is_inside_the_plot():
    """On a phone the last move's mark was cut at the plot's right edge: the plot leaves
    room for half a mark past the first and the last move, and no mark is clipped."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from tabletop_widgets.analysis.review import Decision, GameReview
    from tabletop_widgets.analysis.review_plot import review_figure

    e, z = Estimate(0.5, 0.4, 0.6), Estimate(0.0, 0.0, 0.0)
    decisions = tuple(
        Decision(i, "pass", "pass", e, e, z, "blunder" if i % 2 else "good", 2, 50)
        for i in range(0, 48, 3)
    )
    report = GameReview("Matchstick Tycoon", 0, "win", tuple(d.index for d in decisions), decisions)
    for narrow in (True, False):
        fig = review_figure(report, narrow=narrow)
        renderer = FigureCanvasAgg(fig).get_renderer()
        fig.draw(renderer)
        ax = fig.axes[0]
        plot = ax.get_window_extent(renderer)
        marks = [line for line in ax.get_lines() if (line.get_gid() or "").startswith("tt-mark-")]
        assert len(marks) == len(decisions)
        for line in marks:
            box = line.get_window_extent(renderer)
            assert plot.x0 - 0.5 <= box.x0 and box.x1 <= plot.x1 + 0.5, (narrow, line.get_gid())
            assert not line.get_clip_on()  # at 0 % or 100 % it shows whole too


def test_chinese_tens_expected_points_come_with_their_scale():
    """Newcomer finding: "expected points 74" gave no idea whether 74 was good.  Under the
    hints (and in the review's notes), the deal's points in all and an even share, read
    from the engine; in the page's language when it changes."""
    from tabletop_widgets.core import GAMES
    from tabletop_widgets.games.chinese_ten.cards import deal_total
    from tabletop_widgets.ui.coach import Coach

    game = GAMES["chinese_ten"].engine.new(players=2, seed=3)
    coach = Coach("chinese_ten", budget=200)
    seat = game.current_players()[0]
    total = deal_total("standard", 2)
    with language("en"):
        assert coach.show(game, seat, seed=1)
        said = html_text(coach.output.value)
        assert f"worth {total} points in all: an even share for 2 players is {total // 2}." in (
            said
        )
    with language("fr"):
        coach._follow_language("fr")
        assert "worth" not in html_text(coach.output.value)
        assert str(total) in coach.output.value


def html_text(value: str) -> str:
    import html

    return html.unescape(value).replace(NBSP, " ")
