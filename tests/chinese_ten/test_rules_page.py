"""The Chinese Ten rules page: every rule the code cites has its paragraph, the facts it
states are the engine's, the notation has a legend, and the app page draws the document."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop_widgets.app.rules_pages import rule_ids, rules_doc, rules_markdown
from tabletop_widgets.games.chinese_ten import Card, ChineseTen, deal_total, points
from tabletop_widgets.games.chinese_ten.render import CARD_W, INDEX_SIZE, rules_picture
from tabletop_widgets.games.chinese_ten.screens.play import KIT, ONE_DEAL
from tabletop_widgets.games.chinese_ten.screens.tutorial import INTERPRETATIONS

ROOT = Path(__file__).resolve().parents[2]
DOC = rules_doc("chinese_ten")
FLAT = " ".join(DOC.split())  # the text with its line breaks as spaces
PACKAGE = ROOT / "tabletop_widgets/games/chinese_ten"


def test_every_rule_the_code_cites_has_its_anchor_and_heading():
    cited = set()
    for path in [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js")]:
        cited |= set(re.findall(r"\bCT-\d+\b", path.read_text(encoding="utf-8")))
    ids = rule_ids(DOC)
    assert ids == [f"CT-{n}" for n in range(1, 7)]
    assert cited <= set(ids), cited - set(ids)
    lines = DOC.splitlines()
    for rule in ids:
        at = lines.index(f'<a id="{rule}"></a>')
        assert re.fullmatch(rf"## .+ \({rule}\)", lines[at + 1]), lines[at + 1]


def test_interpretations_are_marked_and_match_the_tutorial():
    quoted = re.findall(r"^> \*\*Our interpretation:\*\*(.*(?:\n> .*)*)", DOC, re.M)
    assert len(quoted) == 3
    text = " ".join(" ".join(q.split()) for q in quoted).replace(" > ", " ")
    assert "left of the dealer plays first" in text and "Capturing is compulsory" in text
    assert "218 points split evenly only between 2 players" in text
    assert "left of the dealer" in INTERPRETATIONS["leader"]
    assert "compulsory" in INTERPRETATIONS["compulsory"]


def test_the_notation_has_a_legend():
    assert '<a id="notation"></a>\n## How moves are written' in DOC
    notation = DOC.split('<a id="notation"></a>')[1]
    assert "**T = ten**" in notation and "spades, hearts, diamonds, clubs" in notation
    for move in ("`7H`", "`7H x 3S`", "`KH x KS KD KC`", "`stock 5D x 5H`"):
        assert move in notation
    # The short forms appear only in the notation section and in code spans.
    before = DOC.split('<a id="notation"></a>')[0]
    assert not re.search(r"\b(?:[2-9AKQJT])[SHDC]\b", before)


def test_the_numbers_are_the_engines():
    for players, each in ((2, 12), (3, 8), (4, 6)):
        g = ChineseTen.new(players=players, seed=1, target=None)
        assert len(g.hand(0)) == each
        assert f"{each} each with {players} players" in FLAT
    assert "A deal holds 210 points with 2 players, 240 with 3 and 280 with 4." in FLAT
    assert [deal_total("standard", n) for n in (2, 3, 4)] == [210, 240, 280]
    assert f"A deal holds {deal_total('red_frog_black_frog', 3)} points." in FLAT
    ties = [deal_total("standard", n) // n for n in (2, 3, 4)]
    assert f"210 ÷ 2 = {ties[0]}, 240 ÷ 3 = {ties[1]}, 280 ÷ 4 = {ties[2]}" in FLAT
    assert f"({deal_total('red_frog_black_frog', 2) // 2} each)" in FLAT

    def worth(card: str, scoring: str = "standard", players: int = 3) -> int:
        return points(Card.parse(card), scoring, players)

    assert (worth("AH"), worth("KH"), worth("9D"), worth("AS"), worth("AS", players=2)) == (
        20,
        10,
        10,
        30,
        0,
    )
    assert (worth("AC", players=4), worth("AC"), worth("7C")) == (40, 0, 0)
    frog = "red_frog_black_frog"
    assert (worth("AS", frog), worth("7C", frog), worth("KS", frog), worth("AC", frog)) == (
        50,
        7,
        10,
        0,
    )
    assert "| ace of spades | 50 |" in FLAT and "| red ace | 20 each |" in FLAT


def test_the_play_page_starts_with_one_deal_as_the_page_says():
    assert "The play page starts with **one deal**" in FLAT
    length = next(f for f in KIT.options if f.name == "length")
    assert length.default == ONE_DEAL
    targets = [v["target"] for _label, v in length.choices if v["target"]]
    assert targets == [500, 1000] and "(500 or 1000 points)" in FLAT


@pytest.mark.parametrize("name", re.findall(r"<!-- picture: ([a-z0-9_-]+) -->", DOC))
def test_every_picture_is_drawn(name):
    svg = rules_picture(name)
    assert "<svg" in svg and 'aria-label="' in svg


def test_the_app_page_draws_the_document_with_its_pictures():
    page = rules_markdown("chinese_ten")
    assert "<!-- picture:" not in page
    assert page.count('<div class="tt-rules-picture"') == DOC.count("<!-- picture:")


def test_card_corners_are_readable_at_the_tables_size():
    # The play page and the tutorial draw cards 64 px wide: rank letters of 11 px or more.
    for size in INDEX_SIZE.values():
        assert size * 64 / CARD_W >= 11
