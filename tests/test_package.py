"""The package root exposes the public objects; the engines import without ipywidgets."""

from __future__ import annotations

import subprocess
import sys

import tabletop_widgets as tw

ENGINE_ONLY = """
import sys
sys.modules["ipywidgets"] = None  # any import of it now fails
sys.modules["anywidget"] = None
import tabletop_widgets as tw
for key, info in tw.GAMES.items():
    game = info.engine.new(seed=1, **info.option_sets[0])
    game.play(game.legal_moves()[0])
    tw.load_record(game.to_record())
print("ok")
"""


def test_public_objects_are_at_the_root():
    for name in tw.__all__:
        assert getattr(tw, name) is not None, name
    assert tw.GAMES["matchstick_tycoon"].engine is tw.MatchstickTycoon
    assert tw.GAMES["chinese_ten"].engine is tw.ChineseTen
    assert tw.GAMES["fistful_of_gold"].engine is tw.FistfulOfGold


def test_engines_work_without_ipywidgets():
    r = subprocess.run(
        [sys.executable, "-c", ENGINE_ONLY], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]
