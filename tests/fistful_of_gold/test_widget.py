"""FistfulOfGoldTable (and its hot-seat gate and play screen): every event, refusals, secrecy."""

from __future__ import annotations

import json
import re

import pytest

from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold, Move
from tabletop_widgets.games.fistful_of_gold.bots import EquilibriumBot, GreedyBot
from tabletop_widgets.games.fistful_of_gold.tally import result_text
from tabletop_widgets.games.fistful_of_gold.widgets.table import ICONS, FistfulOfGoldTable
from tests.widget_helpers import send_event, send_update, synced_state


def wired(game: FistfulOfGold, seat: int | None = 0, **kw) -> tuple[FistfulOfGoldTable, list[Move]]:
    """A table whose confirmed moves are played on ``game`` and recorded."""
    table = FistfulOfGoldTable(game, seat=seat, **kw)
    got: list[Move] = []

    def play(move: Move) -> None:
        game.play(move)
        got.append(move)

    table.on_move(play)
    return table, got


def select(table: FistfulOfGoldTable, card: str) -> bool:
    """Select a card by its name, at its place in the choices (as the browser does)."""
    names = [c["card"] for c in table.view["choices"]]
    return table.dispatch({"type": "select", "index": names.index(card), "card": card})


def after_discards(**options) -> FistfulOfGold:
    game = FistfulOfGold.new(**options)
    game.play("discard pink 1 pink 2")
    game.play("discard green 1 green 2")
    return game


# -- the view ---------------------------------------------------------------


def test_initial_view_and_faces():
    table = FistfulOfGoldTable(FistfulOfGold.new(), seat=0)
    v = table.view
    assert (v["mode"], v["need"], v["phase"], v["round"]) == ("discard", 2, "discard", 1)
    hand = FistfulOfGold.new().position.hands[0]
    assert [c["card"] for c in v["choices"]] == [str(c) for c in hand]
    assert all(c["legal"] for c in v["choices"])
    assert v["rows"] == [[], []] and v["chosen"] == [False, False]
    assert (v["gold"], v["pot"], v["round_wins"]) == ([0, 0], 0, [0, 0])
    assert v["opponent"] == {"hand": 9, "discards": 0}
    assert not v["can_confirm"] and v["status"].startswith("Pink: choose 2 cards to discard")
    # Faces: exactly the cards this view shows (pink's hand), the back and the legend's marks.
    assert set(table.faces) == {f"P{r}" for r in "12345678D"} | {"back", *ICONS}
    assert table.faces["P5"].startswith("<svg") and ">2 3 4 D<" in table.faces["P5"]
    assert v["labels"] == ["Pink", "Green"] and v["about"] == ""
    assert v["summary"] == {
        "headers": ["Round", "Pink", "Green", "Duels", "Result"],
        "rounds": [
            {
                "round": 1,
                "gold": [0, 0],
                "done": False,
                "winners": [],
                "verdict": "in play",
                "duels": 0,
                "what_if": False,
            }
        ],
        "result": None,
    }


def test_constructor_checks():
    with pytest.raises(ValueError):
        FistfulOfGoldTable(seat=2)
    with pytest.raises(ValueError):
        FistfulOfGoldTable(seat=True)
    with pytest.raises(ValueError):
        FistfulOfGoldTable(names=["only one"])
    assert FistfulOfGoldTable().view["mode"] == "discard"  # a new game when none is given


# -- discards, duels, reclaim -------------------------------------------------


def test_discard_select_toggle_clear_confirm():
    game = FistfulOfGold.new()
    table, got = wired(game)
    assert select(table, "pink 1") and table.selected == (0,)
    assert select(table, "pink 3") and table.selected == (0, 2)
    assert table.view["can_confirm"] and str(table.move) == "discard pink 1 pink 3"
    # A third card is refused: the phase needs exactly 2.
    before = synced_state(table)
    assert not select(table, "pink 4")
    assert "Discard exactly 2 cards (FG-2)" in table.error and synced_state(table) == before
    assert select(table, "pink 3") and table.selected == (0,)  # toggled off
    assert table.dispatch({"type": "clear"}) and table.selected == ()
    # Confirming too early is refused.
    assert not table.dispatch({"type": "confirm"}) and "Choose 2 cards" in table.error
    select(table, "pink 1")
    select(table, "pink 2")
    assert table.dispatch({"type": "confirm"}) and table.error == ""
    assert [str(m) for m in got] == ["discard pink 1 pink 2"]
    v = table.view
    assert v["mode"] == "wait" and v["chosen"] == [True, False] and table.selected == ()
    assert v["my_choice"] == ["P1", "P2"] and "Waiting for Green" in v["status"]
    assert not select(table, "pink 3") and "Waiting for Green" in table.error


def test_duel_flow_reveal_and_plus_one_rule():
    game = after_discards()
    table, got = wired(game)
    assert table.view["mode"] == "play" and table.view["need"] == 1
    assert select(table, "pink 4") and select(table, "pink 5")  # replaces the choice
    assert table.selected == (2,)
    select(table, "pink 4")
    assert table.dispatch({"type": "confirm"})
    assert table.view["chosen"] == [True, False] and table.view["rows"] == [[], []]
    assert table.view["my_choice"] == ["P4"]
    game.play("green 3")
    table.refresh()
    v = table.view
    assert v["rows"] == [["P4"], ["G3"]] and v["gold"] == [1, 0] and v["revealed"] == 1
    assert v["last"].startswith("pink 4 against green 3")
    assert {"P4", "G3"} <= set(table.faces)
    # The +1 rule: pink 5 is marked, and selecting it is refused with the rule id.
    five = next(c for c in v["choices"] if c["card"] == "pink 5")
    assert not five["legal"] and "(FG-3)" in five["why"]
    before = synced_state(table)
    assert not select(table, "pink 5")
    assert table.error == "You played 4 in the last duel, so you may not play 5 now. (FG-3)"
    assert synced_state(table) == before and len(game.history) == 4


def test_tie_pot_and_round_summary():
    game = after_discards()
    table, _ = wired(game)
    select(table, "pink 3")
    table.dispatch({"type": "confirm"})
    game.play("green 3")
    table.refresh()
    assert table.view["pot"] == 2 and table.view["gold"] == [0, 0]


def test_green_eight_reclaim():
    game = after_discards()
    table, got = wired(game, seat=1)
    game.play("pink 3")
    table.refresh()
    select(table, "green 8")
    assert table.dispatch({"type": "confirm"})
    v = table.view
    assert v["mode"] == "reclaim" and v["need"] == 1
    assert [c["card"] for c in v["choices"]] == ["green 1", "green 2"]
    assert "G8" not in v["hand"] and "G3" in v["hand"]
    # A card that is not among the discards: the engine's FG-4 sentence.
    before = synced_state(table)
    assert not table.dispatch({"type": "select", "index": 0, "card": "green 5"})
    assert "(FG-4)" in table.error and synced_state(table) == before
    assert table.dispatch({"type": "select", "index": 1, "card": "green 2"})
    assert table.dispatch({"type": "confirm"})
    assert str(got[-1]) == "reclaim green 2" and game.position.phase == "duel"
    assert "took green 2 back" in table.view["reclaims"][0]
    # Pink saw the reclaim (public), not green's hand.
    pink = FistfulOfGoldTable(game, seat=0)
    assert pink.view["reclaims"] == table.view["reclaims"]


def test_game_over_summary_and_refusal():
    game = FistfulOfGold.new()
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while not game.is_over:
        for s in game.current_players():
            game.play(bots[s].choose(game.observation(s), game.legal_moves(s)), s)
    table = FistfulOfGoldTable(game, seat=0, names=["Ann", "Bo"])
    v = table.view
    assert v["mode"] == "over" and not v["can_confirm"]
    result = v["summary"]["result"]
    assert result["text"] == result_text(game.result, ["Ann", "Bo"])
    assert result["decided_by"] == game.result.details["decided_by"]
    assert result["winner"] == (None if game.result.is_draw else game.result.winners[0])
    done = [r for r in v["summary"]["rounds"] if r["done"]]
    assert len(done) == len(game.position.past)
    assert [r["gold"] for r in done] == game.result.details["round_gold"]
    # The last round's cards stay on the table, marked finished.
    assert v["rows_done"] and v["rows"][0]
    assert not table.dispatch({"type": "confirm"}) and "The game is over" in table.error


def test_result_text_variants():
    from tabletop_widgets.core.result import Result

    names = ["Ann", "Bo"]
    rounds = Result((2, 1), (0, 2), {"gold": [1, 7], "decided_by": "rounds"})
    assert result_text(rounds, names) == "Bo wins the game with 2 round wins to 0."
    gold = Result((1, 2), (1, 1), {"gold": [9, 7], "decided_by": "gold"})
    text = result_text(gold, names)
    assert text.startswith("Ann wins the game on gold") and "(9-7)" in text


# -- refusals: every event, forged messages ------------------------------------


@pytest.mark.parametrize(
    "event, message",
    [
        (
            {"type": "select", "index": 9, "card": ""},
            "There is no card number 10: your hand has 7 cards.",
        ),
        ({"type": "select", "index": -1, "card": ""}, "There is no card number 0"),
        (
            {"type": "select", "index": 0, "card": "pink 1"},
            "pink 1 is not in your hand: you discarded it. (FG-3)",
        ),
        ({"type": "select", "index": 0, "card": "green 5"}, "is not yours"),
        ({"type": "select", "index": 0, "card": "pink 9"}, "is not a card"),
        ({"type": "select", "index": "0", "card": "pink 3"}, "index must be int, not str"),
        ({"type": "select", "index": True, "card": "pink 3"}, "index must be int, not bool"),
        ({"type": "select", "index": 0}, "missing field 'card'"),
        ({"type": "select", "index": 0, "card": "pink 3", "extra": 1}, "unexpected field 'extra'"),
        ({"type": "confirm"}, "Choose a card first."),
        ({"type": "play", "card": "pink 3"}, "Unknown event 'play'"),
        ({"type": "select", "index": 0, "card": "x" * 500}, "card is too long"),
        ("select", "An event must be an object"),
    ],
)
def test_refused_events_change_nothing(event, message):
    game = after_discards()
    table, got = wired(game)
    before, history = synced_state(table), game.history
    send_event(table, event)
    assert message in table.error
    assert synced_state(table) == before and game.history == history and got == []


def test_forged_state_updates_are_refused():
    game = after_discards()
    table, _ = wired(game)
    before = synced_state(table)
    forged_view = dict(table.view, mode="play", choices=[], gold=[99, 0])
    send_update(table, {"view": forged_view})
    assert "Refused a direct change of view" in table.error
    send_update(table, {"interactive": False, "faces": {}})
    assert synced_state(table) == before and len(game.history) == 2


def test_view_only_table_refuses_events():
    game = after_discards()
    table, got = wired(game, interactive=False)
    assert not select(table, "pink 3") and table.error == "This table is a view only."
    assert not table.view["can_confirm"] and got == []


def test_spectator_refuses_and_shows_no_cards():
    game = after_discards()
    table, _ = wired(game, seat=None)
    assert table.view["mode"] == "watch" and table.view["choices"] == []
    assert not table.dispatch({"type": "select", "index": 0, "card": "pink 3"})
    assert "take the seat first" in table.error


def test_callback_error_is_shown_and_state_kept():
    game = after_discards()
    table = FistfulOfGoldTable(game, seat=0)

    def refuse(move: Move) -> None:
        raise ValueError("not now")

    table.on_move(refuse)
    select(table, "pink 3")
    assert not table.dispatch({"type": "confirm"})
    assert table.error == "pink 3 was not played: not now" and len(game.history) == 2
    table.on_move(refuse, remove=True)
    assert table._move_callbacks == []


def test_the_game_changed_behind_the_widget():
    game = after_discards()
    table, _ = wired(game)
    select(table, "pink 3")
    game.play("pink 4")  # played elsewhere (another widget, the notebook)
    assert not table.dispatch({"type": "confirm"})
    assert table.selected == () and table.view["mode"] == "wait"


# -- secrecy: nothing of the other seat leaks into the synced state ----------------


def _synced_json(table: FistfulOfGoldTable) -> str:
    return json.dumps({k: getattr(table, k) for k in ("view", "faces", "error")})


def _hidden_from(game: FistfulOfGold, seat: int) -> set[Card]:
    """The opponent's cards ``seat`` must not learn: hand and discards, minus what was shown."""
    pos = game.position
    opp = 1 - seat
    shown = {c for r, c in pos.reclaims} | set(pos.rows[opp])
    for rows in pos.past:
        shown |= set(rows[opp])
    return (set(pos.hands[opp]) | set(pos.discards[opp])) - shown


@pytest.mark.parametrize("seed", range(4))
def test_secret_choices_never_synced_to_the_other_seat(seed):
    game = FistfulOfGold.new()
    bots = [GreedyBot(seed=seed), EquilibriumBot(seed=seed + 10)]
    tables = [FistfulOfGoldTable(game, seat=s) for s in (0, 1)]
    spectator = FistfulOfGoldTable(game, seat=None)
    checked = 0
    while not game.is_over:
        for s in game.current_players():
            game.play(bots[s].choose(game.observation(s), game.legal_moves(s)), s)
            for t in (*tables, spectator):
                t.refresh()
            for viewer, t in ((0, tables[0]), (1, tables[1])):
                opp = 1 - viewer
                pending = game.position.pending[opp]
                text = _synced_json(t)
                keys = set(t.faces)
                for c in _hidden_from(game, viewer):
                    assert c.short not in keys and f'"{c}"' not in text, (viewer, c)
                if pending is not None:
                    assert t.view["chosen"][opp] and t.view["my_choice"] != pending
                    assert t.view["opponent"]["hand"] == len(game.position.hands[opp])
                checked += 1
            # A spectator sees only cards that were revealed (rows, past rounds, reclaims).
            pos = game.position
            public = {c for _, c in pos.reclaims} | set(pos.rows[0]) | set(pos.rows[1])
            for rows in pos.past:
                public |= set(rows[0]) | set(rows[1])
            assert set(spectator.faces) - {"back", *ICONS} <= {c.short for c in public}
    assert checked > 20


# -- the words of the table (issue 16) ------------------------------------------------------


def test_the_person_at_the_screen_is_you_and_verbs_agree():
    game = FistfulOfGold.new()
    table, _ = wired(game, names=["You", "Ada (bot)"])
    v = table.view
    assert v["labels"] == ["You (pink)", "Ada (bot), green"]
    assert v["status"].startswith("Choose 2 cards to discard face down (FG-2)")
    select(table, "pink 1")
    assert table.view["about"] == "To discard: pink 1."
    select(table, "pink 2")
    assert table.view["about"] == "To discard: pink 1 and pink 2."
    table.dispatch({"type": "confirm"})
    assert table.view["status"] == "You have chosen. Waiting for Ada (bot)."
    game.play("discard green 1 green 2")
    table.refresh()
    select(table, "pink 5")
    assert table.view["about"] == "pink 5: beats 2, 3, 4 and Dynamite; loses to 1, 6, 7 and 8."
    assert "mini-P1" in table.faces and table.view["discards"] == ["mini-P1", "mini-P2"]
    other = FistfulOfGoldTable(game, seat=1, names=["You", "Ada (bot)"])
    assert other.view["status"].startswith("Ada (bot): choose your card for duel 1")
    while not game.is_over:
        for s in game.current_players():
            game.play(game.legal_moves(s)[0], s)
    table.refresh()
    verdicts = [r["verdict"] for r in table.view["summary"]["rounds"]]
    assert all(v in ("You win", "Ada (bot) wins") or "nobody" in v for v in verdicts)
    assert "You wins" not in json.dumps(table.view) and "You has" not in json.dumps(table.view)


def test_choices_say_what_each_card_beats():
    table = FistfulOfGoldTable(FistfulOfGold.new(), seat=1)
    words = {c["card"]: c["words"] for c in table.view["choices"]}
    assert words["green 7"].startswith("green 7: beats 4, 5, 6 and Dynamite")
    assert words["green 7"].endswith("earns 1 extra gold.")


def test_a_tap_drawn_on_an_earlier_hand_selects_the_card_it_names():
    """Issue 16: after "Go on with it" the first tap came from the hand drawn before the
    resumed game arrived; its index was stale and the tap was refused.  The name wins."""
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game = FistfulOfGold.new(seed=1)
    game.play("discard pink 1 pink 2")
    game.play("discard green 1 green 2")
    table = FistfulOfGoldTable(game, seat=0)
    # pink 3 was card number 3 in the full hand of nine; it is card number 1 now.
    assert table.dispatch({"type": "select", "index": 2, "card": "pink 3"})
    assert table.selected == (0,) and table.error == ""


def _first_round_over(seed: int, **options) -> FistfulOfGold:
    """A game whose first round has just ended (random legal choices from ``seed``)."""
    import random

    game, rng = FistfulOfGold.new(**options), random.Random(seed)
    while not game.position.past:
        seat = game.current_players()[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    return game


def test_the_end_of_a_round_is_said_while_the_next_discard_is_asked_for():
    """Newcomer finding: the next discard's instruction replaced the end of a round at once.
    Who won the round and the gold are said (from the engine's record of the round) above
    the instruction for the whole next discard, and no longer once the next round's duels
    begin (the finished round then leaves the table too)."""
    game = _first_round_over(2)
    table, _ = wired(game, names=["You", "Ada (bot)"])
    record = game.position.finished_rounds[0]
    assert game.position.round_winners[0] == (1,) and record.gold == (5, 6)
    v = table.view
    assert v["round_end"] == "Round 1 is over: Ada (bot) wins it, 6 gold to 5 (FG-2)."
    assert v["mode"] == "discard" and v["status"].startswith("Choose 1 card to discard")
    # The gold beside the finished round's rows is that round's, not the new round's 0.
    assert game.position.gold == (0, 0) and v["gold"] == [5, 6]
    assert "6 gold this round" in v["panel_labels"][1]
    # Said while the discard is chosen, then while the other seat chooses its own.
    select(table, table.view["choices"][0]["card"])
    assert table.view["round_end"] == v["round_end"]
    table.dispatch({"type": "confirm"})
    assert table.view["mode"] == "wait" and table.view["round_end"] == v["round_end"]
    game.play(game.legal_moves(1)[0], 1)  # the other discard: the next round's duels begin
    table.refresh()
    assert table.view["round_end"] == "" and table.view["rows_round"] == 2
    assert table.view["gold"] == list(game.position.gold)
    assert table.view["mode"] == "play"
    # You, in your words.
    won = _first_round_over(2)
    table = FistfulOfGoldTable(won, seat=1, names=["Ada (bot)", "You"])
    assert table.view["round_end"] == "Round 1 is over: you win it, 6 gold to 5 (FG-2)."


@pytest.mark.parametrize(
    ("equal_round", "said"),
    [
        ("nobody", "Round 1 is over: equal gold (8 each), so nobody wins it (FG-2)."),
        ("both", "Round 1 is over: equal gold (8 each), so both players win it (FG-2)."),
        (
            "duels",
            "Round 1 is over: equal gold (8 each), and you win it on duels won, 3 to 2 (FG-2).",
        ),
    ],
)
def test_a_round_of_equal_gold_is_said_as_the_rules_in_play_settle_it(equal_round, said):
    game = _first_round_over(13, equal_round=equal_round)
    record = game.position.finished_rounds[0]
    assert record.gold == (8, 8) and record.duels_won == (3, 2)
    table = FistfulOfGoldTable(game, seat=0, names=["You", "Ada (bot)"])
    assert table.view["round_end"] == said


def test_the_last_round_is_said_at_the_end_and_nothing_before_the_first():
    assert FistfulOfGoldTable(FistfulOfGold.new(), seat=0).view["round_end"] == ""
    game = FistfulOfGold.new(seed=3)
    while not game.is_over:
        seat = game.current_players()[0]
        game.play(game.legal_moves(seat)[0], seat)
    table = FistfulOfGoldTable(game, seat=0, say_end=False)
    last = len(game.position.past)
    assert table.view["round_end"].startswith(f"Round {last} is over: ")


#: Sentences that name a duel's winner by its colour alone (the engine's words, for a
#: reader without names).
BY_COLOUR = re.compile(r"\b(pink|green) wins \d|\b(Pink|Green) takes the tie pot")


@pytest.mark.parametrize(
    ("names", "pot", "dynamite"),
    [
        (["You", "Bea (bot, medium)"], "You take", "Bea (bot, medium) wins 3 gold"),
        (["Bea (bot, medium)", "You"], "Bea (bot, medium) takes", "you win 3 gold"),
        (["Ann", "Bo"], "Ann takes", "Bo wins 3 gold"),
    ],
)
def test_a_duels_winner_is_named_as_the_panels_name_the_seat(names, pot, dynamite):
    """Newcomer finding: "pink wins 3 gold" right beside "You (pink)".  Where the seats have
    names, the duel's sentences (the last duel, the round's list) name the seat that wins
    gold as the rest of the table does: "you win 3 gold", "Bea (bot, medium) takes the tie
    pot"; a table of Pink and Green still says the colours."""
    game = after_discards()
    for move in ("pink 4", "green 4", "pink 6", "green 3", "pink 3", "green D"):
        game.play(move)
    table = FistfulOfGoldTable(game, seat=0, names=names)
    duels = table.view["duels"]
    assert f"{pot} the tie pot of 2 gold with the first 6 of the round." in duels[1]
    assert duels[2].endswith(f"Dynamite decides; {dynamite}.")
    assert table.view["last"] == duels[2]
    assert not BY_COLOUR.search(json.dumps(table.view))
    # The engine's own words, for a reader without names, keep the colours.
    assert "Pink takes the tie pot" in game.duel_log[1].text
    assert "green wins 3 gold" in game.duel_log[2].text
    plain = FistfulOfGoldTable(game, seat=0)
    assert plain.view["duels"] == [d.text for d in game.duel_log]


def test_no_sentence_of_a_played_game_names_a_winner_by_colour_alone():
    """Every duel of whole games, on the play page and its replay: the winner named."""
    from tabletop_widgets.games.fistful_of_gold.screens.play import play_screen

    named = 0
    for seed in range(6):
        screen = play_screen(seats=["person", "medium"], seed=seed)
        screen.autoplay()
        bot = screen.names[1]
        for n in range(len(screen.game.history) + 1):
            screen.replay.go(n)
            view = screen.replay_board.view
            assert not BY_COLOUR.search(json.dumps(view)), view["duels"]
            said = " ".join(view["duels"])
            named += said.count("; you win ") + said.count(f"; {bot} wins ")
            named += said.count("You take the tie pot") + said.count(f"{bot} takes the tie pot")
        assert not BY_COLOUR.search(json.dumps(screen.board.view))
    assert named > 0
