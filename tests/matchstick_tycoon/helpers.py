"""Helpers shared by the Matchstick Tycoon tests: small positions and random games."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon

ROOT = Path(__file__).resolve().parents[2]


def vectors_dir() -> Path:
    """TABLETOP_VECTORS, or ../shared/vectors beside the project (formats.md)."""
    env = os.environ.get("TABLETOP_VECTORS")
    return Path(env) if env else ROOT.parent / "shared" / "vectors"


def position(**changes) -> dict:
    """A 3-seat position with sensible defaults; keyword arguments replace fields."""
    base = {
        "players": 3,
        "expansion": 0,
        "hands": [["0", "6", "8"], ["1", "F"], ["3", "3", "A"]],
        "sticks": [1, 1, 1],
        "table": None,
        "order": "normal",
        "to_move": 0,
        "out": [],
        "passed": [],
    }
    base.update(changes)
    return base


def game(**changes) -> MatchstickTycoon:
    return MatchstickTycoon.from_position(position(**changes))


def random_game(
    players: int, expansion: int = 0, seed: int = 0, deal: str = "default", max_moves: int = 20_000
) -> MatchstickTycoon:
    """Play a whole game with uniformly random legal moves."""
    rng = random.Random(seed)
    g = MatchstickTycoon.new(players=players, expansion=expansion, deal=deal, seed=seed)
    for _ in range(max_moves):
        if g.is_over:
            return g
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    raise AssertionError("game did not end")


def showing_a_better_move(seed: int = 5):
    """A finished play page (you and two bots) whose review has one decision marked a
    mistake, a play better than yours picked and shown on the replay's table ("Show the
    better move"): returns ``(screen, panel, index, best)``.  The verdict is set, not
    searched for, so the test does not wait for a review."""
    from tabletop_widgets.analysis.review import Decision, GameReview, decision_points
    from tabletop_widgets.core.stats import Estimate
    from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen
    from tabletop_widgets.ui.review import ReviewPanel

    screen = play_screen(seats=["person", "easy", "medium"], seed=seed)
    screen.autoplay()
    game = screen.game
    for index in decision_points(game, 0):
        plays = [m for m in game.replay(index).legal_moves(0) if m.is_play]
        best = next((m for m in plays if m != game.history[index]), None)
        if best is not None:
            break
    else:
        raise AssertionError("no decision with another play to show")

    def e(mean: float) -> Estimate:
        return Estimate(mean, mean - 0.05, mean + 0.05)

    d = Decision(index, game.history[index], best, e(0.2), e(0.5), e(0.3), "mistake", 3, 200)
    panel = ReviewPanel(game, 0, stepper=screen.replay, board=screen.replay_board)
    panel.result = GameReview("Matchstick Tycoon", 0, "win", (index,), (d,), done=True)
    panel._draw_all()
    panel.pick(index)
    panel.show_better()
    return screen, panel, index, best
