"""The Chinese Ten table widget, Python side: every event, refusals, forged state, callbacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop_widgets.games.chinese_ten import ChineseTen, GreedyBot, Move
from tabletop_widgets.games.chinese_ten.screens.tutorial import stacked_game
from tabletop_widgets.games.chinese_ten.widgets import table as table_module
from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable, card_faces


def table_for(game: ChineseTen, **kwargs) -> tuple[ChineseTenTable, list[Move]]:
    """A table whose move callback plays on ``game`` and records what it was given."""
    played: list[Move] = []
    t = ChineseTenTable(game, **kwargs)

    def on_move(m: Move) -> None:
        played.append(m)
        game.play(m)

    t.on_move(on_move)
    return t, played


def snapshot(t: ChineseTenTable, g: ChineseTen) -> tuple:
    return (t.selected, list(t.targets), dict(t._view), g.history, g.position)


def choice_game() -> ChineseTen:
    # 7C can take 3S or 3H; 2S, 4C... take nothing.
    return stacked_game(["7C 2S 4C 6S JC 8D 9S TD", "", ""], "3S 3H KC QS", "8C")


# -- events -----------------------------------------------------------------


def test_select_highlights_the_engines_captures_and_toggles():
    g = choice_game()
    t, _ = table_for(g, seat=0)
    i = t.hand_index("7C")
    assert t.dispatch({"type": "select", "index": i})
    assert t.selected == i
    assert t.targets == sorted([t.layout_index("3S"), t.layout_index("3H")])
    assert t._view["selected"] == i and t._view["can_lay"]
    assert t.message == (
        "The seven of clubs can capture the three of spades or the three of hearts: "
        "click the one to take (capturing is compulsory, CT-3)."
    )
    assert t.dispatch({"type": "select", "index": i})  # again: deselect
    assert t.selected is None and t.targets == []


def test_capture_emits_the_chosen_move_and_refreshes():
    g = choice_game()
    t, played = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("7C")})
    assert t.dispatch({"type": "capture", "index": t.layout_index("3H")})
    assert played == [Move("7C", ("3H",))]
    assert g.history[0] == Move("7C", ("3H",))
    assert t.selected is None and t.error == ""
    assert t._view["last"]["n"] == 1
    assert t._view["last"]["events"][0] == {
        "kind": "play",
        "seat": 0,
        "card": "7C",
        "captures": ["3H"],
        "waiting": False,
    }


def test_lay_a_card_that_captures_nothing():
    g = choice_game()
    t, played = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("2S")})
    assert t.targets == []
    assert t.dispatch({"type": "lay"})
    assert played == [Move("2S")]


def test_a_card_that_must_capture_cannot_be_laid_down_and_the_table_says_why_once():
    """Capturing is compulsory (CT-3): with such a card selected the Lay button is drawn
    disabled, and the table says why once, in the message the learner reads (with the
    rule's id), not again beside the button; a lay event (the keyboard, an old page) is
    refused with the engine's sentence -- never silently dropped."""
    g = choice_game()
    t, played = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("7C")})
    view = t._view
    assert view["can_lay"] and view["lay_refused"].endswith("capturing is compulsory. (CT-3)")
    assert view["lay_refused"].startswith("The seven of clubs can capture")
    # Said once: in the message, with its rule; nothing beside the button.
    assert view["message"].count("compulsory") == 1 and "CT-3" in view["message"]
    assert view["lay_why"] == ""
    assert not t.dispatch({"type": "lay"})
    assert t.error == view["lay_refused"] and played == [] and g.history == ()
    t.dispatch({"type": "select", "index": t.hand_index("2S")})  # captures nothing
    assert t._view["can_lay"] and t._view["lay_refused"] == "" and t._view["lay_why"] == ""
    js = (Path(table_module.__file__).parent / "table.js").read_text()
    assert "view.can_lay && view.lay_refused" in js and "disabled: true" in js
    # The disabled button is described by the message when nothing is said beside it.
    assert "`${uid}-message`" in js and "if (view.lay_why)" in js


def test_a_fourth_card_that_cannot_be_laid_down_says_the_capture_rule_beside_the_button():
    """The fourth card of a rank (CT-4): the message says what to click, not that
    capturing is compulsory, so the engine's CT-3 refusal stays beside the disabled
    button -- the rule is said once there too."""
    g = stacked_game(["KH 2C 4S 6S 8C 9D TD JS", "", ""], "KS KD KC 3H", "9S")
    t, _ = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("KH")})
    view = t._view
    assert "(CT-4)" in view["message"] and "CT-3" not in view["message"]
    assert view["lay_why"] == view["lay_refused"] != ""
    assert view["lay_why"].endswith("(CT-3)")


def test_stock_choice_by_clicking_the_layout():
    g = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    t, played = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("2C")})
    t.dispatch({"type": "lay"})
    assert g.phase == "stock" and g.to_move == 0
    assert t._view["turned"] == "5D"
    assert t.targets == sorted([t.layout_index("5S"), t.layout_index("5H")])
    # No names given: the seats are "Seat 1" …; the person at the screen is addressed.
    assert t.message == (
        "Seat 1, you turned up the five of diamonds: it can capture the five of spades or "
        "the five of hearts. Click the one to take (CT-3)."
    )
    t.names = ["You", "Bea", "Cal"]
    assert t.message.startswith("You turned up the five of diamonds: it can capture")
    # Hand cards cannot be selected while the stock card waits.
    assert not t.dispatch({"type": "select", "index": 0})
    assert "(CT-3)" in t.error
    assert t.dispatch({"type": "capture", "index": t.layout_index("5H")})
    assert played[-1] == Move("5D", ("5H",), stock=True)


def test_fourth_card_takes_all_three():
    g = stacked_game(["KH 2C 4S 6S 8C 9D TD JS", "", ""], "KS KD KC 3H", "9S")
    t, played = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("KH")})
    assert len(t.targets) == 3 and "(CT-4)" in t.message
    assert t.dispatch({"type": "capture", "index": t.layout_index("KD")})
    assert played == [Move("KH", ("KS", "KD", "KC"))]


def test_move_event_from_the_legal_list():
    g = choice_game()
    t, played = table_for(g, seat=0)
    assert ["7C x 3H", "Play the seven of clubs and take the three of hearts"] in t._view["legal"]
    assert t.dispatch({"type": "move", "text": "7c x 3h"})
    assert played == [Move("7C", ("3H",))]


def test_deselect():
    g = choice_game()
    t, _ = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": 0})
    assert t.dispatch({"type": "deselect"}) and t.selected is None


# -- refusals: the rule in `error`, nothing changed ---------------------------


@pytest.mark.parametrize(
    "event, pattern",
    [
        ({"type": "select", "index": 8}, "There is no such card: your hand has 8 cards."),
        ({"type": "select", "index": -1}, "There is no such card"),
        ({"type": "capture", "index": 4}, "There is no such card on the layout: it has 4 cards"),
        ({"type": "capture", "index": 0}, "First click a card in your hand"),
        ({"type": "lay"}, "First click the card in your hand"),
        ({"type": "move", "text": "AH"}, "The ace of hearts is not in your hand. (CT-3)"),
        ({"type": "move", "text": "7C"}, "capturing is compulsory. (CT-3)"),
        ({"type": "move", "text": "7C x KC"}, "(CT-2)"),
        ({"type": "move", "text": "7C x 3S 3H"}, "sums of several cards do not count. (CT-2)"),
        ({"type": "move", "text": "stock 8C"}, "(CT-3)"),
        ({"type": "move", "text": "take it all"}, "(notation)"),
        ({"type": "select", "index": "0"}, "index must be int, not str"),
        ({"type": "select", "index": True}, "index must be int, not bool"),
        ({"type": "select"}, "missing field 'index'"),
        ({"type": "select", "index": 0, "card": "7C"}, "unexpected field 'card'"),
        ({"type": "play_all"}, "Unknown event"),
        ("select", "An event must be an object"),
    ],
)
def test_refused_events_change_nothing(event, pattern):
    g = choice_game()
    t, played = table_for(g, seat=0)
    before = snapshot(t, g)
    assert not t.dispatch(event)
    assert pattern in t.error
    assert snapshot(t, g) == before and played == []


def test_illegal_capture_quotes_the_engine():
    g = choice_game()
    t, played = table_for(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("7C")})
    before = snapshot(t, g)
    assert not t.dispatch({"type": "capture", "index": t.layout_index("KC")})
    assert t.error == (
        "The seven of clubs captures only a three (they make 10 together), "
        "not the king of clubs. (CT-2)"
    )
    assert snapshot(t, g) == before and played == []
    # Laying a card that can capture is refused too: capturing is compulsory.
    assert not t.dispatch({"type": "lay"})
    assert t.error.endswith("capturing is compulsory. (CT-3)")
    assert played == []


def test_not_your_turn_and_view_only_and_over():
    g = choice_game()
    t, played = table_for(g, seat=1)
    assert not t.dispatch({"type": "select", "index": 0})
    assert t.error == "It is Seat 1's turn, not Seat 2's."
    v, _ = table_for(g, seat=0, interactive=False)
    assert not v.dispatch({"type": "select", "index": 0})
    assert "only shows the game" in v.error
    assert not v._view["can_act"] and v._view["legal"] == []
    empty = ChineseTenTable()
    assert not empty.dispatch({"type": "lay"}) and "No game" in empty.error
    done = ChineseTen.new(players=2, seed=1, target=None)
    while not done.is_over:
        done.play(done.legal_moves()[0])
    o, _ = table_for(done, seat=0)
    assert not o.dispatch({"type": "select", "index": 0}) and "over" in o.error
    assert "is over" in o.message
    assert played == []


def test_forged_state_updates_are_refused():
    g = choice_game()
    t, _ = table_for(g, seat=0)
    before = snapshot(t, g)
    msg = {"content": {"data": {"method": "update", "state": {"_view": {"layout": []}}}}}
    t._handle_msg(msg)
    assert "Refused a direct change of _view" in t.error
    assert snapshot(t, g) == before
    t._handle_msg({"content": {"data": {"method": "update", "state": {"selected": 2}}}})
    assert t.selected is None


def test_callback_errors_are_shown_and_nothing_is_played():
    g = choice_game()
    t = ChineseTenTable(g, seat=0)
    t.dispatch({"type": "select", "index": t.hand_index("2S")})
    assert not t.dispatch({"type": "lay"})
    assert "nothing plays it" in t.error

    def refuse(move: Move) -> None:
        raise ValueError("not now")

    t.on_move(refuse)
    assert t.selected == t.hand_index("2S")  # a refusal keeps the selection
    assert not t.dispatch({"type": "lay"})
    assert t.error == "The two of spades was not played: not now" and g.history == ()
    t.on_move(refuse, remove=True)
    seen: list = []
    t.on_move(seen.append)
    t.dispatch({"type": "select", "index": t.hand_index("2S")})
    assert t.dispatch({"type": "lay"}) and seen == [Move("2S")]
    assert g.history == ()  # the widget never plays: the callback decides


# -- rendering state -----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rendering_state_per_player_count(players):
    g = ChineseTen.new(players=players, seed=players, target=None)
    t, _ = table_for(g, seat=0, names=["Ann", "Bo"])
    v = t._view
    assert v["players"] == players and len(v["seats"]) == players
    assert [s["name"] for s in v["seats"]] == (["Ann", "Bo", "Seat 3", "Seat 4"][:players])
    assert v["seats"][0]["hand"] == [str(c) for c in g.hand(0)]
    assert all(s["hand"] is None for s in v["seats"][1:])  # other hands are backs
    assert [s["count"] for s in v["seats"]] == [24 // players] * players
    assert v["stock"] == 24 and len(v["layout"]) == 4
    assert v["seats"][players - 1]["dealer"] and v["seats"][0]["to_move"]
    # Bots play the deal out; the view follows and each pile shows its points.
    bots = [GreedyBot(seed=s) for s in range(players)]
    while not g.is_over:
        s = g.to_move
        g.play(bots[s].choose(g.observation(s), g.legal_moves()))
    t.refresh()
    v = t._view
    assert [s["points"] for s in v["seats"]] == list(g.current_points)
    assert sum(s["points"] for s in v["seats"]) == {2: 210, 3: 240, 4: 280}[players]
    assert sum(len(s["pile"]) for s in v["seats"]) == 52
    assert v["phase"] == "over" and v["layout"] == []
    assert v["deal_points"] == [list(g.current_points)]


def test_a_spectator_sees_no_hand_and_reveal_shows_all():
    g = ChineseTen.new(players=3, seed=9, target=None)
    t, played = table_for(g)  # seat=None: only what every player sees
    assert t.shown_seat is None
    assert all(s["hand"] is None for s in t._view["seats"])
    assert not t.dispatch({"type": "select", "index": 0}) and "onlookers" in t.error
    t.show(g, 1)
    assert t.shown_seat == 1 and t._view["seats"][1]["hand"] is not None
    assert t._view["seats"][0]["hand"] is None
    t.show(g, None, reveal=True)
    assert all(s["hand"] is not None for s in t._view["seats"])
    assert played == []


def test_a_move_made_for_an_earlier_turn_is_dropped():
    g = ChineseTen.new(players=2, seed=4, target=None)
    t, played = table_for(g, seat=0)
    shown = t.version
    move = g.legal_moves(0)[0]
    assert t.dispatch({"type": "move", "text": str(move), "version": shown})
    assert len(g.history) >= 1 and t.version != shown
    before = g.history
    assert not t.dispatch({"type": "move", "text": str(move), "version": shown})  # a double click
    assert g.history == before and t.error == ""


def test_stepper_view_and_faces():
    from tabletop_widgets.ui.stepper import ReplayStepper

    g = ChineseTen.new(players=3, seed=1, target=None)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    view = ChineseTenTable(reveal=True, interactive=False)
    stepper = ReplayStepper(g, view=view.show)
    assert view._view["last"]["n"] == len(g.history)
    stepper.go(0)
    assert view._view["last"]["n"] == 0 and view._view["stock"] == 24
    faces = card_faces()
    assert set(view._faces) == set(faces) and len(faces) == 53
    with pytest.raises(TypeError):
        view.show("not a game")
    with pytest.raises(ValueError):
        ChineseTenTable(g, seat=5)


def test_card_width_is_validated():
    import traitlets

    t = ChineseTenTable()
    with pytest.raises(traitlets.TraitError):
        t.card_width = 5


# -- learner-facing text ---------------------------------------------------------------

NOTATION = re.compile(r"\b(?:[2-9AKQJT]|10)[SHDC]\b")
SLIPS = (
    "You's",
    "You wins",
    "You plays",
    "You takes",
    "You turns",
    "You has",
    "You is",
    "You, you",
    "Your turn, You",
    "You deals",
    "You captures",
    "Bea (bot) win.",
    "pts",
)


def _visible_texts(t: ChineseTenTable) -> list[str]:
    v = t._view
    texts = [
        v["message"],
        v["stock_label"],
        v["layout_label"],
        *v["log"],
        *(label for _m, label in v["legal"]),
    ]
    for s in v["seats"]:
        texts += [s["name"], s["score"], s["hand_label"], s["pile_label"], s["pile_words"]]
    return texts + [t.error]


def _check_texts(t: ChineseTenTable) -> None:
    for text in _visible_texts(t):
        assert not NOTATION.search(text), text
        assert not any(slip in text for slip in SLIPS), text
        assert not re.search(r"\[|\]|\bseat \d|_[a-z]", text), text


@pytest.mark.parametrize("names", [["You", "Bea (bot)", "Cal (bot)"], ["Ann", "Bo", "Cy"], []])
def test_every_sentence_of_a_deal_is_in_words_and_agrees(names):
    g = ChineseTen.new(players=3, seed=11, target=None)
    t, _ = table_for(g, seat=0, names=names)
    bots = {s: GreedyBot(seed=s) for s in (1, 2)}
    while not g.is_over:
        if g.to_move != 0:
            g.play(bots[g.to_move].choose(g.observation(g.to_move), g.legal_moves()))
            t.refresh()
            _check_texts(t)
            continue
        if g.phase == "stock":
            _check_texts(t)
            t.dispatch({"type": "move", "text": str(g.legal_moves()[0])})
            continue
        # Select every card in turn; try a wrong capture and a refused lay-down on each.
        for i in range(len(g.hand(0))):
            t.dispatch({"type": "select", "index": i})
            _check_texts(t)
            wrong = [k for k in range(len(g.position.layout)) if k not in t.targets]
            if wrong:
                t.dispatch({"type": "capture", "index": wrong[0]})
                _check_texts(t)
            if t.targets:
                t.dispatch({"type": "lay"})
                assert "(CT-3)" in t.error
                _check_texts(t)
            t.dispatch({"type": "deselect"})
        t.dispatch({"type": "move", "text": str(g.legal_moves()[0])})
        _check_texts(t)
    _check_texts(t)
    who = t.message
    assert who.startswith("The deal is over: ")
    assert who.endswith((" win.", " wins.", " a draw.", " first place."))
    assert "You" not in who.removeprefix("The deal is over: ")[1:]
    if names and names[0] == "You" and 0 in g.result.winners and len(g.result.winners) == 1:
        assert who == "The deal is over: you win."


def _played_out(players: int, seed: int) -> ChineseTen:
    g = ChineseTen.new(players=players, seed=seed, target=None)
    bots = {s: GreedyBot(seed=s) for s in range(players)}
    while not g.is_over:
        g.play(bots[g.to_move].choose(g.observation(g.to_move), g.legal_moves()))
    return g


def test_a_tied_deal_is_a_draw_not_a_win():
    # Seed 5: both seats end the 2-player deal with equal points (every seat first).
    g = _played_out(2, 5)
    assert g.result.is_draw
    t, _ = table_for(g, seat=0, names=["You", "Bo"])
    assert t.message == "The deal is over: it is a draw."
    t, _ = table_for(g, seat=0, names=["Ann", "Bo"])
    assert t.message == "The deal is over: it is a draw."


def test_a_shared_first_place_is_said_so_and_you_stay_lower_case():
    # Seed 102: seats 1 and 2 of 3 share first place; seat 3 is behind.
    g = _played_out(3, 102)
    assert g.result.winners == (0, 1) and not g.result.is_draw
    t, _ = table_for(g, seat=0, names=["Bo", "You", "Cy"])
    assert t.message == "The deal is over: you share first place with Bo."
    t, _ = table_for(g, seat=0, names=["Bo", "Ann", "Cy"])
    assert t.message == "The deal is over: Bo and Ann share first place."


def test_the_end_of_a_match_says_a_draw_or_a_shared_place_too():
    from tabletop_widgets.core.result import Result
    from tabletop_widgets.games.chinese_ten.widgets.table import over_message

    draw = Result(places=(1, 1, 1), scores=(3, 3, 3))
    assert (
        over_message(draw, ["Ann", "You", "Cy"], match=True) == "The match is over: it is a draw."
    )
    shared = Result(places=(1, 3, 1), scores=(5, 2, 5))
    assert (
        over_message(shared, ["Ann", "Bo", "You"], match=True)
        == "The match is over: you share first place with Ann."
    )


def test_the_person_at_the_screen_is_addressed_as_you():
    g = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    t, _ = table_for(g, seat=0, names=["You", "Bea (bot)", "Cal (bot)"])
    assert t.message == "Your turn: click a card in your hand."
    v = t._view["seats"][0]
    assert v["hand_label"] == "Your hand, 8 cards" and v["score"] == "0 points"
    assert v["pile_words"] == "You have captured nothing yet."
    t.dispatch({"type": "select", "index": t.hand_index("2C")})
    assert t.message == "The two of clubs captures nothing here: lay it down on the layout."
    t.dispatch({"type": "lay"})
    assert t.message.startswith("You turned up the five of diamonds: it can capture")
    assert t._view["log"][-2:] == [
        "You play the two of clubs; it joins the layout.",
        "You turn up the five of diamonds: it can capture more than one card, and you choose "
        "which.",
    ]
    t.dispatch({"type": "capture", "index": t.layout_index("5H")})
    assert t._view["log"][-1] == "You choose: the five of diamonds takes the five of hearts."
    assert t.message == "Bea (bot) is playing…"
    bea = t._view["seats"][1]
    assert bea["hand_label"] == "Bea (bot)'s hand, 8 cards"
    assert t._view["seats"][0]["pile_label"] == "Captured: 2 cards, 10 points"


def test_a_match_shows_totals_and_one_deal_does_not():
    one = ChineseTen.new(players=3, seed=2, target=None)
    t, _ = table_for(one, seat=0)
    assert not t._view["match"] and t._view["seats"][0]["score"] == "0 points"
    match = ChineseTen.new(players=3, seed=2, target=500)
    m, _ = table_for(match, seat=0)
    assert m._view["match"] and m._view["seats"][0]["score"] == "0 points this deal · total 0"


def test_a_refusal_of_the_page_reads_well():
    from tabletop_widgets.core.errors import IllegalMoveError

    g = choice_game()
    t = ChineseTenTable(g, seat=0)

    def paused(move: Move) -> None:
        raise IllegalMoveError("", "Press Continue first.")

    t.on_move(paused)
    t.dispatch({"type": "select", "index": t.hand_index("2S")})
    assert not t.dispatch({"type": "lay"})
    assert t.error == "The two of spades was not played: press Continue first."


def test_a_single_deal_has_no_match_line_in_the_log():
    g = ChineseTen.new(players=2, seed=5, target=None)
    t, _ = table_for(g, seat=0, names=["You", "Bea"])
    while not g.is_over:
        g.play(g.legal_moves()[0])
    t.refresh()
    assert t._view["log"][-1].startswith("Deal 1 ends. Points: You ")
    assert not any("match" in line for line in t._view["log"])
    m = ChineseTen.new(players=2, seed=5, target=None, deals=2)
    mt, _ = table_for(m, seat=0, names=["You", "Bea"])
    while not m.is_over:
        m.play(m.legal_moves()[0])
    mt.refresh()
    assert mt._view["log"][-1].startswith("The match ends. Totals: You ")


def test_the_log_numbers_the_moves_as_the_replay_stepper_does():
    """One move (a card played, then the stock's card turned up) is one number, not two:
    the log's move 12 is the stepper's move 12.  The whole deal is shown, whole moves, each
    numbered by its place in the game; the lines a move brought about follow unnumbered."""
    from tabletop_widgets.games.chinese_ten.widgets.table import log_lines
    from tabletop_widgets.ui.stepper import ReplayStepper

    names = ["You", "Bea", "Cal"]
    g = ChineseTen.new(players=3, seed=4, target=None)
    t, _ = table_for(g, seat=0, names=names)
    t.refresh()
    assert t._view["log_numbers"] == [None]  # the opening deal, before move 1
    for _move in range(12):
        g.play(g.legal_moves()[0])
    t.refresh()
    numbers, lines = t._view["log_numbers"], t._view["log"]
    assert len(numbers) == len(lines)
    shown = [n for n in numbers if n is not None]
    assert shown == list(range(1, 13))  # every move of the deal, ending with the last
    assert len(lines) > len(shown)  # a move made more than one line here
    # Each number starts the lines of that move, as the stepper's move of that number.
    stepper = ReplayStepper(g)
    for n in shown:
        at = numbers.index(n)
        upto = numbers.index(n + 1) if n + 1 in numbers else len(numbers)
        before = g.events_of(n - 1)[-1]
        assert lines[at:upto] == log_lines(g.events_of(n), names, before)
        stepper.dispatch({"type": "goto", "n": n})
        assert stepper.game_at.history[-1] == g.history[n - 1]
    assert stepper.moves[11] == str(g.history[11])  # the stepper's move 12
    while not g.is_over:
        g.play(g.legal_moves()[0])
    t.refresh()
    numbers = t._view["log_numbers"]
    assert max(n for n in numbers if n is not None) == len(g.history)


def test_the_log_keeps_the_whole_deal_from_its_first_line():
    """After many moves the log still starts with the deal's own line ("Deal 1: … plays
    first"), so a student can scroll back to it; the page's list scrolls."""
    g = ChineseTen.new(players=2, seed=5, target=None)
    t, _ = table_for(g, seat=0, names=["You", "Bo"])
    for _move in range(20):
        g.play(g.legal_moves()[0])
    t.refresh()
    lines, numbers = t._view["log"], t._view["log_numbers"]
    assert lines[0].startswith("Deal 1: ") and re.search(r"(You play|Bo plays) first", lines[0])
    assert numbers[0] is None
    assert [n for n in numbers if n is not None] == list(range(1, 21))
    css = (Path(table_module.__file__).parent / "table.css").read_text()
    rule = re.search(r"\.tt-ct-log \{([^}]*)\}", css).group(1)
    assert "overflow-y: auto" in rule and "height: 12em" in rule


def test_a_match_log_starts_with_the_end_of_the_deal_before():
    """In a match the log shows the current deal whole, from the move that ended the deal
    before (its points as a summary line), then the new deal's line; older deals are cut
    (the scores table holds them).  Move numbers still count from the game's start."""
    g = ChineseTen.new(players=2, seed=5, target=None, deals=3)
    t, _ = table_for(g, seat=0, names=["You", "Bo"])
    while len(g.deal_points) < 2:
        g.play(g.legal_moves()[0])
    ended = len(g.history)  # the move that ended deal 2 and dealt deal 3
    for _move in range(15):
        g.play(g.legal_moves()[0])
    t.refresh()
    lines, numbers = t._view["log"], t._view["log_numbers"]
    assert numbers[0] == ended
    assert [n for n in numbers if n is not None] == list(range(ended, ended + 16))
    assert any(line.startswith("Deal 2 ends. Points: ") for line in lines)
    assert any(line.startswith("Deal 3: ") for line in lines)
    assert not any(line.startswith(("Deal 1", "Deal 2: ")) for line in lines)


def test_a_stock_choice_is_a_move_of_its_own_in_the_log():
    """The stepper counts the choice of what a turned-up card takes as a move: so does the
    log, and the choice's line still reads as the player's choice."""
    g = stacked_game(["2C 4S 6S 8C JC 3D 7S TD", "", ""], "5S 5H 9C KC", "5D")
    t, _ = table_for(g, seat=0, names=["You", "Bea (bot)", "Cal (bot)"])
    t.dispatch({"type": "select", "index": t.hand_index("2C")})
    t.dispatch({"type": "lay"})
    assert t._view["log_numbers"][-2:] == [1, None]
    t.dispatch({"type": "capture", "index": t.layout_index("5H")})
    assert len(g.history) == 2
    assert t._view["log_numbers"][-1] == 2
    assert t._view["log"][-1] == "You choose: the five of diamonds takes the five of hearts."


def test_a_bot_dealer_is_named_in_one_pair_of_brackets():
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.chinese_ten.widgets.table import dealer_label
    from tabletop_widgets.ui.words import bot_name

    g = ChineseTen.new(players=3, seed=4, target=None)
    names = ["You", "Bea (bot)", "Cal (bot)"]
    t, _ = table_for(g, seat=0, names=names)
    t.refresh()
    dealer = g.position.dealer
    labels = [s["label"] for s in t._view["seats"]]
    base = ["You", "Bea", "Cal"][dealer]
    expected = "You (dealer)" if dealer == 0 else f"{base} (bot, dealer)"
    assert labels[dealer] == expected
    assert all(
        ")" not in label.replace("(bot)", "") for i, label in enumerate(labels) if i != dealer
    )
    assert not any(") (" in label for label in labels)
    assert dealer_label("Rex (bot)") == "Rex (bot, dealer)"
    assert dealer_label("Ann") == "Ann (dealer)"
    with language("fr"):
        assert ") (" not in dealer_label(bot_name(2))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_line_says_who_deals_and_who_plays_first(players):
    """The log names the player who starts (left of the dealer, CT-1), as the engine has it:
    the table's drawing alone left a newcomer guessing which side is the dealer's left."""
    from tabletop_widgets.games.chinese_ten.widgets.table import describe_event

    for deals in range(players):  # the dealer rotates each deal
        g = ChineseTen.new(players=players, target=None, deals=players, seed=7)
        while len(g.deal_points) < deals:
            g.play(g.legal_moves()[0])
        names = ["You", "Bea", "Cal", "Dee"][:players]
        deal = (
            next(e for e in g.events_of(len(g.history)) if e.kind == "deal")
            if deals
            else (g.events_of(0)[0])
        )
        first = g.position.to_move
        line = describe_event(deal, names)
        assert names[deal.seat].lower() in line.lower().split(":")[1]
        said_first = "You play first" if first == 0 else f"{names[first]} plays first"
        assert said_first in line, line
        assert "(CT-1)" in line


def test_the_log_leaves_room_for_line_numbers_of_three_and_four_digits():
    """A match's log passes move 100: its numbers are not cut at 390 px.  The list's left
    room grows with the digits of the last number (table.js sets them; 1ch is a digit's
    width), instead of a fixed 24 px that held two digits."""
    from pathlib import Path

    import tabletop_widgets.games.chinese_ten.widgets as widgets

    folder = Path(widgets.__file__).parent
    css = (folder / "table.css").read_text()
    rule = re.search(r"\.tt-ct-log \{([^}]*)\}", css).group(1)
    padding = re.search(r"padding-left:\s*([^;]+);", rule).group(1)
    assert "24px" not in padding
    assert padding == "calc(var(--tt-ct-log-digits, 3) * 1ch + 2ch)"
    js = (folder / "table.js").read_text()
    assert 'log.style.setProperty("--tt-ct-log-digits"' in js
    # A long match: the numbers shown reach three digits (about 27 moves a deal).
    g = ChineseTen.new(players=2, seed=5, target=None, deals=4)
    t, _ = table_for(g, seat=0, names=["You", "Bea"])
    while not g.is_over:
        g.play(g.legal_moves()[0])
    t.refresh()
    assert max(n for n in t._view["log_numbers"] if n is not None) >= 100
