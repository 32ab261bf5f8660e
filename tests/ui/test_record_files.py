"""Saving a game downloads the file at once (``record_files``), Python's side.

In the browser, ``record_files.js`` clicks a new download link beside a Load button as it
appears (``tests/browser/test_save_download.py``).  Here: what Python puts on the page
for that, that the file holds the record the Load button reads back, and that the page
has no way to change the game through it.
"""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

from tabletop_widgets.core.records import load_record
from tabletop_widgets.ui.record_files import FileButton, download_link, read_upload

UI = Path(__file__).resolve().parents[2] / "tabletop_widgets" / "ui"


def _attrs(link: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', link)}


def _fistful_screen():
    from tabletop_widgets.games.fistful_of_gold.screens.play import play_screen

    return play_screen(seats=["person", "easy"], seed=4)


def test_each_save_is_a_new_download_of_the_record():
    record = {"game": "x", "moves": ["a"]}
    first, second = download_link(record, "g.json"), download_link(record, "g.json")
    a, b = _attrs(first), _attrs(second)
    # A token new to each save: saving the same game twice downloads twice.
    assert (
        re.fullmatch(r"[0-9a-f]{16}", a["data-tt-start"])
        and a["data-tt-start"] != b["data-tt-start"]
    )
    assert a["class"] == "tt-download" and a["download"] == "g.json"
    data = a["href"].removeprefix("data:application/json;base64,")
    assert json.loads(base64.b64decode(data)) == record
    # A link that must wait for a click (a replay's) carries no token.
    assert "data-tt-start" not in download_link(record, "g.json", start=False)


def test_the_link_cannot_carry_markup_from_a_name():
    link = download_link({}, '"><script>x</script>.json', label='<b>"Save"</b>')
    assert "<script>" not in link and "<b>" not in link
    assert _attrs(link)["download"] == "script-x-script-.json"


def test_the_play_page_saves_a_file_load_reads_back():
    screen = _fistful_screen()
    screen.play(screen.game.legal_moves(screen.acting)[0])
    record = screen.save()
    link = _attrs(screen.download.value)
    assert "data-tt-start" in link  # downloaded at once by the page
    assert screen.download.value.endswith(">Download the file</a>")
    assert screen.upload in screen.tools.children and screen.download in screen.tools.children
    raw = base64.b64decode(link["href"].split(",", 1)[1])
    assert json.loads(raw) == record
    assert len(load_record(json.loads(raw)).history) == len(screen.game.history)
    moves = len(screen.game.history)
    screen.new_game(seats=["person", "easy"], seed=9)
    upload = [{"name": link["download"], "content": memoryview(raw)}]
    assert screen.load(read_upload(upload))
    assert len(screen.game.history) == moves


def test_nothing_from_the_page_changes_the_game():
    """The download is the page's alone; the Load button's only way in is a file event,
    checked (its traits refuse updates from the page)."""
    screen = _fistful_screen()
    before = tuple(screen.game.history)
    button = screen.upload
    assert button.browser_writable == frozenset()
    forged = {"name": "g.json", "content": "{}"}
    button._handle_msg({"content": {"data": {"method": "update", "state": {"value": [forged]}}}})
    assert button.value == () and "Refused a direct change" in button.error
    assert screen.game.history == before
    # An event the page might make up about the download is refused as unknown.
    assert not button.dispatch({"type": "download", "token": "x"})
    assert screen.game.history == before


def test_the_link_looks_like_a_link():
    css = (UI / "record_files.css").read_text(encoding="utf-8")
    rule = css[css.index("a.tt-download,") :]
    assert "text-decoration: underline" in rule and "--jp-content-link-color" in rule
    assert "a.tt-download:focus-visible" in css
    js = (UI / "record_files.js").read_text(encoding="utf-8")
    # The page clicks each new link once, beside a Load button only; it sends nothing.
    assert "data-tt-start" in js and ".tt-file-button" in js
    assert js.count("model.send(") == 1  # the file chosen, and nothing about downloads


def test_file_button_is_unchanged_for_loading():
    b = FileButton("Load a saved game", accept=".json")
    b._buffers = [memoryview(b'{"a": 1}')]
    assert b.dispatch({"type": "file", "name": "g.json", "size": 8})
    assert read_upload(b.value) == {"a": 1}
