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

from tabletop_widgets.core.i18n import N_, _, ngettext, pgettext
from tabletop_widgets.ui.words import listing, ordinal

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
    "game_svg",
    "hand_svg",
    "move_svg",
    "observation_svg",
    "parts_svg",
    "rules_picture",
    "segment_words",
    "position_svg",
    "table_svg",
    "value_cards",
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
    # The corner index: 11 px or more on the tables' 54 px cards (13 x 54 / 63 = 11.1).
    "index_size": 13.0,  # corner index font size
    "index_inset": 7.0,
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
    "back": "#31557a",
    "back_line": "#d9e2ec",
    "text": "#1f1f1f",
    "felt": "#dcebdf",
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


#: Each segment in words, for learner text before (or without) the letters a to g.
#: English marked with ``N_``: shown with ``_()`` (``segment_name``).
SEGMENT_NAMES = {
    "a": N_("top"),
    "b": N_("top-right"),
    "c": N_("bottom-right"),
    "d": N_("bottom"),
    "e": N_("bottom-left"),
    "f": N_("top-left"),
    "g": N_("middle"),
}


def segment_name(segment: str) -> str:
    """One segment's name in the current language (``top-right``)."""
    return _(SEGMENT_NAMES[segment])


def segment_words(segments: str) -> str:
    """Segments in words, for learners who have not met the letters yet.

    >>> segment_words("b"), segment_words("ag")
    ('the top-right segment', 'the top and middle segments')
    """
    names = [segment_name(s) for s in segments]
    if len(names) == 1:
        return _("the {name} segment", name=names[0])
    return _("the {names} segments", names=listing(names))


class Later:
    """Words made when they are shown: ``str()`` calls ``make()`` in the language of that
    moment (a parameter of a :class:`~tabletop_widgets.core.i18n.Message` that must follow a
    change of language, such as segment names or a picture with captions).

    >>> str(Later(lambda: segment_words("b")))
    'the top-right segment'
    """

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()

    def __format__(self, spec: str) -> str:
        return format(self.make(), spec)

    def __repr__(self) -> str:
        return f"Later({self.make()!r})"


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
        "names": dict(SEGMENT_NAMES),
        "index": {"upright": list(index_position(False)), "turned": list(index_position(True))},
    }


def _plural(n: int) -> str:
    return _("no sticks") if n == 0 else ngettext("{n} stick", "{n} sticks", n)


def caption(value: str | None, cost: int) -> str:
    """The line under a card: ``acts as 8 · 1 stick`` or ``not a digit``.

    >>> caption("8", 1), caption(None, 2)
    ('acts as 8 · 1 stick', 'not a digit')
    """
    if value is None:
        return _("not a digit")
    return _("acts as {value} · {sticks}", value=value, sticks=_plural(cost))


def describe(face: str, turned: bool = False, added: str = "", expansion: int = 4) -> str:
    """Screen-reader label of a card.

    >>> describe("6", False, "b")
    'card 6, upright, stick on b, acts as 8'
    >>> describe("8", True, "")
    'card 8, turned over, acts as 8'
    """
    value = shapes.shows(face, turned, added, expansion)
    parts = [
        _("card {face}", face=face),
        _("turned over") if turned else _("upright"),
    ]
    if added:
        parts.append(
            ngettext(
                "stick on {segments}", "sticks on {segments}", len(added), segments=" ".join(added)
            )
        )
    parts.append(_("acts as {value}", value=value) if value else _("not a digit"))
    return pgettext("list separator", ", ").join(parts)


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
    hand = escape(ngettext("hand of {n} card", "hand of {n} cards", n), quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:g}" height="{total_h:g}" '
        f'viewBox="0 0 {total_w:g} {total_h:g}" role="img" '
        f'aria-label="{hand}">{"".join(body)}</svg>'
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
    """A move drawn as its cards, transformed as the notation says (``Move.cards()``);
    a pass or a discard as its word.

    Moves live in the engine, which imports no renderer; their ``_repr_svg_``
    calls this.

    >>> from tabletop_widgets.games.matchstick_tycoon import PASS, Move
    >>> 'card 0, upright, stick on g, acts as 8' in move_svg(Move.play("8", ["0", "6"]))
    True
    >>> '>pass</text>' in move_svg(PASS)
    True
    """
    if move.kind == "play":
        return hand_svg(move.cards(), width=width)
    h = round(width * CARD_H / CARD_W / 2)
    label = escape(_("a pass") if move.kind == "pass" else _("a discarded stick"), quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * 1.5:g}" height="{h}" '
        f'viewBox="0 0 {width * 1.5:g} {h}" role="img" aria-label="{label}">'
        f'<text x="4" y="{h * 0.65:g}" font-family="sans-serif" font-size="{h * 0.5:g}" '
        f'fill="{COLOURS["text"]}">{escape(move.kind)}</text></svg>'
    )


# -- tables: a game, a position, one seat's view -----------------------------------


def value_cards(value: str, count: int) -> list[tuple[str, bool, str]]:
    """Cards of a table play whose faces are unknown (a position without history): the
    value's own card, or the turned card that reads it (9 is a 6, E a 3), ``count`` times.

    >>> value_cards("9", 2)
    [('6', True, ''), ('6', True, '')]
    """
    for face in shapes.ALL_FACES:
        t = shapes.transform(face, value)
        if t is not None and shapes.cost(face, value) == 0:
            return [(face, *t)] * count
    return []


def table_cards(table, history=()) -> list[tuple[str, bool, str]]:
    """The cards of the play on ``table`` (a Table or None): the last play of ``history``
    when it is that play, else :func:`value_cards`."""
    if table is None:
        return []
    last = next((m for m in reversed(history) if m.kind == "play"), None)
    if last is not None and (last.value, last.count) == (table.value, table.count):
        return [tuple(c) for c in last.cards()]
    return value_cards(table.value, table.count)


def _back(x: float, y: float, scale: float) -> str:
    c = COLOURS
    label = escape(_("face-down card"), quote=True)
    return (
        f'<g transform="translate({x:g} {y:g}) scale({scale:.5g})" role="img" '
        f'aria-label="{label}"><rect x="0.5" y="0.5" width="{CARD_W - 1}" '
        f'height="{CARD_H - 1}" rx="{LAYOUT["radius"]}" fill="{c["back"]}" '
        f'stroke="{c["edge"]}" stroke-width="0.8"/><rect x="6" y="6" width="{CARD_W - 12}" '
        f'height="{CARD_H - 12}" rx="2" fill="none" stroke="{c["back_line"]}" '
        'stroke-width="1.5"/></g>'
    )


def _face_up(card: tuple[str, bool, str], x: float, y: float, scale: float) -> str:
    face, turned, added = card
    label = escape(describe(face, turned, added), quote=True)
    return (
        f'<g transform="translate({x:g} {y:g}) scale({scale:.5g})" role="img" '
        f'aria-label="{label}">{parts_svg(card_parts(face, turned, added))}</g>'
    )


def _text(x: float, y: float, text: str, size: float = 12, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size:g}"{weight} '
        f'fill="{COLOURS["text"]}">{escape(text)}</text>'
    )


def _ranking(players: int, out: Sequence[int]) -> list[int]:
    """The seats in their final places: out in the order they went out, then the one left
    in (last, MT-8)."""
    return [*out, *(s for s in range(players) if s not in out)]


def _end_caption(ranking: Sequence[int]) -> str:
    """The felt's words for a finished game: who won, then every place (MT-8).

    >>> _end_caption([1, 2, 0])
    'Game over: seat 2 won. Places: 1st seat 2, 2nd seat 3, 3rd seat 1.'
    """
    places = pgettext("list separator", ", ").join(
        _("{place} seat {number}", place=ordinal(i + 1), number=s + 1)
        for i, s in enumerate(ranking)
    )
    return _(
        "Game over: seat {number} won. Places: {places}.", number=ranking[0] + 1, places=places
    )


def _seat_line(s: int, n_cards: int, sticks: int, to_move, out, passed, over=False) -> str:
    words = [
        _(
            "Seat {number}: {cards}, {sticks}",
            number=s + 1,
            cards=ngettext("{n} card", "{n} cards", n_cards),
            sticks=ngettext("{n} stick", "{n} sticks", sticks),
        )
    ]
    if s in out:
        words.append(_("out, {place} place", place=ordinal(list(out).index(s) + 1)))
    elif over:  # the one seat left in when the others went out: the last place
        words.append(_("last, {place} place", place=ordinal(len(out) + 1)))
    if s == to_move:
        words.append(_("to move"))
    if s in passed:
        words.append(_("passed"))
    return " · ".join(words)


def table_svg(
    hands: Sequence[Sequence[str] | int],
    *,
    sticks: Sequence[int],
    to_move: int | None,
    out: Sequence[int],
    passed: Sequence[int],
    play: Sequence[tuple[str, bool, str]],
    order: str,
    table=None,
    card_width: float = 30,
    per_row: int = 16,
    over: bool = False,
) -> str:
    """A whole table as one SVG: per seat a line and its hand -- the faces, or an int for
    a hand shown face down (only its size) -- then the play on the table (``table``, a
    Table, names it; ``play`` its cards) and the order.  A finished game (``over``) says
    on the felt who won and the places, and each seat's line its place.

    >>> svg = table_svg([["0", "6"], 3], sticks=[1, 2], to_move=0, out=[], passed=[],
    ...                 play=[], order="normal")
    >>> svg.count('aria-label="card '), svg.count('aria-label="face-down card"')
    (2, 3)
    """
    scale = card_width / CARD_W
    ch = CARD_H * scale
    gap, line = 4.0, 16.0
    body: list[str] = []
    y = 0.0
    width = 0.0
    for s, hand in enumerate(hands):
        n = hand if isinstance(hand, int) else len(hand)
        body.append(
            _text(
                0,
                y + 12,
                _seat_line(s, n, sticks[s], to_move, out, passed, over),
                bold=s == to_move,
            )
        )
        y += line
        if isinstance(hand, int):  # face down: overlapped backs
            step = card_width / 3
            body.extend(_back(i * step, y, scale) for i in range(hand))
            width = max(width, (hand - 1) * step + card_width if hand else 0)
            y += (ch + gap) if hand else 0
            continue
        for i, face in enumerate(hand):
            x, row = (i % per_row) * (card_width + gap), i // per_row
            body.append(_face_up((face, False, ""), x, y + row * (ch + gap), scale))
        rows = -(-len(hand) // per_row)
        width = max(width, min(len(hand), per_row) * (card_width + gap))
        y += rows * (ch + gap)
    y += gap
    felt_h = line + ch + 2 * gap
    body.append(
        f'<rect x="0" y="{y:g}" width="WIDTH" height="{felt_h:g}" rx="6" fill="{COLOURS["felt"]}"/>'
    )
    order_words = _("normal order") if order == "normal" else _("reversed order")
    if over:
        caption = _end_caption(_ranking(len(hands), out))
    elif table is None:
        caption = _("The table is empty · {order}", order=order_words)
    else:
        written = f"{table.count}x{table.value}"
        caption = _(
            "On the table: {play}, played by seat {number} · {order}",
            play=written,
            number=table.player + 1,
            order=order_words,
        )
    body.append(_text(6, y + 13, caption))
    for i, card in enumerate(play):
        body.append(_face_up(card, 6 + i * (card_width + gap), y + line + gap / 2, scale))
    # The caption's width, roughly (a sans-serif letter of 12 px is 7 px at most).
    width = max(width, 6 + len(play) * (card_width + gap), 260, 12 + 6.6 * len(caption))
    height = y + felt_h
    svg = "".join(body).replace('width="WIDTH"', f'width="{width:g}"')
    label = escape(
        ngettext(
            "Matchstick Tycoon table, {n} seat", "Matchstick Tycoon table, {n} seats", len(hands)
        ),
        quote=True,
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{label}">{svg}</svg>'
    )


def position_svg(p) -> str:
    """A position (every hand face up; the table's cards drawn from its value)."""
    return table_svg(
        p.hands,
        sticks=p.sticks,
        to_move=None if p.is_over else p.to_move,
        out=p.out,
        passed=p.passed,
        play=table_cards(p.table),
        order=p.order,
        table=p.table,
        over=p.is_over,
    )


def game_svg(game) -> str:
    """A game now: every hand face up, the table's cards as they were played."""
    p = game.position
    return table_svg(
        p.hands,
        sticks=p.sticks,
        to_move=game.to_move,
        out=p.out,
        passed=p.passed,
        play=table_cards(p.table, game.history),
        order=p.order,
        table=p.table,
        over=game.is_over,
    )


def observation_svg(obs) -> str:
    """What one seat sees: its hand face up, every other hand face down."""
    hands = [obs.hand if s == obs.seat else n for s, n in enumerate(obs.card_counts)]
    return table_svg(
        hands,
        sticks=obs.sticks,
        to_move=obs.to_move,
        out=obs.out,
        passed=obs.passed,
        play=table_cards(obs.table, obs.history),
        order=obs.order,
        table=obs.table,
        over=obs.is_over,
    )


# -- pictures of the rules page ---------------------------------------------------------

#: The pictures this game's ``rules.md`` asks for, and what each shows.
RULES_PICTURES = {
    "segments": "an 8 with the name of each segment beside it",
    "values": "the sixteen values, each on the card that shows it without sticks",
    "no_nine": "a 6 and a 3, upright and turned over (9 and E)",
    "transforms": "cards turned over and with matchsticks, and the value each acts as",
    "notation": "the play 2x8: 0+g 6+b drawn as its two cards",
}

_LABEL_OUT = {  # where a segment's name sits, from the middle of its bar (card units)
    "a": (0, -5.5),
    "b": (6.5, 2.5),
    "c": (6.5, 2.5),
    "d": (0, 10.5),
    "e": (-6.5, 2.5),
    "f": (-6.5, 2.5),
    "g": (0, -4.5),
}


def _segments_picture(width: float = 150) -> str:
    scale = width / CARD_W
    labels = []
    for s in shapes.SEGMENTS:
        x1, y1, x2, y2 = segment_line(s)
        dx, dy = _LABEL_OUT[s]
        labels.append(
            f'<text x="{(x1 + x2) / 2 + dx:g}" y="{(y1 + y2) / 2 + dy:g}" font-size="7" '
            f'font-family="sans-serif" font-weight="700" fill="#8a1c1c" '
            f'text-anchor="middle">{s}</text>'
        )
    h = round(CARD_H * scale, 2)
    label = escape(
        _(
            "the seven segments: a top, b top right, c bottom right, d bottom, e bottom left, "
            "f top left, g middle"
        ),
        quote=True,
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{h:g}" '
        f'viewBox="0 0 {CARD_W:g} {CARD_H:g}" role="img" aria-label="{label}">'
        f"{parts_svg(card_parts('8'))}{''.join(labels)}</svg>"
    )


def _captioned_card(face: str, turned: bool, added: str, text: str, width: float) -> str:
    """One card with a caption under it (13 px text), as its own small SVG."""
    scale = width / CARD_W
    lines = text.split("\n")
    cell = max(width, 7.5 * max(len(line) for line in lines) + 8)
    h = CARD_H * scale
    total_h = h + 6 + 15 * len(lines)
    x = (cell - width) / 2
    body = [
        f'<g transform="translate({x:g} 0) scale({scale:.5g})">'
        f"{parts_svg(card_parts(face, turned, added))}</g>"
    ]
    for j, line in enumerate(lines):
        body.append(
            f'<text x="{cell / 2:g}" y="{h + 17 + 15 * j:g}" font-size="13" '
            f'font-family="sans-serif" fill="{COLOURS["text"]}" text-anchor="middle">'
            f"{escape(line)}</text>"
        )
    label = escape(describe(face, turned, added) + ": " + " ".join(lines), quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{cell:g}" height="{total_h:g}" '
        f'viewBox="0 0 {cell:g} {total_h:g}" role="img" aria-label="{label}">'
        f"{''.join(body)}</svg>"
    )


def _captioned_row(items: Sequence[tuple[str, bool, str, str]], *, width: float = 56) -> str:
    """Cards with captions, each its own SVG, so that a narrow page wraps them."""
    return " ".join(_captioned_card(*item, width=width) for item in items)


def _values_picture() -> str:
    items = []
    for v in shapes.BASE_VALUES:
        face, turned, added = value_cards(v, 1)[0]
        items.append(
            (
                face,
                turned,
                added,
                v if face == v else _("{value} ({face} turned)", value=v, face=face),
            )
        )
    return _captioned_row(items)


def rules_picture(name: str) -> str:
    """The SVG picture ``name`` of the rules page (one of :data:`RULES_PICTURES`).

    >>> rules_picture("segments").count("</text>")  # the corner index and 7 segment names
    8
    >>> rules_picture("nope")
    Traceback (most recent call last):
    ...
    ValueError: no rules picture 'nope': segments, values, no_nine, transforms, notation
    """
    if name == "segments":
        return _segments_picture()
    if name == "values":
        return _values_picture()
    if name == "no_nine":
        turned_reads = N_("{face} turned:\nreads {value}")
        return _captioned_row(
            [
                ("6", False, "", "6"),
                ("6", True, "", _(turned_reads, face="6", value="9")),
                ("3", False, "", "3"),
                ("3", True, "", _(turned_reads, face="3", value="E")),
            ]
        )
    if name == "transforms":
        return _captioned_row(
            [
                (
                    "6",
                    False,
                    "b",
                    _(
                        "{face} + stick on {segment}:\nacts as {value}",
                        face="6",
                        segment="b",
                        value="8",
                    ),
                ),
                (
                    "0",
                    False,
                    "g",
                    _(
                        "{face} + stick on {segment}:\nacts as {value}",
                        face="0",
                        segment="g",
                        value="8",
                    ),
                ),
                (
                    "1",
                    True,
                    "ag",
                    _(
                        "{face} turned + {segments}:\nacts as {value}",
                        face="1",
                        segments="a, g",
                        value="F",
                    ),
                ),
                (
                    "7",
                    False,
                    "dg",
                    _(
                        "{face} + {segments}:\nacts as {value}",
                        face="7",
                        segments="d, g",
                        value="3",
                    ),
                ),
            ]
        )
    if name == "notation":
        return _captioned_row([("0", False, "g", "0+g"), ("6", False, "b", "6+b")], width=64)
    raise ValueError(f"no rules picture {name!r}: {', '.join(RULES_PICTURES)}")
