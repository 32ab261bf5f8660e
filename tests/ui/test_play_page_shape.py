"""Every game's play page has one shape (ui/play_screen.css): the page, the coach and the
table carry the shared classes, the page's stylesheet and the game's own (its table and
hand only) come with the screen, and the introduction folds once the learner has started
playing -- not before, and not on a room's page."""

from __future__ import annotations

import importlib

import pytest

from tabletop_widgets.ui.play_screen import PAGE_STYLE

GAMES = ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"]
SEATS = {
    "matchstick_tycoon": ["person", "easy"],
    "chinese_ten": ["person", "easy"],
    "fistful_of_gold": ["person", "medium"],
}


def _page(game: str, **kwargs):
    module = importlib.import_module(f"tabletop_widgets.games.{game}.screens.play")
    return module.play_page(seats=SEATS[game], seed=5, bot_delay=0, **kwargs)


@pytest.mark.parametrize("game", GAMES)
def test_the_page_and_its_parts_carry_the_shared_classes(game):
    page = _page(game)
    screen = page.screen
    assert "tt-play-page" in page._dom_classes and screen in page.children
    assert "tt-play-board" in screen.gate._dom_classes
    assert "tt-play-coach" in screen.coach._dom_classes
    styles = [c for c in screen.children if getattr(c, "value", "").startswith("<style>")]
    shown = "".join(s.value for s in styles)
    assert PAGE_STYLE in shown and ".tt-play-coach { grid-column: 2; }" in shown
    # The game's own stylesheet is about its table and hand: the page's shape is shared.
    own = screen.kit.style
    assert own and f"<style>{own}</style>" in shown
    assert "tt-coach" not in own and "tt-intro" not in own
    assert all(s.layout.display == "none" for s in styles)


@pytest.mark.parametrize("game", GAMES)
def test_the_introduction_folds_once_the_learner_has_started(game):
    page = _page(game)
    intro, screen = page.children[0], page.screen
    assert not intro.folded and "tt-intro-folded" not in intro._dom_classes
    seat = screen.acting
    assert seat is not None  # you play at this table, now
    screen.play(screen.game.legal_moves(seat)[0], seat)
    assert intro.folded and "tt-intro-folded" in intro._dom_classes
    # A new page folds on New game too, before any move.
    page = _page(game)
    page.screen.new_game(seats=SEATS[game], seed=6)
    assert page.children[0].folded


def test_a_room_page_keeps_its_introduction_whole():
    page = _page("fistful_of_gold")
    screen, intro = page.screen, page.children[0]
    screen.room = object()  # a room's page (classroom/play_room.py sets its RoomMode)
    try:
        screen._fold_if_started()
        screen._opened = None  # as if another game were on the table
        screen._fold_if_started()
        assert not intro.folded
    finally:
        screen.room = None
