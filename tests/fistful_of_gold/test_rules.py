"""A Fistful of Gold: every rule FG-1..FG-4 and every option, on scripted games."""

from __future__ import annotations

import random

import pytest

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.fistful_of_gold import Card, FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.cards import RANKS, beats_and_loses, deck
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.tally import RoundTally, game_result, round_winners


def start(pink: str = "1 2", green: str = "1 2", **options) -> FistfulOfGold:
    """A game after round 1's discards."""
    g = FistfulOfGold.new(seed=1, **options)
    g.play(f"discard {pink}", seat=0)
    g.play(f"discard {green}", seat=1)
    return g


def duel(g: FistfulOfGold, pink: str, green: str) -> None:
    g.play(pink, seat=0)
    g.play(green, seat=1)


def refused(g: FistfulOfGold, move: str, rule: str, seat: int | None = None) -> str:
    before, history = g.position, g.history
    with pytest.raises(IllegalMoveError) as info:
        g.play(move, seat=seat)
    assert info.value.rule == rule
    assert g.position == before and g.history == history
    return info.value.reason


def pink_wins_round(g: FistfulOfGold, closing_green: str = "4") -> None:
    """Round 1 (discards 1 2 each): D, 8, 7 for pink; the pink 7 closes it 9-0."""
    duel(g, "D", "3")
    duel(g, "8", "5")
    duel(g, "7", closing_green)


# --- FG-1 cards -----------------------------------------------------------------------


def test_fg1_each_colour_has_nine_cards():
    g = FistfulOfGold.new(seed=1)
    assert g.position.hands == (deck("pink"), deck("green"))
    assert [c.rank for c in deck("green")] == list(RANKS)


def test_fg1_only_own_colour():
    g = start()
    assert "not yours" in refused(g, "green 5", "FG-1", seat=0)
    refused(g, "discard pink 3", "FG-1", seat=1)


def test_fg1_cards_show_what_they_beat():
    assert beats_and_loses(Card("pink", "8")) == (("1", "5", "6", "7", "D"), ("2", "3", "4"))
    assert beats_and_loses(Card("green", "8")) == (("5", "6", "7", "D"), ("1", "2", "3", "4"))
    assert beats_and_loses(Card("green", "D")) == (("1", "2", "3", "4"), ("5", "6", "7", "8"))
    assert beats_and_loses(Card("green", "1")) == (("5", "6", "7"), ("2", "3", "4", "8", "D"))


# --- FG-2 rounds ------------------------------------------------------------------------


def test_fg2_discard_two_before_round_one():
    g = FistfulOfGold.new(seed=1)
    assert g.position.to_discard(0) == 2 and g.current_players() == (0, 1)
    refused(g, "discard pink 1", "FG-2")
    refused(g, "pink 5", "FG-2")
    refused(g, "reclaim pink 5", "FG-4")
    g.play("discard pink 1 pink 2")
    assert g.current_players() == (1,) and g.position.phase == "discard"
    refused(g, "discard pink 3 pink 4", "FG-2")  # already chose
    g.play("discard green 8 green D")
    assert g.position.phase == "duel"
    assert len(g.position.hands[0]) == len(g.position.hands[1]) == 7


def test_fg2_hands_keep_7_6_5_and_one_card_unplayed():
    g = FistfulOfGold.new(seed=1)
    sizes = []
    while not g.is_over:
        pos = g.position
        if pos.phase == "duel" and pos.duel == 1 and not any(pos.pending):
            sizes.append(len(pos.hands[0]))
        # The highest legal move: discards take 8 and D, so no pink 7 closes a round early.
        for seat in g.current_players():
            g.play(g.legal_moves(seat)[-1], seat=seat)
        if g.position.round > pos.round or g.is_over:
            assert len(g.position.past[-1][0]) == pos.duels_in_round
            assert sizes[-1] - pos.duels_in_round == 1  # one card left unplayed
    assert sizes == [7, 6, 5][: len(sizes)] and len(sizes) >= 2


def test_fg2_round_lengths_6_5_4():
    g = start(specials=())
    pink, green = ["D", "8", "6", "4", "3", "7"], ["3", "5", "4", "8", "7", "6"]
    for p, q in list(zip(pink, green, strict=True))[:5]:
        duel(g, p, q)
    assert g.position.phase == "duel" and g.position.duel == 6
    duel(g, pink[5], green[5])
    assert g.position.phase == "discard" and g.position.round == 2
    assert g.position.duels_in_round == 5
    assert g.position.to_discard(0) == 1


def test_fg2_discard_between_rounds_not_a_discarded_card():
    g = start()
    pink_wins_round(g)
    assert g.position.phase == "discard" and g.position.round == 2
    assert len(g.position.hands[0]) == 7
    assert "already discarded" in refused(g, "discard pink 1", "FG-2")
    refused(g, "discard pink 3 pink 4", "FG-2")
    g.play("discard pink 3")
    g.play("discard green 3")
    assert len(g.position.hands[0]) == 6 and len(g.position.discards[0]) == 3


def test_fg2_round_winner_and_first_to_two_wins():
    g = start()
    pink_wins_round(g)
    assert g.position.round_winners == ((0,),)
    assert g.position.finished_rounds[0].gold == (9, 0)
    g.play("discard pink 3")
    g.play("discard green 3")
    duel(g, "D", "4")
    duel(g, "8", "6")
    duel(g, "7", "5")
    assert g.is_over and g.current_players() == () and g.legal_moves() == ()
    r = g.result
    assert r.places == (1, 2) and r.scores == (2, 0) and r.details["decided_by"] == "rounds"
    assert r.details["round_gold"] == [[9, 0], [7, 0]] and r.details["gold"] == [16, 0]
    assert "over" in refused(g, "pink 5", "FG-2")


def tie_round(**options) -> FistfulOfGold:
    g = start(**options)
    duel(g, "3", "3")
    duel(g, "5", "5")
    duel(g, "7", "7")  # the pink 7 closes the round: 0-0, pot 6
    return g


def test_fg2_equal_gold_nobody_wins():
    g = tie_round()
    assert g.position.round_winners == ((),)
    assert tie_round(equal_round="both").position.round_winners == ((0, 1),)


def tally(gold, won=(0, 0)) -> RoundTally:
    return RoundTally(1, (), gold, 0, (0, 0), won, (0, 0))


def test_fg2_equal_round_option_duels():
    opts = Options(equal_round="duels")
    assert round_winners(opts, tally((4, 4), (1, 2))) == (1,)
    assert round_winners(opts, tally((4, 4), (2, 2))) == ()
    assert round_winners(Options(), tally((4, 4), (1, 2))) == ()
    assert round_winners(Options(), tally((5, 4))) == (0,)


def test_fg2_game_tiebreaks():
    one_each = (tally((5, 0)), tally((0, 3)), tally((2, 2)))
    r = game_result(Options(), one_each)
    assert r.places == (1, 2) and r.scores == (1, 1)
    assert r.details == {
        "round_gold": [[5, 0], [0, 3], [2, 2]],
        "gold": [7, 5],
        "decided_by": "gold",
    }
    drawn = game_result(Options(game_tiebreak="draw"), one_each)
    assert drawn.is_draw and drawn.places == (1, 1) and drawn.details["decided_by"] == "draw"
    level = (tally((5, 0)), tally((0, 5)), tally((2, 2)))
    assert game_result(Options(), level).is_draw
    assert game_result(Options(), one_each[:2]) is None
    assert game_result(Options(), (tally((1, 0)), tally((1, 0)))).winners == (0,)
    assert game_result(Options(), (tally((0, 1)), tally((0, 1)))).places == (2, 1)
    # equal_round="both": 2-2 after two tied rounds goes to the gold tie-break.
    both = Options(equal_round="both")
    r = game_result(both, (tally((1, 1)), tally((2, 2))))
    assert r.scores == (2, 2) and r.details["decided_by"] == "draw" and r.is_draw
    r = game_result(both, (tally((0, 1)), tally((2, 2))))
    assert r.scores == (1, 2) and r.places == (2, 1) and r.details["decided_by"] == "rounds"


# --- FG-3 a duel --------------------------------------------------------------------------


def test_fg3_secret_then_revealed_together():
    g = start(green="1 8")
    g.play("pink 5")
    assert g.position.rows == ((), ()) and g.current_players() == (1,)
    obs = g.observation(1)
    assert obs.opponent_committed and "pink 5" not in str(obs.to_json())
    assert g.observation(0).my_choice is not None
    refused(g, "pink 6", "FG-3")  # already chose
    g.play("green 2")
    assert g.position.rows == ((Card("pink", "5"),), (Card("green", "2"),))
    assert g.position.gold == (3, 0)


def test_fg3_commit_order_does_not_matter():
    a, b = start(green="1 8"), start(green="1 8")
    a.play("pink 5")
    a.play("green 2")
    b.play("green 2")
    b.play("pink 5")
    assert a.position == b.position


@pytest.mark.parametrize(
    ("pink", "green", "gold"),
    [
        ("5", "2", (3, 0)),  # difference 3: higher wins 3
        ("3", "4", (0, 1)),
        ("3", "7", (4, 0)),  # difference 4: lower wins 4
        ("8", "3", (0, 5)),
        ("4", "4", (0, 0)),
        ("D", "4", (3, 0)),
        ("D", "5", (0, 3)),
        ("8", "D", (3, 0)),
        ("D", "D", (0, 0)),
    ],
)
def test_fg3_difference_rule(pink, green, gold):
    g = start(green="1 8")
    duel(g, pink, green)
    assert g.position.gold == gold
    tie = pink == green
    assert g.position.pot == (2 if tie else 0)
    assert g.duel_log[-1].winner == (None if tie else (0 if gold[0] else 1))


def test_fg3_plus_one_restriction():
    g = start()
    duel(g, "4", "6")
    reason = refused(g, "pink 5", "FG-3")
    assert reason == "You played 4 in the last duel, so you may not play 5 now."
    assert "pink 5" not in [str(m) for m in g.legal_moves(0)]
    assert "green 7" not in [str(m) for m in g.legal_moves(1)]
    g.play("pink 3")  # lower is fine
    g.play("green 5")
    assert g.is_legal("pink 4") is False  # played already this round
    assert "in this round already" in refused(g, "pink 4", "FG-3")
    assert "discarded" in refused(g, "pink 1", "FG-3")


def test_fg3_restriction_only_within_a_round():
    g = start()
    duel(g, "D", "3")
    duel(g, "8", "5")
    duel(g, "7", "4")
    g.play("discard pink 3")
    g.play("discard green 3")
    assert g.is_legal("pink 8")  # the 7 was played in the previous round


def test_fg3_dynamite_neither_restricted_nor_restricting():
    g = start(pink="2 3")
    duel(g, "8", "4")
    assert g.is_legal("pink D")
    duel(g, "D", "6")
    assert g.is_legal("pink 1")


def test_fg3_option_dynamite_counts_as_0_or_9():
    g = start(pink="2 3", dynamite_counts_as=0)
    duel(g, "D", "4")
    refused(g, "pink 1", "FG-3")
    g = start(pink="2 3", dynamite_counts_as=9)
    duel(g, "8", "4")
    assert "may not play dynamite" in refused(g, "pink D", "FG-3")


def test_fg3_tie_pot_is_lost_at_round_end():
    g = tie_round()
    assert g.position.phase == "discard" and g.position.pot == 0
    assert g.position.finished_rounds[0].pot == 6


def test_fg3_option_pot_carries():
    g = tie_round(pot_at_round_end="carry")
    assert g.position.pot == 6
    g.play("discard pink 3")
    g.play("discard green 4")
    duel(g, "6", "5")  # the first 6 of round 2 takes the carried pot
    assert g.position.gold == (7, 0) and g.position.pot == 0


# --- FG-4 special cards --------------------------------------------------------------------


def test_fg4_first_six_takes_the_pot():
    g = start()
    duel(g, "3", "3")
    duel(g, "6", "5")
    assert g.position.gold == (3, 0) and g.position.pot == 0
    assert g.duel_log[-1].pot_taken == (2, 0)
    duel(g, "4", "4")
    duel(g, "8", "6")  # green's 6 is not the first 6 of the round
    assert g.position.gold == (5, 0) and g.position.pot == 2


def test_fg4_six_loses_the_duel_but_still_takes_the_pot():
    g = start(pink="3 4")
    duel(g, "D", "D")
    duel(g, "1", "6")  # difference 5: the 1 wins 5; the 6 takes the pot of 2
    assert g.position.gold == (5, 2)


def test_fg4_six_against_six_is_a_tie_or_split():
    g = start()
    duel(g, "3", "3")
    duel(g, "6", "6")
    assert g.position.pot == 4 and g.position.gold == (0, 0)
    g = start(six_vs_six="split")
    duel(g, "3", "3")
    duel(g, "6", "6")
    assert g.position.pot == 0 and g.position.gold == (2, 2)


def test_fg4_pink_seven_ends_the_round_from_duel_three():
    g = start()
    duel(g, "7", "5")
    duel(g, "5", "4")
    assert g.position.round == 1
    duel(g, "3", "3")
    assert g.position.round == 1 and g.position.duel == 4
    g = start()
    duel(g, "5", "5")
    duel(g, "3", "3")
    duel(g, "7", "D")
    assert g.position.round == 2 and g.position.phase == "discard"
    assert "ends the round" in g.duel_log[-1].text


def test_fg4_pink_seven_switched_off():
    g = start(specials=["six", "green7", "pink8", "green8"])
    duel(g, "5", "5")
    duel(g, "3", "3")
    duel(g, "7", "D")
    assert g.position.round == 1


def test_fg4_green_seven_bonus_from_next_duel():
    g = start()
    duel(g, "4", "7")  # green wins 3, no bonus yet
    assert g.position.gold == (0, 3) and g.position.bonus == (0, 1)
    duel(g, "D", "5")  # green wins 3 + 1
    assert g.position.gold == (0, 7) and g.duel_log[-1].bonus == (0, 1)
    duel(g, "3", "4")
    assert g.position.gold == (0, 9)
    duel(g, "5", "3")  # pink wins 2, no bonus for pink
    assert g.position.gold == (2, 9)


def test_fg4_green_seven_option_next_round():
    g = start(green7="next_round")
    duel(g, "4", "7")
    duel(g, "D", "5")
    assert g.position.gold == (0, 6)
    duel(g, "7", "3")  # closes the round: diff 4, green wins 4
    assert g.position.round == 2 and g.position.bonus == (0, 1)
    g.play("discard pink 3")
    g.play("discard green 3")
    duel(g, "4", "6")
    assert g.position.gold == (0, 3)


def test_fg4_pink_eight_beats_a_one():
    g = start(pink="2 3", green="2 3")
    duel(g, "8", "1")
    assert g.position.gold == (3, 0)
    g = start(pink="2 3", green="2 3", specials=())
    duel(g, "8", "1")
    assert g.position.gold == (0, 7)


def test_fg4_green_eight_against_a_one_loses():
    g = start(pink="2 3", green="2 3")
    duel(g, "1", "8")
    assert g.position.gold == (7, 0)


def test_fg4_green_eight_reclaims_a_discard_and_discards_two():
    g = start()
    duel(g, "3", "8")
    pos = g.position
    assert pos.phase == "reclaim" and g.current_players() == (1,) and g.to_move == 1
    assert [str(m) for m in g.legal_moves()] == ["reclaim green 1", "reclaim green 2"]
    assert g.legal_moves(0) == ()
    assert "Wait" in refused(g, "pink 4", "FG-4")
    assert "not among your discards" in refused(g, "reclaim green 5", "FG-4")
    refused(g, "green 4", "FG-4")
    assert str(g.play("reclaim 1")) == "reclaim green 1"
    assert g.observation(0).reclaims == ((1, Card("green", "1")),)
    assert g.position.phase == "duel" and Card("green", "1") in g.position.hands[1]
    duel(g, "5", "1")
    duel(g, "7", "3")  # pink 7 closes the round
    assert g.position.phase == "discard"
    assert g.position.to_discard(1) == 2 and g.position.to_discard(0) == 1
    refused(g, "discard green 3", "FG-2")
    g.play("discard green 3 green 4")
    g.play("discard pink 4")
    assert len(g.position.hands[1]) == len(g.position.hands[0]) == 6


def test_fg4_reclaim_before_a_round_end_then_round_ends():
    g = start()
    duel(g, "5", "5")
    duel(g, "3", "3")
    duel(g, "7", "8")  # the pink 7 ends the round, the green 8 still reclaims first
    assert g.position.phase == "reclaim" and g.position.round == 1
    g.play("reclaim green 2")
    assert g.position.phase == "discard" and g.position.round == 2
    assert g.position.to_discard(1) == 2


def test_fg4_green_eight_switched_off():
    g = start(specials=["six"])
    duel(g, "3", "8")
    assert g.position.phase == "duel"


def test_fg4_no_reclaim_when_the_green_eight_ends_the_game():
    for seed in range(400):
        g = FistfulOfGold.new(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        if g.position.past[-1][1][-1] == Card("green", "8"):
            assert g.position.reclaims_in(len(g.position.past)) == ()
            return
    pytest.fail("no game ended on a green 8")


def test_fg4_dynamite_against_dynamite_is_a_tie():
    g = start()
    duel(g, "D", "D")
    assert g.position.gold == (0, 0) and g.position.pot == 2


# --- options --------------------------------------------------------------------------------


def test_option_hands_fresh():
    g = tie_round(hands="fresh")
    pos = g.position
    assert pos.phase == "discard" and pos.round == 2
    assert pos.hands == (deck("pink"), deck("green")) and pos.discards == ((), ())
    assert pos.to_discard(0) == pos.to_discard(1) == 2
    g.play("discard pink 1 pink 2")
    g.play("discard green 1 green 2")
    assert len(g.position.hands[0]) == 7


def test_option_fresh_reclaim_does_not_grow_next_discard():
    g = start(hands="fresh")
    duel(g, "3", "8")
    g.play("reclaim green 1")
    duel(g, "5", "1")
    duel(g, "7", "3")
    assert g.position.to_discard(1) == 2


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("hands", "all"),
        ("dynamite_counts_as", 5),
        ("dynamite_counts_as", False),
        ("pot_at_round_end", "split"),
        ("six_vs_six", "win"),
        ("green7", "forever"),
        ("equal_round", "pink"),
        ("game_tiebreak", "coin"),
        ("specials", ["seven"]),
        ("specials", 3),
    ],
)
def test_bad_options_are_refused(name, value):
    with pytest.raises(PositionError) as info:
        FistfulOfGold.new(**{name: value})
    assert info.value.field == f"options.{name}"


def test_unknown_option_is_refused():
    with pytest.raises(PositionError) as info:
        FistfulOfGold.new(colour="blue")
    assert info.value.field == "options.colour"


def test_options_round_trip_and_specials_spellings():
    o = Options(specials="none", hands="fresh", dynamite_counts_as=9)
    assert Options.from_json(o.to_json()) == o
    assert Options(specials="all") == Options()
