"""Every widget's front end draws with traits missing or empty: a Python None may arrive
as undefined (under JupyterLite's Pyodide kernel), and a model may be drawn before Python
has synced everything.  Each front end is rendered alone into a blank page with a fake
model holding only the given traits."""

from __future__ import annotations

FAKE_MODEL = """
(traits) => ({
  get: (k) => traits[k],
  on: () => {}, off: () => {}, send: () => {},
})
"""


def _render(page, widget_cls, traits: dict) -> str:
    """Render ``widget_cls``'s front end into a blank page with a model holding only
    ``traits`` (every other trait undefined); returns the drawn text."""
    page.set_content("<html><body><div id='root'></div></body></html>")
    page.add_script_tag(type="module", content=widget_cls._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    return page.evaluate(
        f"""(traits) => {{
            const model = ({FAKE_MODEL})(traits);
            const el = document.getElementById('root');
            el.replaceChildren();
            window.ttRender({{ model, el }});
            return el.innerText;
        }}""",
        traits,
    )


def test_front_ends_tolerate_missing_and_empty_traits(page, page_log):
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    from tabletop_widgets.games.matchstick_tycoon.widgets import (
        CardWidget,
        HandWidget,
        MatchstickTycoonTable,
    )

    # The words come from Python (``_texts``); every other trait may be missing.
    # the table: nothing else at all, then a dealt game (empty table: play is None)
    words = {"_texts": MatchstickTycoonTable()._texts}
    assert "The table is empty" in _render(page, MatchstickTycoonTable, words)
    table = MatchstickTycoonTable(MatchstickTycoon.new(players=3, seed=2))
    assert table.play is None
    state = {k: getattr(table, k) for k in ("seats", "play", "order", "scale", "log", "message")}
    state["_geometry"] = table._geometry
    state["_texts"] = table._texts
    text = _render(page, MatchstickTycoonTable, state)
    assert "The table is empty" in text and "Seat 1" in text
    del state["play"]  # None arriving as undefined
    assert "The table is empty" in _render(page, MatchstickTycoonTable, state)
    # the hand and the card with nothing synced yet
    assert "No cards in hand" in _render(page, HandWidget, {"_texts": HandWidget()._texts})
    _render(page, CardWidget, {"_texts": CardWidget()._texts})
    # the other games' tables and the replay stepper, with nothing but their words
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable
    from tabletop_widgets.ui.stepper import ReplayStepper

    _render(page, ChineseTenTable, {"_texts": ChineseTenTable()._texts})
    _render(page, FistfulOfGoldTable, {"_texts": FistfulOfGoldTable()._texts})
    stepper = ReplayStepper(MatchstickTycoon.new(players=3, seed=2))
    _render(page, ReplayStepper, {"_texts": stepper._texts})
    # a section's header button and the page's click guard (nothing to show)
    from tabletop_widgets.ui.actions import ClickGuard
    from tabletop_widgets.ui.lazy import SectionToggle

    assert "New game" in _render(page, SectionToggle, {"_texts": SectionToggle("New game")._texts})
    assert _render(page, ClickGuard, {}) == ""
    page_log.assert_clean()


def _finished_replay_traits() -> dict:
    """The replay stepper's traits at the end of a whole Chinese Ten deal (its last move)."""
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.ui.stepper import ReplayStepper

    game = ChineseTen.new(players=3, seed=4)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    stepper = ReplayStepper(game)
    traits = {k: getattr(stepper, k) for k in ("moves", "index", "title", "_speeds", "_texts")}
    traits["speed"] = 1
    return traits


def _load_stepper(page, body: str) -> None:
    """A 420 px page holding ``body`` with the stepper's CSS and its render as
    ``window.ttRender``."""
    from tabletop_widgets.ui.stepper import ReplayStepper

    page.set_content(f"<html><body style='width: 420px'>{body}</body></html>")
    page.add_style_tag(content=ReplayStepper._css)
    page.add_script_tag(type="module", content=ReplayStepper._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")


def test_the_replay_shows_its_current_move_even_when_drawn_before_it_is_on_the_page(page, page_log):
    """The replay appears at the end of a game at its last move: the move list, drawn
    before it is on the page, still scrolls that move into view (and only the list)."""
    traits = _finished_replay_traits()
    assert traits["index"] == len(traits["moves"]) > 30
    _load_stepper(page, "")
    page.evaluate(
        f"""(traits) => {{
            const model = ({FAKE_MODEL})(traits);
            const el = document.createElement('div');
            window.ttRender({{ model, el }});  // drawn while not on the page
            document.body.appendChild(el);
        }}""",
        traits,
    )
    visible = """() => {
        const list = document.querySelector('.tt-stepper-moves');
        const cur = list.querySelector('.tt-current');
        const a = list.getBoundingClientRect(), b = cur.getBoundingClientRect();
        return list.scrollHeight > list.clientHeight + 20
            && b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
    }"""
    page.wait_for_function(visible, timeout=5000)
    assert page.evaluate("window.scrollY") == 0
    page_log.assert_clean()


LIVE_MODEL = """
(traits) => {
  const handlers = {};
  window.ttModel = {
    get: (k) => traits[k],
    on: (name, f) => { (handlers[name] = handlers[name] || []).push(f); },
    off: () => {}, send: () => {},
    set: (changes) => {
      Object.assign(traits, changes);
      for (const f of handlers.change || []) f();
    },
  };
  return window.ttModel;
}
"""


def test_the_replay_shows_the_last_move_when_the_game_just_ended_and_the_chips_reflow(
    page, page_log
):
    """At the end of a game the replay on the page jumps to its last move ("move 44 of
    44"); its chips may reflow afterwards (a font arriving) while the stepper keeps its
    size: the list still shows the last move, not moves 20-39."""
    traits = _finished_replay_traits()
    last = len(traits["moves"])
    assert traits["index"] == last > 30
    during = {**traits, "moves": traits["moves"][:6], "index": 6}
    _load_stepper(page, "<div id='root'></div>")
    page.evaluate(
        f"""(traits) => {{
            const model = ({LIVE_MODEL})(traits);
            window.ttRender({{ model, el: document.getElementById('root') }});
        }}""",
        during,
    )
    # the game ends: every move, the last one current
    page.evaluate(
        "(t) => window.ttModel.set({ moves: t.moves, index: t.index })",
        {"moves": traits["moves"], "index": last},
    )
    root_height = page.evaluate("document.querySelector('.tt-stepper').offsetHeight")
    # two frames later the chips grow (a font arriving): more rows, the same list height
    page.evaluate(
        """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
            const s = document.createElement('style');
            s.textContent = '.tt-stepper-moves button { font-size: 17px; padding: 0 10px; }';
            document.head.appendChild(s);
            done();
        })))"""
    )
    assert page.evaluate("document.querySelector('.tt-stepper').offsetHeight") == root_height
    assert (
        page.evaluate("document.querySelector('.tt-stepper-count').textContent")
        .strip()
        .endswith(str(last))
    )
    visible = """() => {
        const list = document.querySelector('.tt-stepper-moves');
        const cur = list.querySelector('.tt-current');
        const a = list.getBoundingClientRect(), b = cur.getBoundingClientRect();
        return cur.dataset.move === String(list.querySelectorAll('[data-move]').length)
            && list.scrollHeight > list.clientHeight + 20
            && b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
    }"""
    page.wait_for_function(visible, timeout=5000)
    assert page.evaluate("window.scrollY") == 0
    page_log.assert_clean()
