"""What a reader sees: reports as tables, widgets as pictures where they cannot run."""

from __future__ import annotations

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from tabletop_widgets.analysis import head_to_head, round_robin, simulate, what_if
from tabletop_widgets.core import GAMES


def reports():
    g = GAMES["chinese_ten"].engine.new(players=2, seed=1)
    return [
        simulate("fistful_of_gold", 2),
        what_if(g, candidates=2, playouts=2),
        head_to_head("fistful_of_gold", "greedy", "random", games=2),
        round_robin("fistful_of_gold", ["random", "greedy"], games=2),
    ]


@pytest.mark.parametrize("report", reports(), ids=lambda r: type(r).__name__)
def test_reports_are_compact_tables_and_short_text(report):
    html = report._repr_html_()
    assert html.count("<table") == 1 and html.count("<tr>") == len(report.to_records()) + 1
    text = str(report)
    assert len(text.splitlines()) <= len(report.to_records()) + 2
    assert "object at 0x" not in repr(report) and len(repr(report)) < 300
    assert "seat 0" not in (html + text).lower()


def test_the_ace_of_spades_finding_shows_as_its_sentence():
    from tabletop_widgets.games.chinese_ten.analysis.scoring import ace_of_spades

    deals = simulate("chinese_ten", 6, options={"players": 3, "target": None}, keep=True)
    finding = ace_of_spades(deals)
    assert finding._repr_html_() == f"<p>{str(finding)}</p>"
    assert "whoever captures the ace of spades" in str(finding)


def test_a_table_widget_carries_a_picture_of_what_it_shows_and_no_more():
    game = GAMES["fistful_of_gold"].engine.new(seed=1)
    table = game.widget()
    data, _ = table._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg") and "object at" not in data["text/plain"]
    # the picture is the seat's view: what the table shows
    assert data["image/svg+xml"] == game.observation(0)._repr_svg_()
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    spectator = ChineseTenTable(GAMES["chinese_ten"].engine.new(seed=1))  # an onlooker's table
    assert "image/svg+xml" not in spectator._repr_mimebundle_()[0]  # nothing hidden shown
    revealed = ChineseTenTable(GAMES["chinese_ten"].engine.new(seed=1), reveal=True)
    assert revealed._repr_mimebundle_()[0]["image/svg+xml"].startswith("<svg")


@pytest.mark.notebook
def test_an_html_export_of_a_saved_notebook_shows_the_picture(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import tabletop_widgets as tw\ntw.FistfulOfGold.new(seed=1).widget()"
        ),
        nbformat.v4.new_code_cell(
            "from tabletop_widgets.analysis import simulate\nsimulate('fistful_of_gold', 2)"
        ),
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    nb.metadata.pop("widgets", None)  # saved without the widget state, as most are
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert "object at 0x" not in html
    assert "data:image/svg+xml" in html or "<svg" in html  # the table as a picture
    assert "A Fistful of Gold: 2 games between bots" in html
