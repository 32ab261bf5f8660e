"""The replay's autoplay speeds say what they are in the page's language: moves a second,
with the language's decimal mark ("0,5 coups/s", not "0.5×/s")."""

from __future__ import annotations

from tabletop_widgets.core.i18n import language
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
from tabletop_widgets.ui.stepper import SPEEDS, ReplayStepper


def test_every_speed_is_worded_with_the_languages_decimal_mark():
    game = MatchstickTycoon.new(players=2, seed=1)
    stepper = ReplayStepper(game)
    labels = [stepper._texts[f"speed_{s:g}"] for s in SPEEDS]
    assert labels[:2] == ["0.5 moves/s", "1 moves/s"] or labels[0] == "0.5 moves/s"
    with language("fr"):
        assert stepper._texts["speed_0.5"].startswith("0,5")
        assert "×" not in " ".join(stepper._texts[f"speed_{s:g}"] for s in SPEEDS)
    assert stepper._texts["speed_0.5"] == "0.5 moves/s"
