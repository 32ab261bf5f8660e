"""Chinese Ten move notation: parse, format, canonical forms."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_widgets.core.errors import NotationError
from tabletop_widgets.games.chinese_ten.cards import FULL_DECK, Card
from tabletop_widgets.games.chinese_ten.moves import Move


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7H", "7H"),
        ("7h", "7H"),
        ("10h", "TH"),
        ("7H x 3S", "7H x 3S"),
        ("7hx3s", "7H x 3S"),
        ("7H X 3S", "7H x 3S"),
        ("7♥ × 3♠", "7H x 3S"),
        ("  7H   x   3S  ", "7H x 3S"),
        ("10H x 10S", "TH x TS"),
        ("KH x KS KD KC", "KH x KS KD KC"),
        ("KH x KC, KD, KS", "KH x KS KD KC"),
        ("kh x kc+kd+ks", "KH x KS KD KC"),
        ("stock 5H x 5S", "stock 5H x 5S"),
        ("Stock: 5h x 5s", "stock 5H x 5S"),
        ("s 5H x 5S", "stock 5H x 5S"),
        ("STOCK 5H", "stock 5H"),
    ],
)
def test_spellings(text, canonical):
    assert str(Move.parse(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "x",
        "7H x",
        "x 3S",
        "7H x 3S x 2C",
        "7H takes 3S",
        "7H x 3S 3S",
        "stock",
        "stock x 5S",
        "pass",
        "7H 3S",
        "SA",
        "7H,",
        "AS x",
        "7Hx3Sx",
        ("7H",),
        b"7H",
    ],
)
def test_not_moves(text):
    """Texts of this notation's shape that are still not moves (the contract suite tries
    generic junk: None, numbers, lists, empty text …)."""
    with pytest.raises(NotationError) as e:
        Move.parse(text)
    assert e.value.rule == "notation"


def test_move_values():
    m = Move(c("KH"), (c("KC"), c("KS"), c("KD")))
    assert m.captures == (c("KS"), c("KD"), c("KC"))  # sorted: canonical
    assert m == Move.parse("KH x KS KD KC") and hash(m) == hash(Move.parse("kh x kc kd ks"))
    assert m.cards == (c("KH"), c("KS"), c("KD"), c("KC"))
    assert Move(c("7H")).cards == ()
    assert {Move.parse("7H"), Move.parse("7h")} == {Move(c("7H"))}
    assert Move.parse(m) is m
    assert repr(m) == "Move('KH x KS KD KC')"
    assert m != str(m) and Move(c("7H")) != "7H"  # never equal to text
    with pytest.raises(AttributeError):
        m.stock = True  # type: ignore[misc]
    assert Move("7h", ("3s",)) == Move.parse("7H x 3S")  # card text is accepted
    for bad in ((7,), ("7H", 3), ("7H", ("ZZ",))):
        with pytest.raises(NotationError):
            Move(*bad)


moves = st.builds(
    Move,
    st.sampled_from(FULL_DECK),
    st.lists(st.sampled_from(FULL_DECK), max_size=3, unique=True).map(tuple),
    st.booleans(),
)


@given(moves)
def test_format_parse_round_trip(move):
    assert Move.parse(str(move)) == move
    assert Move.parse(str(move).lower()) == move
    assert Move.parse(str(move).replace("T", "10").replace(" x ", "x")) == move


@given(st.text(max_size=30))
def test_random_text_is_a_move_or_a_notation_error(text):
    try:
        m = Move.parse(text)
    except NotationError as e:
        assert e.rule == "notation"
    else:
        assert Move.parse(str(m)) == m
