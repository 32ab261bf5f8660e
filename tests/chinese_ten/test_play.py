"""The Chinese Ten play page: one deal by default, a pause with the scores between deals,
options in words, the totals chart after a match."""

from __future__ import annotations

import html
import re

import pytest

from tabletop_widgets.games.chinese_ten.screens.play import KIT, deal_pause, play_screen


def test_one_deal_against_two_bots_by_default():
    screen = play_screen(seats=["person", "easy", "medium"], seed=6)
    g = screen.game
    assert g.players == 3 and g.options.target is None and g.options.deals == 1
    assert screen.acting == 0 and screen.board.shown_seat == 0
    screen.board.dispatch({"type": "move", "text": str(g.legal_moves(0)[0])})
    assert g.movers[0] == 0 and (screen.acting == 0 or g.is_over)
    screen.autoplay()
    assert g.is_over and "Game over." in screen.status.value and "points" in screen.status.value


def test_a_match_pauses_with_the_scores_between_deals():
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    assert len(g.deal_points) == 1 and not g.is_over
    assert "Deal 1 is over" in screen.status.value and "You" in screen.status.value
    with pytest.raises(Exception, match="Continue"):
        screen.play(g.legal_moves()[0] if g.legal_moves() else "x")
    screen.continue_button.click()
    assert screen.paused is None
    screen.autoplay()
    assert g.is_over and len(g.deal_points) == 2
    assert any(type(x).__name__ == "LazySection" for x in screen._after.children)


def test_settled_scores_only_with_a_few_deals():
    screen = play_screen(seats=["person", "easy"], seed=1, players=2)
    screen.setup.ensure()
    form = screen._option_inputs
    form["settle"].value = 1
    form["length"].value = 2  # a match to 500 points
    screen.new_game_from_form()
    assert "Settled scores grow slowly" in screen.status.value and not screen.game.options.settle
    form["length"].value = 1  # three deals
    screen.new_game_from_form()
    assert screen.game.options.settle and screen.game.options.deals == 3


def test_the_form_shows_the_options_of_the_game_in_words():
    screen = play_screen(
        seats=["person", "easy"], seed=1, players=2, scoring="red_frog_black_frog", target=500
    )
    screen.setup.ensure()
    labels = {f.name: f.choices[screen._option_inputs[f.name].value][0] for f in KIT.options}
    assert labels == {
        "players": "2",
        "scoring": "Red Frog Black Frog: black cards score",
        "length": "A match to 500 points",
        "settle": "Points as captured",
    }


def test_no_pause_when_the_game_ends():
    screen = play_screen(seats=["easy", "easy"], seed=2, players=2)
    assert screen.game.is_over and deal_pause(screen.game, screen.names) is None


def test_a_click_during_the_pause_is_refused_in_words():
    # The second seat leads the second deal: the person's hand is there during the pause.
    screen = play_screen(seats=["easy", "person"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    assert screen.acting == 1
    board, before = screen.board, g.history
    assert not board.dispatch({"type": "move", "text": str(g.legal_moves(1)[0])})
    assert board.error.startswith("The ") and board.error.endswith(
        " was not played: press Continue first."
    )
    assert g.history == before


def test_a_bot_dealer_says_its_level_and_the_deal_in_one_pair_of_brackets():
    from tabletop_widgets.core.i18n import language

    screen = play_screen(seats=["person", "hard", "medium"], seed=3)
    dealer = screen.game.position.dealer
    heads = [s["label"] for s in screen.board._view["seats"]]
    level = screen.seat_kinds[dealer]
    if level == "person":
        assert heads[dealer] == "You (dealer)"
    else:
        assert heads[dealer] == f"{screen.names[dealer][:-1]}, dealer)", heads
    assert [h for i, h in enumerate(heads) if i != dealer and i] == [
        n for i, n in enumerate(screen.names) if i != dealer and i
    ]
    with language("ca"):
        assert "Bea (robot, difícil" in screen.board._view["seats"][1]["label"]


def test_not_your_turn_reads_well():
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    assert g.to_move == 1 and screen.board.shown_seat == 0
    assert not screen.board.dispatch({"type": "select", "index": 0})
    assert screen.board.error == "It is Bea (bot, easy)'s turn, not yours."


def test_the_replay_explains_its_notation():
    screen = play_screen(seats=["person", "easy", "medium"], seed=6)
    screen.autoplay()
    notes = [x.value for x in screen._after.children if hasattr(x, "value")]
    note = next(n for n in notes if "written short" in n)
    assert "<b>T for ten</b>" in note and "rules.ipynb#notation" in note


def test_the_replay_lists_the_moves_in_words_with_who_made_them_and_the_notation_aside():
    """Newcomer findings: the replay's list read "8D x 2D", then, in the coach's words, "Play
    the king of diamonds…" for a bot's move, which read as advice.  Each move is said as
    the table's log says it, with who made it (in the page's language); the notation,
    taught beside the replay, stays as each move's tooltip."""
    from tabletop_widgets.core.i18n import language

    screen = play_screen(seats=["person", "easy", "medium"], seed=6)
    screen.autoplay()
    replay, game = screen.replay, screen.game
    history, movers, names = game.history, game.movers, screen.names
    assert replay.notations == [str(m) for m in history]
    assert not any(str(m) in text for m, text in zip(history, replay.moves, strict=True))
    for i, text in enumerate(replay.moves):
        who = "You" if movers[i] == screen.people[0] else names[movers[i]]
        assert text.startswith(who + " "), (who, text)
    capture = next(
        i for i, m in enumerate(history) if m.captures and not m.stock and movers[i] != 0
    )
    bot = names[movers[capture]]
    assert re.match(re.escape(bot) + r" plays the .+ and captures the ", replay.moves[capture])
    mine = next(i for i, m in enumerate(history) if movers[i] == 0 and not m.stock)
    assert replay.moves[mine].startswith("You play the ")
    with language("fr"):
        assert replay.moves[mine].startswith("Vous ")
    assert replay.moves[mine].startswith("You play the ")


def test_a_new_game_after_a_finished_one_hides_the_other_hands_again():
    """The end of a game turns every hand face up; the next game must not inherit that."""
    screen = play_screen(seats=["person", "easy"], seed=3, players=2)
    screen.autoplay()
    assert screen.game.is_over and screen.board.reveal
    screen.new_game(seats=["person", "easy"], seed=4, players=2)
    seats = screen.board._view["seats"]
    assert seats[0]["hand"] is not None and seats[1]["hand"] is None


def test_options_the_engine_refuses_are_said_in_words():
    """Red Frog Black Frog, settled, 3 players: the engine's refusal names the option as the
    form labels it and its rule (a link), never the engine's field name."""
    screen = play_screen(seats=["person", "easy", "medium"], seed=4)
    screen.setup.ensure()
    screen._option_inputs["scoring"].value = 1  # Red Frog Black Frog
    screen._option_inputs["settle"].value = 1  # settled against the tie score
    screen._option_inputs["players"].value = 1  # 3 players
    seed = screen.game.seed
    screen.new_game_from_form()
    said = screen.status.value
    assert screen.game.seed == seed  # nothing changed
    assert "options." not in said and "settle " not in said.replace("settle against", "")
    assert "The choice for Scores cannot be played: the " in said
    assert 'href="rules.ipynb#CT-6"' in said


def test_a_refusal_of_the_form_says_what_would_work():
    """The refusal says which choices make a game -- found with the engine, not typed: 2
    players settle the 218 points of Red Frog Black Frog (109 each), 3 and 4 do not."""
    screen = play_screen(seats=["person", "easy", "medium"], seed=4)
    screen.setup.ensure()
    screen._option_inputs["scoring"].value = 1  # Red Frog Black Frog
    screen._option_inputs["settle"].value = 1  # settled against the tie score
    screen._option_inputs["players"].value = 1  # 3 players
    screen.new_game_from_form()
    said = html.unescape(re.sub(r"<[^>]+>", "", screen.status.value))
    assert said.endswith(
        "(CT-6). To play, choose Players “2”, Scoring “Standard: red cards score” or "
        "Scores “Points as captured”."
    )
    assert "“4”" not in said  # 218 does not split among 4 either
    screen._option_inputs["players"].value = 2  # 4 players: the same choices would work
    screen.new_game_from_form()
    assert "Players “2”" in screen.status.value
    screen._option_inputs["players"].value = 0  # 2 players: it is dealt
    screen.new_game_from_form()
    assert screen.game.players == 2 and screen.game.options.settle


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({}, "Chinese Ten: red cards score · Points as captured"),
        (
            {"players": 2, "scoring": "red_frog_black_frog", "settle": True},
            "Red Frog Black Frog: black cards score · Settled against the tie score of 109 points",
        ),
    ],
)
def test_the_table_says_the_variant_and_the_scoring_in_play(options, line):
    """A learner never plays a whole Red Frog Black Frog game without being told that
    black cards score and that a deal is settled: the table's first line says so."""
    seats = ["person"] + ["easy"] * (options.get("players", 3) - 1)
    screen = play_screen(seats=seats, seed=4, **options)
    assert screen.board._view["scoring_line"] == line
    screen.autoplay()
    assert screen.board._view["scoring_line"] == line  # the game over still says it


def test_settled_scores_are_said_as_settled_points_at_the_end():
    screen = play_screen(
        seats=["person", "easy"], seed=4, players=2, scoring="red_frog_black_frog", settle=True
    )
    screen.autoplay()
    said = screen.status.value
    assert "Game over." in said and "settled points)" in said
    plain = play_screen(seats=["person", "easy"], seed=4, players=2)
    plain.autoplay()
    assert "settled" not in plain.status.value and " points)" in plain.status.value


def test_the_intro_holds_for_any_options():
    """The page's introduction does not promise one deal, two bots or the first move."""
    from tabletop_widgets.games.chinese_ten.screens.play import INTRO

    for promise in ("One deal", "two bots", "you play first"):
        assert promise not in INTRO
    assert "New game" in INTRO


def test_between_deals_the_status_and_the_table_agree():
    """The next deal is dealt at once: the status says so, and the table says it waits
    for Continue -- never that a bot "is playing" while nothing moves."""
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    assert g.to_move == 1 and len(g.deal_points) == 1  # Bea leads deal 2, dealt already
    status = screen.status.value
    assert "Deal 1 is over" in status and "The cards of deal 2 are dealt: press Continue" in status
    assert "to deal the cards" not in status
    board = screen.board
    assert board.paused and board.message == (
        "The cards of deal 2 are dealt: press Continue to play it."
    )
    assert "playing" not in board.message and not board._view["can_act"]
    screen.continue_button.click()
    assert not board.paused and "press Continue" not in board.message


def test_the_replay_list_marks_where_each_deal_of_a_match_starts():
    """Newcomer finding: in the replay of a match the list of moves ran on from one deal to
    the next with nothing to say where deal 2 began.  A line "Deal 2" (counted from 1)
    stands before the first move of each deal after the first; one deal has none."""
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=3, target=None)
    screen.autoplay()
    game, replay = screen.game, screen.replay
    assert len(game.deal_points) == 3 and len(replay.headings) == len(replay.moves)
    marked = {i: text for i, text in enumerate(replay.headings) if text}
    # The first move of deal k is the move after the one whose events deal it.
    starts = [
        n
        for n in range(1, len(game.history))
        if game.replay(n).deal_number != game.replay(n - 1).deal_number
    ]
    assert marked == {n: f"Deal {game.replay(n).deal_number + 1}" for n in starts}
    assert list(marked.values()) == ["Deal 2", "Deal 3"]
    one = play_screen(seats=["person", "easy"], seed=3, players=2, target=None)
    one.autoplay()
    assert one.replay.headings == [""] * len(one.replay.moves)


def test_the_replay_shows_a_deals_last_move_as_the_deal_ended():
    """Newcomer finding: in the replay of a match, stepping to the last move of a deal
    showed the next deal freshly dealt, so that move's capture could not be seen.  The
    replay's table shows the deal as it ended: the last capture in a pile, every card
    captured, the deal's points and the totals after it; the next move shows the next
    deal.  The live game is untouched."""
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=3, target=None)
    screen.autoplay()
    game, replay, board = screen.game, screen.replay, screen.replay_board
    ends = [n for n in range(1, len(game.history)) if game.replay(n).ended_a_deal()]
    assert len(ends) == 2
    for deal, n in enumerate(ends):
        replay.go(n)
        view = board._view
        assert board.game is replay.game_at and board.game.deal_number == deal + 1
        assert view["deal"] == deal and view["layout"] == [] and view["stock"] == 0
        assert all(s["hand"] == [] for s in view["seats"])
        points = list(game.deal_points[deal])
        assert [s["points"] for s in view["seats"]] == points and sum(points) == 210
        assert view["deal_points"] == [list(d) for d in game.deal_points[: deal + 1]]
        # The last move's capture is drawn (and animated) into its pile.
        last = [e for e in view["last"]["events"] if e["kind"] in ("play", "turn")]
        assert last and last[-1]["captures"]
        assert last[-1]["captures"][0] in view["seats"][last[-1]["seat"]]["pile"]
        assert {e["kind"] for e in view["last"]["events"]} <= {"play", "turn", "deal_end"}
        assert view["log"][-1].startswith(f"Deal {deal + 1} ends. Points: ")
        assert not any(line.startswith(f"Deal {deal + 2}:") for line in view["log"])
        assert board.message == (
            f"Deal {deal + 1} is over. Points in this deal: You {points[0]} and "
            f"Bea (bot, easy) {points[1]}."
        )
        replay.go(n + 1)  # the next deal's first move: the new deal on the table
        assert board._view["deal"] == deal + 1 and board._view["stock"] < 24
        assert "is over" not in board.message
    # The live table, and the game itself, are as they were.
    assert game.is_over and len(game.deal_points) == 3 and screen.board.game is game
    assert not screen.board.show_deal_end


def test_the_replay_says_a_deals_start_under_its_heading():
    """Newcomer finding: the last move of deal 1 read "… Deal 1 ends. Points: … Deal 2: You
    deal. Bea plays first…" above the list's "Deal 2" line.  The deal's start opens the
    first move under the heading; the move before ends with the deal's end."""
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=3, target=None)
    screen.autoplay()
    replay = screen.replay
    starts = [i for i, text in enumerate(replay.headings) if text]
    assert len(starts) == 2
    for deal, i in enumerate(starts, start=2):
        assert re.search(r"Deal \d ends\. Points: [^.]+\.$", replay.moves[i - 1])
        assert "deals." not in replay.moves[i - 1] and f"Deal {deal}:" not in replay.moves[i - 1]
        assert re.match(rf"Deal {deal}: (You deal|Bea \(bot, easy\) deals)\. ", replay.moves[i])
        assert re.search(r" plays? first: ", replay.moves[i])
    assert sum("deals." in m or "You deal." in m for m in replay.moves) == 2


def _html_in(widget) -> list[str]:
    """Every HTML text under ``widget`` (its children's, all the way down)."""
    out = [widget.value] if type(widget).__name__ == "HTML" else []
    for child in getattr(widget, "children", ()):
        out += _html_in(child)
    return out


def test_the_form_explains_settled_scores_in_words_on_any_screen():
    """Newcomer finding: "Settled against the tie score" was not explained (only a vague
    tooltip, which a touch screen never shows).  A line under the form's options says
    what it means, with numbers the engine agrees with (CT-6); the tooltip says it too."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.chinese_ten.position import Options, deal_scores
    from tabletop_widgets.games.chinese_ten.screens.play import SETTLE_NOTE

    screen = play_screen(seats=["person", "easy", "easy"], seed=1)
    screen.setup.ensure()
    notes = [h for h in _html_in(screen.setup) if "tt-option-note" in h]
    assert len(notes) == 1
    said = html.unescape(re.sub("<[^>]+>", "", notes[0]))
    assert said == SETTLE_NOTE and said.startswith("Settled against the tie score: ")
    settle = next(f for f in KIT.options if f.name == "settle")
    assert "Settled against the tie score" in [label for label, _v in settle.choices]
    assert "tie score" in screen._option_inputs["settle"].tooltip
    assert "difference" in screen._option_inputs["settle"].tooltip
    # The example is the engine's: 3 players share 240 points, 80 each; 120 and 50 points
    # count +40 and -30.  Where the 240 comes from is said (a 3-player deal's points).
    three = Options(3, "standard", True)
    assert three.deal_total == 240 and "with three players the cards that score are" in said
    assert "worth 240 points in all, so the tie score is 240 ÷ 3 = 80" in said
    assert three.tie_score == 80 and "240 ÷ 3 = 80" in said
    assert deal_scores(three, (120, 50, 70)) == (40, -30, -10)
    assert "120 points count +40, 50 points count −30" in said
    # Only the options that have such a line have one (the others' labels say enough).
    assert [f.name for f in KIT.options if f.note] == ["settle"]
    with language("fr"):
        screen.setup.rebuild()
        assert any("tt-option-note" in h for h in _html_in(screen.setup))


def test_the_notation_note_works_with_a_mouse_and_a_touch_screen():
    """Newcomer finding: "Point at a move…" needs a mouse.  The note says point at or tap:
    a tapped move is the one the replay shows, and the stepper writes the shown move's
    notation beside its words (stepper.js), as the tooltip does when pointing."""
    from tabletop_widgets.games.chinese_ten.screens.play import NOTATION_NOTE
    from tabletop_widgets.ui.stepper import ReplayStepper

    assert "Point at or tap a move in the replay to see it written short" in NOTATION_NOTE
    assert "n === i + 1 && notations[i]" in ReplayStepper._esm
    screen = play_screen(seats=["person", "easy"], seed=3, players=2)
    screen.autoplay()
    screen.replay.dispatch({"type": "goto", "n": 3})  # what a tap on move 3 sends
    assert screen.replay.index == 3
    assert screen.replay.notations[2] == str(screen.game.history[2])


def test_the_settled_note_shows_only_while_settled_scores_are_chosen():
    """Newcomer finding: the sentence explaining "Settled against the tie score" showed
    under "Points as captured" too.  It follows the Scores drop-down, and a form built
    again (a new language) still does."""
    from tabletop_widgets.core.i18n import language

    screen = play_screen(seats=["person", "easy", "easy"], seed=1)
    screen.setup.ensure()
    settle = screen._option_inputs["settle"]
    assert settle.label == "Points as captured"
    assert screen.settle_note.layout.display == "none"
    settle.value = 1
    assert settle.label == "Settled against the tie score"
    assert screen.settle_note.layout.display is None
    settle.value = 0
    assert screen.settle_note.layout.display == "none"
    # A settled game's form opens on the settled choice: its note shows at once.
    settled = play_screen(seats=["person", "easy"], seed=1, players=2, settle=True, deals=3)
    settled.setup.ensure()
    assert settled.settle_note.layout.display is None
    with language("fr"):
        screen.setup.rebuild()
        assert screen.settle_note.layout.display == "none"
        screen._option_inputs["settle"].value = 1
        assert screen.settle_note.layout.display is None


def test_the_settled_score_table_adds_up_to_its_total():
    """Newcomer finding: "Settled scores, deal by deal" listed each deal's raw points
    ("1: 77 / 69 / 94") under settled totals ("Total: -18 / -44 / 62"): the rows did not
    add up.  Each row says the deal's settled score (the engine's), the points beside it;
    the rows add up to the total, written with a real minus sign; the seat boxes say the
    deal's settled score and that the total is settled (CT-6)."""
    from tabletop_widgets.games.chinese_ten.position import deal_scores

    screen = play_screen(seats=["easy", "easy", "easy"], seed=2, settle=True, deals=3, target=None)
    screen.autoplay()
    game, view = screen.game, screen.board._view
    assert game.is_over and len(game.deal_points) == 3
    cells = view["score_cells"]
    o = game.options
    settled = [deal_scores(o, d) for d in game.deal_points]
    for row, points, scores in zip(cells["rows"], game.deal_points, settled, strict=True):
        for cell, n, s in zip(row, points, scores, strict=True):
            sign = "+" if s > 0 else "−" if s < 0 else ""
            assert cell == f"{sign}{abs(s)} ({n} points)"
    totals = [sum(col) for col in zip(*settled, strict=True)]
    assert totals == list(game.totals)
    assert cells["total"] == [str(t).replace("-", "−") for t in totals]
    assert "-" not in "".join(cells["total"] + [c for r in cells["rows"] for c in r])
    # The seat boxes: the last deal's points, its settled score, the settled total.
    for s, seat in enumerate(view["seats"]):
        last = settled[-1][s]
        sign = "+" if last > 0 else "−" if last < 0 else ""
        total = str(game.totals[s]).replace("-", "−")
        assert seat["score"] == (
            f"{game.deal_points[-1][s]} points this deal (settled {sign}{abs(last)}) · "
            f"settled total {total}"
        )
    # Mid-deal, the settled total is said, and the deal's points so far as points.
    live = play_screen(seats=["person", "easy"], seed=2, players=2, settle=True, deals=3)
    v = live.board._view
    assert v["seats"][0]["score"] == "0 points this deal · settled total 0"
    assert v["score_cells"]["so_far"] == ["0 points", "0 points"]
    # Points as captured: the rows are the points, plain numbers, as before.
    plain = play_screen(seats=["easy", "easy"], seed=2, players=2, deals=2, target=None)
    plain.autoplay()
    pv = plain.board._view
    assert pv["score_cells"]["rows"] == [[str(n) for n in d] for d in plain.game.deal_points]
    assert pv["score_cells"]["total"] == [str(t) for t in plain.game.totals]
    assert pv["seats"][0]["score"].endswith(f"points this deal · total {plain.game.totals[0]}")
