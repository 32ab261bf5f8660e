"""The what-if panel (every sandbox has one) in every language: its buttons, its lines, the
table's headings and words and the chart's titles come from the catalogs -- none left in
English in the pseudo-language ``xx`` -- and are said (and drawn) again on a change of
language.  What a notebook reads stays as it was in English (``str(report)``, the records'
keys)."""

from __future__ import annotations

import html
import re
import warnings

import ipywidgets as w

from tabletop_widgets.analysis import what_if
from tabletop_widgets.analysis.panel import WhatIfPanel
from tabletop_widgets.analysis.plots import figure_png, what_if_figure
from tabletop_widgets.analysis.progress import Progress
from tabletop_widgets.core import GAMES
from tabletop_widgets.core.i18n import language, set_language


def tycoon(seed: int = 3):
    return GAMES["matchstick_tycoon"].engine.new(players=4, seed=seed)


def visible(widget) -> list[str]:
    """What a person can read in the panel: HTML without tags, labels and buttons."""
    out: list[str] = []
    if isinstance(widget, w.HTML):
        out.append(html.unescape(re.sub(r"<[^>]+>", " ", widget.value)))
    if isinstance(widget, w.Button | w.BoundedIntText | w.IntProgress):
        out.append(widget.description)
    for child in getattr(widget, "children", ()):
        out += visible(child)
    return [t for t in out if t.strip()]


def bare_words(texts: list[str], allowed: list[str]) -> list[str]:
    """The texts with a word outside the markers (move notation in ``allowed``)."""
    bare = []
    for t in texts:
        plain, before = t, None
        while plain != before:
            before, plain = plain, re.sub(r"⟦[^⟦⟧]*⟧", "", plain)
        for name in sorted(allowed, key=len, reverse=True):
            plain = plain.replace(name, "")
        if re.search(r"[^\W\d_]", plain):
            bare.append(t)
    return bare


def test_the_panel_in_the_pseudo_language_shows_no_english_before_and_after_a_run():
    set_language("xx")
    panel = WhatIfPanel(tycoon(), playouts=2, candidates=3)
    assert bare_words(visible(panel), []) == []
    report = panel.run(blocking=True)
    notation = [str(c.move) for c in report.candidates]
    assert bare_words(visible(panel), notation) == []
    assert "⟦" in panel.table.value and panel.chart.value


def test_the_panel_built_in_english_says_and_draws_everything_again():
    panel = WhatIfPanel(tycoon(), playouts=2, candidates=2)
    panel.run(blocking=True)
    chart, table = panel.chart.value, panel.table.value
    assert "<th" in table and ">move<" in table and "best so far" in table
    set_language("fr")
    assert panel.run_button.description == "Lancer"
    assert panel.playouts.description == "Simulations par coup"
    assert ">coup<" in panel.table.value and "le meilleur pour l’instant" in panel.table.value
    assert "Place " in panel.status.value and "terminé" in panel.status.value
    assert panel.chart.value != chart  # the chart's words in French
    panel.set_game(tycoon(seed=5))
    assert "Appuyez sur" in panel.status.value
    set_language("ca")
    assert "Prem" in panel.status.value and panel.cancel_button.description == "Atura"


def test_the_report_reads_the_same_in_english_and_in_each_language_on_a_page():
    report = what_if(tycoon(), candidates=2, playouts=2, seed=1)
    english = str(report)
    assert english.startswith("What if Seat 4 plays… Matchstick Tycoon: 2 moves, 2 playouts each")
    assert set(report.to_records()[0]) >= {"move", "win share", "versus best"}  # data keys
    with language("fr"):
        assert str(report).startswith("Et si Place 4 joue… Matchstick Tycoon\u00a0: 2 coups")
        assert "la fin de la partie" in str(report)
        assert set(report.to_records()[0]) >= {"move", "win share"}  # data stay English
    with language("ko"):
        assert "승률" in str(report) and "4번 자리" in str(report)
    with language("ca"):
        assert "fins al final de la partida" in str(report)


def test_the_chart_speaks_the_page_language_in_a_font_that_has_it():
    report = what_if(tycoon(), candidates=2, playouts=2, seed=1)
    with language("xx"):
        fig = what_if_figure(report)
        words = [fig.get_suptitle()] + [ax.get_xlabel() for ax in fig.axes]
        assert all(t.startswith("⟦") for t in words), words
    with language("ko"):
        fig = what_if_figure(report)
        assert "4번 자리" in fig.axes[0].get_xlabel()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            figure_png(fig, dpi=40)
        missing = [str(c.message) for c in caught if "missing from" in str(c.message)]
        assert missing == [], missing[:2]


def test_a_progress_bar_speaks_the_page_language(monkeypatch):
    import tabletop_widgets.analysis.progress as progress

    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda box: shown.append(box))
    with language("fr"):
        bar = Progress(True, total=5, label="games")
        bar.update(5)
        bar.close("stopped")
        box = shown[0]
        assert box.children[0].description == "parties"
        assert box.children[1].value.startswith("5 sur 5 en ")
        assert box.children[1].value.endswith("— arrêté")
    # a bar left on screen follows the page's next language
    assert box.children[0].description == "games"
    assert box.children[1].value.startswith("5 of 5 in ") and box.children[1].value.endswith(
        "— stopped"
    )
