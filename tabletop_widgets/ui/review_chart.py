"""The review's chart as a widget: the matplotlib chart drawn as SVG, its marks clickable.

Python draws the chart (:func:`tabletop_widgets.analysis.review_plot.review_figure`) and
sends it as SVG text with the list of marks (each point's id and its words), and the
same chart laid out for a phone (``svg_narrow``: the page shows it where the chart is
narrow, so its words stay legible).  The front end makes every mark a button (click,
Enter or Space; its words as its label; a disc around it, 28 px across on the screen, to
tap; where discs overlap, a tap picks the mark nearest to it) and sends ``pick`` {index}
-- the history index of that decision, which Python checks against the marks it drew
before anything follows.  ``selected`` is the mark
shown now.  The front end says which layout its width calls for (``layout`` {narrow}):
while a review runs, Python draws only that one (each takes about 90 ms).

>>> chart = ReviewChart()
>>> chart.show_chart("<svg></svg>", [(4, "move 5: a mistake")])
>>> picked = []
>>> chart.on_pick(picked.append)
>>> chart.dispatch({"type": "pick", "index": 4}), chart.selected, picked
(True, 4, [4])
>>> chart.dispatch({"type": "pick", "index": 3}), chart.error, chart.selected
(False, 'Move 4 is not one of the marks on the chart.', 4)
>>> chart.narrow is None, chart.dispatch({"type": "layout", "narrow": True}), chart.narrow
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import N_, _l

from .event_widget import EventWidget, Refused, handles, widget_css, widget_esm

__all__ = ["ReviewChart"]


class ReviewChart(EventWidget):
    """The chart of a game review, whose marks the learner can pick.

    Traits: ``svg`` (the chart), ``svg_narrow`` (the chart for a phone's width, "" for
    none), ``marks`` (``[{"index": i, "label": words}]``, one per point the charts have),
    ``selected`` (the index picked, -1 for none).  Events: ``pick`` {index}, ``layout``
    {narrow} (the layout the chart's width calls for: :attr:`narrow`, None until told).
    ``on_pick(callback)`` runs ``callback(index)`` after a pick, ``on_layout(callback)``
    ``callback(narrow)`` when the layout called for changes.
    """

    _esm = widget_esm(__package__, "review_chart.js")
    _css = widget_css(__package__, "review_chart.css")
    texts = {
        "chart": N_("your moves on a chart: choose a point to see that move"),
    }

    svg = traitlets.Unicode("", read_only=True).tag(sync=True)
    svg_narrow = traitlets.Unicode("", read_only=True).tag(sync=True)
    marks = traitlets.List(traitlets.Dict(), read_only=True).tag(sync=True)
    selected = traitlets.Int(-1, read_only=True).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pick_callbacks: list[Callable[[int], Any]] = []
        self._layout_callbacks: list[Callable[[bool], Any]] = []
        #: The layout the page's width calls for: True a phone's, False a wide one, None
        #: not told yet (then both are needed).
        self.narrow: bool | None = None

    def show_chart(self, svg: str, marks: Sequence[tuple[int, str]], narrow: str = "") -> None:
        """Draw ``svg`` whose points have the ids ``tt-mark-<index>`` of ``marks``;
        ``narrow``: the same chart laid out for a phone (its points have the same ids)."""
        known = {i for i, _w in marks}
        self._apply(
            {
                "svg": svg,
                "svg_narrow": narrow,
                "marks": [{"index": i, "label": str(words)} for i, words in marks],
                "selected": self.selected if self.selected in known else -1,
            }
        )

    def on_pick(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Run ``callback(index)`` after the learner picks the mark of decision ``index``."""
        if remove:
            self._pick_callbacks.remove(callback)
        else:
            self._pick_callbacks.append(callback)

    def on_layout(self, callback: Callable[[bool], Any]) -> None:
        """Run ``callback(narrow)`` when the page's width calls for the other layout."""
        self._layout_callbacks.append(callback)

    def has_layout(self, narrow: bool) -> bool:
        """Whether the chart drawn now has the layout ``narrow`` calls for."""
        return bool(self.svg_narrow if narrow else self.svg)

    def select(self, index: int) -> None:
        """Show ``index`` as the picked mark (-1: none), as a pick from Python."""
        self._apply({"selected": index})

    @handles("pick", index=int)
    def _on_pick(self, index: int) -> dict:
        if index not in {m["index"] for m in self.marks}:
            raise Refused(_l("Move {n} is not one of the marks on the chart.", n=index + 1))
        for cb in list(self._pick_callbacks):
            self._run_callback(cb, index)
        return {"selected": index}

    @handles("layout", narrow=bool)
    def _on_layout(self, narrow: bool) -> dict:
        changed = narrow != self.narrow
        self.narrow = narrow
        if changed:
            for cb in list(self._layout_callbacks):
                self._run_callback(cb, narrow)
        return {}
