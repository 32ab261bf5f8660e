"""The game's last position on the table: the play that ended it stays on the felt, and a
replay's table says that the game is over and who won (a newcomer read "The table is
empty." at the replay's last move)."""

from __future__ import annotations

import random

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen
from tabletop_widgets.games.matchstick_tycoon.widgets.board import MatchstickTycoonBoard
from tabletop_widgets.games.matchstick_tycoon.widgets.table import MatchstickTycoonTable

NAMES = ["You", "Bea (bot)", "Cal (bot)"]


def ended(last: str) -> MatchstickTycoon:
    """A random 3-player game played to its end, whose last move is of kind ``last``."""
    for seed in range(1, 400):
        g = MatchstickTycoon.new(players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        if g.history[-1].kind == last:
            return g
    raise AssertionError(f"no game ended on a {last}")


def test_the_play_that_ends_the_game_stays_on_the_felt():
    g = ended("play")
    last, mover = g.history[-1], g.movers[-1]
    assert g.position.table is None  # the engine clears the table at the end (MT-8)
    t = MatchstickTycoonTable(g, names=NAMES)
    assert t.play is not None and t.felt_note == ""
    assert t.play["text"] == last.text and t.play["player"] == mover
    assert [c["face"] for c in t.play["cards"]] == [f for f, _t, _a in last.cards()]
    assert t.play["words"].endswith(" and went out")
    assert t.play["words"].startswith("You played" if mover == 0 else NAMES[mover])
    # Who won, as the engine's result says it, then every place.
    winner = g.result.ranking[0]
    said = "Game over: you won." if winner == 0 else f"Game over: {NAMES[winner]} won."
    assert t.message.startswith(said + " Places: 1st "), t.message


def test_a_game_ended_on_a_discarded_stick_says_so_on_the_felt():
    g = ended("discard")
    t = MatchstickTycoonTable(g, names=NAMES)
    assert t.play is None
    mover = g.movers[-1]
    assert t.felt_note == (
        "You discarded your last stick and went out."
        if mover == 0
        else f"{NAMES[mover]} discarded their last stick and went out."
    )
    assert t.message.startswith("Game over: ")


def test_before_the_end_the_empty_table_is_said_as_before():
    g = MatchstickTycoon.new(players=3, seed=4)
    t = MatchstickTycoonTable(g, names=NAMES)
    assert t.play is None and t.felt_note == "" and t.message.endswith(("lead.", "leads."))


def test_the_replay_board_says_the_end_and_the_playing_board_leaves_it_to_the_status():
    assert MatchstickTycoonBoard(interactive=False).table.say_end
    assert not MatchstickTycoonBoard(interactive=True).table.say_end


def test_the_replays_last_position_shows_the_last_play_and_who_won():
    for seed in range(1, 60):
        screen = play_screen(seats=["person", "easy", "medium"], seed=seed)
        screen.autoplay()
        if screen.game.history[-1].kind == "play":
            break
    g = screen.game
    assert g.is_over and screen.replay is not None
    screen.replay.go(len(g.history))  # the last move
    table = screen.replay_board.table
    assert table.play is not None, "the replay's last position showed an empty table"
    assert table.play["text"] == g.history[-1].text
    winner = screen.names[g.result.ranking[0]]
    said = "Game over: you won." if winner == "You" else f"Game over: {winner} won."
    assert table.message.startswith(said), table.message
    # The table above, where the game ended, keeps its play too; the status line says
    # the places once.
    assert screen.board.table.play is not None and screen.board.table.message == ""
    assert screen.status.value.count("Game over") == 1
    # One move back, the position before the end: no end said.
    screen.replay.go(len(g.history) - 1)
    assert "Game over" not in table.message
