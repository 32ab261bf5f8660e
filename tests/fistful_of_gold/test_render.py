"""A Fistful of Gold: the SVG duel cards."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tabletop_widgets.games.fistful_of_gold.cards import Card, beats_and_loses, deck
from tabletop_widgets.games.fistful_of_gold.render import (
    _PICTURES,
    CARD_W,
    SPECIAL_TEXT,
    TEXT_UNITS,
    back_svg,
    card_words,
    colour_letter,
    duel_card_svg,
    icon_svg,
    is_special,
    mini_card_svg,
    row_svg,
    rules_picture,
)
from tabletop_widgets.games.fistful_of_gold.screens.tutorial import CARD_WIDTH

ALL = deck("pink") + deck("green")


SVG_NS = "{http://www.w3.org/2000/svg}"


@functools.cache
def dejavu(bold: bool) -> tuple[dict[int, str], Any, int]:
    """DejaVu Sans (matplotlib ships it): the widest common fallback font of a browser."""
    import matplotlib
    from fontTools.ttLib import TTFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    font = TTFont(Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf" / name)
    return font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm


def measured(text: str, size: float, bold: bool) -> float:
    """The width of ``text`` set in DejaVu Sans at ``size`` units."""
    cmap, hmtx, upm = dejavu(bold)
    return sum(hmtx[cmap[ord(c)]][0] for c in text) / upm * size


def lines(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG_NS}text")]


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_face_is_wellformed_and_complete(card):
    svg = duel_card_svg(card, width=90)
    root = ET.fromstring(svg)
    assert root.get("width") == "90" and root.get("aria-label") == str(card)
    texts = lines(svg)
    beats, loses = beats_and_loses(card)
    # The two lists, in this order, each after its mark (a disc with a tick, a ring with a
    # cross): the marks are drawn, so no font is needed.
    assert texts[-2:] == [" ".join(beats), " ".join(loses)]
    assert root.find(f"{SVG_NS}title").text == card_words(card)
    # Colour is not the only signal: the colour letter is printed.
    assert colour_letter(card.colour) == card.colour[0].upper() in texts
    if is_special(card):
        assert SPECIAL_TEXT[(card.colour, card.rank)] in texts
        assert "<polygon" in svg  # the star


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_text_on_a_card_is_readable_where_the_pages_draw_it(card):
    """Issue 16: the lists were ~5 px.  At the width the tables and lessons draw cards
    (80 px) every text is 11 px or more, and no line is wider than the card."""
    for svg, width in ((duel_card_svg(card, width=80), 80), (mini_card_svg(card, width=40), 40)):
        root = ET.fromstring(svg)
        scale = width / CARD_W
        for t in root.iter(f"{SVG_NS}text"):
            assert float(t.get("font-size")) * scale >= 11, (t.text, t.get("font-size"))
            x = float(t.get("x"))
            fit = t.get("textLength")
            size = float(t.get("font-size"))
            wide = measured(t.text, size, t.get("font-weight") == "bold")
            if fit is not None:  # squeezed to fit: by a little only
                assert t.get("lengthAdjust") == "spacingAndGlyphs"
                assert 0.8 <= float(fit) / wide <= 1.1, t.text
                wide = float(fit)
            if t.get("text-anchor") == "start":
                assert x + wide <= CARD_W - 6, t.text
            else:
                assert wide <= CARD_W - 12, t.text


def test_the_pages_draw_cards_wide_enough_for_11_px_text():
    from tabletop_widgets.games.fistful_of_gold.screens.play import _board

    for width in (CARD_WIDTH, _board().card_width):
        assert TEXT_UNITS * width / CARD_W >= 11


def test_mini_faces_show_only_the_value():
    assert lines(mini_card_svg(Card("green", "4"))) == ["4"]
    assert lines(mini_card_svg(Card("pink", "D"))) == []  # the drawing says Dynamite
    assert 'aria-label="pink dynamite"' in mini_card_svg(Card("pink", "D"))


def test_card_words_and_legend_marks():
    assert card_words(Card("pink", "8")) == (
        "pink 8: beats 1, 5, 6, 7 and Dynamite; loses to 2, 3 and 4. "
        "Against a 1 it wins 3 gold (instead of the 1 winning 7)."
    )
    assert card_words(Card("pink", "8"), specials=()).startswith("pink 8: beats 5, 6, 7 and")
    for kind in ("beats", "loses", "power"):
        root = ET.fromstring(icon_svg(kind))
        assert root.get("aria-label") and not list(root.iter(f"{SVG_NS}text"))


def test_patterns_differ_between_colours():
    pink, green = duel_card_svg(Card("pink", "3")), duel_card_svg(Card("green", "3"))
    assert "<line" in pink and 'r="3.2"' not in pink  # stripes
    assert 'r="3.2"' in green  # dots


def test_specials_switched_off_change_the_face():
    on = duel_card_svg(Card("pink", "8"))
    off = duel_card_svg(Card("pink", "8"), specials=())
    assert "beats a 1" in lines(on) and "beats a 1" not in lines(off)
    assert "1 5 6 7 D" in lines(on) and "5 6 7 D" in lines(off)


@pytest.mark.parametrize("name", sorted(_PICTURES))
def test_rules_pictures(name):
    root = ET.fromstring(f"<div>{rules_picture(name)}</div>")
    cards = root.findall(f"{SVG_NS}svg")
    assert cards and all(c.get("aria-label") and float(c.get("width")) >= 70 for c in cards)
    with pytest.raises(KeyError):
        rules_picture("no-such-picture")


def test_repr_svg_back_and_row():
    assert Card("green", "7")._repr_svg_() == duel_card_svg(Card("green", "7"))
    ET.fromstring(back_svg(width=60))
    row = row_svg([Card("pink", "1"), None], width=50, highlight=[Card("pink", "1")])
    root = ET.fromstring(row)
    assert root.get("aria-label") == "pink 1, card back"
    assert "#f0a500" in row
    assert ET.fromstring(row_svg([])).get("aria-label") == "no cards"


# -- notebook display: every object of the engine draws itself ------------------------


SVG = "{http://www.w3.org/2000/svg}"


def titles(svg: str) -> list[str]:
    """The names of the cards drawn (each card face or back has a <title>: its name, then
    what it beats)."""
    return [t.text.split(":")[0] for t in ET.fromstring(svg).iter(f"{SVG}title")]


def mid_game():
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold

    g = FistfulOfGold.new(seed=1)
    for m in [
        "discard pink 1 pink 2",
        "discard green 3 green 4",
        "pink 5",
        "green 8",
        "reclaim green 3",
        "pink 7",
    ]:
        g.play(m)
    return g


def test_the_game_its_position_moves_and_hands_draw_themselves():
    from tabletop_widgets.games.fistful_of_gold import Hand, Move

    g = mid_game()
    table = titles(g._repr_svg_())
    assert g._repr_svg_() == g.position._repr_svg_()
    # A game shows every card face up, the secret choice too.
    assert sorted(table) == sorted([*map(str, deck("pink")), *map(str, deck("green")), "pink 7"])
    assert "Round 1 · duel 2 of 6" in g._repr_svg_()
    hand = g.position.hands[1]
    assert isinstance(hand, Hand) and titles(hand._repr_svg_()) == [str(c) for c in hand]
    for text in ("pink 5", "discard green 1 green 2", "reclaim green 3"):
        move = Move.parse(text)
        assert titles(move._repr_svg_()) == [str(c) for c in move.cards]


def test_an_observation_draws_only_what_its_seat_sees():
    g = mid_game()
    green = titles(g.observation(1)._repr_svg_())
    # Pink's hand (6 cards), discards (2) and secret choice (1) are backs.
    assert green.count("card back") == 9
    assert "pink 7" not in green and "pink 1" not in green
    assert {"pink 5", "green 8", "green 1", "green 3", "green 4"} <= set(green)
    pink = titles(g.observation(0)._repr_svg_())
    assert "green 4" not in pink and "green 3" in pink  # discarded; taken back (shown)
    assert pink.count("pink 7") == 2 and "pink 1" in pink  # its hand, choice and discards
    assert pink.count("card back") == 7 + 1  # green's hand and its one discard left
    over = g.replay(0)
    while not over.is_over:
        over.play(over.legal_moves()[0])
    svg = over.observation(0)._repr_svg_()
    assert "wins the game" in svg or "draw" in svg
    ET.fromstring(over._repr_svg_())


def test_the_game_offers_its_table_widget():
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    g = FistfulOfGold.new(seed=1)
    table = g.widget()
    assert isinstance(table, FistfulOfGoldTable) and table.game is g and table.seat == 0
    for i in (0, 1):
        assert table.dispatch(
            {"type": "select", "index": i, "card": table.view["choices"][i]["card"]}
        )
    assert table.dispatch({"type": "confirm"})
    assert [str(m) for m in g.history] == ["discard pink 1 pink 2"]
    assert table.seat == 1 and table.view["mode"] == "discard"  # green chooses next


def _corner(svg: str) -> str:
    """The letter in the card's top corner (the bold text at x=34)."""
    root = ET.fromstring(svg)
    return next(t.text for t in root.iter(f"{SVG_NS}text") if t.get("x") == "34")


@pytest.mark.parametrize(
    ("lang", "pink", "green"),
    [("en", "P", "G"), ("fr", "R", "V"), ("ca", "R", "V"), ("ko", "분", "초")],
)
def test_the_corner_letter_is_the_colour_name_in_the_reader_language(lang, pink, green):
    """The corner letters were P and G (English "pink", "green") in every language: a
    French reader, told of "rose" and "vert", saw P and G."""
    from tabletop_widgets.core.i18n import language

    with language(lang):
        assert (colour_letter("pink"), colour_letter("green")) == (pink, green)
        assert _corner(duel_card_svg(Card("pink", "5"))) == pink
        assert _corner(duel_card_svg(Card("green", "D"))) == green


@pytest.mark.parametrize(
    ("names", "pink", "green"),
    [
        ({"pink": "rosa", "green": "rubin"}, "Ro", "Ru"),  # the same first letter: two each
        ({"pink": "abc", "green": "abd"}, "P", "G"),  # the same two letters: P and G
        ({"pink": "", "green": "vert"}, "P", "G"),  # no word: P and G
    ],
)
def test_colours_whose_names_start_alike_still_differ(monkeypatch, names, pink, green):
    from tabletop_widgets.games.fistful_of_gold import render

    monkeypatch.setattr(render, "_", lambda word: names.get(word, word))
    assert (colour_letter("pink"), colour_letter("green")) == (pink, green)


def test_the_table_draws_the_letters_again_in_the_new_language():
    from tabletop_widgets.core.i18n import language, set_language
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    table = FistfulOfGoldTable(FistfulOfGold.new(seed=2), seat=0, names=["You", "Ada (bot)"])
    assert _corner(table.faces["P1"]) == "P"
    try:
        set_language("fr")
        assert _corner(table.faces["P1"]) == "R"
    finally:
        set_language("en")
    with language("en"):
        assert _corner(table.faces["P1"]) == "P"
