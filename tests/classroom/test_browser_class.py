"""The teacher's view of a class in a real browser: a student does tutorial steps with the
class code and the teacher's grid fills, live -- against SQLite and against PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.classroom.room_pages import new_context, open_tab

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "classroom"

pytestmark = pytest.mark.browser

LESSON_BUTTON = ".tt-lesson .widget-button"


@pytest.fixture
def contexts(browser):
    made = []

    def make():
        made.append(new_context(browser))
        return made[-1]

    yield make
    for c in made:
        c.close()


def press(page, label: str) -> None:
    page.locator(f".tt-lesson button:has-text('{label}')").first.click()
    page.wait_for_timeout(300)


def test_the_teacher_grid_fills_as_a_student_does_tutorial_steps(room_app, teacher, contexts):
    server, _ = room_app
    t = open_tab(contexts(), server.url("classroom.ipynb"), "text=New class code")
    t.page.click(".tt-classroom button:has-text('New class code')")
    t.page.wait_for_selector("text=No student has joined this class yet", timeout=20_000)
    code = t.page.locator("[data-class]").first.get_attribute("data-class")
    # the student opens the tutorial with the class code in its address
    s = open_tab(contexts(), server.url(f"chinese_ten/tutorial.ipynb?class={code}"), LESSON_BUTTON)
    s.page.wait_for_selector("text=Type your nickname and press Report to my class", timeout=60_000)
    s.page.fill(".tt-class-section input[placeholder='1 to 20 letters']", "Ann")
    s.page.click(".tt-class-section button:has-text('Report to my class')")
    s.page.wait_for_selector(f"text=Your progress goes to class {code} as Ann", timeout=15_000)
    grid = t.page.locator(".tt-grid")
    grid.locator("th.tt-student:has-text('Ann')").wait_for(timeout=15_000)
    # three reading steps, then a step with a check: a wrong try and a hint
    for _ in range(3):
        press(s.page, "Next")
    press(s.page, "Check")
    press(s.page, "Hint")
    t.page.wait_for_function(
        "() => document.querySelectorAll('.tt-grid tr:nth-child(2) td.tt-done').length >= 3",
        timeout=15_000,
    )
    row = grid.locator("tr").nth(1)
    assert row.locator("td.tt-on").count() == 1  # step 4: on it, not done
    t.page.wait_for_selector(".tt-grid td.tt-on >> text=1 wrong try, 1 hint", timeout=15_000)
    hardest = t.page.locator(".tt-hardest").inner_text(timeout=15_000)
    assert "Chinese Ten, step 4" in hardest
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.page.locator(".tt-hardest").scroll_into_view_if_needed()
    t.page.screenshot(path=str(ARTIFACTS / "teacher-grid.png"))
    # the student's reload goes on reporting under the same name
    s.page.reload()
    s.page.wait_for_selector(f"text=Your progress goes to class {code} as Ann", timeout=120_000)
    assert [x.nickname for x in teacher.store.students(code)] == ["Ann"]
    # CSV export, then clearing (asked first)
    t.page.click(".tt-classroom button:has-text('Export as CSV')")
    href = t.page.locator(".tt-classroom a[download]").get_attribute("href", timeout=15_000)
    assert href.startswith("data:text/csv")
    t.page.click(".tt-classroom button:has-text('Clear the class')")
    t.page.click(".tt-classroom button:has-text('Yes, clear it')")
    t.page.wait_for_selector("text=No student has joined this class yet", timeout=15_000)
    assert teacher.progress(code) == []
    t.log.assert_clean()
    s.log.assert_clean(left_pages=True)
