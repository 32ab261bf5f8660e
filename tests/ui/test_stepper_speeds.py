"""The replay's autoplay speeds say what they are in the page's language: moves a second,
with the language's decimal mark ("0,5 coup/s", not "0.5×/s") and its plural ("1 move/s",
not "1 moves/s")."""

from __future__ import annotations

from tabletop_widgets.core.i18n import language
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
from tabletop_widgets.ui.stepper import SPEEDS, ReplayStepper


def test_every_speed_is_worded_with_the_languages_decimal_mark_and_plural():
    game = MatchstickTycoon.new(players=2, seed=1)
    stepper = ReplayStepper(game)
    labels = [stepper._texts[f"speed_{s:g}"] for s in SPEEDS]
    assert labels == ["0.5 moves/s", "1 move/s", "2 moves/s", "4 moves/s", "8 moves/s"]
    with language("fr"):
        said = [stepper._texts[f"speed_{s:g}"] for s in SPEEDS]
        assert said[0].startswith("0,5") and "×" not in " ".join(said)
        # French: singular below 2 ("0,5 coup/s", "1 coup/s"), plural from 2.
        assert said[0].split()[1] == said[1].split()[1] != said[2].split()[1], said
    with language("ca"):
        said = [stepper._texts[f"speed_{s:g}"] for s in SPEEDS]
        assert said[1].split()[1] != said[2].split()[1] == said[0].split()[1], said
    assert stepper._texts["speed_0.5"] == "0.5 moves/s"
