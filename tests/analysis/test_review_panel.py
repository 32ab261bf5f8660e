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
