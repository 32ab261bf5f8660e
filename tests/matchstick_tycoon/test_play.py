"""The Matchstick Tycoon play page: your hand under the table, bots, hot-seat, the form."""

from __future__ import annotations

import json

from tabletop_widgets.games.matchstick_tycoon import DISCARD, MatchstickTycoon
from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen


def test_a_play_from_the_hand_is_played_and_the_bots_answer():
    screen = play_screen(seats=["person", "easy", "medium"], seed=7)
    board, g = screen.board, screen.game
    assert board.hand.seat == screen.acting == g.to_move
    move = g.legal_moves(g.to_move)[0]
    assert board.hand.dispatch({"type": "choose_play", "move": str(move)})
    assert board.hand.dispatch({"type": "play", "version": board.hand.version})
    assert screen.acting == g.to_move or g.is_over
    assert 0 in g.movers


def test_a_second_click_on_pass_does_not_pass_twice():
    screen = play_screen(seats=["person", "medium"], seed=3, players=2)
    g, hand = screen.game, screen.board.hand
    while g.position.table is None:  # until someone leads and it is our turn to answer
        hand.dispatch({"type": "choose_play", "move": str(g.legal_moves(0)[0])})
        hand.dispatch({"type": "play", "version": hand.version})
        if g.is_over:
            return
    shown = hand.version
    sticks = g.position.sticks[0]
    assert hand.dispatch({"type": "pass", "version": shown})
    passes = sum(1 for m, s in zip(g.history, g.movers, strict=True) if s == 0 and str(m) == "pass")
    assert not hand.dispatch({"type": "pass", "version": shown})  # the double click: dropped
    again = sum(1 for m, s in zip(g.history, g.movers, strict=True) if s == 0 and str(m) == "pass")
    assert again == passes and hand.error == ""
    assert g.position.sticks[0] >= sticks


def test_an_empty_hand_discards_with_the_button():
    game = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [[], ["8", "3"]],
            "sticks": [2, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    screen = play_screen(seats=["person", "easy"], seed=1)
    screen.start(game, seats=["person", "easy"])
    assert screen.game.legal_moves(0) == (DISCARD,)
    assert screen.board.discard.layout.display is None and screen.board.hand.layout.display is None
    screen.board.discard.click()
    assert screen.game.history[0] is DISCARD


def test_hot_seat_hides_the_hand_between_people():
    screen = play_screen(seats=["person", "person"], seed=3, players=2)
    assert screen.gate.hidden and screen.board.hand.layout.display == "none"
    screen.gate.reveal()
    seat = screen.game.to_move
    assert screen.board.hand.seat == seat and screen.board.hand.layout.display is None
    screen.play(screen.game.legal_moves(seat)[0])
    if not screen.game.is_over and screen.game.to_move != seat:
        assert screen.gate.hidden and screen.names[screen.game.to_move] in screen.gate.cover_text


def test_the_form_starts_a_five_player_game_with_the_expansion():
    screen = play_screen(seats=["person", "easy", "easy"], seed=2)
    screen.setup.ensure()
    screen._option_inputs["players"].value = 3  # the fourth choice: 5 players
    screen._option_inputs["expansion"].value = 1
    assert len(screen._seat_rows) == 5
    screen.seed_input.value = "11"
    screen.new_game_from_form()
    g = screen.game
    assert (g.players, g.expansion, g.seed) == (5, 2, 11)
    assert screen.seat_kinds[0] == "person"


def test_a_named_bot_keeps_its_mark_and_a_new_game_starts_with_no_stale_value():
    """Newcomer findings: a bot named in the New game form lost its "(bot)"; the value
    picked in Make stayed after a play and into a new game; the end said Game over twice."""
    from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen

    s = play_screen(seats=["person", "easy", "medium"], seed=5)
    s.setup.ensure()
    s._seat_rows[1][1].value = "Rex"
    s._seat_rows[0][1].value = "Ann"
    s.new_game_from_form()
    assert s.names[:2] == ["Ann", "Rex (bot, easy)"]
    assert "Rex (bot, easy)" in [seat["name"] for seat in s.board.table.seats]
    hand = s.board.hand
    s.names = ["You", *s.names[1:]]
    for _move in range(200):  # on to a turn of the person's with a play to make
        if s.game.to_move == 0 and any(m.is_play for m in s.game.legal_moves()):
            break
        s.game.play(s.game.legal_moves()[0])
    s.board.show(s.game, 0)
    value = next(v for v in hand.values if v)
    hand.dispatch({"type": "choose_value", "value": value})
    assert hand.target == value
    s.new_game(seats=["person", "easy", "medium"], seed=6)
    assert hand.target == ""
    s.autoplay()
    assert s.board.table.message == ""  # the screen's status says the places, once
    assert s.status.value.count("Game over") == 1


def test_a_new_game_with_fewer_seats_after_a_bigger_one():
    from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen

    s = play_screen(seats=["person", "easy", "medium", "easy"], seed=5)
    s.new_game(seats=["person", "easy"], seed=6, players=2)
    assert [seat["name"] for seat in s.board.table.seats] == ["You", "Bea (bot, easy)"]


def test_the_intro_and_the_deal_choice_are_true_for_any_table():
    """Newcomer findings: the intro said "You and two bots" with 4 players, and told to pick
    a value in the row Make: on turns with no such row (only Pass); the deal's choice said
    "15 each for 2–3 players" and a 4-player game dealt 14 each (the whole deck, MT-4)."""
    from tabletop_widgets.games.matchstick_tycoon.screens.play import INTRO, KIT

    assert "two bots" not in INTRO and "You and" not in INTRO
    assert "When you have a play, you may instead pick a value in the row <b>Make:</b>" in INTRO
    deal = next(f for f in KIT.options if f.name == "deal")
    assert deal.choices[0] == ("Usual: 15 each for 2–3 players, all the cards for 4–8", "default")
    for players, each in ((3, {15}), (4, {14}), (5, {11, 12})):
        screen = play_screen(seats=["person"] * players, seed=2, players=players)  # no bot moves
        screen.setup.ensure()
        assert screen._option_inputs["deal"].label.startswith("Usual: 15 each for 2–3 players")
        hands = screen.game.position.hands
        assert {len(h) for h in hands} == each and (players < 4 or sum(map(len, hands)) == 56)


def test_the_row_make_is_there_only_when_the_person_has_a_play():
    """The intro's "When you have a play …": on a turn with Pass only, no row Make: is drawn
    (the hand offers no values), on a turn with a play it is."""
    screen = play_screen(seats=["person", "easy", "medium"], seed=7)
    g, hand = screen.game, screen.board.hand
    seen = set()
    for _turn in range(300):
        if g.is_over or seen == {True, False}:
            break
        if screen.acting is not None:
            plays = any(m.is_play for m in g.legal_moves(screen.acting))
            seen.add(plays)
            assert hand._view["editable"] and bool(hand._view["values"]) == plays
        screen.play(g.legal_moves(screen.acting)[-1])
    assert seen == {True, False}


def test_the_replay_shows_your_hand_at_each_step():
    """The replay (and the review's picks on it) show the cards you held at that move, face
    up and with nothing to click: the coach's advice names them."""
    screen = play_screen(seats=["person", "easy", "medium"], seed=5)
    screen.autoplay()
    g, replay, board = screen.game, screen.replay, screen.replay_board
    assert g.is_over and replay is not None
    yours = [n for n, s in enumerate(g.movers) if s == 0]
    assert len(yours) > 3
    for n in [0, *yours[:3], yours[-1], len(g.history)]:
        replay.go(n)
        hand = board.hand
        held = list(g.replay(n).observation(0).hand)
        assert board.hand.layout.display is None and hand.seat == 0
        assert sorted(hand.cards) == sorted(held) and len(held) == len(hand._view["cards"])
        assert not hand.editable and not hand._view["editable"]  # no Make row, no Play
        assert "Select" not in hand.status and board.discard.layout.display == "none"
        assert screen.board.hand.editable  # the live hand stays the one to play with
    replay.go(yours[0])
    assert not board.hand.dispatch({"type": "select", "index": 0})  # only shown
    assert board.hand.selected == [] and len(g.history) == len(replay.moves)


def test_the_replay_list_says_each_move_in_words_with_who_made_it():
    """Newcomer findings: the replay's list read "42. pass 43. 2xA: A A 44. pass": whose?
    Then "Cal (bot, medium): 2x0: 0 0", notation the play page never taught.  Each move
    is said in words, with who made it, as the table's felt says a play ("Cal (bot,
    medium) played two cards acting as 0."); its notation, as the table's log writes it,
    stays the line's tooltip (the same function writes both, so they agree)."""
    import re

    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.matchstick_tycoon.widgets.table import log_line

    screen = play_screen(seats=["person", "easy", "medium"], seed=7)
    screen.autoplay()
    game, replay = screen.game, screen.replay
    assert replay.notations == [str(m) for m in game.history]
    kinds = set()
    for i, (text, move) in enumerate(zip(replay.moves, game.history, strict=True)):
        who = "You" if game.movers[i] == 0 else screen.names[game.movers[i]]
        said = {
            "pass": f"{who} passed and took a stick.",
            "discard": f"{who} discarded a stick.",
        }.get(move.kind)
        if said is None:
            assert re.fullmatch(
                re.escape(who) + r" played (a single|\w+ cards acting as) \w(, [\w ]+)?\.", text
            ), text
            assert f" {move.value}." in text or f" {move.value}, " in text
        else:
            assert text == said, text
        assert not re.search(r"\dx|: ", text), text  # no notation in the line itself
        # the table's log writes the same move, by the same seat, in notation
        assert log_line(game, i, screen.names) == f"{screen.names[game.movers[i]]}: {move}"
        kinds.add(move.kind)
    assert {"play", "pass"} <= kinds
    mine = game.movers.index(0)
    with language("fr"):
        assert replay.moves[mine].startswith("Vous avez ")
    assert replay.moves[mine].startswith("You ")


def test_the_better_move_on_the_replay_is_said_as_the_better_move_not_as_played():
    """Newcomer findings, "Show the better move" in the review: the replay's table said
    "You played …" of the coach's move (on the felt, and its log line read as a move made)
    while the caption said it was not played; and the hand under it said "Not your turn:
    Bea (bot, easy) is to move.", as if the replay waited for a move.  The felt and the log
    say it is your better move, not played; a replay's hand asks nothing of anyone (the
    table's message says what the table shows)."""
    from tabletop_widgets.core.i18n import language

    from .helpers import showing_a_better_move

    with language("en"):
        screen, panel, index, best = showing_a_better_move()
        board = screen.replay_board
        table = board.table
        assert table.log_not_played == len(table.log) - 1
        assert table.log[-1] == f"Your better move, not played: {best}"
        assert table.play["words"].startswith("Your better move, not played: ")
        assert table.play["text"] == best.text
        said = json.dumps([table.log, table.play, table.message])
        assert "You played" not in said and "You: " not in table.log[-1]
        assert "not played" in table.message  # the review's caption on the table
        assert board.hand.status == "" and "Not your turn" not in json.dumps(board.hand._view)
        # Back to the game: the move played is said as played again.
        panel.show_better()
        assert table.log_not_played == -1
        assert not any("better move" in line for line in table.log)
        # Every step of the replay: the shown hand never says whose turn it is not.
        for n in range(len(screen.game.history) + 1):
            screen.replay.go(n)
            assert board.hand.status == "", (n, board.hand.status)


def test_a_better_move_for_another_seat_names_it():
    """Several people at one screen: the review of another person's seat names them."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.matchstick_tycoon.widgets.table import (
        MatchstickTycoonTable,
        play_words,
    )

    g = MatchstickTycoon.new(players=2, seed=3)
    move = g.legal_moves()[0]
    g.play(move)
    table = MatchstickTycoonTable(names=["Ann", "Bo"])
    with language("en"):
        table.show_what_if(g, "The coach's move.")
        who = ["Ann", "Bo"][g.movers[-1]]
        assert table.log == [f"Better move for {who}, not played: {move}"]
        assert table.play["words"] == f"Better move for {who}, not played: {play_words(move)}"
        table.show(g)
        assert table.log == [f"{who}: {move}"]
        assert table.play["words"].startswith(f"{who} played ")
