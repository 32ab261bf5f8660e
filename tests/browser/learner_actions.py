"""What a learner does on a page, in the browser, for the learner sweep and the reload tests.

Each game's moves are made the way a learner makes them (clicks on its table or hand);
what to click is read from the page or worked out in Python from the same code the page
runs (the tutorial's right answers, a game near its end to load as a saved file).

- :func:`settle`: wait until the page stops changing (the bots have answered).
- :func:`exercise_step` / :func:`answer_exercise`: the first do-it step of a game's
  tutorial and its right answer, made on the step's widget.
- :func:`person_move` / :func:`refused_move`: a legal move of the person on a play page,
  and one the rules refuse (its refusal is shown on the table).
- :func:`near_the_end` / :func:`load_record`: a game a few moves of the person before its
  end, loaded with the page's *Load a saved game*.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

#: Where each game's board is (the play screen's own, not the replay's).
BOARD = {
    "matchstick_tycoon": ".tt-play-screen .tt-mt-hand-widget",
    "chinese_ten": ".tt-play-screen .tt-ct-table",
    "fistful_of_gold": ".tt-play-screen .tt-fg-table",
}
#: The seats of each play page (as its ``play_page`` sets them).
PAGE_SEATS = {
    "matchstick_tycoon": ["person", "easy", "medium"],
    "chinese_ten": ["person", "easy", "medium"],
    "fistful_of_gold": ["person", "medium"],
}


def settle(page, selector: str = "#rendered_cells", quiet: int = 400, timeout: int = 15_000):
    """Wait until the text under ``selector`` has not changed for ``quiet`` ms."""
    page.wait_for_function(
        """([sel, quiet]) => {
             const text = (document.querySelector(sel) || document.body).innerText;
             const now = performance.now();
             if (window.__ttText !== text) { window.__ttText = text; window.__ttSince = now; }
             return now - window.__ttSince >= quiet;
           }""",
        arg=[selector, quiet],
        timeout=timeout,
        polling=100,
    )


def text_of(page, selector: str = "#rendered_cells") -> str:
    return page.evaluate("s => (document.querySelector(s) || document.body).innerText", selector)


def press(page, target, watch: str = "#rendered_cells") -> None:
    """Click ``target`` (a selector or a locator), wait until the page under ``watch``
    changes (Python has answered: a selection may change only a class), then until its
    text settles."""
    before = page.evaluate("s => (document.querySelector(s) || document.body).innerHTML", watch)
    (page.locator(target).first if isinstance(target, str) else target).click()
    page.wait_for_function(
        "([s, b]) => (document.querySelector(s) || document.body).innerHTML !== b",
        arg=[watch, before],
        timeout=20_000,
    )
    settle(page)


def click(page, selector: str) -> None:
    press(page, selector)


# -- tutorials ---------------------------------------------------------------------------------


@cache
def exercise_step(key: str) -> tuple[int, int, Any]:
    """(index of the tutorial's first do-it step, number of steps, one right answer)."""
    from tabletop_widgets.app.pages import game_page
    from tabletop_widgets.ui.course import Course

    todo = [game_page(key, "tutorial")]
    while not isinstance(todo[0], Course):
        todo += list(getattr(todo.pop(0), "children", ()))
    course = todo[0]
    i = next(i for i, s in enumerate(course.steps) if s.exercise is not None)
    return i, len(course.steps), sorted(course.steps[i].exercise.correct(), key=str)[0]


def step_number(page) -> int:
    text = page.locator(".tt-lesson .widget-label").filter(has_text="steps done").first
    return int(re.search(r"step (\d+)", text.inner_text()).group(1))


def next_step(page) -> None:
    n = step_number(page)
    page.locator(".tt-lesson button:text-is('Next')").first.click()
    page.wait_for_function(
        """n => [...document.querySelectorAll('.tt-lesson .widget-label')]
                 .some(l => l.textContent.includes('step ' + (n + 1)))""",
        arg=n,
    )
    settle(page)


def answer_exercise(page, key: str, answer: Any) -> None:
    """Make ``answer`` (an exercise's right answer, as the tests know it) on the step."""
    lesson = ".tt-lesson"
    if key == "matchstick_tycoon":  # a card: (turned over, the segments with a stick)
        turned, added = answer
        if turned:
            click(page, f"{lesson} .tt-mt-card-widget button.tt-mt-turn")
        for segment in added:
            click(page, f"{lesson} .tt-mt-card-widget [data-segment='{segment}']")
    elif key == "chinese_ten":  # a turn: the moves in notation
        for move in answer:
            play_listed(page, f"{lesson} .tt-ct-table", move)
    else:  # Fistful: moves such as "discard pink 1 pink 2"
        for move in answer:
            for card in re.findall(r"(?:pink|green) \w+", move):
                click(page, f"{lesson} .tt-fg-table button.tt-fg-choice[data-card='{card}']")
            click(page, f"{lesson} .tt-fg-table button.tt-fg-confirm")


def play_listed(page, table: str, move: str | None = None) -> None:
    """Chinese Ten: a move from the table's list of every possible move (the first one)."""
    details = page.locator(f"{table} details.tt-ct-legal").first
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    which = f"[data-move='{move}']" if move else ""
    press(page, f"{table} .tt-ct-legal-moves button{which}")


# -- play pages ----------------------------------------------------------------------------------


#: What shows that the person may move on each game's play page.
MAY_MOVE = {
    "matchstick_tycoon": ".tt-play-screen .tt-mt-hand-widget button.tt-mt-play, "
    ".tt-play-screen .tt-mt-hand-widget .tt-mt-empty-hand",
    "chinese_ten": ".tt-play-screen .tt-ct-table details.tt-ct-legal",
    "fistful_of_gold": ".tt-play-screen .tt-fg-table button.tt-fg-choice:not(.tt-fg-illegal)",
}


def wait_for_the_person(page, key: str, timeout: int = 20_000) -> None:
    """Wait until the bots have answered: the person may move, or the game is over (the
    bots of a page may take their time: Chinese Ten shows each bot move 0.4 s)."""
    page.wait_for_function(
        """([sel]) => document.querySelector(sel) || /Game over/.test(
             (document.querySelector('.tt-screen-status') || {}).innerText || '')""",
        arg=[MAY_MOVE[key]],
        timeout=timeout,
    )
    settle(page)


def person_move(page, key: str) -> bool:
    """One move of the person on the play page, by clicks; False when there is none to make
    (the game is over, or it is not the person's turn)."""
    board = BOARD[key]
    wait_for_the_person(page, key)
    if key == "matchstick_tycoon":
        hand = page.locator(board).first
        discard = page.locator(".tt-play-screen button", has_text="Discard a stick").first
        if discard.count() and discard.is_visible():  # no cards: the only move is a discard
            press(page, discard)
            return True
        if hand.locator("button.tt-mt-play").count() == 0:
            return False
        values = hand.locator(".tt-mt-values button[data-value]:not([data-value=''])")
        if values.count():
            if values.first.get_attribute("aria-pressed") != "true":
                press(page, values.first)
            # A play already chosen (the only one, matching the cards already selected) is
            # not clicked again: choosing it twice changes nothing on the page.
            fresh = hand.locator(".tt-mt-plays button[aria-pressed='false']")
            if fresh.count():
                press(page, fresh.first)
            press(page, hand.locator("button.tt-mt-play:not([disabled])"))
        elif hand.locator("button.tt-mt-pass").count():
            press(page, hand.locator("button.tt-mt-pass"))
        else:
            return False
    elif key == "chinese_ten":
        if page.locator(f"{board} details.tt-ct-legal").count() == 0:
            return False
        play_listed(page, board)
        return True
    else:
        table = page.locator(board).first
        over = page.locator(".tt-screen-status", has_text="Game over")  # said there, once
        if over.count() or not table.locator("button.tt-fg-choice:not(.tt-fg-illegal)").count():
            return False
        title = table.locator(".tt-fg-hand-title").first.inner_text()
        need = int(m.group(1)) if (m := re.search(r"choose (\d) cards? to", title)) else 1
        free = "button.tt-fg-choice:not(.tt-fg-illegal):not(.tt-fg-selected)"
        chosen = table.locator("button.tt-fg-choice.tt-fg-selected").count()
        for _ in range(need - chosen):  # (a refused try may have left cards chosen)
            press(page, table.locator(free).first)
        press(page, table.locator("button.tt-fg-confirm"))
    return True


def refused_move(page, key: str) -> None:
    """A try the rules refuse, on the play page's board at the start of a game: a printed
    segment of a Tycoon card, a Chinese Ten card on a layout card it cannot take, a third
    card for Fistful's discard of two (or a card that may not be played now)."""
    board = BOARD[key]
    if key == "matchstick_tycoon":
        press(page, f"{board} svg.tt-mt-card[data-index='0']")
        press(page, f"{board} svg[data-index='0'] .tt-mt-printed")
    elif key == "chinese_ten":
        hand = page.locator(f"{board} .tt-ct-mine .tt-ct-hand-card[role=button]")
        layout = page.locator(f"{board} .tt-ct-layout-card")
        press(page, hand.first)
        targets = page.locator(f"{board} .tt-ct-layout-card:not(.tt-ct-target)")
        press(page, targets.first if targets.count() else layout.first)
    else:
        table = page.locator(board).first
        illegal = table.locator("button.tt-fg-choice.tt-fg-illegal")
        if illegal.count():
            press(page, illegal.first)
        else:  # one card more than the discard asks for
            choices = table.locator("button.tt-fg-choice")
            for i in range(3):
                press(page, choices.nth(i))


@cache
def near_the_end(key: str) -> str:
    """A record (JSON) of a game of the play page's kind a few person's moves before its end:
    the bots of every seat played it out, then it is cut before the person's second-to-last
    move (Chinese Ten: a move from the hand, so a wrong capture can be tried)."""
    from tabletop_widgets.core.bots import make_bot
    from tabletop_widgets.core.playout import run_bots
    from tabletop_widgets.core.registry import GAMES
    from tabletop_widgets.ui.play_screen import play_kit

    info = GAMES[key]
    options = play_kit(key).defaults()
    seats = PAGE_SEATS[key]
    level = next(iter(info.levels))
    for seed in range(1, 60):
        game = info.engine.new(seed=seed, **options)
        bots = {s: make_bot(info.levels[level], info.bots, seed=s) for s in range(game.players)}
        run_bots(game, bots)
        mine = [i for i, s in enumerate(game.movers) if s == 0]
        if len(mine) < 3:
            continue
        cut = info.engine.new(seed=seed, **options)
        for move, seat in zip(game.history[: mine[-2]], game.movers[: mine[-2]], strict=True):
            cut.play(move, seat)
        if key == "chinese_ten" and (cut.phase != "hand" or not cut.position.layout):
            continue
        return json.dumps(cut.to_record(meta={"seats": seats}))
    raise AssertionError(f"no game of {key} to cut near its end")


def load_record(page, key: str, record: str) -> None:
    """Load ``record`` (JSON) with the play page's *Load a saved game*."""
    with page.expect_file_chooser() as chooser:  # the widget's file input is not in the page
        page.locator(".tt-play-screen .tt-file-button button").first.click()
    chooser.value.set_files(
        files=[
            {"name": f"{key}-game.json", "mimeType": "application/json", "buffer": record.encode()}
        ]
    )
    page.wait_for_selector(".tt-screen-status >> text=/Loaded a game at move/", timeout=30_000)
    settle(page)
