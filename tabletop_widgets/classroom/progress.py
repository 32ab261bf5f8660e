"""A class's tutorial progress as the teacher sees it: a grid of students × steps, who
is stuck, the steps the class finds hardest, and a CSV export.

>>> from tabletop_widgets.classroom.store import ProgressRow
>>> rows = [
...     ProgressRow("K7QX2M", "Ann", "chinese_ten", 1, "Pairs", 0, 30, 30, 0, 0),
...     ProgressRow("K7QX2M", "Ann", "chinese_ten", 2, "Tens", 30, 400, None, 4, 1),
...     ProgressRow("K7QX2M", "Bo", "chinese_ten", 1, "Pairs", 0, 90, 90, 2, 0),
... ]
>>> grid = class_grid("K7QX2M", rows, ["Ann", "Bo", "Cy"], now=400)
>>> grid.students, [s.title for s in grid.steps]
(('Ann', 'Bo', 'Cy'), ['Pairs', 'Tens'])
>>> grid.cell("Ann", "chinese_ten", 2).stuck, grid.cell("Cy", "chinese_ten", 1)
(True, None)
>>> [(s.nickname, s.title, round(s.seconds)) for s in grid.stuck]
[('Ann', 'Tens', 370)]
>>> [(h.title, h.trouble) for h in grid.hardest]
[('Tens', 5.0), ('Pairs', 1.0)]
>>> print(export_csv(rows[:1]).splitlines()[1])
K7QX2M,Ann,Chinese Ten,1,Pairs,yes,0,0,30,1970-01-01 00:00:00,1970-01-01 00:00:30

The file is for the teacher's spreadsheet: its headings, the games' names and yes/no are in
the page's language (times stay ISO, numbers plain):

>>> from tabletop_widgets.core.i18n import language
>>> with language("fr"):
...     print(export_csv(rows[:1]).splitlines()[0].split(",")[:4])
['classe', 'pseudo', 'jeu', 'étape']
"""

from __future__ import annotations

import csv
import io
import statistics
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone

from tabletop_widgets.core.i18n import N_, _

from .store import ProgressRow

__all__ = ["STUCK_AFTER", "Cell", "ClassGrid", "Step", "Stuck", "class_grid", "export_csv"]

#: A student who has been on one unfinished step this long (seconds) shows as stuck.
STUCK_AFTER = 180.0

#: The CSV file's headings (English; the file says them in the page's language).
CSV_COLUMNS = (
    N_("class"),
    N_("nickname"),
    N_("game"),
    N_("step"),
    N_("step title"),
    N_("finished"),
    N_("wrong tries"),
    N_("hints"),
    N_("seconds on step"),
    N_("started (UTC)"),
    N_("last report (UTC)"),
)


@dataclass(frozen=True)
class Step:
    """A column of the grid, with how the class did on it.  ``trouble``: wrong tries and
    hints per student who reached the step (the higher, the more worth explaining)."""

    game: str
    step: int
    title: str
    reached: int = 0
    finished: int = 0
    wrong: int = 0
    hints: int = 0
    median_seconds: float = 0.0

    @property
    def trouble(self) -> float:
        return (self.wrong + self.hints) / self.reached if self.reached else 0.0


@dataclass(frozen=True)
class Cell:
    """One student on one step."""

    finished: bool
    wrong: int
    hints: int
    seconds: float
    stuck: bool


@dataclass(frozen=True)
class Stuck:
    nickname: str
    game: str
    step: int
    title: str
    seconds: float


@dataclass(frozen=True)
class ClassGrid:
    """Students (rows, in the order they joined, then any others) × steps (columns, by
    game and step number); ``stuck`` longest first; ``hardest`` most trouble first."""

    code: str
    students: tuple[str, ...]
    steps: tuple[Step, ...]
    cells: Mapping[tuple[str, str, int], Cell] = field(default_factory=dict)
    stuck: tuple[Stuck, ...] = ()
    hardest: tuple[Step, ...] = ()

    def cell(self, nickname: str, game: str, step: int) -> Cell | None:
        """The cell of ``nickname`` at a step, or None if the student has not reached it."""
        return self.cells.get((nickname, game, step))


def class_grid(
    code: str,
    rows: Iterable[ProgressRow],
    students: Sequence[str] = (),
    *,
    now: float | None = None,
    stuck_after: float = STUCK_AFTER,
    steps: Iterable[tuple[str, int, str]] = (),
) -> ClassGrid:
    """The grid of class ``code`` from its reports.  ``students``: the nicknames that
    joined (so a student with no report yet has a row); ``steps``: (game, step, title)
    of every step of the tutorials shown (columns nobody reached yet)."""
    now = time.time() if now is None else now
    rows = list(rows)
    names = list(dict.fromkeys([*students, *(r.nickname for r in rows)]))
    titles = {(g, n): t for g, n, t in steps}
    titles.update({(r.game, r.step): r.title for r in rows})
    current = _current_steps(rows)
    cells = {}
    for r in rows:
        stuck = (
            r.finished is None
            and current.get((r.nickname, r.game)) == r.step
            and r.seconds(now) >= stuck_after
        )
        cells[(r.nickname, r.game, r.step)] = Cell(
            r.finished is not None, r.wrong, r.hints, r.seconds(now), stuck
        )
    columns = tuple(
        _summary(g, n, titles[(g, n)], [r for r in rows if (r.game, r.step) == (g, n)], now)
        for g, n in sorted(titles)
    )
    stuck = sorted(
        (
            Stuck(name, g, n, titles[(g, n)], c.seconds)
            for (name, g, n), c in cells.items()
            if c.stuck
        ),
        key=lambda s: -s.seconds,
    )
    hardest = sorted((s for s in columns if s.trouble > 0), key=lambda s: -s.trouble)
    return ClassGrid(code, tuple(names), columns, cells, tuple(stuck), tuple(hardest))


def _current_steps(rows: Sequence[ProgressRow]) -> dict[tuple[str, str], int]:
    """Each student's latest started step of each game."""
    latest: dict[tuple[str, str], ProgressRow] = {}
    for r in rows:
        key = (r.nickname, r.game)
        if key not in latest or r.started >= latest[key].started:
            latest[key] = r
    return {k: r.step for k, r in latest.items()}


def _summary(game: str, step: int, title: str, rows: list[ProgressRow], now: float) -> Step:
    return Step(
        game,
        step,
        title,
        reached=len(rows),
        finished=sum(r.finished is not None for r in rows),
        wrong=sum(r.wrong for r in rows),
        hints=sum(r.hints for r in rows),
        median_seconds=statistics.median([r.seconds(now) for r in rows]) if rows else 0.0,
    )


def export_csv(rows: Iterable[ProgressRow], now: float | None = None) -> str:
    """The reports as CSV text, one line per student and step (times in UTC), in the current
    language.  Cells that a spreadsheet would read as a formula are quoted with a leading
    apostrophe."""
    from tabletop_widgets.core.registry import GAMES

    now = time.time() if now is None else now
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_(c) for c in CSV_COLUMNS)
    yes, no = _("yes"), _("no")
    for r in rows:
        title = _(GAMES[r.game].title) if r.game in GAMES else r.game
        writer.writerow(
            _cell(v)
            for v in (
                r.code,
                r.nickname,
                title,
                r.step,
                r.title,
                yes if r.finished is not None else no,
                r.wrong,
                r.hints,
                round(r.seconds(now)),
                _utc(r.started),
                _utc(r.updated),
            )
        )
    return out.getvalue()


def _utc(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def _cell(value: object) -> str:
    """``=1+2`` → ``'=1+2`` (no formula runs when a teacher opens the file).

    >>> _cell("=HYPERLINK(1)"), _cell("Ann"), _cell(3)
    ("'=HYPERLINK(1)", 'Ann', '3')
    """
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
