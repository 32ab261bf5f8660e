"""The coach's hints name each move in words first, as the replay's list says a play, with
its notation after them, small (a newcomer read "3xC: 7~+a C C" in the hints as the move,
notation the page teaches only beside the table)."""

from __future__ import annotations

import html
import re

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.games.matchstick_tycoon import DISCARD, PASS, MatchstickTycoon, Move
from tabletop_widgets.games.matchstick_tycoon.coach import move_notation, move_words, plain_words
from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen
from tabletop_widgets.games.matchstick_tycoon.widgets.table import log_line, play_words
from tabletop_widgets.ui.coach import capital, hint_words


def test_a_play_is_said_in_words_then_its_notation():
    move = Move.parse("3xC: 7~+a C C")
    changed = "three cards acting as C, with 1 card turned over and 1 stick added"
    assert move_words(move) == f"{changed} (3xC: 7~+a C C)"
    assert plain_words(move) == changed
    assert move_notation(move) == "3xC: 7~+a C C"
    # The words are the replay list's words for the same play.
    g = MatchstickTycoon.new(players=2, seed=1)
    first = g.legal_moves()[-1]
    g.play(first)
    said = log_line(g, 0, ["You", "Bea"], words=True)
    assert play_words(first) in said and move_words(first).startswith(play_words(first))


def test_a_pass_and_a_discard_are_words_alone():
    assert (move_words(PASS), move_notation(PASS)) == ("a pass", "")
    assert (move_words(DISCARD), move_notation(DISCARD)) == ("a discarded stick", "")


@pytest.mark.parametrize("lang", ["en", "fr", "ko", "ca"])
def test_a_hint_names_every_move_in_words_and_its_notation_apart(lang):
    info = GAMES["matchstick_tycoon"]
    g = MatchstickTycoon.new(players=3, seed=4, expansion=2)
    with language(lang):
        for move in [*g.legal_moves(), PASS, DISCARD]:
            words, notation = hint_words(info, move)
            assert words == play_words(move), (lang, move)
            assert notation == move_notation(move), (lang, move)
            assert notation not in words or not notation


def test_the_play_pages_hints_lead_with_words_and_put_the_notation_after_them():
    screen = play_screen(seats=["person", "easy", "medium"], seed=12345)
    screen.coach.budget = 150  # a quick hint: the words, not the figures, are tested
    assert screen.acting == 0
    hints = screen.hint()
    assert hints
    shown = screen.coach.output.value
    items = re.findall(r"<li>(.*?)</li>", shown)
    assert len(items) == len(hints)
    for item, hint in zip(items, hints, strict=True):
        words = html.escape(capital(play_words(hint.move)))
        notation = move_notation(hint.move)
        assert hint.notation == notation
        assert item.startswith(f"<b>{words}</b>"), item
        if notation:  # after the words, small, out of the bold
            assert f"</b> <code class='tt-coach-notation'>{html.escape(notation)}</code> — " in item
            assert f"({html.escape(notation)})" not in item
