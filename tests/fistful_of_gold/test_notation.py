"""A Fistful of Gold: cards, the move notation, and how the engine reads moves and seats.

What every game shares (junk text, moves as values, undo, replay) is in
``tests/contract``; here is what is specific to this game's notation.
"""

from __future__ import annotations

import pytest

from tabletop_widgets.core.errors import IllegalMoveError, NotationError
from tabletop_widgets.games.fistful_of_gold import (
    Card,
    Discard,
    FistfulOfGold,
    Move,
    Play,
    Reclaim,
)
from tabletop_widgets.games.fistful_of_gold.cards import compare, deck


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pink 5", "pink 5"),
        ("P5", "pink 5"),
        ("  Pink   5 ", "pink 5"),
        ("play green 3", "green 3"),
        ("g dynamite", "green dynamite"),
        ("GD", "green dynamite"),
        ("pink dyn", "pink dynamite"),
        ("discard pink 3 pink 2", "discard pink 2 pink 3"),
        ("discard p2,p3", "discard pink 2 pink 3"),
        ("DISCARD green 8 D", "discard green 8 green dynamite"),
        ("reclaim green 4", "reclaim green 4"),
        ("take back g4", "reclaim green 4"),
    ],
)
def test_spellings_read_to_canonical(text, canonical):
    move = Move.parse(text)
    assert str(move) == canonical
    assert Move.parse(canonical) == move
    assert hash(move) == hash(Move.parse(canonical))


@pytest.mark.parametrize(
    "text",
    [
        "pink",
        "pink 9",
        "pink 0",
        "blue 5",
        "5",
        "discard",
        "discard pink 2 pink 2",
        "discard pink 2 green 3",
        "reclaim",
        "reclaim pink 2 pink 3",
        "pink 5 pink 6",
        "xyzzy",
    ],
)
def test_bad_notation(text):
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert info.value.rule == "notation" and info.value.reason


def test_a_colour_fills_in_bare_ranks():
    assert Move.parse("5", colour="green") == Play(Card("green", "5"))
    assert str(Move.parse("discard 3 1", colour="pink")) == "discard pink 1 pink 3"
    # A colour word in the text wins over the default.
    assert Move.parse("pink 5", colour="green") == Play(Card("pink", "5"))


def test_each_kind_of_move_parses_only_itself():
    assert Play.parse("pink 5") == Play(Card("pink", "5"))
    assert Discard.parse("discard p1 p2").cards == (Card("pink", "1"), Card("pink", "2"))
    assert Reclaim.parse("take back g4") == Reclaim(Card("green", "4"))
    with pytest.raises(NotationError):
        Play.parse("reclaim green 4")
    with pytest.raises(NotationError):
        Reclaim.parse(Play(Card("green", "4")))
    move = Discard((Card("green", "2"), Card("green", "1")))
    assert Move.parse(move) is move  # a move object is read as itself


def test_moves_are_small_values_that_know_their_seat():
    a = Discard((Card("pink", "3"), Card("pink", "2")))
    assert a == Discard((Card("pink", "2"), Card("pink", "3")))  # kept sorted
    assert len({Play(Card("pink", "1")), Play(Card("pink", "1")), Reclaim(Card("green", "1"))}) == 2
    assert Play(Card("green", "1")) != Reclaim(Card("green", "1"))
    assert (a.seat, a.colour, Reclaim(Card("green", "1")).seat) == (0, "pink", 1)
    assert Play(Card("pink", "4")).cards == (Card("pink", "4"),)
    assert all(isinstance(m, Move) for m in (a, Play(Card("pink", "1"))))
    with pytest.raises(AttributeError):
        a.cards = ()  # type: ignore[misc]
    with pytest.raises(ValueError):
        Discard(())
    with pytest.raises(ValueError):
        Discard((Card("pink", "3"), Card("green", "2")))


def test_compare_is_antisymmetric():
    for a in deck("pink"):
        for b in deck("green"):
            w1, g1 = compare(a, b)
            w2, g2 = compare(b, a)
            assert g1 == g2 and (w1 is None) == (w2 is None)
            if w1 is not None:
                assert w2 == 1 - w1


def test_bare_ranks_need_a_colour_unless_one_seat_is_to_move():
    g = FistfulOfGold.new(seed=1)
    with pytest.raises(NotationError):
        g.play("discard 1 2")
    assert str(g.play("discard 1 2", seat=0)) == "discard pink 1 pink 2"
    assert g.to_move == 1
    assert str(g.play("discard 1 2")) == "discard green 1 green 2"  # only green is left
    assert str(g.play("3", seat=1)) == "green 3"
    assert g.parse_move("4") == Play(Card("pink", "4"))  # only pink is left now
    assert g.explain("pink 3") is None
    assert "(FG-3)" in g.explain("pink 1")
    assert g.is_legal("pink 4")


def test_the_seat_comes_from_the_move():
    g = FistfulOfGold.new(seed=1)
    g.play(Discard((Card("green", "1"), Card("green", "2"))))
    assert g.movers == (1,) and g.current_players() == (0,)
    g.play("discard pink 3 pink 4", 0)
    assert g.movers == (1, 0)


def test_bad_seat_numbers():
    g = FistfulOfGold.new(seed=1)
    for bad in (2, -1, True, "0", 1.0):
        with pytest.raises(IndexError):
            g.legal_moves(bad)
        with pytest.raises(IndexError):
            g.play("discard pink 1 pink 2", bad)
        with pytest.raises(IndexError):
            g.observation(bad)
    assert g.history == ()


def test_a_move_for_the_other_seat_is_refused():
    g = FistfulOfGold.new(seed=1)
    with pytest.raises(IllegalMoveError) as info:
        g.play(Discard((Card("green", "1"), Card("green", "2"))), seat=0)
    assert info.value.rule == "FG-1" and "not yours" in info.value.reason
    assert g.explain("green 5", 0).endswith("(FG-1)")


def test_legal_moves_are_each_seats_in_turn():
    g = FistfulOfGold.new(seed=1)
    moves = g.legal_moves()
    assert isinstance(moves, tuple) and len(moves) == 2 * 36 and len(set(moves)) == len(moves)
    assert moves == g.legal_moves(0) + g.legal_moves(1)  # pink's first
    assert {m.seat for m in moves[:36]} == {0} and len(g.legal_moves(0)) == 36
    g.play("discard green 1 green 2")
    assert g.legal_moves(1) == () and g.legal_moves() == g.legal_moves(0)


def test_undoing_a_reveal_puts_the_other_choice_back():
    g = FistfulOfGold.new(seed=7, hands="fresh")
    for m in ["discard pink 1 pink 2", "discard green 1 green 2", "pink 5", "green 8"]:
        g.play(m)
    assert g.position.phase == "reclaim" and g.current_players() == (1,)
    snapshot = g.position
    assert str(g.undo()) == "green 8"
    assert g.position.pending[0] == Play(Card("pink", "5")) and g.position.rows == ((), ())
    assert g.current_players() == (1,) and g.position.phase == "duel"
    g.play("green 8")
    assert g.position == snapshot
    with pytest.raises(IndexError):
        FistfulOfGold.new(seed=1).undo()
