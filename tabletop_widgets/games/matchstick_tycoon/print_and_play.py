"""Print-and-play sheets: the whole Matchstick Tycoon deck and a sheet of matchsticks.

Cards are printed at real size (63 x 88 mm), nine to a page, with a cut
margin between them and crop marks in the page margin; the last page is a
sheet of matchsticks as long as a card's segments.  The drawing is the same
list of parts as the on-screen cards (:func:`seven_segment.card_parts`),
written out as SVG pages or as one PDF through matplotlib.

>>> pages = deck_sheets_svg(expansion=0, paper="A4")
>>> len(pages), pages[0].startswith("<svg") and 'width="210mm"' in pages[0]
(8, True)
>>> page_count(expansion=4, paper="Letter")
9
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from . import shapes
from .render import CARD_H, CARD_W, COLOURS, LAYOUT, card_parts, parts_svg, segment_line

__all__ = ["PAPERS", "deck_sheets_svg", "export_deck_pdf", "export_deck_svg", "page_count"]

#: Paper sizes in millimetres (width, height).
PAPERS: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
COLS, ROWS = 3, 3
CUT_GAP = 2.0  # mm between neighbouring cards, to cut in
CROP_MARK = 3.5  # mm, crop mark length in the margin
STICK_PITCH = (9.0, 32.0)  # mm between matchsticks across and down the sheet
MM_TO_PT = 72 / 25.4


def _paper(paper: str) -> tuple[float, float]:
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    return PAPERS[paper]


def _check_expansion(expansion: int) -> int:
    if isinstance(expansion, bool) or expansion not in (0, 2, 4):
        raise ValueError(f"expansion must be 0, 2 or 4, not {expansion!r}")
    return expansion


def card_positions(paper: str) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the nine card slots on a page, centred."""
    pw, ph = _paper(paper)
    grid_w = COLS * CARD_W + (COLS - 1) * CUT_GAP
    grid_h = ROWS * CARD_H + (ROWS - 1) * CUT_GAP
    x0, y0 = (pw - grid_w) / 2, (ph - grid_h) / 2
    return [
        (x0 + c * (CARD_W + CUT_GAP), y0 + r * (CARD_H + CUT_GAP))
        for r in range(ROWS)
        for c in range(COLS)
    ]


def _pages(expansion: int) -> list[list[str]]:
    faces = shapes.deck(_check_expansion(expansion))
    per = COLS * ROWS
    return [faces[i : i + per] for i in range(0, len(faces), per)]


def page_count(expansion: int = 0, paper: str = "A4") -> int:
    """Pages of the export: card pages plus one matchstick sheet."""
    _paper(paper)
    return len(_pages(expansion)) + 1


def _crop_marks(paper: str) -> Iterator[tuple[float, float, float, float]]:
    """Short lines in the page margin lining up with every card edge."""
    pos = card_positions(paper)
    xs = sorted({x for x, _ in pos} | {x + CARD_W for x, _ in pos})
    ys = sorted({y for _, y in pos} | {y + CARD_H for _, y in pos})
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    for x in xs:
        yield (x, top - 1 - CROP_MARK, x, top - 1)
        yield (x, bottom + 1, x, bottom + 1 + CROP_MARK)
    for y in ys:
        yield (left - 1 - CROP_MARK, y, left - 1, y)
        yield (right + 1, y, right + 1 + CROP_MARK, y)


def stick_positions(paper: str) -> list[tuple[float, float, float, float]]:
    """Matchsticks on the last sheet: (x1, y1, x2, y2) in mm, head at (x2, y2)."""
    pw, ph = _paper(paper)
    x1, y1, x2, y2 = segment_line("b")
    length = abs(y2 - y1)
    dx, dy = STICK_PITCH
    margin = 12.0
    cols = int((pw - 2 * margin) // dx) + 1
    rows = int((ph - 2 * margin - length) // dy) + 1
    ox = (pw - (cols - 1) * dx) / 2
    oy = (ph - (rows - 1) * dy - length) / 2
    return [
        (ox + c * dx, oy + r * dy, ox + c * dx, oy + r * dy + length)
        for r in range(rows)
        for c in range(cols)
    ]


# -- SVG ------------------------------------------------------------------


def _svg_page(paper: str, body: str, title: str) -> str:
    pw, ph = _paper(paper)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{pw:g}mm" height="{ph:g}mm" '
        f'viewBox="0 0 {pw:g} {ph:g}"><title>{title}</title>'
        f'<rect width="{pw:g}" height="{ph:g}" fill="white"/>{body}</svg>'
    )


def deck_sheets_svg(expansion: int = 0, paper: str = "A4") -> list[str]:
    """Every page as an SVG document: the card pages, then the matchstick sheet."""
    marks = "".join(
        f'<line x1="{a:.2f}" y1="{b:.2f}" x2="{c:.2f}" y2="{d:.2f}" '
        'stroke="#999" stroke-width="0.2"/>'
        for a, b, c, d in _crop_marks(paper)
    )
    pages = []
    slots = card_positions(paper)
    card_pages = _pages(expansion)
    for n, faces in enumerate(card_pages, 1):
        cards = "".join(
            f'<g transform="translate({x:.2f} {y:.2f})">{parts_svg(card_parts(face))}</g>'
            for face, (x, y) in zip(faces, slots, strict=False)
        )
        pages.append(
            _svg_page(
                paper, marks + cards, f"Matchstick Tycoon cards, page {n} of {len(card_pages)}"
            )
        )
    sticks = "".join(
        parts_svg([("stick", "b", x1, y1, x2, y2)]) for x1, y1, x2, y2 in stick_positions(paper)
    )
    pages.append(_svg_page(paper, sticks, "Matchstick Tycoon matchsticks"))
    return pages


def export_deck_svg(directory: str | Path, *, expansion: int = 0, paper: str = "A4") -> list[Path]:
    """Write ``page-01.svg`` … into ``directory`` (created); returns the paths."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, svg in enumerate(deck_sheets_svg(expansion, paper), 1):
        p = out / f"page-{i:02d}.svg"
        p.write_text(svg, encoding="utf-8")
        paths.append(p)
    return paths


# -- PDF (matplotlib) -------------------------------------------------------


def _draw_parts(ax, parts, ox: float, oy: float) -> None:
    from matplotlib.patches import Circle, FancyBboxPatch

    c, lay = COLOURS, LAYOUT
    for p in parts:
        kind = p[0]
        if kind == "card":
            ax.add_patch(
                FancyBboxPatch(
                    (ox + 0.5, oy + 0.5),
                    CARD_W - 1,
                    CARD_H - 1,
                    boxstyle=f"round,pad=0,rounding_size={lay['radius']}",
                    facecolor=c["paper"],
                    edgecolor=c["edge"],
                    linewidth=0.8 * MM_TO_PT * 0.3,
                )
            )
        elif kind in ("printed", "empty"):
            x1, y1, x2, y2 = p[2:6]
            ax.plot(
                [ox + x1, ox + x2],
                [oy + y1, oy + y2],
                color=c[kind],
                linewidth=lay["stroke"] * MM_TO_PT,
                solid_capstyle="round",
            )
        elif kind == "stick":
            x1, y1, x2, y2 = p[2:6]
            ax.plot(
                [ox + x1, ox + x2],
                [oy + y1, oy + y2],
                color=c["wood_edge"],
                linewidth=(lay["stick"] + 0.8) * MM_TO_PT,
                solid_capstyle="butt",
            )
            ax.plot(
                [ox + x1, ox + x2],
                [oy + y1, oy + y2],
                color=c["wood"],
                linewidth=lay["stick"] * MM_TO_PT,
                solid_capstyle="butt",
            )
            ax.add_patch(
                Circle(
                    (ox + x2, oy + y2),
                    lay["head"],
                    facecolor=c["head"],
                    edgecolor=c["wood_edge"],
                    linewidth=0.5,
                )
            )
        elif kind == "index":
            _, text, x, y, upside = p
            ax.text(
                ox + x,
                oy + y - (lay["index_size"] * 0.35 if upside else 0),
                text,
                fontsize=lay["index_size"] * MM_TO_PT,
                fontweight="bold",
                color=c["index"],
                ha="center",
                va="center" if upside else "baseline",
                rotation=180 if upside else 0,
                family="sans-serif",
            )


def _new_page(paper: str):
    from matplotlib.figure import Figure

    pw, ph = _paper(paper)
    fig = Figure(figsize=(pw / 25.4, ph / 25.4))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, pw)
    ax.set_ylim(ph, 0)  # millimetres, y down as in SVG
    ax.set_axis_off()
    return fig, ax


def export_deck_pdf(path: str | Path, *, expansion: int = 0, paper: str = "A4") -> Path:
    """Write the deck (and a matchstick sheet) as one multi-page PDF; returns the path.

    ``expansion`` is 0, 2 or 4 copies of G and H; ``paper`` is "A4" or "Letter".
    """
    from matplotlib.backends.backend_pdf import PdfPages

    _paper(paper)
    path = Path(path)
    slots = card_positions(paper)
    with PdfPages(path, metadata={"Title": "Matchstick Tycoon print and play"}) as pdf:
        for faces in _pages(expansion):
            fig, ax = _new_page(paper)
            for a, b, c, d in _crop_marks(paper):
                ax.plot([a, c], [b, d], color="#999999", linewidth=0.2 * MM_TO_PT)
            for face, (x, y) in zip(faces, slots, strict=False):
                _draw_parts(ax, card_parts(face), x, y)
            pdf.savefig(fig)
        fig, ax = _new_page(paper)
        for x1, y1, x2, y2 in stick_positions(paper):
            _draw_parts(ax, [("stick", "b", x1, y1, x2, y2)], 0, 0)
        pdf.savefig(fig)
    return path
