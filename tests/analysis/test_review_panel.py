"""The review on a play page, from Python: the panel fills in, says what it did, and a pick
moves the page's replay stepper to that decision and can show the better move."""

from __future__ import annotations

import html

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.ui.play_screen import PlayScreen


@pytest.fixture
def finished():
    from tabletop_widgets.games.fistful_of_gold.screens.play import KIT

    screen = PlayScreen(KIT, seats=["easy", "easy"], seed=4)
    screen.autoplay()
    assert screen.game.is_over
    return screen


def test_the_review_panel_marks_every_decision_and_a_pick_moves_the_stepper(finished):
    panel = finished.review_game(seat=0, background=False, budget=40, passes=2, seed=1)
    r = panel.result
    assert r.done and len(r.decisions) == len(r.indices) > 0
    assert "Done." in panel.state.value and "tt-mark-" in panel.chart.svg
    assert any(word in panel.summary.value for word in ("good", "inaccurac", "mistake", "blunder"))
    decision = r.decisions[-1]
    panel.pick(decision.index)
    assert finished.replay.index == decision.index
    assert panel.detail.value
    with language("fr"):
        assert "Analyse de votre partie" in panel.heading.value


def test_a_running_review_draws_the_chart_now_and_then_in_the_layout_needed(finished, monkeypatch):
    """Newcomer finding: the chart was drawn in both layouts (about 90 ms each) at every
    progress report of the later passes.  While the review runs it is drawn at most every
    REDRAW seconds (and once when the first pass has every move), only in the layout the
    page's width calls for; the last drawing, when the review ends, has both."""
    from tabletop_widgets.analysis import review_plot
    from tabletop_widgets.ui import review as module
    from tabletop_widgets.ui.review import ReviewPanel

    drawn: list[bool] = []
    real = review_plot.review_figure

    def counted(result, narrow=False, **kwargs):
        drawn.append(narrow)
        return real(result, narrow=narrow, **kwargs)

    monkeypatch.setattr(review_plot, "review_figure", counted)
    clock = iter(range(0, 10_000, 1))  # each reading of the clock: one second later
    monkeypatch.setattr(module.time, "monotonic", lambda: float(next(clock)) / 2)
    game = finished.game
    panel = ReviewPanel(
        game, 0, stepper=finished.replay, board=finished.replay_board, budget=40, passes=2, seed=1
    )
    assert panel.chart.dispatch({"type": "layout", "narrow": False})  # a wide page
    reports: list[int] = []
    draw_progress = panel._draw_progress
    said: list[tuple[str, str]] = []

    def progress():
        reports.append(1)
        draw_progress()
        said.append((panel.state.value, panel.summary.value))

    monkeypatch.setattr(panel, "_draw_progress", progress)
    panel.run(background=False)
    assert panel.result.done
    # While it runs the summary says "so far", and no pass is counted ("pass" is also a
    # move in Matchstick Tycoon); the end says "in all".
    assert all("pass" not in state and not summary.startswith("In all") for state, summary in said)
    assert any(s.startswith("So far:") for _state, s in said)
    assert any("Every move has a first verdict." in state for state, _s in said)
    assert panel.summary.value.startswith("In all:")
    *running, last_wide, last_phone = drawn
    assert (last_wide, last_phone) == (False, True)  # the last drawing: both layouts
    assert running and not any(running)  # while it ran: the wide layout only
    assert len(running) < len(reports)  # not at every progress report
    assert panel.chart.svg and panel.chart.svg_narrow
    # A phone's width: the phone's layout is drawn then, if the chart lacks it.
    drawn.clear()
    panel.chart.set_trait("svg_narrow", "")
    assert panel.chart.dispatch({"type": "layout", "narrow": True})
    assert drawn == [True] and panel.chart.svg_narrow


def test_a_review_before_the_end_is_refused():
    from tabletop_widgets.games.fistful_of_gold.screens.play import KIT

    screen = PlayScreen(KIT, seats=["person", "easy"], seed=4)
    with pytest.raises(ValueError, match="when the game is over"):
        screen.review_game(seat=0)


def _rigged_panel(monkeypatch, same: bool):
    """A review panel over a one-decision game whose analysis is rigged (see
    ``rigged_review``), run to the end in English, with its replay stepper."""
    from tabletop_widgets.ui.move_list_board import MoveListBoard
    from tabletop_widgets.ui.review import ReviewPanel
    from tabletop_widgets.ui.stepper import ReplayStepper
    from tests.analysis.test_review import rigged_review

    game, seat = rigged_review(monkeypatch, same=same)
    board = MoveListBoard(names=["You", "Bea"])
    stepper = ReplayStepper(game, view=lambda g: board.show(g, seat, reveal=True))
    panel = ReviewPanel(game, seat, stepper=stepper, board=board, budget=10, passes=1)
    with language("en"):
        panel.run(background=False)
    return panel, stepper


@pytest.mark.parametrize("same", [True, False], ids=["shown-alike", "shown-apart"])
def test_the_words_offer_a_better_move_only_when_its_figure_reads_better(monkeypatch, same):
    """46 % (or 47 %) and 47 %: the move played was a blunder on the paired drop alone."""
    panel, _stepper = _rigged_panel(monkeypatch, same)
    with language("en"):
        (d,) = panel.result.decisions
        panel.pick(d.index)
        words = panel.detail.value.replace("\xa0", " ")  # "47 %": a no-break space
        if same:
            assert "(win chance 47 %, likely " in words and ": a good move." in words, words
            assert "about as good as the coach&#x27;s best move" in words, words
            assert "rounded, their figures are the same." in words
            assert "The coach&#x27;s best move:" not in words
            assert panel.better_button.layout.display == "none"
            assert panel.marks.children == () and "1 good move" in panel.summary.value
        else:
            assert "(win chance 46 %, likely " in words and ": a blunder." in words, words
            assert "The coach&#x27;s best move:" in words and "win chance 47 %" in words
            assert "about as good" not in words
            assert panel.better_button.layout.display is None
            assert len(panel.marks.children) == 1 and "1 blunder" in panel.summary.value


def test_the_words_say_which_position_the_table_shows(monkeypatch):
    """A pick shows the cards just before the chosen move (the replay's count and list
    stop at the move before it, which a student misreads without a word); the better move
    on the table is said to be the coach's, not the game's; a step on the replay takes the
    table back to the game and the words follow."""
    panel, stepper = _rigged_panel(monkeypatch, False)
    with language("en"):
        (d,) = panel.result.decisions
        panel.pick(d.index)
        n = d.index + 1
        where = f"after move {d.index}," if d.index else "at the start,"
        counted = f" (move {n} of the game)" if n > 1 else ""  # "move 1" once, not twice
        before = f"The table shows the cards {where} just before your move 1{counted}"
        assert stepper.index == d.index
        # The replay's caption says it over the table, with the verdict, and the page is
        # asked to bring the replay into view (it is above the chart); the detail says the
        # verdict in its own words and not the caption again (it read twice).
        marked = ". The review marks the move you chose there as a blunder."
        assert stepper.note == before + marked and stepper._scroll == 1
        assert ": a blunder." in panel.detail.value
        assert "tt-review-shown" not in panel.detail.value and before not in panel.detail.value
        assert "The review marks" not in panel.detail.value
        assert "when you chose" not in stepper.note  # "when you chose: a blunder" read badly
        shown_before = panel.board._text.value
        panel.show_better()
        # The replay's caption says it, over the table, and the page is asked to scroll the
        # replay into view (on a phone it is far above the button).  This board (a list of
        # moves) has no caption of its own to say it: a game's table says it itself, and the
        # replay's caption does not (test_the_coachs_move_is_said_once_by_a_table_that_says_it).
        assert not hasattr(panel.board, "show_what_if")
        assert stepper.note.startswith("The table shows the coach's move, “")
        assert stepper.note.endswith("it was not played in this game.")
        assert "The table shows" not in panel.detail.value
        assert stepper._scroll == 2 and panel.board._text.value != shown_before
        panel.show_better()  # back to the game: the table too (the stepper's index is the same)
        assert stepper.note.startswith(before) and panel.board._text.value == shown_before
        assert stepper._scroll == 2  # going back scrolls nothing
        panel.show_better()
        panel.pick(d.index)  # the same decision again: the table shows the game again
        assert stepper.note.startswith(before) and panel.board._text.value == shown_before
        panel.show_better()
        # The student steps the replay on, to the cards just after the move (its only other
        # position: a one-move game): the table is the game's again, the words stay the
        # move's, said from after it (stepping elsewhere: the next test).
        stepper.go(d.index + 1)
        assert "tt-review-shown" not in panel.detail.value
        assert stepper.note.startswith("The table shows the cards just after your move 1, ")
        assert stepper.note.endswith("the move the review marks as a blunder.")
        assert panel.better_button.description == "Show the better move on the table"
        assert ": a blunder." in panel.detail.value and panel.chart.selected == d.index
    with language("fr"):
        panel.pick(d.index)
        assert stepper.note and "The table" not in stepper.note


# -- decisions as the review found them (the analysis itself is tested elsewhere) ---------


def _finished_tycoon():
    """A finished 2-player Tycoon game, the seat that lost, and its decisions (history
    indices where it had a choice), with a legal move other than the one played at each."""
    from tabletop_widgets.analysis.review import decision_points
    from tabletop_widgets.core import GAMES, RandomBot
    from tabletop_widgets.core.playout import play_out

    game = GAMES["matchstick_tycoon"].engine.new(players=2, seed=5)
    play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
    loser = next(s for s in range(2) if s not in game.result.winners)
    points = decision_points(game, loser)
    assert len(points) >= 3 and points[2] + 1 != 3  # "your move 3" is not move 3 of the game
    others = {
        i: next(m for m in game.replay(i).legal_moves(loser) if m != game.history[i])
        for i in points
    }
    return game, loser, points, others


def _drawn(game, seat, decisions, measure="win"):
    """A review panel showing ``decisions`` as a finished review of ``seat``."""
    from tabletop_widgets.analysis.review import GameReview
    from tabletop_widgets.ui.move_list_board import MoveListBoard
    from tabletop_widgets.ui.review import ReviewPanel
    from tabletop_widgets.ui.stepper import ReplayStepper

    board = MoveListBoard(names=["You", "Bea"])
    stepper = ReplayStepper(game, view=lambda g: board.show(g, seat, reveal=True))
    panel = ReviewPanel(game, seat, stepper=stepper, board=board)
    indices = tuple(d.index for d in decisions)
    panel.result = GameReview(
        "Matchstick Tycoon", seat, measure, indices, tuple(decisions), done=True
    )
    panel._draw_all()
    return panel


def _decision(game, index, best, played_mean, best_mean, verdict, measure="win"):
    from tabletop_widgets.analysis.review import Decision
    from tabletop_widgets.core.stats import Estimate

    def e(mean):
        return Estimate(mean, mean - 0.05, mean + 0.05)

    drop = Estimate(best_mean - played_mean, -0.01, best_mean - played_mean + 0.02)
    return Decision(
        index,
        game.history[index],
        best,
        e(played_mean),
        e(best_mean),
        drop,
        verdict,
        3,
        200,
        measure=measure,
    )


def test_a_good_move_offers_no_better_move_and_says_why_another_ranked_first():
    """A drop under the first mark (or one the playouts cannot tell from none) is a good move:
    the page says the coach ranked another move first and why that does not count, and
    offers no "better move" to show; a marked move still offers it."""
    game, seat, points, others = _finished_tycoon()
    good = _decision(game, points[0], others[points[0]], 0.45, 0.48, "good")
    bad = _decision(game, points[1], others[points[1]], 0.30, 0.48, "mistake")
    with language("en"):
        panel = _drawn(game, seat, [good, bad])
        panel.pick(good.index)
        words = panel.detail.value
        assert ": a good move." in words and "first, but the difference from your move is" in words
        assert "too small, or too uncertain, to count as a mistake." in words
        assert "The coach&#x27;s best move:" not in words
        assert panel.better_button.layout.display == "none"
        panel.pick(bad.index)
        assert "The coach&#x27;s best move:" in panel.detail.value
        assert panel.better_button.layout.display is None
        assert [b.description for b in panel.marks.children] == [
            f"Your move 2 (move {bad.index + 1} of the game): a mistake"
        ]


def test_a_followed_hint_is_good_and_the_words_say_why_not_that_the_gap_is_small():
    """A learner who played the hint's first move read "a good move ... the difference is
    too small, or too uncertain" beside 15 % against 42 %: the words now say the move is
    good because the hint put it first, and a surely better move is offered."""
    from dataclasses import replace

    from tabletop_widgets.core.stats import Estimate

    game, seat, points, others = _finished_tycoon()
    i = points[0]
    d = replace(_decision(game, i, others[i], 0.15, 0.42, "good"), drop=Estimate(0.27, 0.22, 0.32))
    with language("en"):
        panel = _drawn(game, seat, [d])
        panel.hinted = {i: game.history[i]}
        panel.pick(i)
        words = panel.detail.value
        assert "You played the move the coach&#x27;s hint put first, so it counts as good." in words
        assert "too small, or too uncertain" not in words
        assert panel.better_button.layout.display is None
        panel.hinted = {}  # not hinted: a good move offers no better move
        panel.pick(i)
        assert "too small, or too uncertain" in panel.detail.value
        assert panel.better_button.layout.display == "none"


def test_decisions_are_named_by_the_persons_count_and_the_games():
    """ "Move 10" counted everyone's moves: a decision says which of the person's moves it
    is, and which of the game's."""
    game, seat, points, others = _finished_tycoon()
    third = _decision(game, points[2], others[points[2]], 0.2, 0.5, "blunder")
    mine = sum(1 for s in game.movers[: points[2] + 1] if s == seat)
    with language("en"):
        panel = _drawn(game, seat, [third])
        n = points[2] + 1
        label = f"Your move {mine} (move {n} of the game): a blunder"
        assert [b.description for b in panel.marks.children] == [label]
        assert panel.chart.marks == [{"index": points[2], "label": label}]
        panel.pick(points[2])
        # The mark's button, highlighted just above, names the move; the words under it
        # do not name it again (a newcomer read the same words twice).
        assert "tt-review-picked" in panel.marks.children[0]._dom_classes
        assert panel.detail.value.count("You chose “") == 1
        assert f"Your move {mine}" not in panel.detail.value
        assert f"just before your move {mine} (move {n} of the game). The review marks" in (
            panel.stepper.note
        )
    with language("fr"):
        panel._draw_all()
        assert panel.marks.children[0].description.startswith(f"Votre coup {mine} (coup {n} ")


def test_a_move_counted_the_same_by_the_person_and_the_game_is_named_once():
    """Newcomer finding: "Your move 1 (move 1 of the game)" said one number twice.  Where the
    person's count and the game's agree, the mark, the detail and the table's caption say
    "your move 1" alone -- in every language; where they differ, both are said."""
    from tabletop_widgets.analysis.review import decision_points

    game = _finished_tycoon()[0]
    seat = game.movers[0]  # the first move of the game is this seat's first
    i = decision_points(game, seat)[0]
    assert i == 0
    other = next(m for m in game.replay(i).legal_moves(seat) if m != game.history[i])
    first = _decision(game, i, other, 0.2, 0.5, "blunder")
    k = 1
    with language("en"):
        panel = _drawn(game, seat, [first])
        assert [b.description for b in panel.marks.children] == [f"Your move {k}: a blunder"]
        panel.pick(first.index)
        words = panel.detail.value
        assert "You chose “" in words and "of the game)" not in words
        assert (
            f"just before your move {k}. The review marks the move you chose there as a blunder."
        ) in panel.stepper.note
    for code in ("fr", "ko", "ca"):
        with language(code):
            panel._draw_all()
            label = panel.marks.children[0].description
            assert "(" not in label and label.count(str(k)) == 1, label
            # The detail's first line does not name the move again (its highlighted mark
            # does, just above), and the caption says "1" once.
            first_line = panel.detail.value.split("<div>")[1]
            assert html.escape(label.split(":")[0]) not in first_line, first_line
            shown = panel.stepper.note
            assert shown.count("1") == 1 and "(" not in shown, shown


@pytest.mark.parametrize("won", [False, True], ids=["lost", "won"])
def test_every_move_good_in_a_lost_game_puts_the_result_on_the_cards(won):
    game, loser, points, others = _finished_tycoon()
    seat = 1 - loser if won else loser
    from tabletop_widgets.analysis.review import decision_points

    points = decision_points(game, seat)
    decisions = [_decision(game, i, game.history[i], 0.4, 0.4, "good") for i in points]
    with language("en"):
        panel = _drawn(game, seat, decisions)
        summary = panel.summary.value
        assert "Every move you made was good" in summary
        assert ("the result came from the cards (luck)" in summary) is not won
        assert "not from your choices" in summary or won
    # With a mark, nothing is said of luck.
    marked = [
        *decisions[:-1],
        _decision(game, points[-1], game.history[points[-1]], 0.1, 0.4, "blunder"),
    ]
    with language("en"):
        assert "Every move" not in _drawn(game, seat, marked).summary.value


def test_what_the_figures_mean_is_said_once_and_not_as_the_real_figure():
    """ "Expected points 108 (108 to 109)" beside a deal that ended at 90, with "the real
    figure is very likely between them": the learner took the range for their own result.
    The review says once what the figures are (an average over very many games played on)
    and that one game can end far from it."""
    game, seat, points, others = _finished_tycoon()
    decisions = [_decision(game, i, game.history[i], 0.4, 0.4, "good") for i in points]
    with language("en"):
        panel = _drawn(game, seat, decisions)
        about = panel.about.value
        assert "Win chance: how often you would win if the game were played on" in about
        assert "real figure" not in about + panel.detail.value + panel.summary.value
        panel.pick(points[0])
        assert "Win chance:" not in panel.detail.value  # said once, under the summary
        assert "A single game, like the one on the table" in panel.detail.value
    with language("ko"):
        panel._draw_all()
        assert "승률:" in panel.about.value


def test_what_the_range_means_is_said_beside_the_first_figure_shown_with_one():
    """Newcomer finding: the note on the brackets showed under the summary, before any
    figure with a range did (those show only once a move is picked).  It is said in the
    words of the first move picked, under its figures, in full; folded under the others;
    and never beside figures worked out exactly."""
    from dataclasses import replace

    from tabletop_widgets.core.stats import Estimate

    note = "The two numbers after “likely” show how sure the coach is"
    game, seat, points, others = _finished_tycoon()
    decisions = [_decision(game, i, others[i], 0.3, 0.5, "mistake") for i in points[:3]]
    with language("en"):
        panel = _drawn(game, seat, decisions)
        assert "likely" not in panel.about.value + panel.summary.value
        panel.pick(points[1])
        words = panel.detail.value
        figure = words.index(", likely ")
        assert note in words and words.index(note) > figure
        assert "<div class='tt-review-ranges'>" in words and "<details" not in words
        panel.pick(points[0])  # another move: the note is one tap away
        words = panel.detail.value
        assert "<details class='tt-review-ranges'><summary>What the figures mean</summary>" in words
        assert note in words
        panel.pick(points[1])  # the first one again: in full, where it was
        assert "<div class='tt-review-ranges'>" in panel.detail.value
        panel._draw_all()  # a redraw (a new language) keeps it where it is
        assert "<div class='tt-review-ranges'>" in panel.detail.value
        # worked out exactly: no range, no note
        exact = Estimate(0.4, 0.4, 0.4)
        plain = replace(decisions[0], played_value=exact, best_value=Estimate(0.6, 0.6, 0.6))
        panel = _drawn(game, seat, [plain])
        panel.pick(plain.index)
        assert "likely" not in panel.detail.value + panel.about.value


def test_no_figure_of_the_review_nests_brackets():
    """ "(win chance 21 % (10 to 38 %))": a figure's range is said after "likely", so the
    sentences that put a figure in brackets never nest them -- in the detail of every kind
    of decision, on every measure."""
    from dataclasses import replace

    from tabletop_widgets.core.stats import Estimate

    game, seat, points, others = _finished_tycoon()
    i, j, k = points[:3]
    kinds = [
        _decision(game, i, others[i], 0.21, 0.5, "blunder"),
        _decision(game, j, others[j], 0.45, 0.48, "good"),
        _decision(game, k, game.history[k], 0.4, 0.4, "good"),
    ]
    for measure, scale in (("win", 1.0), ("score", 100.0), ("place", 5.0)):
        decisions = [
            replace(
                d,
                measure=measure,
                played_value=Estimate(*(x * scale for x in d.played_value)),
                best_value=Estimate(*(x * scale for x in d.best_value)),
            )
            for d in kinds
        ]
        with language("en"):
            panel = _drawn(game, seat, decisions, measure=measure)
            for d in decisions:
                panel.pick(d.index)
                for text in (panel.detail.value, panel.stepper.note, panel.summary.value):
                    depth = 0
                    for c in html.unescape(text):
                        depth += {"(": 1, ")": -1}.get(c, 0)
                        assert depth <= 1, text


@pytest.mark.parametrize("measure", ["win", "score", "place"])
def test_the_key_says_what_each_mark_means_from_the_reviews_own_thresholds(monkeypatch, measure):
    """Newcomer finding: good, inaccuracy, mistake and blunder were not defined on the page.
    A key under the summary says, on the review's measure, how much worse than the coach's
    best move each mark is -- its numbers the review's own thresholds, whatever they are."""
    from tabletop_widgets.analysis import review as analysis

    odd = {"win": (0.07, 0.13, 0.31), "score": (3.0, 9.0, 17.5), "place": (0.2, 0.45, 1.0)}
    monkeypatch.setitem(analysis.THRESHOLDS, measure, odd[measure])
    game, seat, points, others = _finished_tycoon()
    decisions = [
        _decision(game, i, game.history[i], 0.4, 0.4, "good", measure=measure) for i in points
    ]
    with language("en"):
        panel = _drawn(game, seat, decisions, measure=measure)
        about = html.unescape(panel.about.value).replace("\xa0", " ")
        key = about.split("tt-review-key-wide'>")[1].split("</div><details")[0]
        assert "What the marks mean:" in key and "the coach's best move in the same position" in key
        lines = [line.split("</span> ")[1].split("</li>")[0] for line in key.split("<li>")[1:]]
        expected = {
            "win": [
                "Good: less than 7 points lower, or too close to tell apart.",
                "Inaccuracy: 7 to 13 points lower.",
                "Mistake: 13 to 31 points lower.",
                "Blunder: 31 points lower or more.",
            ],
            "score": [
                "Good: less than 3 points fewer, or too close to tell apart.",
                "Inaccuracy: 3 to 9 points fewer.",
                "Mistake: 9 to 17.5 points fewer.",
                "Blunder: 17.5 points fewer or more.",
            ],
            "place": [
                "Good: less than 0.2 of a place worse, or too close to tell apart.",
                "Inaccuracy: 0.2 to 0.45 of a place worse.",
                "Mistake: 0.45 to 1 of a place worse.",
                "Blunder: 1 of a place worse or more.",
            ],
        }[measure]
        assert lines == expected
        assert (
            measure != "win"
            or "in points of win chance (43 % instead of 50 % is 7 points lower)." in key
        )
    with language("fr"):  # the decimal mark is the language's
        panel._draw_all()
        assert measure != "score" or "17,5" in panel.about.value


def test_the_chart_has_a_phone_layout_with_the_same_marks():
    game, seat, points, others = _finished_tycoon()
    decisions = [_decision(game, i, game.history[i], 0.4, 0.4, "good") for i in points]
    panel = _drawn(game, seat, decisions)
    chart = panel.chart
    assert chart.svg_narrow.startswith("<svg") and chart.svg != chart.svg_narrow
    for i in points:
        assert f'id="tt-mark-{i}"' in chart.svg and f'id="tt-mark-{i}"' in chart.svg_narrow


def test_the_better_move_on_a_chinese_ten_table_is_said_on_the_table_and_in_its_log():
    """The replay table's message and its log ("What happened") said the move played, or
    named the coach's move as if it had been played: they say it was not played."""
    from tabletop_widgets.analysis.review import GameReview, decision_points
    from tabletop_widgets.core import GAMES, RandomBot
    from tabletop_widgets.core.playout import play_out
    from tabletop_widgets.games.chinese_ten.screens.play import KIT
    from tabletop_widgets.ui.review import ReviewPanel
    from tabletop_widgets.ui.stepper import ReplayStepper

    game = GAMES["chinese_ten"].engine.new(players=2, seed=4, target=None)
    play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
    i = decision_points(game, 0)[1]
    best = next(m for m in game.replay(i).legal_moves(0) if m != game.history[i])
    d = _decision(game, i, best, 20.0, 30.0, "mistake", measure="score")
    board = KIT.board(names=["You", "Bea"], interactive=False)
    stepper = ReplayStepper(game, view=lambda g: board.show(g, 0, reveal=True))
    panel = ReviewPanel(game, 0, stepper=stepper, board=board)
    panel.result = GameReview("Chinese Ten", 0, "score", (i,), (d,), done=True)
    with language("en"):
        panel._draw_all()
        panel.pick(i)
        said = board.message
        panel.show_better()
        assert board.message.startswith("The table shows the coach's move, “")
        view = board._view
        assert view["what_if"] and view["log_not_played"] is not None
        assert view["log_numbers"][view["log_not_played"]] == i + 1
        panel.show_better()
        assert board.message == said and board._view["log_not_played"] is None


def test_the_summary_says_the_moves_without_a_choice_are_not_counted():
    """ "11 good moves" after 12 moves: the moves with only one choice are said."""
    from tabletop_widgets.games.chinese_ten.screens.play import KIT

    screen = PlayScreen(KIT, seats=["easy", "easy"], seed=4, players=2)
    screen.autoplay()
    panel = screen.review_game(seat=0, background=False, budget=40, passes=1, seed=1)
    forced = sum(1 for s in screen.game.movers if s == 0) - len(panel.result.indices)
    assert forced == 1  # the last card
    with language("en"):
        panel._draw_all()
        said = f"{forced} move where you had only one choice is not counted."
        assert said in panel.summary.value


# -- a newcomer's findings: figures that break, a key too long, words said twice ---------


def test_the_review_says_why_its_figures_can_differ_from_the_hints():
    """A hint said 18 %, the review called a 29 % move good: figures played out on new deals
    come with a sentence saying the review works from many more deals than a hint, near
    what the figures mean; figures worked out exactly (no range) need none."""
    from dataclasses import replace

    from tabletop_widgets.core.stats import Estimate

    game, seat, points, others = _finished_tycoon()
    played_out = [_decision(game, i, others[i], 0.3, 0.5, "blunder") for i in points[:2]]
    with language("en"):
        about = html.unescape(_drawn(game, seat, played_out).about.value)
        assert "The review works from many more deals than a hint during play" in about
        assert about.index("Win chance:") < about.index("many more deals")
        exact = [
            replace(d, played_value=Estimate(0.3, 0.3, 0.3), best_value=Estimate(0.5, 0.5, 0.5))
            for d in played_out
        ]
        assert "many more deals" not in _drawn(game, seat, exact).about.value


def test_the_key_is_one_tap_away_on_a_phone_and_whole_on_a_wider_screen():
    """The key took eight lines under the summary on a phone: it is drawn twice, in full
    for a wide screen and folded under "What the marks mean" for a narrow one, and the
    review's CSS shows one or the other by the screen's width."""
    from tabletop_widgets.ui.review_chart import ReviewChart

    game, seat, points, others = _finished_tycoon()
    decisions = [_decision(game, i, others[i], 0.3, 0.5, "blunder") for i in points[:2]]
    with language("en"):
        about = _drawn(game, seat, decisions).about.value
    wide = about.split("tt-review-key-wide'>")[1].split("</div><details")[0]
    narrow = about.split("tt-review-key-narrow'>")[1]
    assert narrow.startswith("<summary>What the marks mean</summary>")
    assert "<details class='tt-review-key tt-review-key-narrow'>" in about  # closed
    assert wide.count("<li>") == narrow.count("<li>") == 4
    css = " ".join(ReviewChart._css.split())
    assert ".tt-review-key-narrow { display: none; }" in css
    assert "@media (max-width: 600px) { .tt-review-key-wide { display: none; }" in css


def test_the_verdict_over_the_table_is_said_once():
    """ "The review marks the move you chose there as …" was said in the detail and again
    in the replay's caption over the table: it is said there only, and the detail keeps
    the move chosen and its verdict in its own words; a replay without a caption (none to
    say it) gets the words in the detail."""
    game, seat, points, others = _finished_tycoon()
    d = _decision(game, points[2], others[points[2]], 0.2, 0.5, "blunder")
    with language("en"):
        panel = _drawn(game, seat, [d])
        panel.pick(d.index)
        detail, note = html.unescape(panel.detail.value), panel.stepper.note
        assert note.count("The review marks the move you chose there as a blunder.") == 1
        assert "The review marks" not in detail and "The table shows" not in detail
        assert "You chose “" in detail and ": a blunder." in detail

        class Plain:  # a replay with no caption over its table
            index = d.index

            def go(self, index):
                self.index = index

        panel.stepper = Plain()
        panel._draw_detail()
        assert "The review marks the move you chose there as a blunder." in panel.detail.value


def test_a_matchs_chart_marks_where_each_deal_starts_and_does_not_join_the_deals():
    """A Chinese Ten match's review chart was one line across its deals, though each deal
    is scored apart: it now has a line and the deal's name where each deal starts, as
    the replay's list heads them, and the value's line stops at each."""
    from tabletop_widgets.analysis.review import GameReview, decision_points
    from tabletop_widgets.analysis.review_plot import review_figure
    from tabletop_widgets.core import GAMES, RandomBot
    from tabletop_widgets.core.playout import play_out
    from tabletop_widgets.games.chinese_ten.screens.play import KIT
    from tabletop_widgets.ui.review import ReviewPanel
    from tabletop_widgets.ui.stepper import ReplayStepper

    game = GAMES["chinese_ten"].engine.new(players=2, seed=4, deals=2, target=None)
    play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
    names = ["You", "Bea"]
    with language("en"):
        board = KIT.board(names=names, interactive=False)
        stepper = ReplayStepper(
            game,
            view=lambda g: board.show(g, 0, reveal=True),
            heading=lambda g, i: KIT.replay_heading(g, i, names),
        )
        starts = [i for i, h in enumerate(stepper.headings) if h]
        assert [stepper.headings[i] for i in starts] == ["Deal 2"]
        points = decision_points(game, 0)
        decisions = [
            _decision(game, i, game.history[i], 20.0, 20.0, "good", "score") for i in points
        ]
        panel = ReviewPanel(game, 0, stepper=stepper, board=board)
        panel.result = GameReview(
            "Chinese Ten", 0, "score", tuple(points), tuple(decisions), done=True
        )
        panel._draw_all()
        assert "Deal 2" in panel.chart.svg and "Deal 2" in panel.chart.svg_narrow
        fig = review_figure(panel.result, sections=[(i, stepper.headings[i]) for i in starts])
        played = [ln for ln in fig.axes[0].lines if ln.get_color() == "#3b7dd8"]
        assert len(played) == 2  # one line per deal, none across the start of deal 2
        assert max(played[0].get_xdata()) < starts[0] + 0.5 < min(played[1].get_xdata())


# -- the detail follows the replay; the coach's move said once; a game's parts on the chart


def test_the_detail_follows_the_replay_stepped_to_another_move():
    """The words of the decision picked stayed after the replay was stepped elsewhere, so a
    learner read one move's verdict beside another move.  Stepped onto another reviewed
    decision, the words (and the chart's picked mark, and the caption) are that decision's;
    stepped where no move of the person is reviewed, they say so; the first pick after that
    shows its words again, and each language says it in its own words."""
    game, seat, points, others = _finished_tycoon()
    i, j = points[1], points[2]
    first = _decision(game, i, others[i], 0.2, 0.5, "blunder")
    second = _decision(game, j, others[j], 0.45, 0.48, "good")
    with language("en"):
        panel = _drawn(game, seat, [first, second])
        stepper = panel.stepper
        panel.pick(i)
        assert ": a blunder." in panel.detail.value and panel.chart.selected == i
        assert panel.better_button.layout.display is None
        stepper.go(j)  # the learner steps the replay to their next decision
        words = html.unescape(panel.detail.value)
        assert ": a good move." in words and "a blunder" not in words, words
        assert panel.picked == j and panel.chart.selected == j
        assert "a good move" in stepper.note and "blunder" not in stepper.note
        assert panel.better_button.layout.display == "none"  # a good move: none to show
        mine_i = sum(1 for s in game.movers[: i + 1] if s == seat)
        # One step on from the decision: the table after the person's move, the one the
        # list highlights -- its words stay (a newcomer read "no move of yours" beside it).
        stepper.go(i + 1)
        assert i + 1 != j
        words = html.unescape(panel.detail.value)
        assert ": a blunder." in words and panel.picked == i and panel.chart.selected == i
        assert stepper.note.startswith(f"The table shows the cards just after your move {mine_i}")
        assert stepper.note.endswith("the move the review marks as a blunder.")
        k = next(n for n in range(i + 2, len(game.history)) if n not in (j, j + 1))
        stepper.go(k)  # a move that is neither a reviewed decision nor just after one
        words = html.unescape(panel.detail.value)
        assert f"The replay is at move {k}, where the review has no move of yours" in words
        assert "you chose" not in words and f"Your move {mine_i}" not in words
        assert panel.picked is None and panel.chart.selected == -1 and stepper.note == ""
        assert panel.better_button.layout.display == "none"
        assert points[0] > 0  # the other seat moves first: the start is no decision of theirs
        stepper.go(0)
        assert "The replay is at the start, where the review has no move of yours" in (
            html.unescape(panel.detail.value)
        )
        stepper.go(k)
    with language("fr"):
        panel._draw_all()  # the words of the moment, in the new language
        words = html.unescape(panel.detail.value)
        assert "tt-review-away" in words and "you chose" not in words, words
    with language("en"):
        panel.pick(i)
        assert ": a blunder." in panel.detail.value and "The replay is at" not in (
            panel.detail.value
        )
        stepper.go(len(game.history))  # to the end: no decision there
        assert "The replay is at move" in panel.detail.value


def test_the_coachs_move_is_said_once_by_a_table_that_says_it():
    """ "The table shows the coach's move … not played" was said over the replay's buttons
    and again at the top of the table: a table that can say it (its own caption, where the
    learner looks at the cards) says it alone; the replay's caption is empty meanwhile and
    comes back with the position before the move."""
    from tabletop_widgets.analysis.review import GameReview, decision_points
    from tabletop_widgets.games.fistful_of_gold.screens.play import KIT
    from tabletop_widgets.ui.review import ReviewPanel

    screen = PlayScreen(KIT, seats=["easy", "easy"], seed=4)
    screen.autoplay()
    game, board, stepper = screen.game, screen.replay_board, screen.replay
    i = decision_points(game, 0)[3]
    best = next(m for m in game.replay(i).legal_moves(0) if m != game.history[i])
    d = _decision(game, i, best, 0.2, 0.5, "blunder")
    panel = ReviewPanel(game, 0, stepper=stepper, board=board)
    panel.result = GameReview("A Fistful of Gold", 0, "win", (i,), (d,), done=True)
    with language("en"):
        panel._draw_all()
        panel.pick(i)
        assert stepper.note.startswith("The table shows the cards after move ")
        panel.show_better()
        said = "The table shows the coach's move, “"
        texts = [stepper.note, html.unescape(panel.detail.value), board.view["status"]]
        assert [t.count(said) for t in texts] == [0, 0, 1], texts
        panel.show_better()  # back: the replay's caption says which position it is again
        assert stepper.note.startswith("The table shows the cards after move ")
        assert said not in board.view["status"]


def test_a_fistful_replay_heads_its_rounds_and_the_review_chart_draws_them(monkeypatch):
    """A Fistful of Gold's replay list had no round headings, so its review chart had no
    round lines (Chinese Ten's has a line and "Deal 2" per deal): the list heads each
    round as the table names it, "Round 2", and the chart gets them as its sections."""
    from tabletop_widgets.analysis import review_plot
    from tabletop_widgets.games.fistful_of_gold.screens.play import KIT

    screen = PlayScreen(KIT, seats=["easy", "easy"], seed=4)
    screen.autoplay()
    game, replay = screen.game, screen.replay
    headed = {i: h for i, h in enumerate(replay.headings) if h}
    rounds = [game.replay(i).position.round for i in range(len(game.history))]
    starts = [i for i in range(len(rounds)) if i == 0 or rounds[i] != rounds[i - 1]]
    assert list(headed) == starts and len(starts) == 3
    assert list(headed.values()) == ["Round 1", "Round 2", "Round 3"]
    drawn = []
    real = review_plot.review_figure

    def seen(result, **kwargs):
        drawn.append(kwargs.get("sections"))
        return real(result, **kwargs)

    monkeypatch.setattr(review_plot, "review_figure", seen)
    with language("en"):
        panel = screen.review_game(seat=0, background=False, budget=20, passes=1, seed=1)
    assert panel.result.done and drawn
    assert all(s == list(headed.items()) for s in drawn), drawn
    fig = real(panel.result, sections=list(headed.items()))
    names = [t.get_text().strip() for t in fig.axes[0].texts]
    assert names == ["Round 1", "Round 2", "Round 3"]
    lines = [ln for ln in fig.axes[0].lines if ln.get_linestyle() == "--"]
    assert len(lines) == 2  # a line where rounds 2 and 3 start (none before round 1)


def test_a_second_review_replaces_the_first_and_the_first_stops_following_the_replay(finished):
    """Reviewing the game again made a new panel, but the old one still listened to the
    replay and the language, and could write its words over the new one's replay.  Now the
    old panel is detached: a step of the replay leaves its words as they were."""
    first = finished.review_game(seat=0, background=False, budget=40, passes=1, seed=1)
    second = finished.review_game(seat=0, background=False, budget=40, passes=1, seed=1)
    assert finished.review is second and first is not second
    decisions = second.result.decisions
    first.detail.value = "(the old panel's words)"
    second.pick(decisions[-1].index)
    reviewed = set(second.result.indices)
    elsewhere = next(
        i
        for i in range(1, len(finished.game.history))
        if i not in reviewed and i - 1 not in reviewed  # neither before nor just after one
    )
    finished.replay.set_trait("index", elsewhere)
    assert first.detail.value == "(the old panel's words)"
    assert "where the review has no move of yours" in second.detail.value
    with language("fr"):
        assert first.detail.value == "(the old panel's words)"


def test_a_step_past_the_second_players_move_keeps_its_words(finished):
    """Newcomer finding, in A Fistful of Gold where both choose at once: picked "your move 9
    (move 18 of the game)" -- a decision of the second player -- and stepped forward to
    "move 18 of 26", where the list highlights that very move, the words said "no move of
    yours".  One step on from a decision the words stay its own, said from after it; one
    more step (the other player's move) they say no move of the person's is there."""
    panel = finished.review_game(seat=1, background=False, budget=40, passes=1, seed=1)
    game, stepper = finished.game, finished.replay
    with language("en"):
        d = next(d for d in panel.result.decisions if d.index > 0)
        assert game.movers[d.index] == 1 and game.movers[d.index - 1] == 0  # second to choose
        panel.pick(d.index)
        before = html.unescape(panel.detail.value)
        assert stepper.index == d.index and "The replay is at" not in before
        stepper.go(d.index + 1)
        after = html.unescape(panel.detail.value)
        assert panel.picked == d.index and "The replay is at" not in after, after
        k = sum(1 for s in game.movers[: d.index + 1] if s == 1)
        assert stepper.note.startswith(f"The table shows the cards just after your move {k} ")
        assert f"(move {d.index + 1} of the game)" in stepper.note
        nxt = d.index + 2
        if nxt <= len(game.history) and not any(
            x.index in (nxt, nxt - 1) for x in panel.result.decisions
        ):
            stepper.go(nxt)
            assert "The replay is at move" in html.unescape(panel.detail.value)


def test_a_chinese_ten_review_says_the_scale_of_its_expected_points():
    """ "Expected points 74" said nothing alone: the review's notes say what a deal's cards
    are worth in all and an even share, from the engine, in the page's language."""
    from tabletop_widgets.core import GAMES, RandomBot
    from tabletop_widgets.core.playout import play_out
    from tabletop_widgets.games.chinese_ten.cards import deal_total

    game = GAMES["chinese_ten"].engine.new(players=2, seed=2, target=None)
    play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
    seat = game.movers[0]
    i = next(i for i, s in enumerate(game.movers) if s == seat)
    d = _decision(game, i, game.history[i], 60.0, 60.0, "good", measure="score")
    total = deal_total("standard", 2)
    with language("en"):
        panel = _drawn(game, seat, [d], measure="score")
        about = html.unescape(panel.about.value)
        assert f"worth {total} points in all: an even share for 2 players is {total // 2}." in (
            about
        )
    with language("ko"):
        panel._draw_all()
        assert str(total) in panel.about.value and "worth" not in panel.about.value


def test_the_charts_shaded_band_is_named_in_its_legend_where_it_shows():
    """A newcomer could not guess what the light band around the line was: the legend names
    it where figures have a range, and says nothing of it where they were worked out
    exactly (no band)."""
    import dataclasses

    from tabletop_widgets.analysis.review_plot import review_figure
    from tabletop_widgets.core.stats import Estimate

    game, seat, points, others = _finished_tycoon()
    d = _decision(game, points[0], others[points[0]], 0.3, 0.4, "inaccuracy")
    with language("en"):
        panel = _drawn(game, seat, [d])
        for narrow in (False, True):
            fig = review_figure(panel.result, narrow=narrow)
            words = [t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text"))]
            assert "likely range of the move you played" in words
        exact = dataclasses.replace(
            d, played_value=Estimate(0.3, 0.3, 0.3), best_value=Estimate(0.4, 0.4, 0.4)
        )
        panel.result = dataclasses.replace(panel.result, decisions=(exact,))
        fig = review_figure(panel.result)
        words = [t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text"))]
        assert "likely range of the move you played" not in words
