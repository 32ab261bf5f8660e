"""A Fistful of Gold: the SVG duel cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletop_widgets.games.fistful_of_gold.cards import Card, beats_and_loses, deck
from tabletop_widgets.games.fistful_of_gold.render import back_svg, duel_card_svg, row_svg

ALL = deck("pink") + deck("green")


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_face_is_wellformed_and_complete(card):
    svg = duel_card_svg(card, width=90)
    root = ET.fromstring(svg)
    assert root.get("width") == "90" and root.get("aria-label") == str(card)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    beats, loses = beats_and_loses(card)
    assert "beats " + " ".join(beats) in texts
    assert "loses to " + " ".join(loses) in texts
    # Colour is not the only signal: the colour letter is printed.
    assert card.colour[0].upper() in texts
    if card.rank in "678D":
        assert len(texts) >= 9  # corners, value or name, power lines, beats/loses


def test_patterns_differ_between_colours():
    pink, green = duel_card_svg(Card("pink", "3")), duel_card_svg(Card("green", "3"))
    assert "<line" in pink and "<circle" not in pink
    assert "<circle" in green


def test_specials_switched_off_change_the_face():
    on = duel_card_svg(Card("pink", "8"))
    off = duel_card_svg(Card("pink", "8"), specials=())
    assert "Against a 1:" in on and "Against a 1:" not in off
    assert "beats 1 5 6 7 D" in on and "beats 5 6 7 D" in off


def test_repr_svg_back_and_row():
    assert Card("green", "7")._repr_svg_() == duel_card_svg(Card("green", "7"))
    ET.fromstring(back_svg(width=60))
    row = row_svg([Card("pink", "1"), None], width=50, highlight=[Card("pink", "1")])
    root = ET.fromstring(row)
    assert root.get("aria-label") == "pink 1, card back"
    assert "#f0a500" in row
    assert ET.fromstring(row_svg([])).get("aria-label") == "no cards"
