"""The coach's hints: a move in words, in bold, then its notation, small, where the game's
coach writes one (Matchstick Tycoon's plays, Chinese Ten's moves), escaped; A Fistful of
Gold's moves in words alone."""

from __future__ import annotations

import html
import re

from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.core.stats import Estimate
from tabletop_widgets.games.chinese_ten import ChineseTen
from tabletop_widgets.games.chinese_ten.screens.play import play_screen as ct_play_screen
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.ui.coach import Coach, Hint, hint_move_html, hint_words, move_words


def test_the_notation_is_escaped_and_out_of_the_bold():
    shown = hint_move_html("a <b>bold</b> & move", "1x<7>: 7 & 'a'")
    assert shown == (
        "<b>A &lt;b&gt;bold&lt;/b&gt; &amp; move</b> "
        "<code class='tt-coach-notation'>1x&lt;7&gt;: 7 &amp; &#x27;a&#x27;</code>"
    )
    assert hint_move_html("a pass", "") == "<b>A pass</b>"


def test_the_coach_draws_each_hint_with_its_notation_escaped():
    coach = Coach("matchstick_tycoon")
    hints = [
        Hint("m1", "two <cards>", "win chance 50 %", "", Estimate(0.5, 0.4, 0.6), True, "2x<8>"),
        Hint("m2", "a pass", "win chance 40 %", "", Estimate(0.4, 0.3, 0.5), False),
    ]
    coach._shown = (hints, 100, frozenset())
    coach._draw()
    items = re.findall(r"<li>(.*?)</li>", coach.output.value)
    assert items[0].startswith(
        "<b>Two &lt;cards&gt;</b> <code class='tt-coach-notation'>2x&lt;8&gt;</code> — "
    )
    assert items[1].startswith("<b>A pass</b> — ")
    assert "<cards>" not in coach.output.value and "2x<8>" not in coach.output.value


def test_chinese_ten_hints_say_the_move_then_its_notation():
    info = GAMES["chinese_ten"]
    g = ChineseTen.new(players=2, seed=3, target=None)
    for move in g.legal_moves():
        words, notation = hint_words(info, move)
        assert (words, notation) == (move_words(info, move), str(move))
    screen = ct_play_screen(seats=["person", "easy"], seed=3, players=2)
    screen.coach.budget = 100  # the words, not the figures, are tested
    assert screen.acting == 0  # you play first at this seed
    hints = screen.hint()
    items = re.findall(r"<li>(.*?)</li>", screen.coach.output.value)
    assert hints and len(items) == len(hints)
    for item, hint in zip(items, hints, strict=True):
        assert item.startswith(
            f"<b>{html.escape(hint.words[:1].upper() + hint.words[1:])}</b> "
            f"<code class='tt-coach-notation'>{html.escape(str(hint.move))}</code> — "
        )


def test_fistful_of_gold_hints_are_words_alone():
    info = GAMES["fistful_of_gold"]
    g = FistfulOfGold.new(seed=2)
    seat = g.current_players()[0]
    for move in g.legal_moves(seat):
        assert hint_words(info, move) == (move_words(info, move), "")
