"""What every report shares: rows as data, a compact HTML table, a short text, a plot.

A report answers one question (:class:`~.simulate.SimulationReport`,
:class:`~.whatif.WhatIfReport`, :class:`~.matchup.MatchupReport`,
:class:`~.matchup.RoundRobinReport`).  ``to_records()`` gives the rows of the
table it shows (``per=`` asks for finer rows where a report has them);
``to_dataframe()`` the same as a pandas ``DataFrame`` (pandas is the optional
``explore`` extra); in JupyterLab it shows itself as that table, and
``str(report)`` is a few lines of text.  Seats in rows and text count from 1.

>>> e = Estimate(0.3, 0.25, 0.35)
>>> str(e), e.contains(0.26), e.contains(0.4)
('0.3 [0.25, 0.35]', True, False)
"""

from __future__ import annotations

import html
from typing import Any

# The estimates live in core (the search and the analysis share them); shown from here too.
from tabletop_widgets.core.stats import Estimate, _num, mean_estimate, share_estimate

__all__ = ["Estimate", "Report", "mean_estimate", "share_estimate"]


class Report:
    """The base of every report: rows, a DataFrame, an HTML table, a short text.

    Subclasses define :meth:`to_records` and :meth:`_headline`; the table shows
    the records' keys as columns.
    """

    def to_records(self, per: str | None = None) -> list[dict[str, Any]]:
        """The rows of the table this report shows, as dicts (JSON-ready)."""
        raise NotImplementedError

    def to_dataframe(self, per: str | None = None) -> Any:
        """:meth:`to_records` as a pandas ``DataFrame`` (needs pandas: the ``explore``
        extra, ``pip install "tabletop-widgets[explore]"``)."""
        try:
            import pandas as pd
        except ImportError:  # the app never needs pandas: it is an optional extra
            raise ImportError(
                'to_dataframe needs pandas: pip install "tabletop-widgets[explore]" '
                "(or pandas); to_records() gives the same rows without it"
            ) from None
        return pd.DataFrame.from_records(self.to_records(per))

    def _headline(self) -> str:
        raise NotImplementedError

    def _table_records(self) -> list[dict[str, Any]]:
        return self.to_records()

    def _repr_html_(self) -> str:
        rows = self._table_records()
        head = f"<p style='margin:0 0 4px'>{html.escape(self._headline())}</p>"
        if not rows:
            return head
        cols = list(rows[0])
        pad = "padding:2px 10px 2px 0;text-align:left"
        th = "".join(f"<th style='{pad}'>{html.escape(str(c))}</th>" for c in cols)
        body = "".join(
            "<tr>"
            + "".join(f"<td style='{pad}'>{html.escape(_cell(r[c]))}</td>" for c in cols)
            + "</tr>"
            for r in rows
        )
        return (
            f"<div class='tt-report'>{head}<table style='font-size:90%'>"
            f"<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>"
        )

    def __str__(self) -> str:
        return self._text(self._table_records())

    def _text(self, rows: list[dict[str, Any]]) -> str:
        """The headline and ``rows`` as a plain-text table."""
        lines = [self._headline()]
        if rows:
            cols = list(rows[0])
            cells = [[_cell(r[c]) for c in cols] for r in rows]
            widths = [max(len(str(c)), *(len(row[i]) for row in cells)) for i, c in enumerate(cols)]
            lines.append(
                "  ".join(str(c).ljust(w) for c, w in zip(cols, widths, strict=True)).rstrip()
            )
            lines += [
                "  ".join(x.ljust(w) for x, w in zip(row, widths, strict=True)).rstrip()
                for row in cells
            ]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self._headline()}>"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return _num(value)
    if value is None:
        return ""
    return str(value)
