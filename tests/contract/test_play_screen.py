"""The generic play screen plays any registered game, the test-only fourth one included."""

from __future__ import annotations

import json
import re

import pytest

from tabletop_widgets.core import IllegalMoveError
from tabletop_widgets.ui.move_list_board import MoveListBoard
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen

TINY = PlayKit(
    "tiny_pile",
    MoveListBoard,
    options=(
        OptionField("players", "Players", (("2", 2), ("3", 3)), 2),
        OptionField("hand", "Cards each", (("2", 2), ("3", 3)), 3),
    ),
    score_noun=("point", "points"),
)


def test_a_person_plays_the_fourth_game_to_the_end_against_a_bot():
    screen = PlayScreen(TINY, seats=["person", "easy"], seed=3)
    assert screen.names == ["You", "Bea (bot, easy)"]
    for _ in range(50):
        if screen.game.is_over:
            break
        assert screen.acting == 0
        screen.board.buttons[0].click()  # the person clicks the first legal move
    assert screen.game.is_over
    assert "Game over." in screen.status.value
    # the end shows every card: no move of the game can be taken back then
    assert screen.undo_button.disabled
    moves = len(screen.game.history)
    assert not screen.undo() and len(screen.game.history) == moves
    assert "start a new game" in screen.status.value
    assert screen.replay is not None and len(screen.replay.moves) == len(screen.game.history)
    screen.replay.go(len(screen.game.history))
    assert screen.replay.game_at.history == screen.game.history


def test_refusals_change_nothing_and_undo_goes_back_to_my_last_move():
    screen = PlayScreen(TINY, seats=["person", "easy", "easy"], seed=5, players=3)
    game = screen.game
    before = game.history
    with pytest.raises(IllegalMoveError):
        screen.play("play 9")
    with pytest.raises(IllegalMoveError):
        screen.play(game.legal_moves(0)[0] if game.legal_moves(0) else "pass", seat=1)
    assert game.history == before
    screen.play(game.legal_moves(screen.acting)[0])
    assert game.movers[len(before)] == 0 and len(game.history) > len(before) + 1
    assert screen.undo() and game.history == before


def test_save_and_load_round_trip_with_seats_and_names():
    screen = PlayScreen(TINY, seats=["person", "easy"], names=["Ann", "Robo"], seed=8)
    screen.play(screen.game.legal_moves(0)[0])
    record = screen.save()
    assert 'download="tiny_pile-game-8-move-' in screen.download.value
    other = PlayScreen(TINY, seed=1)
    assert other.load(json.dumps(record))
    assert other.game.history == screen.game.history
    assert other.names == ["Ann", "Robo"] and other.seat_kinds == ["person", "easy"]
    assert not other.load({"game": "chinese_ten", "format": 2, "moves": []})
    assert "Chinese Ten" in other.status.value
    assert not other.load("{not json")
    assert other.game.history == screen.game.history


def test_several_people_share_the_screen_behind_a_cover():
    screen = PlayScreen(TINY, seats=["person", "person"], seed=2)
    assert screen.names == ["Seat 1", "Seat 2"]
    assert screen.gate.hidden and screen.board.buttons == []  # nothing private shown
    screen.gate.reveal()
    assert screen.board.buttons
    screen.board.buttons[0].click()
    assert screen.gate.hidden and screen.gate.seat == 1


def test_bots_only_watch_the_whole_game():
    screen = PlayScreen(TINY, seats=["easy", "easy"], seed=4)
    assert screen.game.is_over and screen.replay is not None


def test_the_new_game_form_starts_the_game_it_shows():
    screen = PlayScreen(TINY, seats=["person", "easy"], seed=4)
    screen.setup.ensure()
    screen._option_inputs["players"].value = 1  # the second choice: 3 players
    assert len(screen._seat_rows) == 3
    screen._seat_rows[1][0].value = "person"
    screen._seat_rows[1][1].value = "Bo"
    screen.seed_input.value = "77"
    screen.new_game_from_form()
    assert screen.game.players == 3 and screen.game.seed == 77
    assert screen.seat_kinds == ["person", "person", "easy"]
    assert screen.names == ["Seat 1", "Bo", "Cal (bot, easy)"]
    screen.seed_input.value = "seven"
    screen.new_game_from_form()
    assert screen.game.seed == 77 and "whole number" in screen.status.value


@pytest.mark.parametrize("key", ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"])
def test_the_table_names_each_bot_with_its_level(key):
    """Newcomer finding: the row of players at the top of the table did not say how strong
    each bot was.  Every bot's name says its level, on the table and in every language; a
    bot the person names keeps its mark and level."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.ui.play_screen import play_kit

    kit = play_kit(key)
    players = 2 if key == "fistful_of_gold" else 3
    levels = ["hard", "medium", "easy"][:players]
    options = {} if key == "fistful_of_gold" else {"players": players}  # a duel
    screen = PlayScreen(kit, seats=levels, seed=3, **options)
    wanted = ["Ada (bot, hard)", "Bea (bot, medium)", "Cal (bot, easy)"][:players]
    assert screen.names == wanted and screen.board.names == wanted
    with language("fr"):
        assert screen.board.names[0] == "Ada (robot, difficile)"
    assert screen.board.names == wanted
    screen.setup.ensure()
    screen._seat_rows[0][1].value = "Rex"
    screen.new_game_from_form()
    assert screen.names[0] == "Rex (bot, hard)"


@pytest.mark.parametrize("key", ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"])
def test_the_end_of_a_game_is_said_once_in_the_status_line(key):
    """Newcomer finding: the end was said three times (the status line, the table's own
    line, and the replay's table or the round summary).  The status line says it, once,
    with how the game was won; neither table on the page says it again."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.ui.play_screen import play_kit

    options = {} if key == "fistful_of_gold" else {"players": 2}
    screen = PlayScreen(play_kit(key), seats=["person", "easy"], seed=3, **options)
    screen.autoplay()
    said = re.compile(r"Game over|is over|wins? the game|first place", re.I)
    for code in ("en", "fr"):
        with language(code):
            assert screen.status.value.count("Game over" if code == "en" else "terminée") == 1
            for board in (screen.board, screen.replay_board):
                table = getattr(board, "table", board)  # Tycoon's board holds its table
                words = [getattr(table, "message", "")]
                for trait in ("view", "_view"):
                    view = getattr(table, trait, None) or {}
                    words += [view.get("message", ""), view.get("status", "")]
                    words += [json.dumps(view.get("summary", {}).get("result"))]
                assert not any(said.search(str(w)) for w in words if w), words
    if key == "fistful_of_gold":  # how it was won, in the game's words
        assert re.search(r"Game over\. .+ wins? the game (with|on gold)", screen.status.value)


@pytest.mark.parametrize("key", ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"])
def test_at_the_end_hint_gives_way_to_the_review_and_a_new_game_brings_it_back(key):
    """Newcomer finding: Hint stayed pressable after the end and only said "A hint is for
    your turn".  At the end the coach's panel says the review goes through the moves."""
    from tabletop_widgets.ui.play_screen import play_kit

    options = {} if key == "fistful_of_gold" else {"players": 2}
    screen = PlayScreen(play_kit(key), seats=["person", "easy"], seed=3, **options)
    screen.autoplay()
    assert screen.game.is_over and screen.coach.button.layout.display == "none"
    assert "The game is over: press “Review my game”, further down the page" in (
        screen.coach.output.value
    )
    screen.new_game(seats=["person", "easy"], seed=4, **options)
    assert screen.coach.button.layout.display is None
    assert "The game is over" not in screen.coach.output.value


def test_a_game_in_progress_is_kept_in_the_browser_and_offered_after_a_reload():
    screen = PlayScreen(TINY, seats=["person", "easy"], seed=3)
    screen.play(screen.game.legal_moves(0)[0])
    kept = json.loads(screen.store.value)
    assert kept["moves"] == [str(m) for m in screen.game.history]
    # The page is reloaded: a new screen (a new kernel) gets what the browser kept.
    again = PlayScreen(TINY, seats=["person", "easy"], seed=99)
    assert again.store.dispatch({"type": "restored", "data": screen.store.value})
    assert again._resume.layout.display is None and "move" in again._resume.children[0].value
    again._resume.children[1].click()  # Go on with it
    assert again.game.history == screen.game.history and again.game.seed == 3
    assert again._resume.layout.display == "none"


def test_junk_from_the_browser_is_ignored_and_a_finished_game_is_forgotten():
    screen = PlayScreen(TINY, seats=["person", "easy"], seed=3)
    for junk in ('{"game": "tiny_pile", "moves": 3}', '"x"', "[1, 2]"):
        fresh = PlayScreen(TINY, seats=["person", "easy"], seed=3)
        assert fresh.store.dispatch({"type": "restored", "data": junk})
        assert fresh._resume.layout.display == "none"
    screen.autoplay()
    assert screen.game.is_over and screen.store.value == ""


def test_undo_deals_again_what_the_person_could_not_see():
    """Taking a move back must not show what was coming: the hidden cards are dealt again."""
    screen = PlayScreen(TINY, seats=["person", "easy"], seed=3)
    seen = screen.game.observation(0)
    screen.play(screen.game.legal_moves(0)[0])
    assert screen.undo()
    assert screen.game.observation(0) == seen  # nothing the person saw has changed
    assert screen.game.seed is None  # the rest was dealt again
    assert "shuffled again" in screen.status.value


@pytest.mark.parametrize("key", ["matchstick_tycoon", "chinese_ten", "fistful_of_gold"])
def test_a_stale_resume_offer_never_replaces_a_game_started_with_new_game(key):
    from tabletop_widgets.ui.play_screen import play_kit

    kit = play_kit(key)
    before = PlayScreen(kit, seed=3)
    saved = before.game.to_record(meta={"seats": before.seat_kinds, "names": before.names})
    # The offer is on screen, then the learner starts a new game with the form: it goes.
    screen = PlayScreen(kit, seed=5)
    assert screen.store.dispatch({"type": "restored", "data": json.dumps(saved)})
    assert screen._resume.layout.display is None
    screen.setup.ensure()
    screen.seed_input.value = "77"
    screen.new_game_from_form()
    assert screen.game.seed == 77
    assert screen._resume.layout.display == "none" and not screen._resume.children
    # The browser's answer comes late, after the new game began: no offer at all.
    late = PlayScreen(kit, seed=5)
    late.setup.ensure()
    late.seed_input.value = "78"
    late.new_game_from_form()
    assert late.store.dispatch({"type": "restored", "data": json.dumps(saved)})
    assert late._resume.layout.display == "none" and not late._resume.children
    assert late.game.seed == 78


def test_a_game_of_bots_alone_on_a_page_can_be_stopped_and_go_on():
    """Newcomer finding: a match of bots alone could not be stopped until it ended (about a
    minute for five deals): the bots played inside the click that started them, so no other
    click reached the kernel meanwhile.  On a page (the kernel's loop running) they play one
    move per turn of the loop: **Stop the bots** halts them after the move shown, the
    position stays on the table, the buttons work again, the status line says so and where
    the match stands; **Continue** lets them play on to the end."""
    import asyncio

    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    async def until(done, seconds: float = 60.0) -> None:
        for _ in range(int(seconds / 0.005)):
            if done():
                return
            await asyncio.sleep(0.005)
        raise AssertionError("timed out")

    async def scenario() -> None:
        screen = play_screen(seats=["person", "easy"], seed=3, players=2, bot_delay=0.005)
        screen.setup.ensure()
        start = screen._start_button
        assert screen.stop_button.layout.display == "none"  # a person plays: no Stop
        screen.new_game(seats=["easy", "easy"], players=2, seed=3, target=None, deals=2)
        # The call returned at once: the bots play on the loop, and Stop is offered.
        g = screen.game
        assert screen.bots_running and not g.is_over and len(g.history) <= 1
        assert screen.stop_button.layout.display is None and not screen.stop_button.disabled
        assert screen.stop_button.description == "Stop the bots"
        assert start.disabled and start.tooltip.endswith("or stop them.")
        assert "when you stop them." in screen.status.value
        await until(lambda: len(g.history) >= 6)
        assert "Deal 1 of 2. Totals so far:" in screen.status.value
        screen.stop_button.click()
        n = len(g.history)
        await asyncio.sleep(0.05)
        assert len(g.history) == n and not g.is_over  # no move after the Stop
        assert screen.stopped and not screen.bots_running
        status = screen.status.value
        assert f"You stopped the bots after move {n}. Deal 1 of 2. Totals so far:" in status
        assert "Press Continue to let them play on, or open New game" in status
        assert "Waiting for" not in status and "Game over" not in status
        assert screen.board._game is g and len(screen.board._game.history) == n
        # The table agrees: nobody is playing ("Bea is playing…" was left there).
        assert screen.board.paused and screen.board.message.endswith(" to play.")
        assert screen.stop_button.layout.display == "none"
        assert screen.continue_button.layout.display is None
        assert not start.disabled and not start.tooltip  # New game works again
        assert not screen.stop_bots()  # nothing left to stop
        # Continue: they play on to the end, which is shown as any game's end.
        screen.continue_button.click()
        assert screen.bots_running and not screen.stopped and not screen.board.paused
        assert screen.continue_button.layout.display == "none"
        await until(lambda: not screen.bots_running)
        assert g.is_over and "Game over." in screen.status.value and screen.replay is not None
        assert screen.stop_button.layout.display == "none" and not start.disabled
        # A new game started while the bots play ends their game for good.
        screen.new_game(seats=["easy", "easy"], players=2, seed=4, target=None, deals=2)
        old = screen.game
        await until(lambda: len(old.history) >= 2)
        start.click()  # Python's click (held on the page: there, Load a saved game does it)
        await asyncio.sleep(0.05)
        assert not screen.bots_running and screen.game is not old and screen.people == [0]
        moves = len(old.history)
        await asyncio.sleep(0.05)
        assert len(old.history) == moves

    asyncio.run(scenario())


def test_bots_alone_outside_a_page_play_to_the_end_at_once():
    """In a script or a test (no event loop running) a game of bots alone is played to its
    end by the call that starts it, as before: nothing to stop."""
    screen = PlayScreen(TINY, seats=["easy", "easy"], seed=3, bot_delay=0.001)
    assert screen.game.is_over and not screen.bots_running and not screen.stopped
    assert screen.stop_button.layout.display == "none" and "Game over." in screen.status.value


def test_at_the_end_the_table_keeps_the_final_position_and_the_replay_opens_at_the_start():
    """Newcomer finding: at the end of a game the table kept the final position and the
    replay under it opened at its last move, so the same position was shown twice, one
    table over the other.  The table keeps the end (where the learner saw the game end);
    the replay opens at the game's first position, ready to play it from the beginning."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    for screen in (
        PlayScreen(TINY, seats=["person", "easy"], seed=3),
        play_screen(seats=["person", "easy"], seed=3, players=2, target=None),
    ):
        shown = []
        screen.autoplay()
        g, replay = screen.game, screen.replay
        assert g.is_over and replay is not None and replay.index == 0
        assert replay.game_at.history == () and len(replay.moves) == len(g.history) > 0
        board = getattr(screen.board, "_game", None)
        assert board is None or board is g  # the table: the final position
        if hasattr(screen.replay_board, "_game"):
            assert len(screen.replay_board._game.history) == 0  # the replay's table: the start
        replay.on_view(lambda game, shown=shown: shown.append(len(game.history)))
        assert replay.dispatch({"type": "play", "on": True}) and replay.playing
        assert replay.index == 0 and shown[-1] == 0  # ▶ plays from the start, not "again"
        assert replay.dispatch({"type": "step", "by": 1}) and shown[-1] == 1


def test_a_change_of_language_at_the_end_keeps_the_review_button_and_one_replay_title():
    """Found while reading the end of a game: a change of language there put the replay's
    title in the place of the row of Review buttons (Review my game was gone) and left the
    old title, in the old language, above the replay.  Both are said again in place."""
    import ipywidgets as w

    from tabletop_widgets.core.i18n import language

    screen = PlayScreen(TINY, seats=["person", "easy"], seed=3)
    screen.autoplay()
    before = screen._after.children

    def titles() -> list[str]:
        return [c.value for c in screen._after.children if "<h3>" in getattr(c, "value", "")]

    def review() -> list[str]:
        rows = [c for c in screen._after.children if isinstance(c, w.HBox)]
        return [b.description for row in rows for b in row.children]

    assert titles() == ["<h3>Replay the game</h3>"] and review() == ["Review my game"]
    with language("fr"):  # the screen is told, as by the page's language menu
        assert screen._after.children == before  # the same parts, in the same order
        assert len(titles()) == 1 and "Replay the game" not in titles()[0]
        assert review() and review() != ["Review my game"]
    assert titles() == ["<h3>Replay the game</h3>"] and review() == ["Review my game"]
