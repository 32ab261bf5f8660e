"""HandWidget: traits, selection and transformation through shapes/Move, binding, forgeries."""

from __future__ import annotations

import pytest
import traitlets

from tabletop_widgets.games.matchstick_tycoon import PASS, MatchstickTycoon, Move, shapes
from tabletop_widgets.games.matchstick_tycoon.widgets import HandWidget
from tests.widget_helpers import send_event, send_update, synced_state


def python_state(hand) -> dict:
    names = [
        "cards",
        "selected",
        "transforms",
        "target",
        "budget",
        "value",
        "cost",
        "play",
        "play_ok",
        "values",
        "legal_plays",
        "can_make",
        "status",
    ]
    return {n: getattr(hand, n) for n in names} | synced_state(hand)


def test_defaults_and_sorting():
    hand = HandWidget(cards=["F", "0", "b", "8", "A", "1"])
    assert hand.cards == ["0", "1", "8", "A", "b", "F"]  # notation order
    assert (hand.selected, hand.value, hand.cost, hand.play, hand.play_ok) == (
        [],
        None,
        0,
        "",
        False,
    )
    assert hand.values == list(shapes.values_in_play(4))
    assert hand.transforms == [{"turned": False, "added": ""}] * 6
    assert hand._view["cards"][0]["label"] == "card 0, upright, acts as 0"
    with pytest.raises(traitlets.TraitError):
        hand.cards = ["9"]
    with pytest.raises(traitlets.TraitError):
        hand.size = 1000


@pytest.mark.parametrize("n", [0, 1, 30])
def test_sizes_render(n):
    hand = HandWidget(cards=(shapes.deck(0) * 2)[:n])
    assert len(hand._view["cards"]) == n
    assert hand.status == ("Select 1 to 5 cards to play." if n else "")  # the hand says it


def test_select_transform_and_notation():
    hand = HandWidget(cards=["6", "0", "8"], budget=2)
    for i in (0, 1, 2):
        send_event(hand, {"type": "select", "index": i})
    send_event(hand, {"type": "toggle", "index": 0, "segment": "g"})
    assert hand.play == "" and "make them all show one value" in hand.status
    send_event(hand, {"type": "toggle", "index": 1, "segment": "b"})
    assert hand.play == str(Move.play("8", ["0", "6", "8"])) == "3x8: 0+g 6+b 8"
    assert (hand.value, hand.cost, hand.play_ok) == ("8", 2, True)
    # a turned 6 plus e is an 8 too; the notation stays canonical
    send_event(hand, {"type": "toggle", "index": 1, "segment": "b"})
    send_event(hand, {"type": "turn", "index": 1})
    send_event(hand, {"type": "toggle", "index": 1, "segment": "e"})
    assert hand.transforms[1] == {"turned": True, "added": "e"}
    assert hand.play == "3x8: 0+g 6+b 8"
    send_event(hand, {"type": "clear"})
    assert hand.selected == [] and hand.cost == 0


def test_every_single_card_transformation_matches_shapes():
    hand = HandWidget(cards=list(shapes.ALL_FACES))
    for i, face in enumerate(hand.cards):
        send_event(hand, {"type": "select", "index": i})
        for turned in (False, True):
            if hand.transforms[i]["turned"] != turned:
                send_event(hand, {"type": "turn", "index": i})
            for value in shapes.ALL_VALUES:
                t = shapes.transform(face, value)
                if t is None or t[0] != turned:
                    continue
                for s in t[1]:
                    send_event(hand, {"type": "toggle", "index": i, "segment": s})
                assert hand.value == value and hand.cost == shapes.cost(face, value)
                assert hand.play == Move.play(value, [face]).text
                for s in t[1]:
                    send_event(hand, {"type": "toggle", "index": i, "segment": s})
        send_event(hand, {"type": "select", "index": i})
    assert hand.error == ""


def test_value_picker_highlights_and_auto_sticks():
    hand = HandWidget(cards=["0", "1", "4", "6", "8"], budget=1)
    send_event(hand, {"type": "choose_value", "value": "8"})
    # The 1 (5 sticks) and the 4 (3) cannot become an 8 with one stick: not marked (a
    # newcomer read "→E +3" beside their one stick as a play on offer).
    assert hand.can_make == [0, 3, 4]
    marks = [c["mark"] for c in hand._view["cards"]]
    assert marks == ["→8 +1", None, None, "→8 +1", "→8 +0"]
    send_event(hand, {"type": "select", "index": 0})  # 0 -> 0+g, affordable
    assert hand.transforms[0] == {"turned": False, "added": "g"}
    send_event(hand, {"type": "select", "index": 3})  # 6+b would be a second stick: left as is
    assert hand.transforms[3] == {"turned": False, "added": ""}
    assert hand.play == "" and not hand.play_ok
    fresh = HandWidget(cards=["0", "1", "4", "6", "8"])  # no limit known: every card
    send_event(fresh, {"type": "choose_value", "value": "8"})
    assert fresh.can_make == [0, 1, 2, 3, 4]


def test_bound_hand_offers_only_legal_plays_and_emits():
    game = MatchstickTycoon.new(players=3, seed=1)
    seat = game.to_move
    hand = HandWidget(game=game, seat=seat)
    legal = game.legal_moves()
    assert hand.cards == list(game.hand(seat)) and hand.budget == game.sticks(seat)
    assert set(hand.values) == {m.value for m in legal if m.is_play}
    value = hand.values[-1]
    send_event(hand, {"type": "choose_value", "value": value})
    assert hand.legal_plays == [m.text for m in legal if m.is_play and m.value == value]
    played = []
    hand.on_move(played.append)
    move = hand.legal_plays[0]
    send_event(hand, {"type": "choose_play", "move": move})
    assert hand.play == move and hand.play_ok
    cost = next(m.cost for m in legal if m.text == move)
    assert hand._view["plays"][0]["text"] == move and hand._view["plays"][0]["cost"] == cost
    send_event(hand, {"type": "play"})
    assert [m.text for m in played] == [move]
    assert len(game.history) == 0  # the widget never plays; the callback does
    hand.on_move(played.append, remove=True)
    hand.on_move(game.play)
    send_event(hand, {"type": "choose_play", "move": move})
    send_event(hand, {"type": "play"})
    assert game.history[-1].text == move
    assert hand.cards == list(game.hand(seat))  # re-read after the callback
    assert hand.status.startswith("Not your turn")
    before = python_state(hand)
    send_event(hand, {"type": "play"})
    assert hand.error.startswith("Not your turn")
    assert python_state(hand) == before


def test_the_game_widget_plays_through_the_hand_of_the_seat_to_move():
    game = MatchstickTycoon.new(players=3, seed=1)
    board = game.widget()
    first = game.to_move
    assert board.hand.seat == first and board.table.seats[first]["to_move"]
    heard = []
    board.on_move(heard.append)
    move = game.legal_moves()[0]
    send_event(board.hand, {"type": "choose_play", "move": move.text})
    send_event(board.hand, {"type": "play"})
    assert game.history == (move,) and heard == [move] and game.movers == (first,)
    assert board.hand.seat == game.to_move != first
    assert board.hand.cards == list(game.hand(game.to_move))
    assert board.table.play["text"] == move.text


def test_pass_and_illegal_callback():
    game = MatchstickTycoon.new(players=3, seed=1)
    game.play(game.legal_moves()[0])
    seat = game.to_move
    hand = HandWidget(game=game, seat=seat)
    got = []
    hand.on_move(got.append)
    send_event(hand, {"type": "pass"})
    assert got == [PASS]

    def refuse(move):
        raise ValueError("no thanks")

    hand.on_move(refuse)
    send_event(hand, {"type": "pass"})
    assert hand.error == "pass was not played: no thanks"


def test_illegal_selection_explained_by_engine():
    game = MatchstickTycoon.new(players=3, seed=1)
    game.play("1x4: 4")  # table holds a single 4
    seat = game.to_move
    hand = HandWidget(game=game, seat=seat)
    weak = next(
        i
        for i, f in enumerate(hand.cards)
        if shapes.segment_count(f) < 7 and game.strength(f) < game.strength("4")
    )
    send_event(hand, {"type": "select", "index": weak})
    assert not hand.play_ok and "(MT-2)" in hand.status
    send_event(hand, {"type": "play"})
    assert "(MT-2)" in hand.error


FORGED = [
    ({"type": "select", "index": 99}, "There is no such card"),
    ({"type": "select", "index": -1}, "There is no such card"),
    ({"type": "select", "index": True}, "index must be int, not bool"),
    ({"type": "select", "index": "0"}, "index must be int, not str"),
    ({"type": "toggle", "index": 1, "segment": "g"}, "Select the 6 card first"),
    ({"type": "toggle", "index": 0, "segment": "q"}, "There is no segment “q”"),
    ({"type": "toggle", "index": 0, "segment": "a"}, "The top segment is printed"),
    ({"type": "turn", "index": 7}, "There is no such card"),
    ({"type": "choose_value", "value": "Z"}, "“Z” is not a value you can play now"),
    ({"type": "choose_play", "move": "1x8: 8"}, "is not one of the plays offered"),
    ({"type": "play", "index": 0}, "unexpected field 'index'"),
    ({"type": "pass"}, "You cannot pass now"),
    ({"type": "select"}, "missing field 'index'"),
    ({"type": "toggle", "index": 0, "segment": "g", "face": "9"}, "unexpected field 'face'"),
    ([1, 2], "An event must be an object"),
]


@pytest.mark.parametrize(("content", "message"), FORGED)
def test_forged_events_are_refused(content, message):
    hand = HandWidget(cards=["0", "6", "8"], budget=1)
    send_event(hand, {"type": "select", "index": 0})
    before = python_state(hand)
    send_event(hand, content)
    assert message in hand.error
    assert python_state(hand) == before


def test_play_without_a_value_refused():
    hand = HandWidget(cards=["0", "6"])
    send_event(hand, {"type": "play"})
    assert hand.error == "Select 1 to 5 cards to play."
    send_event(hand, {"type": "select", "index": 0})
    send_event(hand, {"type": "select", "index": 1})
    before = python_state(hand)
    send_event(hand, {"type": "play"})
    assert hand.error == "The selected cards show 0, 6: make them all show one value."
    assert python_state(hand) == before


def test_budget_and_play_size_refused():
    hand = HandWidget(cards=["0", "6", "8", "8", "8", "8"], budget=1)
    for i in range(5):
        send_event(hand, {"type": "select", "index": i})
    send_event(hand, {"type": "toggle", "index": 0, "segment": "g"})
    before = python_state(hand)
    send_event(hand, {"type": "toggle", "index": 1, "segment": "b"})
    assert hand.error == "No stick left: you have only 1 matchstick to lay."
    assert python_state(hand) == before
    send_event(hand, {"type": "select", "index": 5})
    assert "A play has 1 to 5 cards (MT-5)" in hand.error
    assert python_state(hand) == before


@pytest.mark.parametrize(
    "state", [{"_view": {}}, {"cards": ["8"]}, {"selected": [0]}, {"play": "1x8: 8"}]
)
def test_forged_state_updates_are_refused(state):
    hand = HandWidget(cards=["0", "6"])
    before = python_state(hand)
    send_update(hand, state)
    assert hand.error.startswith("Refused a direct change of")
    assert python_state(hand) == before


def test_bind_checks_seat():
    game = MatchstickTycoon.new(players=3, seed=2)
    with pytest.raises(IndexError):
        HandWidget(game=game, seat=5)


def test_a_refused_selection_says_the_sentence_first_and_a_play_clears_make():
    """Newcomer findings: the status began with notation ("1x2: 2: …"); the value picked in
    Make stayed for the next turn."""
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon

    game = MatchstickTycoon.from_position(
        {
            "players": 3,
            "expansion": 0,
            "hands": [["2", "6", "8"], ["1", "7"], ["3", "4"]],
            "sticks": [1, 1, 1],
            "table": {"value": "7", "count": 1, "player": 1},
            "order": "normal",
            "to_move": 2,
            "out": [],
            "passed": [],
        }
    )
    game.play("pass")
    hand = HandWidget(game=game, seat=0)
    hand.dispatch({"type": "select", "index": 0})  # the 2: not stronger than 7
    assert hand.status.startswith("You cannot play that: 2 is not stronger than 7")
    assert hand.status.endswith("(MT-2)") and not hand.play_ok
    hand.dispatch({"type": "clear"})
    hand.dispatch({"type": "choose_value", "value": "8"})
    assert hand.target == "8"
    game.play("1x8: 8")
    hand.refresh()
    assert hand.target == "" and hand._view["make_help"] == ""


def test_fewer_cards_than_the_table_asks_for_is_still_choosing_not_refused():
    """Newcomer finding: with three cards on the table, picking the first of three read
    "You cannot play that: The table holds 3 cards …"; it now asks for the cards still
    missing, with the same rule, and refuses only a selection that cannot be played."""
    game = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [["8", "8", "8", "8"], ["1", "7"]],
            "sticks": [1, 1],
            "table": {"value": "3", "count": 3, "player": 1},
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    hand = HandWidget(game=game, seat=0)
    send_event(hand, {"type": "select", "index": 0})
    assert hand.status.startswith("Select 2 more cards: The table holds 3 cards"), hand.status
    assert hand.status.endswith("(MT-5)") and not hand.play_ok
    send_event(hand, {"type": "select", "index": 1})
    assert hand.status.startswith("Select 1 more card: "), hand.status
    send_event(hand, {"type": "select", "index": 2})
    assert hand.play_ok, hand.status
    send_event(hand, {"type": "select", "index": 3})  # four: too many is refused
    assert hand.status.startswith("You cannot play that: The table holds 3 cards"), hand.status


def test_a_card_that_shows_no_digit_is_named_as_such():
    """Newcomer finding: a 3 and a 4 turned over read "The selected cards show 3, not a
    digit", as if the 3 were none; the card that is no digit is now said alone."""
    hand = HandWidget(cards=["3", "4", "4"])
    send_event(hand, {"type": "select", "index": 1})
    send_event(hand, {"type": "turn", "index": 1})
    assert hand.status.startswith("The selected card shows no digit"), hand.status
    send_event(hand, {"type": "select", "index": 0})
    assert hand.status.startswith("One of the selected cards shows no digit"), hand.status
    send_event(hand, {"type": "select", "index": 2})
    send_event(hand, {"type": "turn", "index": 2})
    assert hand.status.startswith("2 of the selected cards show no digit"), hand.status
    send_event(hand, {"type": "turn", "index": 2})
    send_event(hand, {"type": "turn", "index": 1})
    assert hand.status.startswith("The selected cards show 3, 4: make them all"), hand.status


def test_a_turn_with_no_play_says_to_pass():
    """Newcomer finding: on a turn with nothing to beat the table the row Make: is gone and
    the hand still said "Select 1 to 5 cards to play"."""
    game = MatchstickTycoon.from_position(
        {
            "players": 2, "expansion": 0, "hands": [["1", "7"], ["2", "3"]], "sticks": [0, 0],
            "table": {"value": "F", "count": 1, "player": 1}, "order": "normal",
            "to_move": 0, "out": [], "passed": [],
        }
    )  # fmt: skip
    hand = HandWidget(game=game, seat=0)
    assert [m.kind for m in game.legal_moves()] == ["pass"]
    assert hand.values == [] and not hand.play_ok
    assert hand.status == "None of your cards can beat the table now: press Pass."
