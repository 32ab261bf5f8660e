"""A play's words say how its cards were changed (newcomer finding: the review read
'You chose “a single C (1xC: 7~+a)”': the 7 card was turned over and given a stick, which
only the notation said).  The words now say, briefly, when cards were turned over (``~``)
and sticks added (``+``), MT-3, and agree with the notation for every legal play."""

from __future__ import annotations

import re

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move
from tabletop_widgets.games.matchstick_tycoon.coach import move_words, plain_words
from tabletop_widgets.games.matchstick_tycoon.widgets.table import log_line, play_words


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("1x7: 7", "a single 7"),
        ("1xC: 7~+a", "a single C, the 7 card turned over with 1 stick added"),
        ("1x9: 6~", "a single 9, the 6 card turned over"),
        ("1x8: 6+b", "a single 8, the 6 card with 1 stick added"),
        ("1xF: 1~+ag", "a single F, the 1 card turned over with 2 sticks added"),
        ("1x8: A+d", "a single 8, the A card with 1 stick added"),
        ("2x8: 8 8", "two cards acting as 8"),
        ("2x9: 6~ 6~", "two cards acting as 9, with 2 cards turned over"),
        ("4x8: 6+b 6+b 8 A+d", "four cards acting as 8, with 3 sticks added"),
        ("3xC: 7~+a C C", "three cards acting as C, with 1 card turned over and 1 stick added"),
        (
            "5x9: 3+f 6~ 6~ 6~ 6~",
            "five cards acting as 9, with 4 cards turned over and 1 stick added",
        ),
    ],
)
def test_a_play_says_turned_cards_and_added_sticks(notation, words):
    assert play_words(Move.parse(notation)) == words


def test_the_review_names_the_turned_card_and_its_stick():
    move = Move.parse("1xC: 7~+a")
    assert move_words(move) == "a single C, the 7 card turned over with 1 stick added (1xC: 7~+a)"
    assert plain_words(move) == "a single C, the 7 card turned over with 1 stick added"


def _counts(words: str) -> tuple[int, int]:
    turned = re.search(r"with (\d+) cards? turned over", words)
    sticks = re.search(r"(\d+) sticks? added", words)
    one_turned = re.search(r"the \w card turned over", words) is not None
    return (int(turned.group(1)) if turned else int(one_turned)), (
        int(sticks.group(1)) if sticks else 0
    )


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_the_words_agree_with_the_notation_for_every_legal_play(seed):
    g = MatchstickTycoon.new(players=2, seed=seed, expansion=2)
    seen = set()
    for _ in range(40):
        if g.is_over:
            break
        for m in g.legal_moves():
            if not m.is_play:
                continue
            words = play_words(m)
            turned = str(m).count("~")
            sticks = sum(len(c.split("+")[1]) for c in str(m).split(": ")[1].split() if "+" in c)
            assert sticks == m.cost
            assert _counts(words) == (turned, sticks), (str(m), words)
            assert not re.search(r"\dx|~|\+|: ", words), words  # no notation in the words
            seen.add((bool(turned), bool(sticks), m.count == 1))
        g.play(g.legal_moves()[0])
    assert (False, True, True) in seen and (False, True, False) in seen


def test_the_replay_list_and_the_log_say_the_same_changes():
    g = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [["7", "5"], ["0", "1"]],
            "sticks": [1, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    g.play("1xC: 7~+a")
    said = log_line(g, 0, ["You", "Bea"], words=True)
    assert said == "You played a single C, the 7 card turned over with 1 stick added."
    assert log_line(g, 0, ["You", "Bea"]) == "You: 1xC: 7~+a"


@pytest.mark.parametrize("lang", ["fr", "ko", "ca"])
def test_the_words_are_said_in_every_language_without_error(lang):
    with language(lang):
        for notation in ["1xC: 7~+a", "1x9: 6~", "1x8: 6+b", "4x8: 6+b 6+b 8 A+d", "2x9: 6~ 6~"]:
            words = play_words(Move.parse(notation))
            assert words and "{" not in words, (lang, words)
