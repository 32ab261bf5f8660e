"""Chinese Ten cards: notation, capture partners and point values (CT-2, CT-5)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_widgets.games.chinese_ten.cards import (
    FULL_DECK,
    Card,
    CardError,
    deal_total,
    partner_rank,
    points,
    shuffled_deck,
)


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"),
        ("th", "TH"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("7h", "7H"),
        (" kd ", "KD"),
        ("7♥", "7H"),
        ("a♠", "AS"),
        ("Q♣", "QC"),
        ("2♦", "2D"),
    ],
)
def test_card_spellings(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", "A", "1S", "11H", "0H", "HH", "7X", "AS ", "ASD", "7 H", None, 7, "T10"]
)
def test_not_cards(text):
    if text == "AS ":  # surrounding space is fine
        assert Card.parse(text) == c("AS")
        return
    with pytest.raises(CardError):
        Card.parse(text)


def test_deck_is_52_distinct_cards():
    assert len(set(FULL_DECK)) == 52
    assert {str(x) for x in FULL_DECK} == {r + s for r in "A23456789TJQK" for s in "SHDC"}


@given(st.sampled_from(FULL_DECK))
def test_str_parse_round_trip(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert hash(Card.parse(str(card))) == hash(card)


def test_card_is_a_frozen_value():
    card = c("7H")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    with pytest.raises(CardError):
        Card(14, "S")
    with pytest.raises(CardError):
        Card(3, "X")
    assert repr(card) == "Card('7H')"
    assert card.name == "seven of hearts" and c("AS").name == "ace of spades"
    assert sorted([c("KS"), c("2C"), c("2S"), c("2H")]) == [c("2S"), c("2H"), c("2C"), c("KS")]


def test_partners_make_ten_or_match_rank():
    """CT-2: ace-9 take the card adding up to 10; 10, J, Q, K take their own rank."""
    assert {r: partner_rank(r) for r in range(1, 10)} == {r: 10 - r for r in range(1, 10)}
    assert [partner_rank(r) for r in (10, 11, 12, 13)] == [10, 11, 12, 13]
    assert partner_rank(5) == 5


@pytest.mark.parametrize(
    ("card", "players", "pts"),
    [
        ("AH", 3, 20),
        ("AD", 2, 20),
        ("2H", 3, 2),
        ("8D", 3, 8),
        ("9H", 3, 10),
        ("TD", 3, 10),
        ("KH", 3, 10),
        ("AS", 2, 0),
        ("AS", 3, 30),
        ("AS", 4, 30),
        ("AC", 3, 0),
        ("AC", 4, 40),
        ("KS", 4, 0),
        ("9C", 3, 0),
        ("2S", 3, 0),
    ],
)
def test_standard_points(card, players, pts):
    """CT-5 standard table."""
    assert points(c(card), "standard", players) == pts


@pytest.mark.parametrize(
    ("card", "pts"),
    [
        ("AS", 50),
        ("AC", 0),
        ("2S", 2),
        ("9C", 9),
        ("TS", 10),
        ("JC", 10),
        ("KS", 10),
        ("AH", 0),
        ("KD", 0),
        ("5H", 0),
    ],
)
def test_red_frog_black_frog_points(card, pts):
    """CT-5 Red Frog Black Frog table (the same for every player count)."""
    for players in (2, 3, 4):
        assert points(c(card), "red_frog_black_frog", players) == pts


def test_deal_totals():
    assert [deal_total("standard", n) for n in (2, 3, 4)] == [210, 240, 280]
    assert {deal_total("red_frog_black_frog", n) for n in (2, 3, 4)} == {218}
    with pytest.raises(ValueError):
        points(c("AS"), "bridge", 3)


def test_shuffles_are_deterministic_permutations():
    a, b = shuffled_deck(9, 0), shuffled_deck(9, 1)
    assert sorted(a) == sorted(FULL_DECK) == sorted(b)
    assert a == shuffled_deck(9, 0) and a != b and a != shuffled_deck(10, 0)
