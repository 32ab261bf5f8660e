"""The pure-SVG playing-card renderer."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletop_widgets.games.chinese_ten.cards import FULL_DECK, Card
from tabletop_widgets.games.chinese_ten.render import RED, back_svg, card_svg, row_svg, suit_paths

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_every_card_is_well_formed_svg(card):
    svg = card_svg(card, width=120)
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert root.get("width") == "120" and root.get("height") == "168"
    assert root.get("aria-label") == card.name
    assert root.find(NS + "title").text == card.name
    # Suits are drawn as paths; only the corner indices are text.
    texts = [t.text for t in root.iter(NS + "text")]
    label = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    assert texts == [label, label]
    assert len(list(root.iter(NS + "path"))) >= 3
    assert "<image" not in svg and "href" not in svg and "url(" not in svg


def test_red_cards_have_a_second_frame_not_only_a_colour():
    def frames(card: str) -> int:
        root = ET.fromstring(card_svg(Card.parse(card)))
        return sum(
            1
            for r in root.iter(NS + "rect")
            if r.get("fill") in ("#fff", "none") and r.get("x") in ("2", "11")
        )

    assert frames("7H") == frames("7D") == 2
    assert frames("7S") == frames("7C") == 1
    assert RED in card_svg(Card.parse("7H")) and RED not in card_svg(Card.parse("7S"))


def test_pip_counts():
    for rank in range(2, 11):
        svg = card_svg(Card(rank, "D"))
        # one path per diamond: two corner pips plus the rank's pips
        assert svg.count("<path") == 2 + rank


def test_courts_and_back():
    for t in ("JS", "QH", "KD"):
        root = ET.fromstring(card_svg(Card.parse(t)))
        assert root.find(f".//{NS}circle") is not None  # a face
    back = ET.fromstring(back_svg(width=50))
    assert back.get("aria-label") == "card back" and back.get("height") == "70"


def test_row_and_highlight():
    cards = [Card.parse("AS"), None, Card.parse("KD")]
    root = ET.fromstring(row_svg(cards, width=50, highlight={Card.parse("KD")}))
    assert len(root.findall(NS + "g")) == 3
    assert "card back" in root.get("aria-label")
    assert "#f0a000" in row_svg(cards, highlight={Card.parse("KD")})
    assert "#f0a000" not in row_svg(cards)
    overlapped = ET.fromstring(row_svg(cards, width=50, gap=-0.5))
    assert float(overlapped.get("width")) < float(root.get("width"))
    ET.fromstring(row_svg([]))


def test_repr_svg_and_suit_paths():
    assert Card.parse("QS")._repr_svg_() == card_svg(Card.parse("QS"))
    assert suit_paths("C", 10, 10, 20).count("<path") == 4
    assert "rotate(180" in suit_paths("H", 10, 10, 20, flip=True)


# -- what a notebook shows for the engine's objects -----------------------------------


def titles(svg: str) -> list[str]:
    """The card names (and "card back") in a picture: every card carries a <title>."""
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg" and root.get("role") == "img"
    return [t.text for t in root.iter(NS + "title")]


def test_the_game_and_its_position_show_the_whole_table():
    from tabletop_widgets.games.chinese_ten import ChineseTen

    g = ChineseTen.new(players=3, seed=4, target=None)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    p = g.position
    shown = titles(g._repr_svg_())
    assert g._repr_svg_() == p._repr_svg_()
    every = [c for h in p.hands for c in h] + list(p.layout)
    every += [c for pile in p.captured for c in pile] + ([p.turned] if p.turned else [])
    assert sorted(shown) == sorted([c.name for c in every] + ["card back"])  # the stock
    text = "".join(ET.fromstring(g._repr_svg_()).itertext())
    assert "Seat 1" in text and "Seat 0" not in text and "deal 1" in text


def test_an_observation_shows_only_what_its_seat_sees():
    from tabletop_widgets.games.chinese_ten import ChineseTen

    g = ChineseTen.new(players=4, seed=2, target=None)
    for _ in range(5):
        g.play(g.legal_moves()[-1])
    p = g.position
    for seat in range(4):
        svg = g.observation(seat)._repr_svg_()
        shown = titles(svg)
        hidden = set(p.stock) | {c for s, h in enumerate(p.hands) if s != seat for c in h}
        assert not {c.name for c in hidden} & set(shown), seat
        assert all(c.name in shown for c in p.hands[seat])
        others = sum(len(h) for s, h in enumerate(p.hands) if s != seat)
        assert shown.count("card back") == others + 1  # their hands face down, the stock
        assert f"Seat {seat + 1} (you)" in "".join(ET.fromstring(svg).itertext())


def test_a_move_and_a_hand_show_their_cards():
    from tabletop_widgets.games.chinese_ten import Hand, Move

    m = Move.parse("KH x KS KD KC")
    assert titles(m._repr_svg_()) == [Card.parse(t).name for t in ("KH", "KS", "KD", "KC")]
    assert ET.fromstring(m._repr_svg_()).get("aria-label") == "KH x KS KD KC"
    assert "stock" in "".join(ET.fromstring(Move.parse("stock 5H x 5S")._repr_svg_()).itertext())
    assert titles(Move.parse("7H")._repr_svg_()) == ["seven of hearts"]
    hand = Hand(Card.parse(t) for t in ("2D", "KS"))
    assert titles(hand._repr_svg_()) == ["two of diamonds", "king of spades"]
    assert repr(hand) == "Hand('2D KS')" and hand == (Card.parse("2D"), Card.parse("KS"))


def test_game_widget_is_the_table():
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    g = ChineseTen.new(players=2, seed=1, target=None)
    t = g.widget(card_width=40)  # everyone at one screen: the seat to move is shown
    assert isinstance(t, ChineseTenTable) and t.game is g and t.shown_seat == g.to_move
    assert t.dispatch({"type": "move", "text": str(g.legal_moves()[0])})
    assert len(g.history) == 1 and (t.shown_seat == g.to_move or g.is_over)


def _arc_centre(x1, y1, r, large, sweep, dx, dy):
    """The centre of an SVG arc from (x1, y1) by (dx, dy), radius r (SVG 1.1, F.6.5)."""
    import math

    x2, y2 = x1 + dx, y1 + dy
    mx, my = (x1 - x2) / 2, (y1 - y2) / 2
    k = math.sqrt(max(0.0, (r * r - mx * mx - my * my) / (mx * mx + my * my)))
    if large == sweep:
        k = -k
    cx, cy = k * my, -k * mx
    return cx + (x1 + x2) / 2, cy + (y1 + y2) / 2


def test_every_suit_symbol_stays_inside_its_box():
    """The club's three leaves are circles inside the 100-unit box the symbol is drawn in
    (a 16 px icon in the tutorial's words cuts off what lies outside: the club lost its top
    leaf)."""
    import re

    from tabletop_widgets.games.chinese_ten import render

    for suit, paths in render._SUITS.items():
        for d in paths:
            for x, y, r, large, sweep, dx, dy in re.findall(
                r"M([\d.]+) ([\d.]+) a([\d.]+) [\d.]+ 0 ([01]) ([01]) ([-\d.]+) ([-\d.]+)", d
            ):
                cx, cy = _arc_centre(
                    float(x), float(y), float(r), int(large), int(sweep), float(dx), float(dy)
                )
                r = float(r)
                assert r <= cx <= 100 - r, (suit, d, cx)
                assert r <= cy <= 100 - r, (suit, d, cy)
            numbers = [float(n) for n in re.findall(r"(?<![a\d.])(-?\d+(?:\.\d+)?)", d)]
            assert all(-1 <= n <= 101 for n in numbers), (suit, d)
