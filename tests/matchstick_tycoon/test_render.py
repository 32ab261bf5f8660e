"""Seven-segment SVG rendering and the print-and-play export."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from tabletop_widgets.games.matchstick_tycoon import (
    DISCARD,
    PASS,
    Hand,
    MatchstickTycoon,
    Move,
    shapes,
)
from tabletop_widgets.games.matchstick_tycoon import print_and_play as pp
from tabletop_widgets.games.matchstick_tycoon.render import (
    CARD_H,
    CARD_W,
    SevenSegmentCard,
    card_parts,
    card_svg,
    geometry,
    hand_svg,
    move_svg,
    segment_line,
)

NS = {"s": "http://www.w3.org/2000/svg"}


def _segments(svg: str) -> dict[str, set[str]]:
    root = ET.fromstring(svg)
    out: dict[str, set[str]] = {"printed": set(), "empty": set(), "stick": set()}
    for el in root.iter():
        cls = el.get("class", "")
        seg = el.get("data-segment")
        if seg is None:
            continue
        for kind in out:
            if kind in cls.split():
                out[kind].add(seg)
    return out


@pytest.mark.parametrize("face", shapes.ALL_FACES)
@pytest.mark.parametrize("turned", [False, True])
def test_card_svg_draws_the_shape(face, turned):
    printed = shapes.letters(shapes.face_mask(face, turned))
    empty = "".join(s for s in shapes.SEGMENTS if s not in printed)
    added = empty[:1]
    got = _segments(card_svg(face, turned, added))
    assert got["printed"] == set(printed)
    assert got["empty"] == set(empty)
    assert got["stick"] == set(added)


def test_card_svg_is_valid_and_labelled():
    svg = card_svg("1", True, "ga", width=63)
    root = ET.fromstring(svg)
    assert root.get("width") == "63" and root.get("height") == "88"
    assert root.get("aria-label") == "card 1, turned over, sticks on a g, acts as F"
    assert root.find("s:title", NS).text == root.get("aria-label")
    assert "1, upright, stick on g, not a digit" in card_svg("1", False, "g")


def test_bad_cards_refused():
    with pytest.raises(ValueError):
        card_parts("9")
    with pytest.raises(ValueError):
        card_parts("8", added="a")
    with pytest.raises(ValueError):
        SevenSegmentCard("0", added="x")
    with pytest.raises(ValueError):
        SevenSegmentCard("Z")


def test_hand_and_move_svg():
    svg = hand_svg([("0", False, "g"), "6", "8"] * 5, width=40, per_row=6)
    root = ET.fromstring(svg)
    assert root.get("aria-label") == "hand of 15 cards"
    assert len(root.findall("s:g", NS)) == 15
    assert ET.fromstring(hand_svg([])).get("aria-label") == "hand of 0 cards"
    m = Move.play("8", ["0", "6", "8"])
    labels = [g.get("aria-label") for g in ET.fromstring(move_svg(m)).findall("s:g", NS)]
    assert labels == [
        "card 0, upright, stick on g, acts as 8",
        "card 6, upright, stick on b, acts as 8",
        "card 8, upright, acts as 8",
    ]


def test_repr_svg():
    card = SevenSegmentCard("6", turned=True)
    assert card.value == "9" and card.cost == 0
    assert card._repr_svg_() == card_svg("6", True)


def _labels(svg: str) -> list[str]:
    """The aria-labels of the cards an SVG draws (valid XML, or ParseError)."""
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return [
        el.get("aria-label")
        for el in root.iter()
        if (el.get("aria-label") or "").startswith(("card ", "face-down"))
    ]


def _mid_game() -> MatchstickTycoon:
    """Some cards played, a play on the table."""
    g = MatchstickTycoon.new(players=4, seed=3)
    while len(g.history) < 5 or g.position.table is None:
        g.play(g.legal_moves()[0])
    return g


def test_a_game_and_a_position_show_every_hand_face_up():
    g = _mid_game()
    assert g.position.table is not None
    last = next(m for m in reversed(g.history) if m.kind == "play")
    for obj in (g, g.position):
        labels = _labels(obj._repr_svg_())
        assert len(labels) == 56 - sum(len(m.faces) for m in g.history) + last.count
        assert not any(x.startswith("face-down") for x in labels)
    # the game draws the table's cards as they were played
    assert [x for x in _labels(g._repr_svg_()) if x.endswith(f"acts as {last.value}")]


def test_an_observation_shows_only_its_own_hand():
    g = _mid_game()
    seat = 2
    obs = g.observation(seat)
    labels = _labels(obs._repr_svg_())
    faces_up = [x for x in labels if x.startswith("card ")]
    table_cards = g.position.table.count
    assert len(faces_up) == len(obs.hand) + table_cards
    assert labels.count("face-down card") == sum(obs.card_counts) - len(obs.hand)
    # two games that differ only in hidden cards draw the same picture for the seat
    other = g.determinize(seat, random.Random(1))
    assert other.position != g.position
    assert other.observation(seat)._repr_svg_() == obs._repr_svg_()


def test_moves_and_hands_show_themselves():
    m = Move.parse("2x8: 0+g 6+b")
    assert _labels(m._repr_svg_()) == [
        "card 0, upright, stick on g, acts as 8",
        "card 6, upright, stick on b, acts as 8",
    ]
    assert ET.fromstring(PASS._repr_svg_()).get("aria-label") == "a pass"
    assert ET.fromstring(DISCARD._repr_svg_()).get("aria-label") == "a discarded stick"
    g = MatchstickTycoon.new(players=3, seed=1)
    hand = g.hand(0)
    assert isinstance(hand, Hand) and hand == g.position.hands[0]
    assert len(_labels(hand._repr_svg_())) == 15


def test_geometry_comes_from_shapes():
    geo = geometry()
    assert geo["segments"] == shapes.SEGMENTS and geo["faces"] == shapes.ALL_FACES
    assert geo["glyphs"] == shapes.GLYPHS and geo["turn"] == shapes.TURN
    for s in shapes.SEGMENTS:
        assert geo["lines"][s] == list(segment_line(s))
        x1, y1, x2, y2 = geo["lines"][s]
        assert min(x1, x2) > 0 and max(x1, x2) < CARD_W and 0 < min(y1, y2) < CARD_H
    # keyboard neighbours stay inside the card and are symmetric for up/down
    assert geo["neighbours"]["a"]["ArrowDown"] == "g"
    assert geo["neighbours"]["g"]["ArrowDown"] == "d"


def _pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


@pytest.mark.parametrize(
    ("expansion", "paper", "pages"), [(0, "A4", 8), (4, "Letter", 9), (2, "A4", 8)]
)
def test_pdf_export(tmp_path, expansion, paper, pages):
    path = pp.export_deck_pdf(tmp_path / "deck.pdf", expansion=expansion, paper=paper)
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert _pdf_pages(data) == pages == pp.page_count(expansion, paper)
    width, height = pp.PAPERS[paper]
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert box is not None
    assert abs(float(box.group(1)) - width * 72 / 25.4) < 0.5
    assert abs(float(box.group(2)) - height * 72 / 25.4) < 0.5


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_svg_export(tmp_path, paper):
    paths = pp.export_deck_svg(tmp_path / "svg", expansion=4, paper=paper)
    assert len(paths) == pp.page_count(4, paper) == 9
    faces = []
    for p in paths[:-1]:
        root = ET.fromstring(p.read_text())
        faces += [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(faces) == sorted(shapes.deck(4))
    sticks = ET.fromstring(paths[-1].read_text())
    assert len([g for g in sticks.iter() if g.get("class") == "stick"]) >= 100


def test_cards_fit_the_paper_at_real_size():
    for paper, (w, h) in pp.PAPERS.items():
        slots = pp.card_positions(paper)
        assert len(slots) == 9
        assert min(x for x, _ in slots) >= 5 and max(x for x, _ in slots) + CARD_W <= w - 5
        assert min(y for _, y in slots) >= 5 and max(y for _, y in slots) + CARD_H <= h - 5
        for a, b, c, d in pp._crop_marks(paper):
            assert min(a, c) >= 0 and max(a, c) <= w and min(b, d) >= 0 and max(b, d) <= h
    with pytest.raises(ValueError):
        pp.export_deck_pdf("x.pdf", paper="A5")
    with pytest.raises(ValueError):
        pp.deck_sheets_svg(expansion=3)
