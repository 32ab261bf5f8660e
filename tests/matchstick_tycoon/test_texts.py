"""Matchstick Tycoon's rules page and the sentences its widgets show learners."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop_widgets.app.rules_pages import rule_ids, rules_doc, rules_markdown
from tabletop_widgets.games.matchstick_tycoon import DISCARD, PASS, MatchstickTycoon, Move
from tabletop_widgets.games.matchstick_tycoon.render import RULES_PICTURES, rules_picture
from tabletop_widgets.games.matchstick_tycoon.widgets import HandWidget, MatchstickTycoonTable
from tabletop_widgets.games.matchstick_tycoon.widgets.table import move_sentence, play_words

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tabletop_widgets" / "games" / "matchstick_tycoon"
DOC = rules_doc("matchstick_tycoon")
NAMES = ["You", "Bea (bot)", "Cal (bot)"]


def test_every_rule_the_code_cites_has_its_paragraph():
    cited = set()
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".js"):
            cited |= set(re.findall(r"\bMT-\d+\b", path.read_text(encoding="utf-8")))
    anchored = rule_ids(DOC)
    assert cited <= set(anchored)
    assert anchored == [f"MT-{n}" for n in range(1, 9)]
    for rule in anchored:  # the anchor sits right before its heading
        assert re.search(rf'<a id="{rule}"></a>\n## .+ \({rule}\)\n', DOC), rule


def test_interpretations_and_notation_are_on_the_rules_page():
    assert DOC.count("> **Our interpretation:**") == 5
    assert '<a id="notation"></a>\n## How moves are written' in DOC
    for term in ("`2x8`", "`6~`", "`0+g`", "`pass`", "`discard`", "Make:"):
        assert term in DOC


def test_the_rules_page_draws_every_picture():
    assert "<!-- picture:" not in rules_markdown("matchstick_tycoon")
    asked = re.findall(r"<!-- picture: ([a-z0-9_-]+) -->", DOC)
    assert set(asked) == set(RULES_PICTURES)
    for name in asked:
        assert rules_picture(name).startswith("<svg")
    with pytest.raises(ValueError):
        rules_picture("nothing")


def test_page_links_work():
    """Every link in the pages' words (built in Python now) and the tutorial's steps leads
    to a page beside them, and an anchor to a paragraph of the rules page."""
    from tabletop_widgets.games.matchstick_tycoon.screens import play, sandbox, tutorial
    from tabletop_widgets.games.matchstick_tycoon.screens.tutorial import matchstick_tycoon_course

    words = [tutorial.INTRO, tutorial.SHORT_GAME_INTRO, play.INTRO, sandbox.INTRO]
    words += [str(s.text) for s in matchstick_tycoon_course().steps]
    links = re.findall(r"href='([^']+)'", "".join(words))
    assert links and not any("#the-rules" in link for link in links)
    for link in links:
        page, _, anchor = link.partition("#")
        assert (ROOT / "notebooks" / "matchstick_tycoon" / page).exists(), link
        assert not anchor or f'<a id="{anchor}"></a>' in DOC, link


def test_notebooks_are_one_code_cell_around_page():
    for name in ("tutorial", "play", "sandbox"):
        nb = json.loads((ROOT / "notebooks" / "matchstick_tycoon" / f"{name}.ipynb").read_text())
        assert [c["cell_type"] for c in nb["cells"]] == ["code"], name
        source = "".join(nb["cells"][0]["source"])
        assert "page(" in source and "tabletop_widgets.app.language" in source, name
        assert not nb["cells"][0]["outputs"] and nb["metadata"]["title"], name


def game_after(moves, players=3, seed=4):
    g = MatchstickTycoon.new(players=players, seed=seed)
    for _ in range(moves):
        g.play(g.legal_moves()[0])
    return g


def test_table_sentences_agree_with_their_subject():
    g = MatchstickTycoon.from_position(
        {
            "players": 3, "expansion": 0, "hands": [["3", "5"], ["2", "7"], ["4"]],
            "sticks": [1, 1, 1], "table": None, "order": "normal", "to_move": 0,
            "out": [], "passed": [],
        }
    )  # fmt: skip
    t = MatchstickTycoonTable(g, names=NAMES)
    assert t.message == "You lead."
    g.play("1x3: 3")
    t.show(g)
    assert t.message == "Bea (bot) has to beat a single 3, or pass."
    assert t.play["words"] == "You played a single 3"
    assert [s["status"] for s in t.seats] == ["", "to play", ""]
    while not g.is_over:
        g.play(g.legal_moves()[0])
    t.show(g)
    assert re.fullmatch(r"Game over: (you|.+) won\. Places: 1st .+, 2nd .+, 3rd .+\.", t.message), (
        t.message
    )
    statuses = [s["status"] for s in t.seats]
    assert sorted(statuses) == ["last · 3rd place", "out · 1st place", "out · 2nd place"]


def test_log_numbers_follow_the_moves():
    g = game_after(12)
    t = MatchstickTycoonTable(g, names=NAMES)
    assert t.log_start == 1 and len(t.log) == 12


def test_plays_in_words():
    assert play_words(Move.parse("2x8: 0+g 6+b")) == "two cards acting as 8, with 2 sticks added"
    assert play_words(Move.parse("1x9: 6~")) == "a single 9, the 6 card turned over"
    assert play_words(Move.parse("2x8: 8 8")) == "two cards acting as 8"
    assert move_sentence("You", PASS) == "You passed and took a stick."
    assert move_sentence("Bea (bot)", DISCARD) == "Bea (bot) discarded a stick."


def test_hand_names_who_is_to_move():
    g = MatchstickTycoon.new(players=3, seed=4)
    other = (g.to_move + 1) % 3
    hand = HandWidget(game=g, seat=other, names=NAMES)
    assert hand.status == f"Not your turn: {NAMES[g.to_move]} is to move."
    assert "seat" not in HandWidget(game=g, seat=other).status.split(":")[1]


PROGRAMMER = re.compile(r"\[['\"]|\b[a-z]+_[a-z_]+\b|\bseat 0\b|'[^' ]+'|\bNone\b")


def test_refusals_read_as_sentences():
    hand = HandWidget(cards=["6", "0"], budget=1)
    for event in (
        {"type": "select", "index": 5},
        {"type": "choose_value", "value": "Z"},
        {"type": "choose_play", "move": "1x8: 8"},
        {"type": "toggle", "index": 0, "segment": "a"},
    ):
        assert not hand.dispatch(event)
        assert not PROGRAMMER.search(hand.error), hand.error


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_coach_names_a_group_of_equal_cards_as_cards_not_a_plural_of_a_letter(n):
    """Newcomer finding: "Passing keeps your pair of bs together" -- a plural made by adding
    "s" to the card's letter ("bs", "Cs", "3s").  A group is named as the game names cards
    everywhere ("the 6 card", "no G cards"): "your two b cards", "your three 3 cards"."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.matchstick_tycoon.coach import reason
    from tabletop_widgets.games.matchstick_tycoon.shapes import ALL_FACES

    number = {2: "two", 3: "three", 4: "four"}[n]
    for face in ALL_FACES:
        others = [f for f in "0123" if f != face][: 5 - n]  # single cards beside the group
        theirs = [f for f in "5678" if f != face][:3]
        g = MatchstickTycoon.from_position(
            {
                "players": 2,
                "expansion": 4,
                "hands": [[face] * n + others, theirs],
                "sticks": [1, 1],
                "table": {"value": "H", "count": 1, "player": 1},
                "order": "normal",
                "to_move": 0,
                "out": [],
                "passed": [],
            }
        )
        with language("en"):
            said = reason(g.observation(0), PASS, g.legal_moves())
        assert said.startswith(f"Passing keeps your {number} {face} cards together "), said
        assert f" {face}s " not in said and "pair of" not in said


def test_a_trick_ended_by_passes_is_said():
    """Newcomer finding: after everyone passed, the same bot led again and the line said
    only whose turn it was, so the log read as if it had beaten its own play (MT-6)."""
    g = MatchstickTycoon.from_position(
        {
            "players": 3, "expansion": 0, "hands": [["3", "5"], ["2", "7"], ["4", "6"]],
            "sticks": [0, 0, 0], "table": None, "order": "normal", "to_move": 0,
            "out": [], "passed": [],
        }
    )  # fmt: skip
    t = MatchstickTycoonTable(g, names=NAMES)
    g.play("1x5: 5")
    g.play("pass")
    t.show(g)
    assert t.message.endswith("has to beat a single 5, or pass."), t.message
    g.play("pass")
    t.show(g)
    assert g.position.table is None and g.to_move == 0
    assert t.message == "The others all passed: the table is cleared (MT-6) and you lead."
    g.play("1x3: 3")
    t.show(g)
    assert "cleared" not in t.message
