"""Untrusted input from pages: codes, nicknames, tokens, seats."""

from __future__ import annotations

import pytest

from tabletop_widgets.classroom import checks
from tabletop_widgets.classroom.checks import RoomError


@pytest.mark.parametrize("typed", ["k7qx2m", " K7QX-2M ", "k7 qx 2m"])
def test_room_codes_are_read_as_typed(typed):
    assert checks.room_code(typed) == "K7QX2M"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "K7QX2",
        "K7QX2MM",
        "K7QX2O",
        "K7QX21",
        "<b>K7Q",
        "K7QX2M;",
        None,
        123456,
        ["K"],
        "ABC123",
    ],
)
def test_bad_room_codes_are_refused_with_a_sentence(bad):
    with pytest.raises(
        RoomError,
        match=r"^A room code is 6 letters and digits without 0, 1, I, L or O, like K7QX2M\.$",
    ):
        checks.room_code(bad)


def test_the_refusal_of_a_code_is_true_of_every_code_refused():
    """ "ABC123" is 6 letters and digits: the refusal must say why it is still no code (its
    1), and every character it names as left out is one no code holds."""
    with pytest.raises(RoomError) as e:
        checks.room_code("abc-123")
    left_out = "0, 1, I, L or O"
    assert left_out in str(e.value)
    assert not set(left_out.replace(", ", "").replace(" or ", "")) & set(checks.CODE_ALPHABET)
    assert set("01ILO") | set(checks.CODE_ALPHABET) >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    assert checks.room_code(" abc-234 ") == "ABC234"  # case, spaces and dashes do not matter


def test_new_codes_use_only_unambiguous_characters():
    codes = {checks.new_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(checks.room_code(c) == c for c in codes)
    assert not set("".join(codes)) & set("01IOL")


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("Ann", "Ann"),
        ("  Ann \t Lee  ", "Ann Lee"),
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # combining diaeresis, normalised
        ("李雷", "李雷"),
        ("Ann-Marie O'Neil", "Ann-Marie O'Neil"),
        ("sam_2.0", "sam_2.0"),
        ("7 of 9", "7 of 9"),
    ],
)
def test_nicknames(typed, kept):
    assert checks.nickname(typed) == kept


@pytest.mark.parametrize(
    "bad, sentence",
    [
        ("", "Type a nickname first."),
        ("   ", "Type a nickname first."),
        ("A" * 21, "A nickname is at most 20 characters."),
        ("<script>", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("Ann&amp;", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ('Ann"', "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("Ann\u202eevil", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("Ann\u200d", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("Ann\x00", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("Bo (bot)", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("-12", "A nickname starts with a letter or a digit."),
        ("=1+2", "A nickname may hold letters, digits, spaces and - ' . _ only."),
        ("'Ann", "A nickname starts with a letter or a digit."),
        ("you", "The page calls you “You”; choose another nickname."),
        (None, "A nickname is a short name, like Ann or Sam 2."),
        (42, "A nickname is a short name, like Ann or Sam 2."),
    ],
)
def test_bad_nicknames_are_refused_with_a_sentence(bad, sentence):
    with pytest.raises(RoomError) as e:
        checks.nickname(bad)
    assert str(e.value) == sentence


def test_tokens():
    token = checks.new_token()
    assert checks.token(token) == token
    assert checks.hash_token(token) != token and len(checks.hash_token(token)) == 64
    for bad in ("", "short", "x" * 65, token[:-1] + "!", None, 7):
        with pytest.raises(RoomError, match="rejoin key"):
            checks.token(bad)


@pytest.mark.parametrize("bad", [-1, 3, True, "1", 1.0, None])
def test_seats_count_from_one_in_refusals(bad):
    with pytest.raises(RoomError, match="the seats are 1 to 3"):
        checks.seat_number(bad, 3)
    assert checks.seat_number(2, 3) == 2
