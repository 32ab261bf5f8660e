"""Newcomer findings on Matchstick Tycoon's start and end.

- On a phone the play page opened with a bot's cards on the table before the learner had
  done anything.  Not a bug: the page deals a new game at open and the first leader is
  drawn at random (MT-4, our interpretation), so a bot often plays first -- but nothing said
  so.  The status line now says who played first and why.
- The static picture of a finished game said "The table is empty"; ``game.widget()`` of a
  finished game said nothing of the end.  Both now say the game is over and the places.
"""

from __future__ import annotations

import re

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
from tabletop_widgets.games.matchstick_tycoon.render import game_svg, observation_svg, position_svg
from tabletop_widgets.games.matchstick_tycoon.screens.play import play_page, play_screen
from tabletop_widgets.games.matchstick_tycoon.widgets.table import first_words

DRAWN = "who starts is drawn at random (MT-4)"


def _status(screen) -> str:
    return re.sub("<[^>]+>", "", screen.status.value)


def _first_is_a_bot_and_first_is_you() -> tuple[int, int]:
    """A seed where a bot leads first and one where you do (3 players, you in seat 0)."""
    seeds = {MatchstickTycoon.new(players=3, seed=s).to_move == 0: s for s in range(1, 40)}
    return seeds[False], seeds[True]


def test_the_page_opens_on_a_new_deal_and_says_which_bot_played_first():
    bot_first, _you_first = _first_is_a_bot_and_first_is_you()
    page = play_page(seed=bot_first)  # as the page opens: you and two bots, a new deal
    screen = page.screen
    game = screen.game
    # The bots played by the rules, up to your turn: no move of yours, nothing resumed.
    assert game.history and 0 not in game.movers and screen.acting == 0
    first = screen.names[game.movers[0]]
    said = _status(screen)
    assert said == (
        f"New game (game number {bot_first}). {first} played first: {DRAWN}. Your turn."
    ), said
    # Once you have played, the start is old news: the line says no more of it.
    screen.play(game.legal_moves(0)[-1], 0)
    assert DRAWN not in _status(screen)


def test_when_you_lead_first_the_line_says_so():
    _bot_first, you_first = _first_is_a_bot_and_first_is_you()
    screen = play_screen(seats=["person", "easy", "medium"], seed=you_first)
    assert not screen.game.history
    assert _status(screen) == (
        f"New game (game number {you_first}). You play first: {DRAWN}. Your turn."
    )


def test_a_lesson_position_or_a_later_turn_says_nothing_of_the_first_leader():
    g = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [["8", "8"], ["0", "1"]],
            "sticks": [0, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    assert first_words(g, ["You", "Bea"]) == ""  # not drawn: set up
    g = MatchstickTycoon.new(players=2, seed=3)
    while len(g.history) < 2:
        g.play(g.legal_moves()[-1])
    assert first_words(g, ["You", "Bea"]) == ""


def _finished(players: int = 3, seed: int = 4) -> MatchstickTycoon:
    g = MatchstickTycoon.new(players=players, seed=seed)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    return g


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_picture_of_a_finished_game_says_who_won_and_the_places(players):
    g = _finished(players)
    ranking = g.result.ranking
    places = ", ".join(
        f"{n} seat {s + 1}"
        for n, s in zip(("1st", "2nd", "3rd", "4th", "5th"), ranking, strict=False)
    )
    caption = f"Game over: seat {ranking[0] + 1} won. Places: {places}."
    for svg in (game_svg(g), position_svg(g.position), g._repr_svg_()):
        assert "The table is empty" not in svg
        assert caption in svg, svg[:400]
        last = ranking[-1]
        assert f"Seat {last + 1}: " in svg
        assert re.search(rf"Seat {last + 1}: [^<]* · last, {_ordinal(players)} place", svg)
        width = float(re.search(r'<svg [^>]*width="([\d.]+)"', svg).group(1))
        assert width >= 6.6 * len(caption)  # the caption fits on the felt
    obs = g.observation(0)
    assert caption in observation_svg(obs)
    # A game still on: the felt says what is on the table, as before.
    live = MatchstickTycoon.new(players=3, seed=4)
    assert "The table is empty" in game_svg(live) and "Game over" not in game_svg(live)


def _ordinal(n: int) -> str:
    return {2: "2nd", 3: "3rd", 5: "5th"}[n]


def test_a_finished_games_widget_says_the_game_is_over_and_the_places():
    g = _finished()
    board = g.widget()
    winner, *_rest = (f"Seat {s + 1}" for s in g.result.ranking)
    assert board.table.message.startswith(f"Game over: {winner} won. Places: 1st {winner}, ")
    assert board.hand.layout.display == "none"  # nobody has a move to choose
    with language("fr"):
        said = board.table.message.replace("\xa0", " ")
        assert said.startswith("Partie terminée : ") and "Classement : " in said, said
    # The play screen's own table still leaves the end to its status line (said once there).
    screen = play_screen(seats=["person", "easy"], players=2, seed=5)
    screen.autoplay()
    assert screen.board.table.message == "" and "Game over" in _status(screen)
    # A game still on: the widget shows the seat to move, as before.
    live = MatchstickTycoon.new(players=3, seed=4)
    assert live.widget().table.message and "Game over" not in live.widget().table.message


def test_the_nav_puts_the_games_pages_in_one_row_of_their_own():
    from tabletop_widgets.app.nav import nav_html

    html = nav_html("matchstick_tycoon", "play")
    pages = re.search(r'<span class="tt-nav-pages">(.*?)</span></nav>', html).group(1)
    assert re.findall(r">([^<]+)</(?:a|b)>", pages) == ["Tutorial", "Play", "Sandbox", "Rules"]
    assert '<b aria-current="page">Play</b>' in pages
    assert "@media (max-width: 600px)" in html and "flex-wrap: nowrap" in html
