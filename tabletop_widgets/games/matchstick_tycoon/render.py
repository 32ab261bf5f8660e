"""Seven-segment cards as pure SVG text, and the geometry the widgets draw from.

A card is described once, as a list of drawing parts in card units (a card
is 63 x 88 units, i.e. millimetres at real size); :func:`card_svg` turns the
parts into SVG, the print-and-play PDF draws the same parts with matplotlib,
and :func:`geometry` sends the same coordinates to the browser widgets.
Segment positions, glyphs and the turn map all come from
:mod:`tabletop_widgets.games.matchstick_tycoon.shapes`.

Printed segments are dark bars; empty segments are faint; a matchstick laid on
an empty segment is a thin wood-coloured stick with a round red head, so it
differs from a printed segment in shape as well as colour.

>>> svg = card_svg("6", added="b", width=90)
>>> svg.startswith("<svg") and 'aria-label="card 6, upright, stick on b, acts as 8"' in svg
True
>>> SevenSegmentCard("1", turned=True, added="ag").value
'F'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from . import shapes

__all__ = [
    "CARD_H",
    "CARD_W",
    "LAYOUT",
    "SevenSegmentCard",
    "card_parts",
    "card_svg",
    "caption",
    "describe",
    "geometry",
    "hand_svg",
    "move_svg",
    "parts_svg",
]

#: Card size in units (millimetres at real size: a 63 x 88 mm playing card).
CARD_W, CARD_H = 63.0, 88.0

#: Every drawing number, shared by the SVG, the PDF and the browser widgets.
LAYOUT: dict[str, float] = {
    "width": CARD_W,
    "height": CARD_H,
    "radius": 4.0,
    "digit_x": 17.5,  # left edge of the digit's 1 x 2 box
    "digit_y": 16.0,  # top edge
    "digit_scale": 28.0,  # units per box unit: the digit is 28 x 56
    "gap": 3.0,  # each segment stops this far short of a corner
    "stroke": 5.5,  # printed and empty segment width
    "stick": 2.4,  # matchstick width
    "head": 3.3,  # matchstick head radius
    "index_size": 9.0,  # corner index font size
    "index_inset": 6.0,
}

COLOURS = {
    "paper": "#fffdf7",
    "edge": "#555555",
    "printed": "#1f1f1f",
    "empty": "#e4e0d6",
    "wood": "#d9a559",
    "wood_edge": "#8a5a2b",
    "head": "#c62828",
    "index": "#444444",
}


def segment_line(segment: str) -> tuple[float, float, float, float]:
    """Card coordinates of a segment's bar (shortened at both ends).

    >>> segment_line("a")
    (20.5, 16.0, 42.5, 16.0)
    """
    x1, y1, x2, y2 = shapes.SEGMENT_LINES[segment]
    s, ox, oy, gap = (LAYOUT["digit_scale"], LAYOUT["digit_x"], LAYOUT["digit_y"], LAYOUT["gap"])
    ax, ay, bx, by = ox + x1 * s, oy + y1 * s, ox + x2 * s, oy + y2 * s
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    ux, uy = (bx - ax) / length, (by - ay) / length
    return (
        round(ax + ux * gap, 3),
        round(ay + uy * gap, 3),
        round(bx - ux * gap, 3),
        round(by - uy * gap, 3),
    )


def _neighbours() -> dict[str, dict[str, str]]:
    """For keyboard moves: the nearest segment in each arrow direction."""
    mids = {
        s: ((x1 + x2) / 2, (y1 + y2) / 2)
        for s, (x1, y1, x2, y2) in ((s, segment_line(s)) for s in shapes.SEGMENTS)
    }
    dirs = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
    out: dict[str, dict[str, str]] = {}
    for s, (mx, my) in mids.items():
        out[s] = {}
        for key, (dx, dy) in dirs.items():
            best, best_d = None, 1e9
            for t, (tx, ty) in mids.items():
                along = (tx - mx) * dx + (ty - my) * dy
                if t == s or along <= 0:
                    continue
                across = abs((tx - mx) * dy - (ty - my) * dx)
                d = along + 2 * across
                if d < best_d:
                    best, best_d = t, d
            if best is not None:
                out[s][key] = best
    return out


def geometry() -> dict:
    """Everything the browser needs to draw cards, built from :mod:`shapes` (JSON-ready)."""
    return {
        "segments": shapes.SEGMENTS,
        "lines": {s: list(segment_line(s)) for s in shapes.SEGMENTS},
        "glyphs": dict(shapes.GLYPHS),
        "turn": dict(shapes.TURN),
        "faces": shapes.ALL_FACES,
        "layout": dict(LAYOUT),
        "neighbours": _neighbours(),
        "index": {"upright": list(index_position(False)), "turned": list(index_position(True))},
    }


def _plural(n: int) -> str:
    return "no sticks" if n == 0 else f"{n} stick{'s' if n != 1 else ''}"


def caption(value: str | None, cost: int) -> str:
    """The line under a card: ``acts as 8 · 1 stick`` or ``not a digit``.

    >>> caption("8", 1), caption(None, 2)
    ('acts as 8 · 1 stick', 'not a digit')
    """
    return "not a digit" if value is None else f"acts as {value} · {_plural(cost)}"


def describe(face: str, turned: bool = False, added: str = "", expansion: int = 4) -> str:
    """Screen-reader label of a card.

    >>> describe("6", False, "b")
    'card 6, upright, stick on b, acts as 8'
    >>> describe("8", True, "")
    'card 8, turned over, acts as 8'
    """
    value = shapes.shows(face, turned, added, expansion)
    parts = [f"card {face}", "turned over" if turned else "upright"]
    if added:
        parts.append(f"stick{'s' if len(added) > 1 else ''} on {' '.join(added)}")
    parts.append(f"acts as {value}" if value else "not a digit")
    return ", ".join(parts)


def printed_segments(face: str, turned: bool = False) -> str:
    """The printed segments as seen (after a turn)."""
    return shapes.letters(shapes.face_mask(face, turned))


Part = tuple


def card_parts(face: str, turned: bool = False, added: str = "") -> list[Part]:
    """The drawing of a card as parts in card units, backend-neutral.

    ``("card",)``, ``("printed"|"empty"|"stick", segment, x1, y1, x2, y2)``
    (a stick's head is at x2, y2) and ``("index", text, x, y, upside_down)``.

    >>> [p[0] for p in card_parts("1")][:3]
    ['card', 'empty', 'printed']
    """
    if face not in shapes.ALL_FACES:
        raise ValueError(f"there is no {face!r} card (faces: {shapes.ALL_FACES})")
    printed = printed_segments(face, turned)
    if set(added) & set(printed) or set(added) - set(shapes.SEGMENTS):
        raise ValueError(f"sticks go on empty segments a-g only, not {added!r}")
    parts: list[Part] = [("card",)]
    for s in shapes.SEGMENTS:
        kind = "printed" if s in printed else "empty"
        parts.append((kind, s, *segment_line(s)))
    for s in shapes.SEGMENTS:
        if s in added:
            parts.append(("stick", s, *segment_line(s)))
    parts.append(("index", face, *index_position(turned)))
    return parts


def index_position(turned: bool) -> tuple[float, float, bool]:
    """Where the corner index sits: (x, y baseline, upside down).

    Upside down means rotated 180° about (x, y - 0.35 * index_size).
    """
    inset, size = LAYOUT["index_inset"], LAYOUT["index_size"]
    if turned:
        return (CARD_W - inset, CARD_H - inset - 1.5, True)
    return (inset, inset + size * 0.75, False)


def parts_svg(parts: Iterable[Part]) -> str:
    """SVG elements (no <svg> wrapper) for drawing parts in card units."""
    c, lay = COLOURS, LAYOUT
    out = []
    for p in parts:
        kind = p[0]
        if kind == "card":
            out.append(
                f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" '
                f'rx="{lay["radius"]}" fill="{c["paper"]}" stroke="{c["edge"]}" '
                'stroke-width="0.8"/>'
            )
        elif kind in ("printed", "empty"):
            colour = c[kind]
            out.append(
                f'<line class="seg {kind}" data-segment="{p[1]}" x1="{p[2]}" y1="{p[3]}" '
                f'x2="{p[4]}" y2="{p[5]}" stroke="{colour}" stroke-width="{lay["stroke"]}" '
                'stroke-linecap="round"/>'
            )
        elif kind == "stick":
            x1, y1, x2, y2 = p[2:6]
            out.append(
                f'<g class="stick" data-segment="{p[1]}">'
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{c["wood_edge"]}" '
                f'stroke-width="{lay["stick"] + 0.8}" stroke-linecap="butt"/>'
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{c["wood"]}" '
                f'stroke-width="{lay["stick"]}" stroke-linecap="butt"/>'
                f'<circle cx="{x2}" cy="{y2}" r="{lay["head"]}" fill="{c["head"]}" '
                f'stroke="{c["wood_edge"]}" stroke-width="0.5"/></g>'
            )
        elif kind == "index":
            _, text, x, y, upside = p
            rot = f' transform="rotate(180 {x} {y - lay["index_size"] * 0.35})"' if upside else ""
            out.append(
                f'<text x="{x}" y="{y}" font-family="sans-serif" font-weight="bold" '
                f'font-size="{lay["index_size"]}" fill="{c["index"]}" text-anchor="middle"'
                f"{rot}>{escape(text)}</text>"
            )
    return "".join(out)


def card_svg(
    face: str, turned: bool = False, added: str = "", *, width: float = 90, expansion: int = 4
) -> str:
    """One card as a standalone SVG document ``width`` pixels wide.

    >>> 'height="139.68"' in card_svg("8", width=100)
    True
    """
    added = "".join(sorted(added))
    label = escape(describe(face, turned, added, expansion), quote=True)
    height = round(width * CARD_H / CARD_W, 2)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {CARD_W:g} {CARD_H:g}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{parts_svg(card_parts(face, turned, added))}</svg>"
    )


def hand_svg(
    cards: Sequence[str | tuple[str, bool, str]],
    *,
    width: float = 60,
    per_row: int = 10,
    gap: float = 6,
    expansion: int = 4,
) -> str:
    """A row (wrapping after ``per_row``) of cards: faces or (face, turned, added).

    >>> svg = hand_svg(["0", ("6", False, "b")], width=50)
    >>> svg.count("<g transform"), 'aria-label="hand of 2 cards"' in svg
    (2, True)
    """
    items = [(c, False, "") if isinstance(c, str) else tuple(c) for c in cards]
    scale = width / CARD_W
    h = CARD_H * scale
    cols = max(1, min(per_row, len(items)))
    rows = max(1, -(-len(items) // per_row))
    total_w = cols * width + (cols - 1) * gap if items else width
    total_h = rows * h + (rows - 1) * gap
    body = []
    for i, (face, turned, added) in enumerate(items):
        added = "".join(sorted(added))
        x, y = (i % per_row) * (width + gap), (i // per_row) * (h + gap)
        label = escape(describe(face, turned, added, expansion), quote=True)
        body.append(
            f'<g transform="translate({x:g} {y:g}) scale({scale:.5g})" role="img" '
            f'aria-label="{label}">{parts_svg(card_parts(face, turned, added))}</g>'
        )
    n = len(items)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:g}" height="{total_h:g}" '
        f'viewBox="0 0 {total_w:g} {total_h:g}" role="img" '
        f'aria-label="hand of {n} card{"s" if n != 1 else ""}">{"".join(body)}</svg>'
    )


@dataclass(frozen=True)
class SevenSegmentCard:
    """A card as it lies on the table; shows itself as SVG in Jupyter.

    >>> c = SevenSegmentCard("6", added="b")
    >>> c.value, c.cost, c._repr_svg_().startswith("<svg")
    ('8', 1, True)
    """

    face: str
    turned: bool = False
    added: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "added", "".join(sorted(self.added)))
        card_parts(self.face, self.turned, self.added)  # validates the sticks

    @property
    def value(self) -> str | None:
        return shapes.shows(self.face, self.turned, self.added)

    @property
    def cost(self) -> int:
        return len(self.added)

    def _repr_svg_(self) -> str:
        return card_svg(self.face, self.turned, self.added)


def move_svg(move, *, width: float = 60) -> str:
    """A play drawn as its cards, transformed as the notation says (``Move.cards()``).

    Moves live in the engine, which imports no renderer; use this (or
    ``SevenSegmentCard``) to show a play.

    >>> from tabletop_widgets.games.matchstick_tycoon import Move
    >>> 'card 0, upright, stick on g, acts as 8' in move_svg(Move.play("8", ["0", "6"]))
    True
    """
    return hand_svg(move.cards(), width=width)
