"""The review on a play page, from Python: the panel fills in, says what it did, and a pick
moves the page's replay stepper to that decision and can show the better move."""

from __future__ import annotations

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
        words = panel.detail.value
        if same:
            assert "(win chance 47 % (" in words and ": a good move." in words, words
            assert "about as good as the coach&#x27;s best move" in words, words
            assert "rounded, their figures are the same." in words
            assert "The coach&#x27;s best move:" not in words
            assert panel.better_button.layout.display == "none"
            assert panel.marks.children == () and "1 good move" in panel.summary.value
        else:
            assert "(win chance 46 % (" in words and ": a blunder." in words, words
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
        before = f"The table shows the cards just before move {n}, when you chose."
        assert stepper.index == d.index
        assert before in panel.detail.value
        assert "tt-review-shown" in panel.detail.value
        panel.show_better()
        words = panel.detail.value
        assert "The table shows the coach&#x27;s move, “" in words
        assert "it was not played in this game." in words and before not in words
        panel.show_better()  # back to the game
        assert before in panel.detail.value and "coach&#x27;s move, “" not in panel.detail.value
        panel.show_better()
        stepper.go(0 if d.index else len(panel.game.history))  # the student steps the replay
        assert "tt-review-shown" not in panel.detail.value
        assert panel.better_button.description == "Show the better move on the table"
    with language("fr"):
        panel.pick(d.index)
        assert "tt-review-shown" in panel.detail.value and "The table" not in panel.detail.value
