"""Playing cards as pure SVG text: faces, backs and rows of cards.

Suit symbols are drawn as SVG paths (no font needed for them); only the
corner indices are text.  Red and black are told apart by more than colour:
**red cards (hearts, diamonds) wear a second, inner frame**, black cards a
single border -- visible in greyscale and to colour-blind players, and it
matters here because red cards carry the points in standard Chinese Ten.

>>> from tabletop_widgets.games.chinese_ten.cards import Card
>>> svg = card_svg(Card.parse("7H"), width=80)
>>> svg.startswith("<svg") and 'aria-label="seven of hearts"' in svg
True
>>> 'height="112"' in svg
True
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from html import escape
from typing import TYPE_CHECKING

from tabletop_widgets.core.i18n import N_, _, ngettext, pgettext
from tabletop_widgets.games.chinese_ten.cards import Card
from tabletop_widgets.games.chinese_ten.names import card_name

if TYPE_CHECKING:
    from tabletop_widgets.games.chinese_ten.moves import Move

__all__ = [
    "CARD_H",
    "CARD_W",
    "back_svg",
    "card_svg",
    "move_svg",
    "rules_picture",
    "row_svg",
    "seat_labels",
    "suit_paths",
    "table_svg",
    "table_title",
]

#: Card geometry in SVG user units (poker size ratio 5:7).
CARD_W, CARD_H = 250, 350
RED, BLACK = "#c0172b", "#1b1b1b"
_SERIF = "Georgia, 'Times New Roman', serif"

# Suit shapes in a 100 x 100 box.  Each suit is a list of closed paths.
_SUITS: dict[str, tuple[str, ...]] = {
    "H": (
        "M50 92 C30 74 2 56 2 30 C2 13 14 3 28 3 C39 3 47 10 50 20 "
        "C53 10 61 3 72 3 C86 3 98 13 98 30 C98 56 70 74 50 92 Z",
    ),
    "D": ("M50 2 C60 20 74 38 90 50 C74 62 60 80 50 98 C40 80 26 62 10 50 C26 38 40 20 50 2 Z",),
    "S": (
        "M50 2 C64 22 96 40 96 62 C96 78 84 86 72 86 C63 86 56 81 53 75 "
        "C55 86 60 93 70 98 L30 98 C40 93 45 86 47 75 C44 81 37 86 28 86 "
        "C16 86 4 78 4 62 C4 40 36 22 50 2 Z",
    ),
    "C": (
        "M50 4 a21 21 0 1 0 0.01 0 Z",
        "M26 36 a21 21 0 1 0 0.01 0 Z",
        "M74 36 a21 21 0 1 0 0.01 0 Z",
        "M47 50 L53 50 C54 72 60 88 70 98 L30 98 C40 88 46 72 47 50 Z",
    ),
}

# Pip centres as (column, row) fractions of the pip area, for 2 to 10 (standard layouts).
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: (
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ),
}
_PIP_BOX = (84, 74, 166, 276)  # x0, y0, x1, y1 of the pip centres
_INDEX = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}


def suit_paths(
    suit: str, cx: float, cy: float, size: float, *, flip: bool = False, color: str | None = None
) -> str:
    """SVG ``<path>`` elements drawing ``suit`` centred on (cx, cy), ``size`` wide.

    >>> suit_paths("D", 50, 50, 100).count("<path")
    1
    """
    color = color or (RED if suit in "HD" else BLACK)
    s = size / 100
    transform = f"translate({cx - size / 2:g} {cy - size / 2:g}) scale({s:g})"
    if flip:
        transform = f"rotate(180 {cx:g} {cy:g}) " + transform
    paths = "".join(f'<path d="{d}"/>' for d in _SUITS[suit])
    return f'<g transform="{transform}" fill="{color}">{paths}</g>'


def _frame(red: bool, highlight: bool) -> str:
    out = [
        f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="16" '
        f'fill="#fff" stroke="{"#f0a000" if highlight else "#444"}" '
        f'stroke-width="{10 if highlight else 3}"/>'
    ]
    if red:
        # The inner frame is the non-colour cue for red suits.
        out.append(
            f'<rect x="11" y="11" width="{CARD_W - 22}" height="{CARD_H - 22}" rx="10" '
            f'fill="none" stroke="{RED}" stroke-width="3"/>'
        )
    return "".join(out)


#: The corner index's font size in card units: 11 px or more on a card 64 px wide
#: (the tables' default), so the rank can be read without a tooltip.
INDEX_SIZE = {1: 50, 2: 44}


def _corner(card: Card, color: str) -> str:
    label = _INDEX.get(card.rank, str(card.rank))
    size = INDEX_SIZE[len(label)]
    spacing = ' letter-spacing="-3"' if len(label) == 2 else ""
    one = (
        f'<text x="34" y="60" font-family="{_SERIF}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle"{spacing} fill="{color}">{label}</text>'
        + suit_paths(card.suit, 34, 88, 30)
    )
    return one + f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{one}</g>'


def _pips(card: Card) -> str:
    if card.rank == 1:
        return suit_paths(card.suit, CARD_W / 2, CARD_H / 2, 120)
    x0, y0, x1, y1 = _PIP_BOX
    out = []
    for col, row in _PIPS[card.rank]:
        cx, cy = x0 + col * (x1 - x0), y0 + row * (y1 - y0)
        out.append(suit_paths(card.suit, cx, cy, 42, flip=row > 0.5))
    return "".join(out)


def _court(card: Card, color: str) -> str:
    """A simple double-headed figure: head, headgear by rank, shoulders, a suit pip."""
    hat = {
        13: "M97 92 L99 62 L111 78 L125 56 L139 78 L151 62 L153 92 Z",  # king: crown
        12: "M101 92 C104 70 146 70 149 92 Z M125 60 a7 7 0 1 1 0.01 0 Z",  # queen: tiara
        11: "M95 92 L155 92 L145 74 C132 66 110 66 103 76 Z",  # jack: cap
    }[card.rank]
    half = (
        f'<path d="{hat}" fill="{color}"/>'
        f'<circle cx="125" cy="112" r="22" fill="#fbe3c8" stroke="{color}" stroke-width="3"/>'
        f'<path d="M80 175 C82 150 100 138 125 138 C150 138 168 150 170 175 Z" '
        f'fill="none" stroke="{color}" stroke-width="4"/>' + suit_paths(card.suit, 125, 158, 26)
    )
    return (
        f'<rect x="66" y="52" width="118" height="246" rx="6" fill="none" '
        f'stroke="{color}" stroke-width="2.5"/>'
        f'<line x1="66" y1="175" x2="184" y2="175" stroke="{color}" stroke-width="2"/>'
        f'{half}<g transform="rotate(180 125 175)">{half}</g>'
    )


def _name(card: Card) -> str:
    """The card's name in words, in the current language (titles, labels)."""
    return str(card_name(card))


def _face(card: Card, highlight: bool = False) -> str:
    color = RED if card.is_red else BLACK
    body = _court(card, color) if card.rank >= 11 else _pips(card)
    return (
        f"<title>{escape(_name(card))}</title>"
        + _frame(card.is_red, highlight)
        + _corner(card, color)
        + body
    )


def _back() -> str:
    x0, y0, x1, y1 = 18, 18, CARD_W - 18, CARD_H - 18
    lines = []
    step = 24
    # A diamond lattice: both diagonal families, clipped to the inner rectangle by hand
    # (no clipPath ids, which would clash when many cards share a page).
    for c in range(x0 - y1, x1 - y0 + 1, step):  # lines x - y = c
        ya, yb = max(y0, x0 - c), min(y1, x1 - c)
        if ya < yb:
            lines.append(f"M{ya + c} {ya}L{yb + c} {yb}")
    for c in range(x0 + y0, x1 + y1 + 1, step):  # lines x + y = c
        ya, yb = max(y0, c - x1), min(y1, c - x0)
        if ya < yb:
            lines.append(f"M{c - ya} {ya}L{c - yb} {yb}")
    return (
        f"<title>{escape(_('card back'))}</title>"
        f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="16" fill="#fff" '
        f'stroke="#444" stroke-width="3"/>'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="#1f4e8c"/>'
        f'<path d="{"".join(lines)}" stroke="#9db8dc" stroke-width="2" fill="none"/>'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="none" '
        f'stroke="#0d2a52" stroke-width="4"/>'
    )


def _svg(inner: str, units_w: float, width: float, label: str) -> str:
    height = round(width * CARD_H / units_w, 2)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {units_w:g} {CARD_H}" role="img" aria-label="{escape(label)}">'
        f"{inner}</svg>"
    )


def card_svg(card: Card, *, width: float = 100, highlight: bool = False) -> str:
    """One card face as an SVG document ``width`` pixels wide (height follows, 5:7).

    ``highlight`` draws a thick amber outline (e.g. a selected card).
    """
    return _svg(_face(card, highlight), CARD_W, width, _name(card))


def back_svg(*, width: float = 100) -> str:
    """The back of a card (the stock, other players' hands)."""
    return _svg(_back(), CARD_W, width, _("card back"))


def row_svg(
    cards: Sequence[Card | None],
    *,
    width: float = 70,
    gap: float = 0.08,
    highlight: Collection[Card] = (),
) -> str:
    """A row of cards in one SVG; ``None`` entries are drawn face down.

    ``width`` is each card's width in pixels; ``gap`` the space between cards as a
    fraction of a card width (negative values overlap them, as in a fanned hand).

    >>> from tabletop_widgets.games.chinese_ten.cards import Card
    >>> svg = row_svg([Card.parse("AS"), None, Card.parse("KD")], width=50)
    >>> svg.count("<title>"), 'width="158"' in svg
    (3, True)
    """
    step = CARD_W * (1 + gap)
    groups = []
    for i, card in enumerate(cards):
        inner = _back() if card is None else _face(card, card in highlight)
        groups.append(f'<g transform="translate({i * step:g} 0)">{inner}</g>')
    units = CARD_W + step * (len(cards) - 1) if cards else 1
    names = pgettext("list separator", ", ").join(
        _("card back") if c is None else _name(c) for c in cards
    )
    return _svg("".join(groups), units, width * units / CARD_W, names or _("no cards"))


# -- moves and whole tables (what notebooks show for a Move, a Position, a game) ------

_INK, _PAPER = "#1f1f1f", "#eef4ec"  # the picture keeps its own light felt in any theme
_FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"


def _placed(card: Card | None, x: float, y: float, width: float) -> str:
    """A card face (None: its back) drawn ``width`` pixels wide with its top left at x, y."""
    inner = _back() if card is None else _face(card)
    return f'<g transform="translate({x:g} {y:g}) scale({width / CARD_W:g})">{inner}</g>'


def _text(x: float, y: float, text: str, *, size: int = 12, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{_FONT}" font-size="{size}"{weight} '
        f'fill="{_INK}">{escape(text)}</text>'
    )


def _picture(parts: list[str], w: float, h: float, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
        f'viewBox="0 0 {w:g} {h:g}" role="img" aria-label="{escape(label)}">'
        f'<rect width="{w:g}" height="{h:g}" rx="8" fill="{_PAPER}"/>{"".join(parts)}</svg>'
    )


def move_svg(move: Move, *, width: float = 56) -> str:
    """A move as a picture: the card played (or turned up), ``x``, the cards it takes.

    >>> from tabletop_widgets.games.chinese_ten.moves import Move
    >>> svg = move_svg(Move.parse("stock 5H x 5S"))
    >>> 'aria-label="stock 5H x 5S"' in svg and svg.count("<title>") == 2
    True
    """
    ch, pad = width * CARD_H / CARD_W, 6
    where = _("turned up from the stock") if move.stock else _("from the hand")
    parts = [_text(pad, 14, where, size=11)]
    x, y = pad, 20
    parts.append(_placed(move.card, x, y, width))
    x += width + pad
    if move.captures:
        parts.append(_text(x + 2, y + ch / 2 + 6, "x", size=18, bold=True))
        x += 20
        for c in move.captures:
            parts.append(_placed(c, x, y, width))
            x += width + pad
    else:
        parts.append(_text(x, y + ch / 2 + 4, _("joins the layout"), size=11))
        x += 100
    return _picture(parts, x, y + ch + pad, str(move))


def seat_labels(
    dealer: int,
    to_move: int | None,
    points: Sequence[int],
    totals: Sequence[int],
    you: int | None = None,
) -> list[str]:
    """One line per seat for :func:`table_svg`, counting seats from 1.

    >>> seat_labels(1, 0, (3, 0), (0, 0), you=0)[0]
    '▶ Seat 1 (you) · 3 points this deal · total 0'
    """
    out = []
    for s, (p, t) in enumerate(zip(points, totals, strict=True)):
        if s == you:
            name = _("Seat {number} (you)", number=s + 1)
        else:
            name = _("Seat {number}", number=s + 1)
        if s == dealer:
            name = _("{name}, dealer", name=name)
        facts = [
            ngettext("{n} point this deal", "{n} points this deal", p),
            _("total {n}", n=t),
        ]
        out.append(("▶ " if s == to_move else "") + " · ".join([name, *facts]))
    return out


#: What the table's heading says is waiting, by phase.
_WAITING = {
    "over": N_("{game}, deal {number}: the match is over"),
    "stock": N_("{game}, deal {number}: a turned-up card waits for its capture"),
}


def table_title(deal_number: int, scoring: str, phase: str) -> str:
    """The heading of :func:`table_svg`: the game, the deal and what is waiting."""
    name = _("Red Frog Black Frog") if scoring == "red_frog_black_frog" else _("Chinese Ten")
    said = _WAITING.get(phase, N_("{game}, deal {number}"))
    return _(said, game=name, number=deal_number + 1)


def table_svg(
    hands: Sequence[Sequence[Card] | int],
    layout: Sequence[Card],
    stock: int,
    turned: Card | None,
    captured: Sequence[Sequence[Card]],
    labels: Sequence[str],
    *,
    title: str = "",
    width: float = 40,
) -> str:
    """A whole table: the stock, a waiting turned-up card and the layout, then each seat's
    line, hand and captured pile.  A hand given as a number is drawn face down (what a
    seat does not see), so no hidden card's face or name is in the picture.

    >>> from tabletop_widgets.games.chinese_ten.cards import Card
    >>> svg = table_svg([[Card.parse("7H")], 1], [Card.parse("3S")], 5, None, [[], []],
    ...                 ["Seat 1", "Seat 2"])
    >>> svg.count("seven of hearts"), svg.count("card back")
    (1, 2)
    """
    ch, pad, line = width * CARD_H / CARD_W, 8, 16
    parts = []
    y = pad
    if title:
        parts.append(_text(pad, y + 12, title, size=13, bold=True))
        y += line + 4
    parts.append(_text(pad, y + 11, _("stock: {n}", n=stock), size=11))
    if stock:
        parts.append(_placed(None, pad, y + line, width))
    x = pad + max(width, 50) + pad
    if turned is not None:
        parts.append(_text(x, y + 11, _("turned up"), size=11))
        parts.append(_placed(turned, x, y + line, width))
        x += max(width, 60) + pad
    parts.append(_text(x, y + 11, _("layout") if layout else _("layout: empty"), size=11))
    for c in layout:
        parts.append(_placed(c, x, y + line, width))
        x += width + 4
    right = x
    y += line + ch + pad
    for hand, pile, label in zip(hands, captured, labels, strict=True):
        parts.append(_text(pad, y + 12, label, bold=True))
        y += line + 2
        cards: Sequence[Card | None] = [None] * hand if isinstance(hand, int) else hand
        x = pad
        for c in cards:
            parts.append(_placed(c, x, y, width))
            x += width + 4
        x += 2 * pad
        parts.append(_text(x, y + 11, _("captured: {n}", n=len(pile)), size=11))
        for i, c in enumerate(pile):
            parts.append(_placed(c, x + i * width * 0.3, y + line, width * 0.6))
        right = max(right, x + (len(pile) - 1) * width * 0.3 + width * 0.6, x + 80)
        y += max(ch, line + width * 0.6 * CARD_H / CARD_W) + pad
    return _picture(parts, right + pad, y, title or _("a Chinese Ten table"))


# -- pictures for the rules page ---------------------------------------------------------


def _group_svg(caption: str, cards: Sequence[Card], width: float) -> str:
    """One group of cards with its caption under it."""
    ch, pad, gap = width * CARD_H / CARD_W, 6, 4
    span = len(cards) * width + (len(cards) - 1) * gap
    box = max(span, 7.2 * len(caption))
    left = pad + (box - span) / 2
    parts = [_placed(c, left + i * (width + gap), pad, width) for i, c in enumerate(cards)]
    parts.append(
        f'<text x="{pad + box / 2:g}" y="{pad + ch + 18:g}" font-family="{_FONT}" '
        f'font-size="13" text-anchor="middle" fill="{_INK}">{escape(caption)}</text>'
    )
    names = pgettext("list separator", ", ").join(_name(c) for c in cards)
    label = _("{caption}: {cards}", caption=caption, cards=names)
    return _picture(parts, box + 2 * pad, pad + ch + 26, label)


def _groups_svg(groups: Sequence[tuple[str, Sequence[Card]]], label: str, width: float = 64) -> str:
    """Groups of cards, each a picture with its caption, in a row that wraps on a narrow
    screen (so the cards keep their size: the corners stay readable on a phone)."""
    pictures = "".join(_group_svg(caption, cards, width) for caption, cards in groups)
    return (
        f'<span class="tt-ct-rules-groups" role="group" aria-label="{escape(label)}" '
        f'style="display: flex; flex-wrap: wrap; gap: 8px">{pictures}</span>'
    )


def _c(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


#: The pictures of the rules page: (caption, cards) groups and the picture's label; the
#: words are marked and shown in the current language (numbers and notation stay as
#: they are).
_RULES_PICTURES: dict[str, tuple[list[tuple[str, str]], str]] = {
    "pairs": (
        [
            (N_("ace + 9"), "AS 9D"),
            ("2 + 8", "2H 8C"),
            ("3 + 7", "3D 7S"),
            ("4 + 6", "4C 6H"),
            ("5 + 5", "5S 5D"),
        ],
        N_("The pairs that make ten: ace and 9, 2 and 8, 3 and 7, 4 and 6, 5 and 5."),
    ),
    "own_rank": (
        [
            (N_("10 takes 10"), "TH TS"),
            (N_("jack takes jack"), "JD JC"),
            (N_("queen takes queen"), "QS QH"),
            (N_("king takes king"), "KC KD"),
        ],
        N_("A 10, jack, queen or king takes only a card of the same rank."),
    ),
    "special": (
        [
            (N_("three kings in the first layout"), "KS KD KC"),
            (N_("the fourth king takes all three"), "KH"),
        ],
        N_("Three kings in the first layout: the fourth king captures all three at once."),
    ),
    "standard": (
        [
            ("20", "AH"),
            (N_("2 to 8: value"), "5D"),
            (N_("9 to king: 10"), "KH"),
            ("30", "AS"),
            (N_("40, 4 players"), "AC"),
            ("0", "7C"),
        ],
        N_(
            "Standard scoring: red aces 20, red 2 to 8 their value, red 9 to king 10, the ace "
            "of spades 30, the ace of clubs 40 with 4 players, other black cards 0."
        ),
    ),
    "frog": (
        [
            ("50", "AS"),
            (N_("2 to 9: value"), "7C"),
            (N_("10 to king: 10"), "KS"),
            ("0", "AC"),
            ("0", "AH"),
            ("0", "QD"),
        ],
        N_(
            "Red Frog Black Frog: the ace of spades 50, black 2 to 9 their value, black 10 to "
            "king 10, the ace of clubs and every red card 0."
        ),
    ),
    "notation": (
        [("AS", "AS"), ("7H", "7H"), ("TD", "TD"), ("JC", "JC"), ("QH", "QH"), ("KS", "KS")],
        N_(
            "Cards written short: AS the ace of spades, 7H the seven of hearts, TD the ten of "
            "diamonds, JC the jack of clubs, QH the queen of hearts, KS the king of spades."
        ),
    ),
}
#: Captions that are numbers or notation: the same in every language, not looked up.
_KEPT = re.compile(r"^[\dA-Z +]+$")


def rules_picture(name: str) -> str:
    """A picture of the rules page (``<!-- picture: NAME -->`` in this game's ``rules.md``):
    ``pairs``, ``own_rank``, ``special``, ``standard``, ``frog``, ``notation``, or ``move``.

    >>> pairs = rules_picture("pairs")
    >>> pairs.count("<svg"), "ace + 9: ace of spades, nine of diamonds" in pairs
    (5, True)
    >>> rules_picture("nope")
    Traceback (most recent call last):
    ...
    KeyError: "no rules picture 'nope'"
    """
    if name == "move":
        from tabletop_widgets.games.chinese_ten.moves import Move

        return move_svg(Move.parse("7H x 3S"), width=64)
    if name not in _RULES_PICTURES:
        raise KeyError(f"no rules picture {name!r}")
    groups, label = _RULES_PICTURES[name]
    words = [(c if _KEPT.match(c) else _(c), _c(cards)) for c, cards in groups]
    return _groups_svg(words, _(label))
