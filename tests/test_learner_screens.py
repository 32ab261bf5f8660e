"""The learner sweep in Python: every text a page's widgets would show, in many more states
than a browser can visit in the time.

For each game of the registry, in English: a whole game on its play page (the person's
moves chosen by a bot, a refused move tried on the board before each one, the coach's
hint, an undo, a save, a bad file, the New game form, the replay at the end); every step
of its tutorial (read, a Check before doing anything, every hint, a right answer and its
Check); its sandbox (a move, a refused one, a position that is not one, a step back, a
small what-if); its rules page.  After each action the checks of the browser sweep
(tests/browser/learner_checks.py) read every text the widgets would show
(tests/widget_texts.py): no programmer text, no grammar slip, and every rule id a link to
its paragraph of the game's rules page.  Links and anchors in every tutorial step lead to
a page beside it and to a paragraph of the rules page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from learner_checks import grammar_slips, programmer_text, unlinked_rules

from tabletop_widgets.app.pages import game_page
from tabletop_widgets.app.rules_pages import rule_ids, rules_doc
from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.registry import BUILTIN, GAMES
from tabletop_widgets.ui.course import Course
from tests.widget_texts import Shown, shown

ROOT = Path(__file__).resolve().parents[1]
#: Rule prefix (MT) → game key, and every game's rule ids.
RULES = {key: rule_ids(rules_doc(key)) for key in BUILTIN}
PREFIX = {RULES[key][0].split("-")[0]: key for key in BUILTIN}
HEADINGS = frozenset({"h1", "h2", "h3", "h4"})


class Sweep:
    """Reads a page after each action and gathers what a learner must not meet."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.findings: dict[str, str] = {}  # finding → when it was first met
        self.reads = 0

    def read(self, when: str, widget: Any = None) -> list[Shown]:
        texts = shown(widget if widget is not None else self.page)
        self.reads += 1
        for s in texts:
            for f in text_findings(s):  # each finding once, with the first state it was in
                self.findings.setdefault(f"{s.where}: {f}  ← {s.text[:90]!r}", when)
        return texts

    def assert_clean(self) -> None:
        assert not self.findings, "\n".join(f"{w}: {f}" for f, w in self.findings.items())


def text_findings(s: Shown) -> list[str]:
    found = programmer_text(s.text) + grammar_slips(s.text)
    if s.html is not None:
        # A rules page's headings are the rules' own paragraphs.
        unread = HEADINGS if s.where.startswith("RulesDocument") else frozenset()
        found += unlinked_rules(s.html, PREFIX, unread=unread)
        for rule in re.findall(r"""href=["'][^"']*rules\.ipynb#([A-Z]{2}-\d+)["']""", s.html):
            key = PREFIX.get(rule.split("-")[0])
            if key is None or rule not in RULES[key]:
                found.append(f"a link to a rule that does not exist: {rule}")
    return found


def find(root: Any, kind: type) -> Any:
    """The first widget of ``kind`` under ``root``."""
    todo = [root]
    while todo:
        x = todo.pop(0)
        if isinstance(x, kind):
            return x
        todo.extend(getattr(x, "children", ()) or ())
    raise LookupError(kind)


# -- play pages: a whole game ------------------------------------------------------------


def refused_event(key: str, screen: Any) -> tuple[Any, dict] | None:
    """A move the person cannot make now, as the board's front end would send it."""
    g, seat = screen.game, screen.acting
    board = screen.board
    if key == "matchstick_tycoon":
        hand = board.hand
        if g.position.table is None:
            return hand, {"type": "pass"}  # a leader may not pass (MT-5)
        weak = min(range(len(hand.cards)), key=lambda i: g.strength(hand.cards[i]), default=None)
        return (hand, {"type": "select", "index": weak}) if weak is not None else None
    if key == "chinese_ten":
        from tabletop_widgets.games.chinese_ten import Move

        legal = set(g.legal_moves(seat))
        if g.phase == "stock":
            return board, {"type": "move", "text": str(Move(g.position.turned, stock=True))}
        for card in g.hand(seat):
            for target in g.position.layout:
                move = Move(card, (target,))
                if move not in legal:
                    return board, {"type": "move", "text": str(move)}
        return None
    if key == "fistful_of_gold":
        table = board
        choices = table.view.get("choices", [])
        bad = next((i for i, c in enumerate(choices) if not c.get("legal", True)), None)
        if bad is not None:
            return table, {"type": "select", "index": bad, "card": choices[bad]["card"]}
        return table, {"type": "confirm"}  # nothing chosen yet
    return None


def play_a_whole_game(key: str, sweep: Sweep, screen: Any, game: int) -> None:
    """The person's moves chosen by a bot; around them what a learner tries (see module)."""
    from tabletop_widgets.core.bots import make_bot
    from tabletop_widgets.core.playout import bot_move

    info = GAMES[key]
    stand_in = make_bot(info.levels[next(iter(info.levels))], info.bots, seed=7 + game)
    turn = 0
    sweep.read(f"game {game}: a new game")
    while not screen.game.is_over and turn < 2000:
        if screen.paused:
            sweep.read(f"game {game}: a pause")
            screen.resume()
            continue
        seat = screen.acting
        turn += 1
        when = f"game {game}, turn {turn}"
        if turn % 3 == 1:
            refused = refused_event(key, screen)
            if refused is not None:
                widget, event = refused
                widget.dispatch(event)
                sweep.read(f"{when}, after a refused {event['type']}")
        if turn == 2 and game == 0:
            screen.hint()
            sweep.read(f"{when}, the coach's hint")
        move = bot_move(screen.game, seat, stand_in)
        screen.play(move, seat)
        sweep.read(f"{when}, after {move}")
        if turn == 3 and game == 0:
            screen.undo()
            sweep.read(f"{when}, after an undo")
        if turn == 4 and game == 0:
            screen.save()
            sweep.read(f"{when}, after a save")
            screen.load("not a record")
            sweep.read(f"{when}, after loading a bad file")
            screen.load({"game": "nothing", "moves": []})
            sweep.read(f"{when}, after loading another game's file")
    assert screen.game.is_over, f"{key}: the game did not end"
    sweep.read(f"game {game}: the end")
    last = len(screen.game.history)
    for n in sorted({0, 1, last // 2, max(0, last - 1)}):
        screen.replay.dispatch({"type": "goto", "n": n})
        sweep.read(f"game {game}: the replay at move {n}")


def new_game_from_the_form(screen: Any, game: int) -> str:
    """Choose the ``game``-th choice of every field of the New game form (each choice of
    every option comes in some game), a person and bots of every level, and start."""
    screen.setup.ensure()
    chosen = []
    for f in screen.kit.options:
        dropdown = screen._option_inputs[f.name]
        dropdown.value = game % len(f.choices)
        chosen.append(f"{f.name}={dropdown.label}")
    levels = [k for k in dict(screen._seat_rows[0][0].options).values() if k != "person"]
    for s, (kind, _name) in enumerate(screen._seat_rows):
        kind.value = "person" if s == 0 else levels[(s + game) % len(levels)]
    screen.seed_input.value = str(100 + game)
    screen.new_game_from_form()
    return ", ".join(chosen)


@pytest.mark.parametrize("key", BUILTIN)
def test_whole_games_on_the_play_page_read_as_a_learner_needs(key):
    """As many games as the form's longest list of choices, each with other options."""
    page = game_page(key, "play", bot_delay=0)
    screen = page.body.screen
    sweep = Sweep(page)
    play_a_whole_game(key, sweep, screen, 0)
    sweep.read("the New game form")
    games = max(len(f.choices) for f in screen.kit.options)
    for game in range(1, games):
        sweep.read(f"game {game}: {new_game_from_the_form(screen, game)}")
        play_a_whole_game(key, sweep, screen, game)
    sweep.assert_clean()


# -- tutorials: every step, wrong and right ---------------------------------------------------


def do_answer(key: str, exercise: Any, answer: Any) -> None:
    """Make ``answer`` on the exercise's widget, as the learner would."""
    kind = type(exercise).__name__
    if kind == "CardExercise":
        exercise.card.update(turned=answer[0], added=answer[1])
    elif kind == "TableExercise" and key == "matchstick_tycoon":
        exercise.reset()
        exercise.play(answer)
    elif kind == "TableExercise":
        exercise.build()
        exercise.reset()
        for move in answer:
            exercise.table.dispatch({"type": "move", "text": str(move)})
    elif kind == "NumberExercise":
        exercise.answer.value = answer
    elif kind == "Lesson":
        exercise.lab.start()
        for move in answer:
            exercise.lab.play(move)
    else:
        raise AssertionError(f"no way to answer a {kind}")


def try_a_refused_move(key: str, exercise: Any) -> bool:
    """A move the rules refuse, made on the exercise's table (False: it has none)."""
    kind = type(exercise).__name__
    if kind == "TableExercise" and key == "matchstick_tycoon":
        legal = {str(m) for m in exercise.before().legal_moves()}
        refused = next(m for m in ("pass", "discard", "1x0: 0", "1xF: F") if m not in legal)
        exercise.reset()
        try:
            exercise.play(refused)
        except IllegalMoveError:
            return True
        raise AssertionError(f"{refused} was not refused")
    if kind == "TableExercise":
        exercise.build()
        exercise.reset()
        return not exercise.table.dispatch({"type": "move", "text": "2C"})
    if kind == "Lesson":
        exercise.lab.start()
        table = exercise.lab.table
        choices = table.view.get("choices", [])
        bad = next((i for i, c in enumerate(choices) if not c.get("legal", True)), None)
        event = {"type": "confirm"}
        if bad is not None:
            event = {"type": "select", "index": bad, "card": choices[bad]["card"]}
        return not table.dispatch(event)
    return False


def tutorial_states(key: str, course: Course) -> Iterator[str]:
    """Every step: read; then for a do-it step Check before doing anything, a move the
    rules refuse, a wrong answer and its Check, every hint, a right answer and its Check
    (and the coach where a step offers it)."""
    for i, step in enumerate(course.steps):
        course.go(i)
        where = f"step {i + 1} ({step.title})"
        yield where
        if step.check is None:
            continue
        course.check()
        yield f"{where}, Check before doing anything"
        ex = step.exercise
        if ex is not None and try_a_refused_move(key, ex):
            yield f"{where}, a refused move"
            course.check()
            yield f"{where}, its Check"
        right = ex.correct() if ex is not None else set()
        wrong = [a for a in ex.answers() if a not in right][:1] if ex is not None else []
        for answer in wrong:
            do_answer(key, ex, answer)
            yield f"{where}, a wrong answer ({answer})"
            course.check()
            yield f"{where}, its Check"
            if step.coach is not None:
                course.ask_coach()
                yield f"{where}, the coach"
        for n in range(len(step.hints) + 1):
            course.hint()
            yield f"{where}, hint {n + 1}"
        if right:
            do_answer(key, ex, sorted(right, key=str)[0])
            yield f"{where}, a right answer"
            course.check()
            yield f"{where}, its Check"


@pytest.mark.parametrize("key", BUILTIN)
def test_every_tutorial_step_reads_as_a_learner_needs(key):
    page = game_page(key, "tutorial")
    course = find(page, Course)
    sweep = Sweep(page)
    for when in tutorial_states(key, course):
        sweep.read(when)
    sweep.assert_clean()


@pytest.mark.parametrize("key", BUILTIN)
def test_links_in_every_tutorial_step_lead_somewhere(key):
    """Every link of every step (its text, interpretations, the link after the last step)
    leads to a page beside it, and an anchor to a paragraph of the rules page."""
    page = game_page(key, "tutorial")
    course = find(page, Course)
    doc = rules_doc(key)
    links: list[tuple[str, str]] = []
    for i, _step in enumerate(course.steps):
        course.go(i)
        for s in shown(page):
            if s.html is not None:
                links += [
                    (f"step {i + 1}", h) for h in re.findall(r"""href=["']([^"']+)""", s.html)
                ]
    assert links
    for where, link in links:
        target, _, anchor = link.partition("#")
        if target.startswith("data:"):
            continue
        assert not re.match(r"\w+:", target), f"{where}: a link leaves the app: {link}"
        assert (ROOT / "notebooks" / key / (target or "tutorial.ipynb")).exists(), (where, link)
        if anchor and target.endswith("rules.ipynb"):
            assert f'<a id="{anchor}"></a>' in doc, f"{where}: no paragraph #{anchor}"


# -- sandboxes ---------------------------------------------------------------------------------


def sandbox_actions(key: str, page: Any) -> Iterator[str]:
    if key == "matchstick_tycoon":
        from tabletop_widgets.games.matchstick_tycoon.screens.sandbox import EXAMPLE

        box = page.body.sandbox
        yield "the sandbox"
        box.play(box.game.legal_moves()[0])
        yield "after a move"
        box.play("1x3: 3")
        yield "after a refused move"
        box.load_json('{"players": 2, "hands": [["6"]]}')
        yield "after a position that is not one"
        box.load_json("{oops")
        yield "after text that is not JSON"
        box.seat_hands[0].value = "6 6 Z"
        box.apply_editor()
        yield "after a bad hand in the editor"
        box.load_json(json.dumps({**EXAMPLE, "hands": [["0"], ["1"], []], "to_move": 2}))
        yield "after a seat with no cards"
        box.load_json(json.dumps({**EXAMPLE, "to_move": 7, "out": [0, 0]}))
        yield "after seats that are not there"
        box.step_back()
        yield "after Step back"
        box.whatif.run(blocking=True, max_playouts=4)
        yield "after a what-if"
    elif key == "chinese_ten":
        box = page.body.sandbox
        yield "the sandbox"
        box.play(box.legal_moves()[0])
        yield "after a move"
        box.play_text("2C")
        yield "after a refused move"
        box.play_text("oops")
        yield "after a move that is not one"
        box.load_json('{"oops": 1}')
        yield "after a position that is not one"
        good = box.game.position.to_json()
        for field, wrong in (("to_move", 5), ("dealer", 2.5), ("hands", [["ZZ"]] * 3)):
            box.load_json(json.dumps({**good, field: wrong}))
            yield f"after a position with a wrong {field}"
        hands = [list(h) for h in good["hands"]]
        hands[2][0] = good["layout"][0]
        box.load_json(json.dumps({**good, "hands": hands}))
        yield "after a position with a card twice"
        record = box.game.to_record()
        box.load_json(json.dumps({**record, "moves": ["7H x 3S", "oops"]}))
        yield "after a record whose moves do not replay"
        box.undo()
        yield "after Undo"
        box.analyse(playouts=2)
        yield "after a what-if"
    else:
        box = page.body
        yield "the sandbox"
        box.games = 1
        box.run_bots()
        yield "after the bots played"


@pytest.mark.parametrize("key", BUILTIN)
def test_the_sandbox_reads_as_a_learner_needs(key):
    kwargs = {"matchstick_tycoon": {"games": 4, "playouts": 2}, "chinese_ten": {"deals": 2}}
    page = game_page(key, "sandbox", **kwargs.get(key, {}))
    sweep = Sweep(page)
    for when in sandbox_actions(key, page):
        sweep.read(when)
    sweep.assert_clean()


@pytest.mark.parametrize("key", BUILTIN)
def test_the_rules_page_reads_as_a_learner_needs(key):
    sweep = Sweep(game_page(key, "rules"))
    texts = sweep.read("the rules page")
    assert texts
    sweep.assert_clean()


def test_the_sweep_finds_what_it_looks_for():
    page = w.VBox(
        [
            w.HTML("<p>Not allowed (MT-5): hands[3] is None</p>"),
            w.Button(description="equal_round"),
            w.Label("Bea (bot) play a 7; the winner: ['Cy (greedy)']"),
            w.HTML("<a href='rules.ipynb#MT-9'>MT-9</a>"),
        ]
    )
    sweep = Sweep(page)
    sweep.read("a made-up page")
    found = "\n".join(sweep.findings)
    for what in (
        "MT-5 is not a link",
        "an index into a list",
        "underscores",
        "Python value",
        "Bea (bot) play",
        "a Python list",
        "a rule that does not exist: MT-9",
    ):
        assert what in found


@pytest.mark.parametrize("key", BUILTIN)
def test_the_links_at_the_end_of_a_tutorial_look_like_links(key):
    """The "Next:" link after the last step (and every link of a step) sits in a lesson box
    whose style underlines links in the theme's link colour: not plain text."""
    page = game_page(key, "tutorial")
    course = find(page, Course)
    course.go(len(course.steps) - 1)
    after = course._after.value
    assert re.search(r"<p class='tt-lesson'>.*<a href='play\.ipynb'>", after), after
    styles = " ".join(s.html or "" for s in shown(page))
    rule = re.search(r"\.tt-lesson a, \.tt-lesson a:visited \{([^}]*)\}", styles)
    assert rule, "no style for the lessons' links"
    assert "text-decoration: underline" in rule.group(1)
    assert "color: var(--jp-content-link-color, #1a5fd6)" in rule.group(1)
