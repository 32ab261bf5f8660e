"""A newcomer's findings on the play page, from Python: the file button says no "(0)",
Continue shows where Stop the bots was, and the page says "classroom" as the landing page
does."""

from __future__ import annotations

import asyncio
import json

from tabletop_widgets.core.i18n import language
from tabletop_widgets.ui.play_screen import PlayScreen
from tabletop_widgets.ui.record_files import MAX_BYTES, FileButton


def _chinese_ten(**kwargs) -> PlayScreen:
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    return play_screen(**kwargs)


def _choose(button: FileButton, name: str, data: bytes, size: int | None = None) -> bool:
    """What the page sends when a file is chosen: the event, and its bytes as a buffer."""
    content = {"type": "file", "name": name, "size": len(data) if size is None else size}
    button._handle_custom_msg(content, [memoryview(data)])
    return button.last_event == content


def test_the_load_button_says_its_words_only_and_loads_the_file_chosen():
    """ "Load a saved game (0)": the upload button counted the files chosen in its label.
    Its words are now all it says (in the page's language), and a file chosen on the page
    loads the game as before; a file that is not a saved game is said in the status line."""
    screen = _chinese_ten(seats=["person", "easy"], seed=3, players=2)
    button = screen.upload
    assert isinstance(button, FileButton) and button in screen.tools.children
    assert button._texts["label"] == "Load a saved game"
    assert button._texts["tooltip"] == "Choose a game file this page saved before"
    assert button.accept == ".json,application/json" and button.max_bytes == MAX_BYTES
    with language("fr"):
        assert "(" not in button._texts["label"] and button._texts["label"] != "Load a saved game"
    g = screen.game
    screen.play(g.legal_moves(screen.acting)[0])
    record = json.dumps(screen.save()).encode()
    moves = len(g.history)
    screen.new_game(seats=["person", "easy"], seed=9, players=2)
    assert _choose(button, "chinese_ten-game.json", record)
    assert len(screen.game.history) == moves and f"move {moves}" in screen.status.value
    assert button.value == ()  # read, and ready for the next file
    assert _choose(button, "notes.txt", b"not a game")
    assert "notes.txt is not a saved game" in screen.status.value
    assert _choose(button, "big.json", b"{" * (MAX_BYTES + 1), size=5 * MAX_BYTES)
    assert "big.json is too large to be a saved game." in screen.status.value


def test_the_saved_game_review_loads_with_the_same_button():
    from tabletop_widgets.ui.review_loader import SavedGameReview

    section = SavedGameReview("matchstick_tycoon")
    assert isinstance(section.upload, FileButton)
    assert section.upload._texts["label"] == "Load a saved game"


def test_continue_shows_where_stop_the_bots_was():
    """After stopping a game of bots alone, Continue sat under the table (off a laptop's
    first screen): it shows beside where Stop the bots was, under the status line; a
    pause the table says (between the deals, a person at the table) keeps it under the
    table; Continue goes back there once pressed."""

    async def scenario() -> None:
        screen = _chinese_ten(seats=["person", "easy"], seed=3, players=2, bot_delay=0.005)
        top, under = screen._bots_row, screen._continue_slot
        order = list(screen.children)
        assert order.index(screen.status) + 1 == order.index(top)
        assert order.index(top) < order.index(screen.gate) < order.index(under)
        assert screen.continue_button in under.children
        screen.new_game(seats=["easy", "easy"], players=2, seed=3, target=None, deals=2)
        for _ in range(2000):
            if len(screen.game.history) >= 3:
                break
            await asyncio.sleep(0.005)
        assert screen.stop_bots()
        assert top.children == (screen.stop_button, screen.continue_button)
        assert screen.continue_button not in under.children
        assert screen.continue_button.layout.display is None
        assert screen.stop_button.layout.display == "none"
        screen.continue_button.click()
        assert screen.continue_button in under.children and top.children == (screen.stop_button,)
        screen.new_game(seats=["person", "easy"], players=2, seed=3)  # ends the bots' game

    asyncio.run(scenario())


def test_a_pause_between_deals_keeps_continue_under_the_table():
    screen = _chinese_ten(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    assert screen.continue_button in screen._continue_slot.children
    assert screen.continue_button not in screen._bots_row.children
    assert screen.continue_button.layout.display is None


def test_the_play_page_says_classroom_as_the_landing_page_does():
    """The landing page says "The classroom"; the play page's section said "Play in a class
    room" (and the teacher's page named that section so)."""
    from tabletop_widgets.app.landing import _classroom_html

    screen = _chinese_ten(seats=["person", "easy"], seed=3, players=2)
    with language("en"):
        assert "The classroom" in _classroom_html()
        assert screen.room_mode.section.title == "Play in a classroom"


def test_a_saved_games_review_lists_its_moves_as_the_play_page_does():
    """A saved game reviewed in a sandbox listed its moves by their notation, without the
    play page's headings, so its chart had no line where each round starts: its replay
    lists them as the play page's does, in words under "Round 2", and the chart gets the
    rounds."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.fistful_of_gold.screens.play import KIT
    from tabletop_widgets.ui.play_screen import PlayScreen
    from tabletop_widgets.ui.review_loader import SavedGameReview

    played = PlayScreen(KIT, seats=["easy", "easy"], seed=4)
    played.autoplay()
    section = SavedGameReview("fistful_of_gold", budget=10, passes=1)
    with language("en"):
        assert section.load(played.game.to_record(meta={"names": ["Ann", "Bo"]}))
        section.seat_input.value = 0
        panel = section.review(background=False)
        stepper = panel.stepper
        assert [h for h in stepper.headings if h] == ["Round 1", "Round 2", "Round 3"]
        assert stepper.moves[0].startswith("Ann discarded ")
        assert stepper.headings == played.replay.headings
