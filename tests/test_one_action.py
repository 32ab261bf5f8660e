"""One action per click (issue 16): a double click acts once, an old click never acts.

* every table's action carries the version of the position it was made for: one made
  before the game moved on, before an Undo or before a New game is dropped;
* every button of every page is an :class:`~tabletop_widgets.ui.actions.ActionButton`,
  and a double click on it that reaches the kernel (two clicks from the browser, the
  second sent before the page showed the first) has exactly one effect: Undo, Next and
  the others.

A double click that the person makes is dropped in the page already (the page's click
guard): that side, with real double clicks in Chromium, is
``tests/browser/test_double_clicks.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import CallbackDispatcher

from tabletop_widgets.app.pages import game_page
from tabletop_widgets.core.registry import BUILTIN, GAMES
from tabletop_widgets.ui.actions import GATE, ActionButton, ActionToggleButtons, ClickGuard
from tabletop_widgets.ui.course import Course
from tabletop_widgets.ui.lazy import LazySection
from tests.widget_helpers import browser_click, double_click, send_event

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop_widgets"


@pytest.fixture(autouse=True)
def fresh_gate() -> Iterator[None]:
    GATE.reset()
    yield
    GATE.reset()


@pytest.fixture
def page() -> Callable[[], None]:
    """A page with its click guard; calling it is the page catching up (its receipt)."""
    guard = ClickGuard()
    assert guard.dispatch({"type": "shown"})

    def caught_up() -> None:
        assert guard.dispatch({"type": "received", "n": guard.sent})

    return caught_up


def walk(widget: w.Widget) -> Iterator[w.Widget]:
    seen: set[int] = set()
    todo = [widget]
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        yield x
        todo.extend(getattr(x, "children", ()) or ())


def open_everything(root: w.Widget) -> list[w.Widget]:
    """Every widget of a page with every section opened and every tutorial step drawn."""
    found: dict[int, w.Widget] = {}
    for _ in range(3):  # a section may hold another (More rules in New game)
        for x in walk(root):
            if isinstance(x, LazySection):
                x.ensure()
    for x in list(walk(root)):
        found[id(x)] = x
        if isinstance(x, Course):
            for i in range(len(x.steps)):
                x.go(i)
                found.update((id(y), y) for y in walk(x))
            x.go(0)
    return list(found.values())


PAGES = [(key, page.kind) for key in BUILTIN for page in GAMES[key].pages if page.kind != "rules"]


def test_no_plain_button_is_made_anywhere():
    """The app makes its buttons as ActionButton (and the one list of moves as
    ActionToggleButtons): a plain ipywidgets button would act on both clicks of a double
    click."""
    plain = re.compile(r"\b(?:w|widgets|ipywidgets)\.(?:Button|ToggleButtons|ToggleButton)\(")
    found = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in PACKAGE.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if plain.search(line)
    ]
    assert found == []


@pytest.mark.parametrize(("key", "kind"), PAGES, ids=[f"{k}-{p}" for k, p in PAGES])
def test_every_button_of_every_page_acts_once_on_a_double_click(key, kind, page):
    widgets = open_everything(game_page(key, kind))
    buttons = [x for x in widgets if isinstance(x, w.Button)]
    assert buttons and all(isinstance(b, ActionButton) for b in buttons), [
        b.description for b in buttons if not isinstance(b, ActionButton)
    ]
    toggles = [x for x in widgets if isinstance(x, w.ToggleButtons)]
    assert all(isinstance(t, ActionToggleButtons) for t in toggles)
    for b in buttons:  # each button's own action is replaced by a counter here
        page()  # the page has shown everything so far
        calls: list[int] = []
        kept, b._click_handlers = b._click_handlers, CallbackDispatcher()
        b.on_click(lambda _b, calls=calls: calls.append(1))
        try:
            double_click(b)
        finally:
            b._click_handlers = kept
        shown = not b.disabled and b.layout.display != "none"
        assert len(calls) == (1 if shown else 0), b.description


# -- the tables: an action made for an earlier version is dropped -----------------------


def _tycoon_actions(screen) -> dict[str, Callable[[], dict] | None]:
    hand, g = screen.board.hand, screen.game
    seat = screen.acting
    legal = g.legal_moves(seat) if seat is not None else ()
    plays = [m for m in legal if m.kind == "play"]

    def play() -> dict:
        assert hand.dispatch({"type": "choose_play", "move": plays[0].text}), hand.error
        return {"type": "play"}

    return {
        "play": play if plays else None,
        "pass": (lambda: {"type": "pass"}) if any(m.kind == "pass" for m in legal) else None,
    }


def _chinese_ten_actions(screen) -> dict[str, Callable[[], dict] | None]:
    table, g = screen.board, screen.game
    seat = screen.acting
    legal = list(g.legal_moves(seat)) if seat is not None and g.phase == "hand" else []
    captures = [m for m in legal if m.captures]
    lays = [m for m in legal if not m.captures]

    def select(move) -> None:
        index = list(g.hand(seat)).index(move.card)
        if table.selected != index:
            assert table.dispatch({"type": "select", "index": index}), table.error

    def capture() -> dict:
        select(captures[0])
        return {"type": "capture", "index": table.layout_index(captures[0].captures[0])}

    def lay() -> dict:
        select(lays[0])
        return {"type": "lay"}

    return {
        "capture": capture if captures else None,
        "lay": lay if lays else None,
        "move": (lambda: {"type": "move", "text": str(legal[0])}) if legal else None,
    }


def _fistful_actions(screen) -> dict[str, Callable[[], dict] | None]:
    table = screen.board

    def confirm() -> dict:
        choices = table.view["choices"]
        legal = [i for i, c in enumerate(choices) if c["legal"]]
        for i in legal[: table.view["need"]]:
            if i not in table.selected:
                assert table.dispatch({"type": "select", "index": i, "card": choices[i]["card"]})
        return {"type": "confirm"}

    can = screen.acting is not None and table.view["mode"] in ("discard", "play")
    return {"confirm": confirm if can else None}


ACTIONS = {
    "matchstick_tycoon": _tycoon_actions,
    "chinese_ten": _chinese_ten_actions,
    "fistful_of_gold": _fistful_actions,
}


def _two(key: str) -> dict:
    """The options of a two-seat game of ``key``."""
    from tabletop_widgets.ui.play_screen import play_kit

    return {"players": 2} if any(f.name == "players" for f in play_kit(key).options) else {}


def _screen(key: str, seed: int):
    from tabletop_widgets.ui.play_screen import PlayScreen, play_kit

    seats = ["person", next(iter(GAMES[key].levels))]
    return PlayScreen(play_kit(key), seats=seats, seed=seed, **_two(key))


def _widget(screen):
    return screen.board.hand if screen.info.key == "matchstick_tycoon" else screen.board


def _ready(key: str, kind: str, seeds: range = range(1, 40)):
    """A play screen where the person can make action ``kind`` now."""
    for seed in seeds:
        screen = _screen(key, seed)
        for _ in range(200):
            if screen.game.is_over:
                break
            if ACTIONS[key](screen)[kind] is not None:
                return screen
            screen.play(screen.game.legal_moves(screen.acting)[0])
    raise AssertionError(f"no position where {key}'s {kind} can be made")


KINDS = {
    "matchstick_tycoon": ("pass", "play"),
    "chinese_ten": ("capture", "lay", "move"),
    "fistful_of_gold": ("confirm",),
}
TABLE_ACTIONS = [(key, kind) for key, kinds in KINDS.items() for kind in kinds]


def test_every_versioned_event_of_every_table_is_tried_here():
    from tabletop_widgets.games.chinese_ten.widgets.table import ChineseTenTable
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable
    from tabletop_widgets.games.matchstick_tycoon.widgets.hand import HandWidget

    tables = {
        "matchstick_tycoon": HandWidget,
        "chinese_ten": ChineseTenTable,
        "fistful_of_gold": FistfulOfGoldTable,
    }
    assert set(tables) == set(BUILTIN) == set(ACTIONS) == set(KINDS)
    for key, table in tables.items():
        assert set(table.versioned_events) == set(KINDS[key])
        assert set(ACTIONS[key](_screen(key, 1))) == set(KINDS[key])


@pytest.mark.parametrize(("key", "kind"), TABLE_ACTIONS, ids=[f"{g}-{k}" for g, k in TABLE_ACTIONS])
def test_an_action_made_before_the_game_moved_on_undo_or_new_game_is_dropped(key, kind):
    screen = _ready(key, kind)
    widget, game = _widget(screen), screen.game

    def act(version: int) -> bool:
        return widget.dispatch({**ACTIONS[key](screen)[kind](), "version": version})

    shown = widget.version
    before = game.history
    assert act(shown), widget.error
    assert game.history != before and widget.version != shown
    # A second click made for the position before: dropped, without a word.
    after = game.history
    if ACTIONS[key](screen)[kind] is not None:
        assert not act(shown)
        assert game.history == after and widget.error == ""
    # Undo: the person is where they were, at the same move number -- the click made
    # then still does not count (a move number alone would have matched again).
    assert screen.undo()
    assert len(screen.game.history) == len(before) and widget.version != shown
    if ACTIONS[key](screen)[kind] is not None:
        again = screen.game.history
        assert not act(shown) and screen.game.history == again and widget.error == ""
    # A new game with the same number: the same position, a new version.
    old = widget.version
    screen.new_game(seats=screen.seat_kinds, seed=screen.game.seed, **_two(key))
    assert widget.version != old


# -- a double click on a button acts once ------------------------------------------------


def mine(screen) -> int:
    return sum(s in screen.people for s in screen.game.movers)


@pytest.mark.parametrize("key", BUILTIN)
def test_a_double_click_on_undo_takes_back_one_move(key, page):
    screen = _screen(key, 3)
    while mine(screen) < 2:
        screen.play(screen.game.legal_moves(screen.acting)[0])
    moves = mine(screen)
    double_click(screen.undo_button)
    assert mine(screen) == moves - 1
    page()  # once the page shows it, the next click takes back the one before
    browser_click(screen.undo_button)
    assert mine(screen) == moves - 2


def _course(key: str) -> Course:
    return next(x for x in walk(game_page(key, "tutorial")) if isinstance(x, Course))


@pytest.mark.parametrize("key", BUILTIN)
def test_a_double_click_on_next_and_back_moves_one_step(key, page):
    course = _course(key)
    double_click(course._next)
    assert course.index == 1 and not course.steps[1].passed  # not skipped, nor marked read
    page()
    double_click(course._next)
    assert course.index == 2
    page()
    double_click(course._back)
    assert course.index == 1


@pytest.mark.parametrize("key", BUILTIN)
def test_a_double_click_on_check_and_hint_counts_once(key, page):
    course = _course(key)
    course.go(
        next(
            i
            for i, s in enumerate(course.steps)
            if s.check is not None and s.hints and not course.steps[i].check().ok
        )
    )
    step = course.step
    double_click(course._check_button)
    assert step.wrong == 1 and not step.passed
    page()
    double_click(course._hint_button)
    assert step.hints_shown == 1


def test_a_double_click_on_continue_start_and_go_on_acts_once(page, monkeypatch):
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    while not screen.paused:
        screen.play(screen.game.legal_moves(screen.acting)[0])
    calls: list[str] = []
    for name in ("resume", "new_game", "load"):
        real = getattr(screen, name)
        monkeypatch.setattr(
            screen, name, lambda *a, real=real, name=name, **k: calls.append(name) or real(*a, **k)
        )
    double_click(screen.continue_button)
    assert calls == ["resume"] and screen.paused is None
    page()
    screen.setup.ensure()
    screen.seed_input.value = "42"
    start = next(
        b for b in walk(screen.setup) if getattr(b, "description", "") == "Start the new game"
    )
    double_click(start)
    assert calls == ["resume", "new_game"] and screen.game.seed == 42
    page()
    saved = screen.save()
    # A game started with New game is never replaced by an offer to go on with another.
    screen._offer_resume(saved)
    assert screen._resume.layout.display == "none" and screen.game.seed == 42
    # A page just opened (the person has not moved) offers it: Go on with it, twice.
    other = play_screen(seats=["easy", "person"], seed=7, players=2)
    real_load = other.load
    monkeypatch.setattr(other, "load", lambda *a, **k: calls.append("load") or real_load(*a, **k))
    other._offer_resume(saved)
    assert other._resume.layout.display is None
    go_on = next(b for b in other._resume.children if b.description == "Go on with it")
    double_click(go_on)
    assert calls.count("load") == 1 and len(other.game.history) == len(saved["moves"])


def test_while_the_bots_play_move_by_move_the_buttons_are_disabled_and_say_why(monkeypatch):
    """A Start click during a game of bots alone seemed ignored: the bots play it to its end
    inside the click that started it (each move shown a while), and a click meanwhile
    reaches the kernel after them, made on a page that had not shown their moves -- the
    gate drops it.  So while they play, Start, Undo and Hint are disabled, each saying why,
    and the status line says the bots are playing the whole game; all come back after."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen
    from tabletop_widgets.ui import play_screen as module

    screen = play_screen(seats=["person", "easy"], seed=3, players=2, target=None, bot_delay=0.01)
    screen.setup.ensure()
    start = screen._start_button
    assert start is not None and start.description == "Start the new game"
    seen: list[tuple] = []
    monkeypatch.setattr(
        module.time,
        "sleep",
        lambda _s: seen.append(
            (
                start.disabled,
                screen.undo_button.disabled,
                screen.coach.button.disabled,
                start.tooltip,
                screen.status.value,
            )
        ),
    )
    for d, _name in screen._seat_rows:
        d.value = "easy"  # a game of bots alone
    start.click()
    assert screen.game.is_over and len(seen) == len(screen.game.history)
    for start_off, undo_off, hint_off, why, status in seen:
        assert start_off and undo_off and hint_off
        assert why == "The bots are playing: wait until they have finished."
        assert "The bots are playing the whole game." in status
    assert not start.disabled and not screen.coach.button.disabled
    assert not start.tooltip and "Game over" in screen.status.value
    # With a person at the table the buttons are disabled while the bots answer, and the
    # status line is left to the turn (the table says who is playing).
    seen.clear()
    screen.new_game(seats=["person", "easy"], seed=3, players=2, target=None)
    while not seen:
        screen.play(screen.game.legal_moves(screen.acting)[0])
    assert all(s[0] and s[1] and s[2] for s in seen)
    assert not any("whole game" in s[4] for s in seen)
    assert not start.disabled and not screen.undo_button.disabled


def test_a_match_of_bots_alone_plays_on_between_deals_and_offers_no_hint(monkeypatch):
    """Newcomer finding: every seat a bot, "A match to 1,000 points": after deal 1 the status
    line said "Waiting for Bea (bot)." while the game waited for Continue, below the table.
    Nobody sits at the table to press it, so the match plays on to its end, each move shown;
    the status line never says it waits for a bot, and Hint is not offered (a hint is for a
    person's turn)."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen
    from tabletop_widgets.ui import play_screen as module

    screen = play_screen(seats=["person", "easy"], seed=3, players=2, bot_delay=0.01)
    screen.setup.ensure()
    seen: list[tuple] = []
    monkeypatch.setattr(
        module.time,
        "sleep",
        lambda _s: seen.append((screen.status.value, screen.continue_button.layout.display)),
    )
    form = screen._option_inputs
    form["length"].value = 3  # A match to 1,000 points
    for d, _name in screen._seat_rows:
        d.value = "easy"  # every seat a bot (easy: quick; "hard" takes the same path)
    screen._start_button.click()
    g = screen.game
    assert g.options.target == 1000 and g.is_over and len(g.deal_points) > 1
    assert screen.paused is None and screen.continue_button.layout.display == "none"
    assert len(seen) == len(g.history)  # every move shown, none waiting for Continue
    assert all("press Continue" not in status and display == "none" for status, display in seen)
    assert "Waiting for" not in screen.status.value and "Game over." in screen.status.value
    assert "New game" not in screen.status.value  # the end alone, not "New game … Game over."
    assert screen.coach.button.layout.display == "none"
    assert "Only bots play at this table" in screen.coach.output.value
    # A person at the table gets the coach back.
    screen.new_game(seats=["person", "easy"], seed=3, players=2)
    assert (
        screen.coach.button.layout.display is None and "Only bots" not in screen.coach.output.value
    )


def test_a_match_of_bots_alone_says_the_deal_and_the_totals_towards_the_target(monkeypatch):
    """Newcomer finding: a match of bots alone said "The bots are playing the whole game" but
    not which deal it was on, nor how far each player was from the target.  While they play,
    the status line says the deal and every total so far, towards 1,000 points, as the
    game stands at that move; a match of three deals says "of 3".  Then: right after the
    move that ended the last deal it said "Deal 5 … Totals so far:" with deal 5's points
    already in them.  The move that ends a deal names that deal, over, with the totals
    after it: the totals shown always match the deal named."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen
    from tabletop_widgets.ui import play_screen as module

    seen: list[tuple[str, int, tuple, int]] = []
    screen = play_screen(seats=["person", "easy"], seed=3, players=2, bot_delay=0.01)
    monkeypatch.setattr(
        module.time,
        "sleep",
        lambda _s: seen.append(
            (
                screen.status.value,
                screen.game.position.deal_number,
                screen.game.position.totals,
                len(screen.game.deal_points),  # deals finished
            )
        ),
    )
    screen.new_game(seats=["easy", "easy"], players=2, seed=3, target=1000, deals=None)
    assert screen.game.is_over and len(screen.game.deal_points) > 1
    ends = 0
    for i, (status, deal, totals, done) in enumerate(seen):
        assert "The bots are playing the whole game." in status
        scores = f"Ada (bot, easy) {totals[0]} and Bea (bot, easy) {totals[1]}."
        finished = i == 0 or seen[i - 1][3] < done  # this move ended deal ``done``
        if finished and i:
            ends += 1
            assert f"Deal {done} of a match to 1,000 points is over. Totals: {scores}" in status
        else:
            assert f"Deal {deal + 1} of a match to 1,000 points. Totals so far: {scores}" in status
            assert done == deal  # the totals are those of the deals before the one named
    assert ends == len(screen.game.deal_points)
    assert {deal for _s, deal, _t, _d in seen} == set(range(len(screen.game.deal_points)))
    # the match's last move: its last deal over, the final totals (then "Game over.")
    final = screen.game.totals
    last = len(screen.game.deal_points)
    assert (
        f"Deal {last} of a match to 1,000 points is over. Totals: Ada (bot, easy) {final[0]} "
        in (seen[-1][0])
    )
    seen.clear()
    screen.new_game(seats=["easy", "easy"], players=2, seed=3, target=None, deals=3)
    assert seen and all(
        f"Deal {d + 1} of 3. Totals so far:" in s or f"Deal {done} of 3 is over. Totals:" in s
        for s, d, _t, done in seen
    )
    assert any("Deal 3 of 3." in s for s, _d, _t, _n in seen)
    assert "Deal 3 of 3 is over. Totals:" in seen[-1][0]
    # One deal: no deal number nor totals to say.
    seen.clear()
    screen.new_game(seats=["easy", "easy"], players=2, seed=3, target=None, deals=1)
    assert seen and not any("Deal" in s for s, _d, _t, _n in seen)


def test_a_person_paused_between_deals_reads_the_pause_at_the_top_and_can_start_anew():
    """With a person at the table the pause stays: the status line at the top says it (never
    "Waiting for" a bot), also right after loading such a game, and Start, Undo and Hint are
    not disabled while the page waits for a click."""
    from tabletop_widgets.games.chinese_ten.screens.play import play_screen

    screen = play_screen(seats=["person", "easy"], seed=3, players=2, deals=2, target=None)
    g = screen.game
    while not screen.paused:
        screen.play(g.legal_moves(screen.acting)[0])
    screen.setup.ensure()
    assert "press Continue" in screen.status.value and "Waiting for" not in screen.status.value
    assert screen.continue_button.layout.display is None
    assert not screen._start_button.disabled and not screen.coach.button.disabled
    assert not screen.undo_button.disabled
    record = screen.save()
    other = play_screen(seats=["person", "easy"], seed=1, players=2)
    assert other.load(record) and other.paused
    status = other.status.value
    assert "Loaded a game at move" in status and "press Continue" in status
    assert "Waiting for" not in status and "turn" not in status


def test_a_double_click_on_show_my_cards_uncovers_once(page):
    from tabletop_widgets.games.fistful_of_gold.screens.play import play_screen

    screen = play_screen(seats=["person", "person"], seed=2)
    shown: list[int] = []
    screen.gate.on_reveal(shown.append)
    assert screen.gate.hidden
    double_click(screen.gate._button)
    assert len(shown) == 1 and not screen.gate.hidden


def test_a_double_click_on_discard_a_stick_discards_one(page):
    """(Every exercise's Start again is in the test of every button, step by step.)"""
    from tabletop_widgets.games.matchstick_tycoon import DISCARD, MatchstickTycoon
    from tabletop_widgets.games.matchstick_tycoon.screens.play import play_screen

    game = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [[], ["8", "3"]],
            "sticks": [3, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    screen = play_screen(seats=["person", "person"], seed=1)
    screen.start(game, seats=["person", "person"])
    screen.gate.reveal()
    assert screen.board.discard.layout.display is None
    double_click(screen.board.discard)
    assert [m for m in screen.game.history if m is DISCARD] == [DISCARD]


def test_a_double_click_in_the_sandboxes_plays_or_steps_back_once(page):
    from tabletop_widgets.games.chinese_ten.screens.sandbox import ChineseTenSandbox
    from tabletop_widgets.games.matchstick_tycoon.screens.sandbox import MatchstickTycoonSandbox

    box = MatchstickTycoonSandbox()
    first = box.legal.options[0][1]
    sent_pick = {"method": "update", "state": {"index": 0}, "buffer_paths": []}
    box.legal._handle_msg({"content": {"data": sent_pick}, "buffers": []})
    box.legal._handle_msg({"content": {"data": sent_pick}, "buffers": []})
    assert [m.text for m in box.game.history] == [first]
    page()
    box.play(box.game.legal_moves()[0])
    page()
    double_click(box.back_button)
    assert [m.text for m in box.game.history] == [first]
    page_ = game_page("chinese_ten", "sandbox")
    sandbox = next(x for x in walk(page_) if isinstance(x, ChineseTenSandbox))
    assert sandbox.game is not None
    sandbox.move_text.value = str(sandbox.game.legal_moves()[0])
    before = len(sandbox.game.history)
    page()
    double_click(sandbox._go)
    assert len(sandbox.game.history) == before + 1


def test_a_double_click_on_run_runs_once(page, monkeypatch):
    from tabletop_widgets.games.fistful_of_gold.screens.sandbox import FistfulOfGoldSandbox

    page_ = game_page("fistful_of_gold", "sandbox")
    box = next(x for x in walk(page_) if isinstance(x, FistfulOfGoldSandbox))
    runs: list[int] = []
    monkeypatch.setattr(box, "run_bots", lambda: runs.append(1))
    double_click(box.run_button)
    assert runs == [1]


# -- a fresh game number for every new game ----------------------------------------------


@pytest.mark.parametrize("key", BUILTIN)
def test_each_new_game_has_a_fresh_number_shown_and_a_chosen_one_is_kept(key):
    from tabletop_widgets.ui.play_screen import PlayScreen, play_kit

    kit = play_kit(key)
    screens = [PlayScreen(kit, seats=["person", "easy"]) for _ in range(3)]
    seeds = [s.game.seed for s in screens]
    assert len(set(seeds)) == 3  # a fresh number each (a clash is one in a million)
    for s in screens:
        assert f"game number {s.game.seed}" in s.status.value
        s.setup.ensure()
        assert f"This game is game number {s.game.seed}." in s._seed_line.value
    # A class shares one on purpose: given, or typed in the form, it is kept.
    chosen = PlayScreen(kit, seats=["person", "easy"], seed=42)
    assert chosen.game.seed == 42 and "game number 42" in chosen.status.value
    form = screens[0]
    form.seed_input.value = "42"
    form.new_game_from_form()
    assert form.game.seed == 42 and "game number 42" in form.status.value
    assert "This game is game number 42." in form._seed_line.value
    assert form.game.history == chosen.game.history or form.game.players != chosen.game.players
    form.seed_input.value = ""
    form.new_game_from_form()
    assert form.game.seed != 42 and f"game number {form.game.seed}" in form.status.value


# -- every collapsible section opens from the keyboard -----------------------------------


def test_a_section_header_is_a_button_that_opens_and_closes_once_per_click(page):
    from tabletop_widgets.ui.play_screen import PlayScreen, play_kit

    screen = PlayScreen(play_kit("fistful_of_gold"), seats=["person", "easy"], seed=1)
    toggle = screen.setup.toggle
    assert screen.setup.selected_index is None and not screen.setup.built
    shown = toggle.version
    send_event(toggle, {"type": "toggle", "version": shown})
    send_event(toggle, {"type": "toggle", "version": shown})  # the double click's second
    assert screen.setup.selected_index == 0 and toggle.expanded and screen.setup.built
    more = [x for x in walk(screen.setup) if "tt-more-options" in getattr(x, "_dom_classes", ())]
    assert more and all(isinstance(m, LazySection) for m in more)
    page()
    send_event(toggle, {"type": "toggle", "version": toggle.version})
    assert screen.setup.selected_index is None and not toggle.expanded
