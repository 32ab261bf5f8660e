"""Every widget's front end draws with traits missing or empty: a Python None may arrive
as undefined (under JupyterLite's Pyodide kernel), and a model may be drawn before Python
has synced everything.  Each front end is rendered alone into a blank page with a fake
model holding only the given traits."""

from __future__ import annotations

import re

import pytest
from browser_harness import PageLog, record

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


def _render_stepper(page, traits: dict, model: str = FAKE_MODEL) -> None:
    """The stepper drawn alone on a page (:func:`_load_stepper`) from a fake ``model`` (a
    JS function of the traits: ``FAKE_MODEL`` or ``LIVE_MODEL``) of ``traits``, into
    ``#root``."""
    _load_stepper(page, "<div id='root'></div>")
    page.evaluate(
        f"""(traits) => {{
            const model = ({model})(traits);
            window.ttRender({{ model, el: document.getElementById('root') }});
        }}""",
        traits,
    )


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


def test_the_replay_buttons_on_a_phone_have_distinct_icons_and_keep_their_names(page, page_log):
    """At 390 px the stepper's five buttons show only their icons: each icon is its own
    shape (step forward is not play), and each button is still named by the words it
    shows on a wider screen."""
    traits = {**_finished_replay_traits(), "index": 3}
    _render_stepper(page, traits)
    buttons = page.locator(".tt-stepper-bar .tt-stepper-button")

    def seen() -> list[tuple[str, str, str]]:
        return [
            (
                b.locator("path").get_attribute("d"),
                b.locator(".tt-stepper-words").inner_text(),
                b.get_attribute("aria-label"),
            )
            for b in buttons.all()
        ]

    wide = seen()
    assert [w for _d, w, _n in wide] == [
        "first position",
        "step back",
        "autoplay",
        "step forward",
        "last position",
    ]
    page.set_viewport_size({"width": 390, "height": 800})
    page.evaluate("document.body.style.width = '390px'")
    assert all(not b.locator(".tt-stepper-words").is_visible() for b in buttons.all())
    phone = seen()
    paths = [d for d, _w, _n in phone]
    assert len(paths) == 5 and all(paths), paths
    # Distinct shapes, not just distinct strings: each pair of icons, filled on a 16 px
    # grid, differs in a good share of its pixels (a triangle 1 px narrower would not).
    differ = page.evaluate(
        """(paths) => {
            const masks = paths.map((d) => {
                const c = document.createElement('canvas');
                c.width = c.height = 16;
                const g = c.getContext('2d');
                g.fill(new Path2D(d));
                return Array.from(g.getImageData(0, 0, 16, 16).data.filter((_, i) => i % 4 === 3))
                    .map((a) => a > 127);
            });
            const out = [];
            for (let i = 0; i < masks.length; i++)
                for (let j = i + 1; j < masks.length; j++)
                    out.push(masks[i].filter((v, k) => v !== masks[j][k]).length);
            return out;
        }""",
        paths,
    )
    assert min(differ) >= 20, differ
    for _d, words, _n in wide:
        # the accessible name as the browser computes it, with the label hidden
        assert page.get_by_role("button", name=words, exact=True).count() == 1, words
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
    _render_stepper(page, during, LIVE_MODEL)
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


def _chinese_ten_views() -> tuple[dict, list[dict]]:
    """The Chinese Ten table's traits for seat 1's page, and its ``_view`` at every step
    of a whole 2-player deal (with a hand card chosen whenever seat 1 is to choose one)."""
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    game = ChineseTen.new(players=2, seed=5)
    table = ChineseTenTable(game, seat=0, names=["Ann", "Bo"])
    views = []
    while True:
        table.show(game)
        views.append(table._state(None)["_view"])
        if not game.is_over and game.phase == "hand" and 0 in game.current_players():
            views.append(table._state(0)["_view"])
        if game.is_over:
            break
        game.play(game.legal_moves()[-1])
    traits = {k: getattr(table, k) for k in ("_texts", "_faces", "_card_names")}
    return traits, views


def test_the_chinese_ten_log_stays_where_the_student_scrolled_back_to(page, page_log):
    """The log holds the whole deal: a student scrolls back to its first line; a redraw
    that adds no line (a hand card chosen) leaves the list there, and the next move's line
    scrolls it to the newest line again."""
    traits, views = _chinese_ten_views()
    at = max(
        i
        for i in range(len(views) - 2)
        if views[i]["log"] == views[i + 1]["log"] != views[i + 2]["log"]
        and len(views[i]["log"]) > 15
    )
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    page.set_content("<html><body style='width: 390px'><div id='a'></div></body></html>")
    page.add_style_tag(content=ChineseTenTable._css)
    page.add_script_tag(type="module", content=ChineseTenTable._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    page.evaluate(
        f"""(traits) => {{
            const model = ({LIVE_MODEL})(traits);
            window.ttRender({{ model, el: document.getElementById('a') }});
        }}""",
        {**traits, "_view": views[at]},
    )
    at_end = """() => { const n = document.querySelector('.tt-ct-log');
        return n.scrollHeight > n.clientHeight + 20
            && n.scrollTop + n.clientHeight >= n.scrollHeight - 2; }"""
    page.wait_for_function(at_end, timeout=5000)
    # the first item: the current deal's own line (after the end of the deal before)
    first = page.inner_text(".tt-ct-log > li:first-child")
    assert re.search(r"^Deal \d+: .* plays? first", first, re.M), first
    page.eval_on_selector(".tt-ct-log", "n => { n.scrollTop = 0; }")
    two_frames = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
    page.evaluate("(v) => window.ttModel.set({ _view: v })", views[at + 1])
    page.evaluate(two_frames)
    assert page.eval_on_selector(".tt-ct-log", "n => n.scrollTop") == 0
    page.evaluate("(v) => window.ttModel.set({ _view: v })", views[at + 2])
    page.wait_for_function(at_end, timeout=5000)
    page_log.assert_clean()


def test_the_chinese_ten_table_changed_move_by_move_is_the_table_drawn_afresh(page, page_log):
    """The table changes only what differs at each move (ttPatch): after every step of a
    deal the page is the one a fresh drawing makes, most card pictures are kept, and a
    click on a kept card sends what the new position says, once."""
    traits, views = _chinese_ten_views()
    page.emulate_media(reduced_motion="reduce")  # no flying cards: the two pages compare
    page.set_content("<html><body><div id='a'></div><div id='b'></div></body></html>")
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    page.add_script_tag(type="module", content=ChineseTenTable._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    kept = page.evaluate(
        """([traits, views]) => {
            const model = (values, sent) => {
              const handlers = [];
              return { get: (k) => values[k], on: (n, f) => handlers.push(f), off: () => {},
                       send: (m) => sent.push(m),
                       set: (k, v) => { values[k] = v; handlers.forEach((f) => f()); } };
            };
            // The page's tree, attributes sorted (their order does not matter), ids masked.
            const canon = (node) => node.nodeType !== 1 ? node.nodeValue
              : `<${node.nodeName} ${[...node.attributes].map((x) => `${x.name}=${x.value}`)
                  .sort().join(' ')}>${[...node.childNodes].map(canon).join('')}</>`;
            const ids = (el) => [...el.childNodes].map(canon).join('')
              .replace(/tt-ct-[a-z0-9]{8}/g, 'ID');
            window.sent = [];
            const live = model({ ...traits, _view: views[0] }, window.sent);
            window.ttLive = live;
            const a = document.getElementById('a'), b = document.getElementById('b');
            window.ttRender({ model: live, el: a });
            let kept = 0, pictures = 0;
            for (const view of views.slice(1)) {
              a.querySelectorAll('img').forEach((img) => { img.ttOld = true; });
              live.set('_view', view);
              const imgs = [...a.querySelectorAll('img')];
              kept += imgs.filter((img) => img.ttOld).length;
              pictures += imgs.length;
              b.replaceChildren();
              window.ttRender({ model: model({ ...traits, _view: view }, []), el: b });
              if (ids(a) !== ids(b)) {
                return { differs: view.last?.n ?? null, a: ids(a), b: ids(b) };
              }
            }
            return { kept, pictures };
        }""",
        [traits, views],
    )
    if "differs" in kept:
        a, b = kept["a"], kept["b"]
        at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
        near = slice(max(0, at - 200), at + 200)
        raise AssertionError(f"step {kept['differs']}: {a[near]!r} != {b[near]!r}")
    assert kept["kept"] > 0.8 * kept["pictures"], kept
    # A step that lets seat 1 choose, drawn over the deal's end: a click on a hand card
    # sends that card's index, once (the kept node listens with the new drawing's listener).
    step = next(v for v in views if v.get("can_act") and v.get("phase") == "hand")
    sent = page.evaluate(
        """(view) => {
            window.ttLive.set('_view', view);
            window.sent.length = 0;
            const cards = document.querySelectorAll('#a .tt-ct-mine .tt-ct-hand-card');
            cards[cards.length - 1].click();
            return window.sent;
        }""",
        step,
    )
    assert sent == [{"type": "select", "index": len(step["seats"][0]["hand"]) - 1}], sent
    page_log.assert_clean()


def test_the_chinese_ten_cards_show_bitmaps_of_their_faces_at_the_svg_size(page, page_log):
    """Every face is drawn once into a bitmap of the size it is shown at (painting SVG
    pictures again at every move was most of a room page's work): once the bitmaps are
    made, every card shows one, and each card keeps the size its SVG gives it."""
    traits, views = _chinese_ten_views()
    # A step where the others play: your hand is drawn but not yours to play.
    waiting = next(
        v
        for v in views
        if not v.get("can_act") and any(s["seat"] == v["shown"] and s["hand"] for s in v["seats"])
    )
    page.set_content("<html><body><div id='a'></div></body></html>")
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    page.add_script_tag(type="module", content=ChineseTenTable._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    page.evaluate(
        """([traits, view]) => {
            const values = { ...traits, _view: view };
            window.ttRender({ model: { get: (k) => values[k], on: () => {}, off: () => {},
                                       send: () => {} }, el: document.getElementById('a') });
        }""",
        [traits, waiting],
    )
    page.wait_for_function(
        """() => {
            const imgs = [...document.querySelectorAll('#a .tt-ct-card img')];
            return imgs.length > 5 && imgs.every((i) => i.src.startsWith('blob:') && i.complete);
        }"""
    )
    cards = page.evaluate(
        """(faces) => [...document.querySelectorAll('#a .tt-ct-card img')].map((img) => {
            const code = img.parentElement.getAttribute('data-card') ?? 'back';
            const [, w, h] = faces[code].match(/width="([\\d.]+)" height="([\\d.]+)"/);
            const box = img.getBoundingClientRect();
            return { code, natural: img.naturalWidth, width: box.width,
                     height: box.height, svg_height: (box.width * h) / w };
        })""",
        traits["_faces"],
    )
    assert {c["code"] for c in cards} > {"back"}, cards
    # Your hand's cards are named whether or not it is your turn.
    names = page.eval_on_selector_all(
        "#a .tt-ct-mine .tt-ct-hand-card", "cs => cs.map((c) => c.getAttribute('aria-label'))"
    )
    assert names and all(names), names
    ratio = page.evaluate("window.devicePixelRatio")
    for card in cards:
        assert card["natural"] == round(64 * ratio), card  # drawn at the card's width
        # To the browser's layout unit (1/64 px).
        assert abs(card["height"] - card["svg_height"]) <= 1 / 64, card
    page_log.assert_clean()


def test_the_tycoon_hand_says_a_new_status_without_drawing_its_cards_again(page, page_log):
    """Another player's move that changes only the hand's status line changes only that
    line (the cards are kept: drawing them again at every move of every player was much
    of a room page's work); any other change draws the hand again."""
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    from tabletop_widgets.games.matchstick_tycoon.widgets.hand import HandWidget

    hand = HandWidget()
    hand.bind(MatchstickTycoon.new(players=3, seed=2), 0)
    traits = {k: getattr(hand, k) for k in ("_texts", "_geometry", "_view", "error")}
    page.set_content("<html><body><div id='a'></div></body></html>")
    page.add_script_tag(type="module", content=HandWidget._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    kept = page.evaluate(
        """(traits) => {
            const values = { ...traits }, handlers = [];
            const model = { get: (k) => values[k], on: (n, f) => handlers.push(f),
                            off: () => {}, send: () => {} };
            const set = (k, v) => { values[k] = v; handlers.forEach((f) => f()); };
            const root = document.getElementById('a');
            window.ttRender({ model, el: root });
            const card = () => root.querySelector('svg.tt-mt-card');
            const first = card();
            set('_view', { ...values._view, status: 'Bea played TC (MT-2).' });
            const status = root.querySelector('.tt-mt-status');
            const afterStatus = { same: card() === first, said: status.textContent,
                                  links: status.querySelectorAll('a.tt-rule-link').length };
            set('_view', { ...values._view, cards: values._view.cards.slice(1) });
            return { ...afterStatus, redrawn: card() !== first,
                     count: root.querySelectorAll('svg.tt-mt-card').length };
        }""",
        traits,
    )
    assert kept["same"] and kept["said"] == "Bea played TC (MT-2)." and kept["links"] == 1, kept
    assert kept["redrawn"] and kept["count"] == len(traits["_view"]["cards"]) - 1, kept
    page_log.assert_clean()


def test_the_chinese_ten_replay_on_a_phone_keeps_every_face_up_hand_inside_the_table(
    page, page_log
):
    """Newcomer finding: on a phone (390 × 844) the replay shows the bots' hands face up,
    overlapped; a hand that wrapped onto a second row started that row left of the table
    (the overlap pulled its first card out).  Every face-up card of every hand, and every
    card of the captured piles, stays inside its seat's box: at the start of a 2-player
    deal (the longest hands) and at its end (the biggest piles)."""
    from tabletop_widgets.games.chinese_ten import ChineseTen
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    game = ChineseTen.new(players=2, seed=2, target=None)
    table = ChineseTenTable(game, seat=0, names=["You", "Ada (bot)"], reveal=True)
    table.interactive = False
    start = {k: getattr(table, k) for k in ("_texts", "_faces", "_card_names", "_view")}
    while not game.is_over:
        game.play(game.legal_moves()[0])
    table.show(game, 0, reveal=True)
    end = {**start, "_view": table._view}
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content("<html><body style='margin: 0'><div id='a'></div></body></html>")
    page.add_style_tag(content=ChineseTenTable._css)
    page.add_script_tag(type="module", content=ChineseTenTable._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    outside = """() => [...document.querySelectorAll('#a .tt-ct-seat')].flatMap((seat) => {
        const box = seat.getBoundingClientRect();
        const cards = seat.querySelectorAll('.tt-ct-hand-card, .tt-ct-pile-cards .tt-ct-card');
        return [...cards].map((c) => {
            const r = c.getBoundingClientRect();
            return { card: c.getAttribute('data-card'), left: r.left, right: r.right,
                     box_left: box.left, box_right: box.right };
        }).filter((c) => c.left < c.box_left - 0.5 || c.right > c.box_right + 0.5);
    })"""
    rows = """(sel) => [...document.querySelectorAll(sel)].map((h) =>
        new Set([...h.children].map((c) => Math.round(c.getBoundingClientRect().top))).size)"""
    for traits, wraps in ((start, "#a .tt-ct-others .tt-ct-hand"), (end, None)):
        page.evaluate(
            """(traits) => { const el = document.getElementById('a'); el.replaceChildren();
                window.ttRender({ model: { get: (k) => traits[k], on: () => {}, off: () => {},
                                           send: () => {} }, el }); }""",
            traits,
        )
        page.wait_for_function(
            "() => [...document.querySelectorAll('#a .tt-ct-card img')].every((i) => i.complete)"
        )
        assert page.evaluate(outside) == []
        # The hands did wrap at this width (else the test proves nothing).
        assert wraps is None or max(page.evaluate(rows, wraps)) > 1, wraps
    page_log.assert_clean()


def test_the_replay_list_shows_each_deal_heading_on_a_line_of_its_own(page, page_log):
    """A match's replay: "Deal 2" stands before the first move of the second deal, across
    the list's whole width (the moves of each deal start on a new line), and is not a
    move to click: the moves keep their numbers."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    screen = play_screen(seats=["easy", "easy"], seed=3, players=2, deals=2, target=None)
    stepper = screen.replay
    first = stepper.headings.index("Deal 2")
    traits = {
        k: getattr(stepper, k)
        for k in ("moves", "notations", "headings", "index", "_speeds", "_texts")
    }
    _render_stepper(page, traits)
    heading = page.locator(".tt-stepper-moves li.tt-stepper-heading")
    assert heading.count() == 1 and heading.inner_text() == "Deal 2"
    assert heading.locator("button").count() == 0
    after = page.locator(f".tt-stepper-moves button[data-move='{first + 1}']")
    assert after.inner_text().startswith(f"{first + 1}.")
    # the line before the heading is the move before it; the heading fills the list's width
    placed = page.evaluate(
        """(n) => {
            const h = document.querySelector('.tt-stepper-heading');
            const list = h.parentElement;
            const prev = h.previousElementSibling.querySelector('button').dataset.move;
            const next = h.nextElementSibling.querySelector('button').dataset.move;
            return [Number(prev), Number(next), h.getBoundingClientRect().width
                    >= list.clientWidth - 12];
        }""",
        first,
    )
    assert placed == [first, first + 1, True]
    page_log.assert_clean()


def test_the_chinese_ten_log_is_as_wide_as_a_phone_lets_it_be(page, page_log):
    """Newcomer finding: on a phone (390 px) "What happened" was a box of 260 px beside
    nothing.  Under the table it takes the table's width (a phone, and a tablet up to a
    line that still reads); on a laptop it stays at the side, 260 px or so, and the
    scores above it keep the width of their numbers."""
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable

    traits, views = _chinese_ten_views()
    page.set_content("<html><body style='margin: 0'><div id='a'></div></body></html>")
    page.add_style_tag(content=ChineseTenTable._css)
    page.add_script_tag(type="module", content=ChineseTenTable._esm + "\nwindow.ttRender = render;")
    page.wait_for_function("typeof window.ttRender === 'function'")
    page.evaluate(
        """(traits) => { const el = document.getElementById('a');
            window.ttRender({ model: { get: (k) => traits[k], on: () => {}, off: () => {},
                                       send: () => {} }, el }); }""",
        {**traits, "_view": views[len(views) // 2]},
    )
    sizes = """() => {
        const box = (s) => document.querySelector(s).getBoundingClientRect();
        const table = box('.tt-ct-table'), log = box('.tt-ct-log'), main = box('.tt-ct-main');
        return { table: table.width, log: log.width, beside: log.left >= main.right,
                 below: log.top >= main.bottom };
    }"""
    page.set_viewport_size({"width": 390, "height": 844})
    phone = page.evaluate(sizes)
    # The table's width less its padding (8 px each side).
    assert phone["below"] and phone["log"] >= phone["table"] - 16 - 1, phone
    page.set_viewport_size({"width": 1280, "height": 800})
    laptop = page.evaluate(sizes)
    assert laptop["beside"] and 250 <= laptop["log"] <= 270, laptop
    page_log.assert_clean()


def _render_fistful(page, table, width: int) -> None:
    """Draw ``table``'s traits, with its CSS, alone in a page ``width`` px wide."""
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    traits = {k: getattr(table, k) for k in ("_texts", "view", "faces", "card_width")}
    traits["interactive"] = table.interactive
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(
        "<html><head><meta name='viewport' content='width=device-width'></head>"
        "<body style='margin: 0'><div id='a'></div></body></html>"
    )
    page.add_style_tag(content=FistfulOfGoldTable._css)
    page.add_script_tag(
        type="module", content=FistfulOfGoldTable._esm + "\nwindow.ttRender = render;"
    )
    page.wait_for_function("typeof window.ttRender === 'function'")
    page.evaluate(
        """(traits) => { const el = document.getElementById('a');
            window.ttRender({ model: { get: (k) => traits[k], on: () => {}, off: () => {},
                                       send: () => {} }, el }); }""",
        traits,
    )


def test_the_fistful_table_says_the_end_of_a_round_above_the_next_discard(page, page_log):
    """Newcomer finding: the next discard's instruction replaced the end of a round at
    once.  The round's end (from Python) is drawn above that instruction, on a phone as on
    a laptop, its rule id a link."""
    import random

    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game, rng = FistfulOfGold.new(), random.Random(2)
    while not game.position.past:
        seat = game.current_players()[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    table = FistfulOfGoldTable(game, seat=0, names=["You", "Ada (bot)"])
    for width in (390, 1280):
        _render_fistful(page, table, width)
        drawn = page.evaluate(
            """() => { const end = document.querySelector('.tt-fg-round-end');
                const status = document.querySelector('.tt-fg-status');
                return { end: end && end.innerText, status: status.innerText,
                         above: end && end.getBoundingClientRect().bottom
                                <= status.getBoundingClientRect().top + 0.5,
                         link: end && end.querySelectorAll('a.tt-rule-link').length }; }"""
        )
        assert drawn == {
            "end": table.view["round_end"],
            "status": table.view["status"],
            "above": True,
            "link": 1,
        }, drawn
    page_log.assert_clean()


def test_the_fistful_hand_says_why_a_card_is_greyed_without_hover_on_a_touch_screen(
    browser, page, page_log
):
    """Newcomer finding: on a phone a greyed card's reason showed only after a tap (it was
    a hover tooltip).  On a touch screen a line under the hand says it (with its rule, a
    link); on a laptop, where the mouse hovers, the tooltip says it and the line is not
    drawn."""
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game = FistfulOfGold.new()
    for move in ("discard pink 1 pink 2", "discard green 1 green 2", "pink 4", "green 3"):
        game.play(move)
    table = FistfulOfGoldTable(game, seat=0)
    greyed = [c for c in table.view["choices"] if not c["legal"]]
    assert [c["card"] for c in greyed] == ["pink 5"] and "(FG-3)" in greyed[0]["why"]
    said = f"Not allowed now: {greyed[0]['why']}"
    shown = """() => [...document.querySelectorAll('.tt-fg-greyed-why')]
        .filter((n) => n.getClientRects().length)
        .map((n) => [n.innerText, n.querySelectorAll('a.tt-rule-link').length])"""
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        touch = phone.new_page()
        touch_log = PageLog()
        record(touch, touch_log)
        _render_fistful(touch, table, 390)
        assert touch.evaluate(shown) == [[said, 1]]
        # Under the hand, above the buttons.
        assert touch.evaluate(
            """() => document.querySelector('.tt-fg-greyed').getBoundingClientRect().top
                >= document.querySelector('.tt-fg-hand').getBoundingClientRect().bottom"""
        )
        touch_log.assert_clean()
    finally:
        phone.close()
    _render_fistful(page, table, 1280)
    assert page.evaluate(shown) == []
    title = page.get_attribute(".tt-fg-choice.tt-fg-illegal", "title")
    assert title == greyed[0]["why"]
    # A hand with no greyed card has no line at all.
    table = FistfulOfGoldTable(FistfulOfGold.new(), seat=0)
    _render_fistful(page, table, 1280)
    assert page.locator(".tt-fg-greyed").count() == 0
    page_log.assert_clean()


#: The rows of the replay's list the box shows, each cut or whole: a row is cut when part
#: of it is hidden by the box's edge (or its own text overflows it).
ROWS_SEEN_JS = """() => {
  const list = document.querySelector('.tt-stepper-moves');
  const box = list.getBoundingClientRect();
  const top = box.top + list.clientTop, bottom = top + list.clientHeight;
  const out = [];
  for (const li of list.children) {
    const r = li.getBoundingClientRect();
    if (r.bottom <= top + 1 || r.top >= bottom - 1) continue;  // not seen at all
    const b = li.querySelector('button') || li;
    out.push({ text: li.innerText.slice(0, 40), whole: r.top >= top - 1 && r.bottom <= bottom + 1,
               fits: b.scrollHeight <= b.clientHeight + 1 });
  }
  return { rows: out, scrolls: list.scrollHeight > list.clientHeight + 20 };
}"""


@pytest.mark.parametrize("touch", [True, False], ids=["phone", "narrow-mouse"])
def test_the_replay_list_on_a_phone_shows_whole_rows(browser, touch):
    """Newcomer finding: on a phone (390 x 844) the replay's list cut a row in half at its
    bottom edge.  Its box ends at the bottom of a line of moves, and a move shown (the
    list scrolled to it) leaves every row in view whole, its words wrapped if needed."""
    # Chinese Ten's: its moves in words, each with its notation (A Fistful of Gold's list
    # has words alone).
    from tabletop_widgets.games.chinese_ten.screens.play import KIT
    from tabletop_widgets.ui.play_screen import PlayScreen

    screen = PlayScreen(KIT, seats=["easy", "easy"], seed=4)
    screen.autoplay()
    stepper = screen.replay
    traits = {
        k: getattr(stepper, k)
        for k in ("moves", "notations", "headings", "index", "_speeds", "_texts")
    }
    traits["speed"] = 1
    last = len(traits["moves"])
    assert last > 20 and all(traits["notations"])
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch
    )
    try:
        page = context.new_page()
        log = PageLog()
        record(page, log)
        _render_stepper(page, {**traits, "index": 0}, LIVE_MODEL)
        page.evaluate("document.body.style.width = '374px'")
        for index in (0, 7, last // 2, last - 3, last, 1):
            page.evaluate("(n) => window.ttModel.set({ index: n })", index)
            page.wait_for_timeout(150)  # the list is scrolled to the move after a frame
            seen = page.evaluate(ROWS_SEEN_JS)
            assert seen["scrolls"] and len(seen["rows"]) >= 2, seen
            cut = [r for r in seen["rows"] if not (r["whole"] and r["fits"])]
            assert not cut, (index, cut)
        log.assert_clean()
    finally:
        context.close()


def test_the_review_key_is_folded_on_a_phone_and_whole_on_a_laptop(page, page_log):
    """Newcomer finding: on a phone the key of the marks added eight lines under the
    summary.  There it is one line, "What the marks mean", that opens to the key; on a
    laptop the key shows whole, with no control."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.ui.review_chart import ReviewChart
    from tests.analysis.test_review_panel import _decision, _drawn, _finished_tycoon

    game, seat, points, others = _finished_tycoon()
    decisions = [_decision(game, i, others[i], 0.3, 0.5, "blunder") for i in points[:2]]
    with language("en"):
        about = _drawn(game, seat, decisions).about.value
    page.set_content(f"<html><body><div id='about'>{about}</div></body></html>")
    page.add_style_tag(content=ReviewChart._css)
    key_js = """() => {
      const shown = (e) => !!e && e.checkVisibility();
      const wide = document.querySelector('.tt-review-key-wide');
      const fold = document.querySelector('.tt-review-key-narrow');
      return { wide: shown(wide), fold: shown(fold), open: fold.open,
               height: document.getElementById('about').getBoundingClientRect().height,
               items: [...document.querySelectorAll('li')].filter(shown).length };
    }"""
    page.set_viewport_size({"width": 1280, "height": 800})
    laptop = page.evaluate(key_js)
    assert laptop["wide"] and not laptop["fold"] and laptop["items"] == 4, laptop
    page.set_viewport_size({"width": 390, "height": 844})
    phone = page.evaluate(key_js)
    assert phone["fold"] and not phone["wide"] and phone["items"] == 0, phone
    page.get_by_text("What the marks mean", exact=True).click()
    opened = page.evaluate(key_js)
    assert opened["open"] and opened["items"] == 4, opened
    assert phone["height"] < opened["height"] - 4 * 16, (phone, opened)  # lines saved
    page_log.assert_clean()


# -- the review's chart on a phone; a replay list of sentences ------------------------------

SENT_MODEL = """
(traits) => {
  window.ttSent = [];
  return { get: (k) => traits[k], on: () => {}, off: () => {},
           send: (m) => window.ttSent.push(m) };
}
"""

#: Every mark of the chart: its index, its centre on the screen, and the mark whose target
#: is on top at each point a third of the way from it to the next mark.
CHART_MARKS_JS = """() => {
  const marks = [...document.querySelectorAll('.tt-review-mark')].map((m) => {
    const r = m.getBoundingClientRect();
    return { index: Number(m.dataset.index), x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  for (let k = 0; k + 1 < marks.length; k++) {
    const a = marks[k], b = marks[k + 1];
    const x = a.x + (b.x - a.x) / 3, y = a.y + (b.y - a.y) / 3;
    const hit = document.elementFromPoint(x, y)?.closest('.tt-review-mark');
    a.between = { x, y, onTop: hit ? Number(hit.dataset.index) : null,
                  gap: Math.hypot(b.x - a.x, b.y - a.y) };
  }
  return marks;
}"""


def _phone_chart_traits() -> dict:
    """A review chart of a whole game of A Fistful of Gold laid out for a phone, every one
    of pink's decisions a mark (its moves every other move of the game: marks close together
    on a phone's width)."""
    from tabletop_widgets.analysis.review import GameReview, decision_points
    from tabletop_widgets.analysis.review_plot import figure_svg, review_figure
    from tabletop_widgets.games.fistful_of_gold.screens.play import KIT
    from tabletop_widgets.ui.play_screen import PlayScreen
    from tabletop_widgets.ui.review_chart import ReviewChart
    from tests.analysis.test_review_panel import _decision

    screen = PlayScreen(KIT, seats=["easy", "easy"], seed=4)
    screen.autoplay()
    game = screen.game
    points = decision_points(game, 0)
    decisions = [
        _decision(game, i, game.history[i], 0.5 + 0.02 * (k % 3), 0.55, "good")
        for k, i in enumerate(points)
    ]
    review = GameReview("A Fistful of Gold", 0, "win", tuple(points), tuple(decisions), done=True)
    headings = [(i, h) for i, h in enumerate(screen.replay.headings) if h]
    chart = ReviewChart()
    chart.show_chart(
        figure_svg(review_figure(review, sections=headings)),
        [(i, f"move {i + 1}") for i in points],
        narrow=figure_svg(review_figure(review, narrow=True, sections=headings)),
    )
    return {k: getattr(chart, k) for k in ("svg", "svg_narrow", "marks", "selected", "_texts")}


@pytest.mark.parametrize("touch", [True, False], ids=["phone", "narrow-mouse"])
def test_a_tap_between_close_marks_picks_the_nearest_on_a_phone(browser, touch):
    """Newcomer finding: on a phone two marks sit closer than a finger, their 28 px
    targets overlap, and a tap nearer one mark opened its neighbour (whose target was
    drawn on top).  A tap picks the mark nearest to it; a tap on a mark picks that mark;
    Enter on a focused mark picks it; a tap far from every mark picks none."""
    from tabletop_widgets.ui.review_chart import ReviewChart

    traits = _phone_chart_traits()
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch
    )
    try:
        page = context.new_page()
        log = PageLog()
        record(page, log)
        page.set_content(
            "<html><head><meta name='viewport' content='width=device-width, initial-scale=1'>"
            "</head><body style='margin: 8px'><div id='root'></div></body></html>"
        )
        page.add_style_tag(content=ReviewChart._css)
        page.add_script_tag(type="module", content=ReviewChart._esm + "\nwindow.ttRender = render;")
        page.wait_for_function("typeof window.ttRender === 'function'")
        page.evaluate(
            f"""(traits) => window.ttRender({{ model: ({SENT_MODEL})(traits),
                                              el: document.getElementById('root') }})""",
            traits,
        )
        page.wait_for_selector(
            ".tt-review-svg[data-layout='narrow'] .tt-review-target", state="attached"
        )
        marks = page.evaluate(CHART_MARKS_JS)
        assert len(marks) > 10
        close = [m for m in marks if "between" in m and m["between"]["gap"] < 28]
        # The case that went wrong: a point nearer this mark, on the next mark's target.
        wrong = [m for m in close if m["between"]["onTop"] not in (None, m["index"])]
        assert wrong, marks

        def tap(x, y):
            page.evaluate("window.ttSent.length = 0")
            if touch:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
            page.wait_for_timeout(50)
            return [m["index"] for m in page.evaluate("window.ttSent") if m["type"] == "pick"]

        for m in wrong[:4]:
            assert tap(m["between"]["x"], m["between"]["y"]) == [m["index"]], m
        for m in marks[:5]:
            assert tap(m["x"], m["y"]) == [m["index"]], m
        top = min(m["y"] for m in marks)
        assert tap(marks[0]["x"], top - 80) == []  # over the title: no mark
        page.evaluate("window.ttSent.length = 0")
        page.locator(f"[id='tt-mark-{marks[2]['index']}']").focus()
        page.keyboard.press("Enter")
        assert [m["index"] for m in page.evaluate("window.ttSent")] == [marks[2]["index"]]
        log.assert_clean()
    finally:
        context.close()


#: The replay list's rows (a line of moves, or a heading) on the screen: how many are seen
#: whole, and whether the move shown is whole in the list's box.
LIST_ROWS_JS = """() => {
  const list = document.querySelector('.tt-stepper-moves');
  const box = list.getBoundingClientRect();
  const top = box.top + list.clientTop, bottom = top + list.clientHeight;
  const tops = new Set();
  for (const li of list.children) {
    const r = li.getBoundingClientRect();
    if (r.top >= top - 1 && r.bottom <= bottom + 1) tops.add(Math.round(r.top));
  }
  const cur = list.querySelector('.tt-current').getBoundingClientRect();
  return { whole: tops.size, height: list.clientHeight,
           current: cur.top >= top - 1 && cur.bottom <= bottom + 1 };
}"""


def test_the_chinese_ten_replay_list_shows_several_of_its_sentences(browser):
    """Newcomer finding: Chinese Ten's replay list showed about two rows: its rows are
    sentences ("Bea plays the queen of clubs; it joins the layout. …"), a height in lines
    of text held two.  It shows about six rows on a wide screen and four on a phone, and
    the move shown stays whole in view as the replay steps."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    screen = play_screen(seats=["easy", "easy", "easy"], seed=3, players=3)
    screen.autoplay()
    stepper = screen.replay
    traits = {
        k: getattr(stepper, k)
        for k in ("moves", "notations", "headings", "index", "_speeds", "_texts")
    }
    traits["speed"] = 1
    last = len(traits["moves"])
    assert last > 20
    seen = {}
    for name, viewport, width in (("wide", (1280, 900), 720), ("phone", (390, 844), 374)):
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        try:
            page = context.new_page()
            log = PageLog()
            record(page, log)
            _render_stepper(page, {**traits, "index": 0}, LIVE_MODEL)
            page.evaluate("(w) => { document.body.style.width = w + 'px'; }", width)
            rows = []
            for index in (0, 5, 6, 7, last // 2, last - 1, last, 3):
                page.evaluate("(n) => window.ttModel.set({ index: n })", index)
                page.wait_for_timeout(150)  # the list is scrolled to the move after a frame
                shown = page.evaluate(LIST_ROWS_JS)
                assert shown["current"], (name, index, shown)
                rows.append(shown["whole"])
            seen[name] = rows
            log.assert_clean()
        finally:
            context.close()
    assert min(seen["wide"]) >= 5 and max(seen["wide"]) <= 7, seen
    assert min(seen["phone"]) >= 2 and max(seen["phone"]) < min(seen["wide"]), seen
