"""The A Fistful of Gold rules page: every rule id the game cites has its paragraph, every
interpretation is marked, the notation has a legend, and the app page draws every picture."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop_widgets.app.rules_pages import rule_ids, rules_doc, rules_markdown
from tabletop_widgets.games.fistful_of_gold.screens.tutorial import INTERPRETATIONS

KEY = "fistful_of_gold"
PACKAGE = Path(__file__).resolve().parents[2] / "tabletop_widgets" / "games" / KEY


def test_every_rule_id_the_game_cites_has_an_anchor():
    cited = set()
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".js"):
            cited |= set(re.findall(r"\bFG-\d+\b", path.read_text(encoding="utf-8")))
    doc = rules_doc(KEY)
    assert cited and cited <= set(rule_ids(doc))
    assert rule_ids(doc) == ["FG-1", "FG-2", "FG-3", "FG-4"]
    for rule in rule_ids(doc):  # the anchor right before its heading
        assert re.search(rf'<a id="{rule}"></a>\n## [^\n]+ \({rule}\)\n', doc), rule


def test_every_interpretation_is_marked():
    doc = rules_doc(KEY)
    marked = re.findall(r"^> \*\*Our interpretation:\*\*", doc, re.M)
    assert len(marked) == len(INTERPRETATIONS)


def test_the_notation_has_a_legend_and_the_pictures_exist():
    doc = rules_doc(KEY)
    assert '<a id="notation"></a>\n## How moves are written' in doc
    for words in ("`pink 5`", "Dynamite", "disc with a tick", "ring with a cross", "star"):
        assert words in doc.split('<a id="notation"></a>')[1]
    text = rules_markdown(KEY)
    pictures = re.findall(r"^<!-- picture: [a-z0-9-]+ -->$", doc, re.M)
    assert "<!-- picture:" not in text and len(pictures) >= 10
    assert text.count('<div class="tt-rules-picture"') == len(pictures)
