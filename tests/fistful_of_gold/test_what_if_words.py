"""The play page's words a newcomer misread: the review's better move on the table, the
winner of a duel, the game's end on gold."""

from tabletop_widgets.core.result import Result
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.cards import Card
from tabletop_widgets.games.fistful_of_gold.duel import resolve_duel
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.tally import result_text
from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

NAMES = ["You", "Bea (bot, medium)"]


def _game_at_round_end() -> FistfulOfGold:
    g = FistfulOfGold.new(seed=1)
    while len(g.position.past) < 1:
        g.play(g.legal_moves()[0])
    return g


def test_the_better_move_that_ends_a_round_is_said_as_what_would_happen():
    g = _game_at_round_end()
    table = FistfulOfGoldTable(names=NAMES, interactive=False, say_end=False)
    table.show_what_if(g, 0, "The coach's move, not played.")
    v = table.view
    assert v["what_if"] and v["hide_wins"]
    assert v["status"] == "The coach's move, not played."
    assert v["round_end"].startswith("With the better move, round 1 would end: ")
    assert "would win it" in v["round_end"]
    assert all("rounds won" not in label for label in v["panel_labels"])
    row = v["summary"]["rounds"][0]
    assert row["what_if"] and row["verdict"].startswith("With the better move (not played): ")
    assert v["summary"]["result"] is None
    assert v["last_what_if"].startswith("With the better move, not played: ")  # its duel
    # Back to the game: the real result is said as a result again.
    table.show(g)
    v = table.view
    assert not v["what_if"] and not v["hide_wins"]
    assert v["round_end"].startswith("Round 1 is over: ")
    assert "rounds won" in v["panel_labels"][0]
    assert not v["summary"]["rounds"][0]["what_if"]


def test_a_better_move_in_a_round_already_over_keeps_that_round_real():
    g = _game_at_round_end()
    g.play(g.legal_moves(0)[0], 0)  # the next round's discard: round 1 was over before it
    table = FistfulOfGoldTable(names=NAMES, interactive=False)
    table.show_what_if(g, 0, "The coach's move, not played.")
    v = table.view
    assert v["what_if"] and not v["hide_wins"]
    assert not v["round_end"].startswith("With the better move")
    assert not v["summary"]["rounds"][0]["what_if"]
    assert v["last"] and not v["last_what_if"]  # the last duel shown is the game's


def test_a_duel_names_its_winner_as_the_page_names_the_seats():
    higher = resolve_duel(Options(), Card("pink", "1"), Card("green", "2"))
    assert higher.words(NAMES) == (
        "pink 1 against green 2: difference 1 is 3 or less, so the higher card wins: "
        "Bea (bot, medium) wins 1 gold."
    )
    assert higher.words(["Bea (bot, medium)", "You"]).endswith("higher card wins: you win 1 gold.")
    # Said by colour (no names), the sentence is the one the rules page quotes.
    assert higher.text.endswith("so the higher card wins 1 gold.")
    lower = resolve_duel(Options(), Card("pink", "6"), Card("green", "2"))
    assert lower.words(NAMES).endswith("so the lower card wins: Bea (bot, medium) wins 4 gold.")
    assert lower.words(["Bea (bot, medium)", "You"]).endswith("lower card wins: you win 4 gold.")


def test_the_last_duel_on_the_table_names_its_winner():
    g = FistfulOfGold.new(seed=1)
    while not g.duel_log:
        g.play(g.legal_moves()[0])
    v = FistfulOfGoldTable(g, names=NAMES).view
    winner = g.duel_log[-1].winner
    if winner is not None:
        assert ("you win" if winner == 0 else "Bea (bot, medium) wins") in v["last"]


def test_a_game_won_on_gold_gives_the_winners_gold_first():
    r = Result((2, 1), (1, 1), {"gold": [10, 12], "decided_by": "gold"})
    text = result_text(r, NAMES)
    assert text.startswith("Bea (bot, medium) wins the game on gold")
    assert text.endswith("(12-10).")
    r = Result((1, 2), (1, 1), {"gold": [12, 10], "decided_by": "gold"})
    assert result_text(r, NAMES).endswith("(12-10).")
