"""A Fistful of Gold duel cards as pure SVG text: faces, backs and rows.

Colour is never the only signal: pink cards carry diagonal stripes and a
``P``, green cards dots and a ``G`` -- the first letter of the colour's name in
the reader's language (:func:`colour_letter`: ``R`` and ``V`` in French).  As
on the real cards, each face lists the values it beats (after a disc with a
tick) and loses to (after a ring with a cross) (FG-1), and a special card,
marked with a star, says its power in a few words.  Every text on a face is
at least :data:`TEXT_UNITS` high, so it is 11 px or more on a card 70 px wide;
the full sentence is the face's tooltip (:func:`card_words`).

>>> from tabletop_widgets.games.fistful_of_gold.cards import Card
>>> svg = duel_card_svg(Card("pink", "5"), width=100)
>>> svg.startswith("<svg") and 'aria-label="pink 5"' in svg and 'height="140"' in svg
True
>>> ">2 3 4 D<" in svg and ">1 6 7 8<" in svg
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import Any

from tabletop_widgets.core.i18n import N_, _, _l, pgettext
from tabletop_widgets.games.fistful_of_gold.cards import PINK, SPECIALS, Card, beats_and_loses
from tabletop_widgets.games.fistful_of_gold.names import card_label, sentence, the_card
from tabletop_widgets.ui.words import listing

__all__ = [
    "CARD_H",
    "CARD_W",
    "POWER_TEXT",
    "SPECIAL_TEXT",
    "TEXT_UNITS",
    "back_svg",
    "card_words",
    "cards_html",
    "colour_letter",
    "duel_card_svg",
    "icon_svg",
    "is_special",
    "mini_card_svg",
    "observation_svg",
    "row_svg",
    "rules_picture",
    "table_svg",
]

#: Card geometry in SVG user units (5:7).
CARD_W, CARD_H = 250, 350
_FONT = "'Trebuchet MS', Verdana, sans-serif"
# (paper, ink) per colour; dark ink on light paper keeps contrast high.
_PALETTE = {"pink": ("#fbd3e3", "#9c1f5a"), "green": ("#d3efcf", "#1f6b2e")}

#: The power of each special card in a learner's words (rules-page reading): the
#: card's tooltip, the table's line about a selected card, the rules page.
POWER_TEXT: dict[tuple[str, str], str] = {
    ("pink", "6"): N_("The first 6 played in a round takes all gold in the tie pot."),
    ("green", "6"): N_("The first 6 played in a round takes all gold in the tie pot."),
    ("pink", "7"): N_("Played in duel 3 or later, it ends the round after that duel."),
    (
        "green",
        "7",
    ): N_("From the next duel on, every duel green wins in this round earns 1 extra gold."),
    ("pink", "8"): N_("Against a 1 it wins 3 gold (instead of the 1 winning 7)."),
    ("green", "8"): N_("Take one discarded card back into your hand; discard 2 after the round."),
    ("pink", "D"): N_("Beats 1 to 4, loses to 5 to 8; either way the duel is worth 3 gold."),
    ("green", "D"): N_("Beats 1 to 4, loses to 5 to 8; either way the duel is worth 3 gold."),
}
#: The same power as printed on the card: a few words under a star.
SPECIAL_TEXT: dict[tuple[str, str], str] = {
    ("pink", "6"): N_("takes pot"),
    ("green", "6"): N_("takes pot"),
    ("pink", "7"): N_("ends round"),
    ("green", "7"): N_("+1 per win"),
    ("pink", "8"): N_("beats a 1"),
    ("green", "8"): N_("take back"),
    ("pink", "D"): N_("3 gold"),
    ("green", "D"): N_("3 gold"),
}
_SPECIAL_NAME = {"6": "six", "7": "{c}7", "8": "{c}8"}
#: Every text on a face is at least this many units high: 11 px on a card 69 px wide.
TEXT_UNITS = 40
#: The widest a line may be (the inner width of a card, less a margin).
_LINE_UNITS = CARD_W - 16
# Advance widths (in em) of the widest likely fallback font (DejaVu Sans / Verdana),
# to keep a line inside the card: a longer one is squeezed with textLength.
_EM = {
    **dict.fromkeys("abdeghnopqu", 0.64),
    **dict.fromkeys("ckvxyz", 0.6),
    **dict.fromkeys("ilj", 0.28),
    **dict.fromkeys("frt", 0.42),
    "s": 0.53,
    "m": 0.98,
    "w": 0.82,
    " ": 0.32,
    "+": 0.84,
}


def is_special(card: Card, specials: Collection[str] = SPECIALS) -> bool:
    """Whether ``card`` has a power under these ``specials`` (Dynamite always has)."""
    if card.is_dynamite:
        return True
    name = _SPECIAL_NAME.get(card.rank)
    return name is not None and name.format(c=card.colour) in specials


def card_words(card: Card, specials: Collection[str] = SPECIALS) -> str:
    """The card in one sentence: what it beats, what it loses to, its power.

    >>> card_words(Card("pink", "5"))
    'pink 5: beats 2, 3, 4 and Dynamite; loses to 1, 6, 7 and 8.'
    >>> card_words(Card("green", "7")).endswith("earns 1 extra gold.")
    True
    """
    beats, loses = beats_and_loses(card, frozenset(specials))
    text = str(
        sentence(
            _l(
                "{card}: beats {beats}; loses to {loses}.",
                card=the_card(card),
                beats=_listed(beats),
                loses=_listed(loses),
            )
        )
    )
    if is_special(card, specials):
        text += " " + _(POWER_TEXT[(card.colour, card.rank)])
    return text


def _listed(ranks: Sequence[str]) -> str:
    names = [_("Dynamite") if r == "D" else r for r in ranks]
    if not names:
        return _("nothing")
    return listing(names)


def _svg(inner: str, units_w: float, width: float, label: str) -> str:
    height = round(width * CARD_H / units_w, 2)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {units_w:g} {CARD_H}" role="img" aria-label="{escape(label)}">'
        f"{inner}</svg>"
    )


def _width(s: str, size: float, weight: str = "normal") -> float:
    """An estimate of the width of ``s`` in units, from the widths of DejaVu Sans (the
    widest common fallback; digits 0.64 em, capitals 0.8 em, bold 10% wider)."""
    em = sum(_EM.get(ch, 0.8 if ch.isupper() else 0.64) for ch in s)
    return em * size * (1.1 if weight == "bold" else 1.0)


def _text(
    x: float,
    y: float,
    s: str,
    size: float,
    fill: str,
    *,
    weight: str = "normal",
    anchor: str = "middle",
    fit: float | None = None,
) -> str:
    squeeze = ""
    if fit is not None and _width(s, size, weight) > fit:
        squeeze = f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{_FONT}" font-size="{size:g}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}"{squeeze}>{escape(s)}</text>'
    )


def _band(colour: str, y0: float, h: float, ink: str) -> str:
    """The colour's pattern in a band: stripes for pink, dots for green (no ids needed)."""
    x0, x1 = 14, CARD_W - 14
    parts = []
    if colour == PINK:
        step = 14
        x = x0
        while x + h <= x1:
            parts.append(f'<line x1="{x:g}" y1="{y0 + h:g}" x2="{x + h:g}" y2="{y0:g}"/>')
            x += step
        return f'<g stroke="{ink}" stroke-width="4" opacity="0.45">{"".join(parts)}</g>'
    for row in range(max(1, int(h // 12))):
        for col in range(int((x1 - x0) // 14)):
            cx = x0 + 7 + col * 14 + (7 if row % 2 else 0)
            if cx < x1 - 4:
                parts.append(f'<circle cx="{cx:g}" cy="{y0 + 6 + row * 12:g}" r="3.2"/>')
    return f'<g fill="{ink}" opacity="0.45">{"".join(parts)}</g>'


def _dynamite(cx: float, cy: float, ink: str, scale: float = 1.0) -> str:
    """Three sticks with a fuse: a drawing, so no emoji font is needed."""
    sticks = "".join(
        f'<rect x="{-33 + i * 22:g}" y="-30" width="20" height="62" rx="5" '
        f'fill="#d9412b" stroke="{ink}" stroke-width="3"/>'
        for i in range(3)
    )
    band = f'<rect x="-36" y="-4" width="72" height="10" fill="{ink}"/>'
    fuse = (
        f'<path d="M0 -30 q 8 -18 22 -20" fill="none" stroke="{ink}" '
        f'stroke-width="3"/><circle cx="23" cy="-51" r="6" fill="#f2b705"/>'
    )
    return f'<g transform="translate({cx:g} {cy:g}) scale({scale:g})">{sticks}{band}{fuse}</g>'


def _icon(kind: str, cx: float, cy: float, r: float, ink: str, paper: str) -> str:
    """The mark before a card's lists: a filled disc with a tick (beats), a ring with a
    cross (loses to).  They differ in shape, not only in colour."""
    if kind == "beats":
        return (
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{ink}"/>'
            f'<path d="M{cx - r * 0.5:g} {cy:g} l{r * 0.35:g} {r * 0.4:g} l{r * 0.6:g} '
            f'{-r * 0.8:g}" fill="none" stroke="{paper}" stroke-width="{r * 0.3:g}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    d = r * 0.42
    return (
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r - 2:g}" fill="{paper}" stroke="{ink}" '
        f'stroke-width="4"/><path d="M{cx - d:g} {cy - d:g} L{cx + d:g} {cy + d:g} '
        f'M{cx + d:g} {cy - d:g} L{cx - d:g} {cy + d:g}" stroke="{ink}" '
        f'stroke-width="{r * 0.24:g}" stroke-linecap="round"/>'
    )


def _star(cx: float, cy: float, r: float, ink: str) -> str:
    """The mark of a card with a power (a drawn star, no font needed)."""
    import math

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.pi / 2 + i * math.pi / 5
        pts.append(f"{cx + rad * math.cos(a):.1f},{cy - rad * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="{ink}"/>'


def icon_svg(kind: str, *, size: float = 16, colour: str = PINK) -> str:
    """One legend mark (``beats``, ``loses`` or ``power``) as a small inline SVG."""
    paper, ink = _PALETTE[colour]
    inner = _star(20, 21, 19, ink) if kind == "power" else _icon(kind, 20, 20, 18, ink, paper)
    label = _({"beats": N_("beats"), "loses": N_("loses to"), "power": N_("special power")}[kind])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:g}" height="{size:g}" '
        f'viewBox="0 0 40 40" role="img" aria-label="{label}">{inner}</svg>'
    )


#: Each colour's name, as the page names it (the corner letter is its first letter).
_COLOUR_NAMES = {"pink": N_("pink"), "green": N_("green")}


def colour_letter(colour: str) -> str:
    """The letter in a card's corner: the first letter of the colour's name in the
    reader's language, so the letter matches the word the page uses for that colour.
    Should both names start with the same letter in a language, each takes its first
    two letters (and should those match too, the English ``P`` and ``G``, which at least
    differ).

    >>> from tabletop_widgets.core.i18n import language
    >>> colour_letter("pink"), colour_letter("green")
    ('P', 'G')
    >>> with language("fr"):
    ...     colour_letter("pink"), colour_letter("green")
    ('R', 'V')
    >>> with language("ko"):
    ...     colour_letter("pink"), colour_letter("green")
    ('분', '초')
    """
    names = {c: _(word).strip() for c, word in _COLOUR_NAMES.items()}
    for n in (1, 2):
        marks = {c: name[:1].upper() + name[1:n] for c, name in names.items()}
        if all(marks.values()) and len(set(marks.values())) == len(marks):
            return marks[colour]
    return colour[0].upper()


def _face(card: Card, specials: Collection[str], highlight: bool) -> str:
    paper, ink = _PALETTE[card.colour]
    letter = colour_letter(card.colour)
    outline = "#f0a500" if highlight else ink
    special = is_special(card, specials)
    size = TEXT_UNITS
    parts = [
        f"<title>{escape(card_words(card, specials))}</title>",
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="18" '
        f'fill="{paper}" stroke="{outline}" stroke-width="{12 if highlight else 6}"/>',
        _band(card.colour, 14, 22, ink),
        _band(card.colour, CARD_H - 36, 22, ink),
        # The colour's letter: colour is never the only signal (with the band's pattern).
        _text(34, 84, letter, size, ink, weight="bold"),
    ]
    if special:
        parts.append(_star(CARD_W - 36, 70, 20, ink))
    if card.is_dynamite:
        parts.append(_dynamite(CARD_W / 2, 96, ink, scale=0.85))
        title_bottom = 156
        parts.append(
            _text(
                CARD_W / 2, title_bottom, _("Dynamite"), size, ink, weight="bold", fit=_LINE_UNITS
            )
        )
    else:
        title_bottom = 136
        parts.append(_text(CARD_W / 2, title_bottom, card.rank, 104, ink, weight="bold"))
    y = title_bottom + 50
    if special:
        words = _(SPECIAL_TEXT[(card.colour, card.rank)])
        parts.append(_text(CARD_W / 2, y, words, size, ink, fit=_LINE_UNITS))
        y += 52
    else:
        y += 14
    beats, loses = beats_and_loses(card, frozenset(specials))
    for kind, ranks in (("beats", beats), ("loses", loses)):
        parts.append(_icon(kind, 31, y - 14, 17, ink, paper))
        line = " ".join(ranks) or "-"
        parts.append(_text(56, y, line, size, ink, anchor="start", fit=CARD_W - 64))
        y += 50
    return "".join(parts)


def _mini_face(card: Card) -> str:
    """A small face (a discard pile): the colour's band and the value, nothing small."""
    paper, ink = _PALETTE[card.colour]
    parts = [
        f"<title>{escape(card_label(card))}</title>",
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="18" '
        f'fill="{paper}" stroke="{ink}" stroke-width="8"/>',
        _band(card.colour, 14, 36, ink),
        _band(card.colour, CARD_H - 50, 36, ink),
    ]
    if card.is_dynamite:
        parts.append(_dynamite(CARD_W / 2, CARD_H / 2 + 14, ink, scale=1.9))
    else:
        parts.append(_text(CARD_W / 2, CARD_H / 2 + 66, card.rank, 190, ink, weight="bold"))
    return "".join(parts)


def _back() -> str:
    title = escape(_("card back"))
    ink = "#5a3b12"
    rings = "".join(
        f'<circle cx="{CARD_W / 2:g}" cy="{CARD_H / 2:g}" r="{r}" fill="none" '
        f'stroke="#f2c94c" stroke-width="5"/>'
        for r in (30, 55, 80)
    )
    return (
        f"<title>{title}</title>"
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="18" '
        f'fill="#8a5a1f" stroke="{ink}" stroke-width="6"/>'
        f'<rect x="22" y="22" width="{CARD_W - 44}" height="{CARD_H - 44}" rx="10" '
        f'fill="none" stroke="#f2c94c" stroke-width="3"/>'
        + rings
        + _text(CARD_W / 2, CARD_H / 2 + 30, "$", 90, "#f2c94c", weight="bold")
    )


def duel_card_svg(
    card: Card,
    *,
    width: float = 120,
    highlight: bool = False,
    specials: Collection[str] = SPECIALS,
) -> str:
    """One card face as an SVG document ``width`` pixels wide (height follows, 5:7).

    ``specials`` are the powers switched on (engine option of the same name);
    without one, its card shows no power and its beats/loses lists change.
    """
    return _svg(_face(card, specials, highlight), CARD_W, width, card_label(card))


def mini_card_svg(card: Card, *, width: float = 60) -> str:
    """A small face that shows only the value (for discards drawn half size)."""
    return _svg(_mini_face(card), CARD_W, width, card_label(card))


def back_svg(*, width: float = 120) -> str:
    """The back of a card (the opponent's hand, a secret choice, a discard)."""
    return _svg(_back(), CARD_W, width, _("card back"))


def row_svg(
    cards: Sequence[Card | None],
    *,
    width: float = 70,
    gap: float = 0.08,
    highlight: Collection[Card] = (),
    specials: Collection[str] = SPECIALS,
) -> str:
    """A row of cards in one SVG; ``None`` entries are drawn face down.

    >>> from tabletop_widgets.games.fistful_of_gold.cards import Card
    >>> svg = row_svg([Card("green", "D"), None, Card("green", "7")], width=50)
    >>> svg.count("<title>"), 'width="158"' in svg
    (3, True)
    """
    step = CARD_W * (1 + gap)
    groups = []
    for i, card in enumerate(cards):
        inner = _back() if card is None else _face(card, specials, card in highlight)
        groups.append(f'<g transform="translate({i * step:g} 0)">{inner}</g>')
    units = CARD_W + step * (len(cards) - 1) if cards else 1
    names = pgettext("list separator", ", ").join(
        _("card back") if c is None else card_label(c) for c in cards
    ) or _("no cards")
    return _svg("".join(groups), units, width * units / CARD_W, names)


# -- whole tables: the game (every card face up) and one seat's view ---------------------

_STEP = CARD_W * 1.08
_LABEL = 70  # height of a row's label, in card units
_ROW = _LABEL + CARD_H + 40
_TABLE_UNITS = 9 * _STEP  # room for a whole hand


def _table_svg(
    header: Sequence[str],
    lines: Sequence[tuple[str, Sequence[Card | None]]],
    *,
    width: float,
    specials: Collection[str],
    label: str,
) -> str:
    parts = []
    y = 0.0
    for text in header:
        parts.append(_text(0, y + 56, text, 52, "currentColor", weight="bold", anchor="start"))
        y += 76
    y += 20
    for name, cards in lines:
        parts.append(_text(0, y + 52, name, 46, "currentColor", anchor="start"))
        for i, card in enumerate(cards):
            inner = _back() if card is None else _face(card, specials, False)
            parts.append(f'<g transform="translate({i * _STEP:g} {y + _LABEL:g})">{inner}</g>')
        if not cards:
            none = _("(none)")
            parts.append(_text(0, y + _LABEL + 60, none, 40, "currentColor", anchor="start"))
        y += _ROW if cards else _LABEL + 90
    height = round(width * y / _TABLE_UNITS, 2)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {_TABLE_UNITS:g} {y:g}" role="img" aria-label="{escape(label)}">'
        f"{''.join(parts)}</svg>"
    )


def _header(
    round_no: int,
    phase: str,
    duel: int,
    duels: int,
    gold: Sequence[int],
    pot: int,
    wins: Sequence[int],
) -> str:
    where = {
        "discard": lambda: _("discards"),
        "duel": lambda: _("duel {duel} of {duels}", duel=duel, duels=duels),
        "reclaim": lambda: _("green 8: a card is taken back"),
        "over": lambda: _("game over"),
    }[phase]()
    return _(
        "Round {round} · {where} · gold {pink} pink, {green} green · tie pot "
        "{pot} · round wins {a}-{b}",
        round=round_no,
        where=where,
        pink=gold[0],
        green=gold[1],
        pot=pot,
        a=wins[0],
        b=wins[1],
    )


def _choice(move: Any, hidden: bool) -> list[Card | None]:
    if move is None:
        return []
    return [None] * len(move.cards) if hidden else list(move.cards)


#: The lines of a whole table, per seat (whole sentences: the colour is part of each).
_SEAT_LINES: dict[int, dict[str, str]] = {
    0: {
        "hand": N_("Pink hand"),
        "discards": N_("Pink discards (face down)"),
        "choice": N_("Pink's secret choice"),
        "row": N_("Pink row, this round"),
        "my row": N_("Pink row, this round (you)"),
        "took": N_("Pink took back with the green 8 (shown)"),
        "chosen": N_("Pink has chosen"),
        "view": N_("Pink's view · {where}"),
        "sees": N_("A Fistful of Gold table as pink sees it"),
    },
    1: {
        "hand": N_("Green hand"),
        "discards": N_("Green discards (face down)"),
        "choice": N_("Green's secret choice"),
        "row": N_("Green row, this round"),
        "my row": N_("Green row, this round (you)"),
        "took": N_("Green took back with the green 8 (shown)"),
        "chosen": N_("Green has chosen"),
        "view": N_("Green's view · {where}"),
        "sees": N_("A Fistful of Gold table as green sees it"),
    },
}


def table_svg(position: Any, *, width: float = 640) -> str:
    """A whole position with every card face up (secret choices too): for notebooks.

    >>> from tabletop_widgets.games.fistful_of_gold.position import Position
    >>> svg = table_svg(Position.initial())
    >>> svg.startswith("<svg") and "Round 1 · discards" in svg and svg.count("<title>") == 18
    True
    """
    p = position
    lines: list[tuple[str, Sequence[Card | None]]] = []
    for s in (1, 0):
        words = _SEAT_LINES[s]
        lines.append((_(words["hand"]), list(p.hands[s])))
        lines.append((_(words["discards"]), list(p.discards[s])))
        if p.pending[s] is not None:
            lines.append((_(words["choice"]), _choice(p.pending[s], False)))
        lines.append((_(words["row"]), list(p.rows[s])))
    header = [_header(p.round, p.phase, p.duel, p.duels_in_round, p.gold, p.pot, p.round_wins)]
    if p.result is not None:
        from tabletop_widgets.games.fistful_of_gold.tally import result_text

        header.append(result_text(p.result))
    return _table_svg(
        header,
        lines,
        width=width,
        specials=p.options.specials,
        label=_("A Fistful of Gold table: {where}", where=header[0]),
    )


def observation_svg(observation: Any, *, width: float = 640) -> str:
    """The table as one seat sees it: the opponent's hand, discards and choice face down.

    >>> from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold
    >>> g = FistfulOfGold.new(seed=1); _ = g.play("discard pink 1 pink 2")
    >>> svg = observation_svg(g.observation(1))
    >>> "pink 3" in svg, svg.count("<title>card back</title>")
    (False, 10)
    """
    o = observation
    me, opp = o.seat, o.opponent
    them, mine = _SEAT_LINES[opp], _SEAT_LINES[me]
    lines: list[tuple[str, Sequence[Card | None]]] = [
        (_(them["hand"]), [None] * o.opponent_hand_size),
        (_(them["discards"]), [None] * o.opponent_discard_count),
    ]
    taken = [c for _seat, c in o.reclaims if c.seat == opp]
    if taken:
        lines.append((_(them["took"]), taken))
    if o.opponent_committed:
        lines.append((_(them["chosen"]), [None]))
    lines.append((_(them["row"]), list(o.rows[opp])))
    lines.append((_(mine["my row"]), list(o.rows[me])))
    if o.my_choice is not None:
        lines.append((_("Your secret choice"), _choice(o.my_choice, False)))
    lines.append((_("Your hand"), list(o.hand)))
    lines.append((_("Your discards (face down)"), list(o.discards)))
    finished = o.tallies if o.result is not None else o.tallies[:-1]
    from tabletop_widgets.games.fistful_of_gold.tally import result_text, round_winners

    won = [s for t in finished for s in round_winners(o.options, t)]
    where = _header(
        o.round, o.phase, o.duel, o.duels_in_round, o.gold, o.pot, (won.count(0), won.count(1))
    )
    header = [_(mine["view"], where=where)]
    if o.result is not None:
        header.append(result_text(o.result))
    return _table_svg(
        header,
        lines,
        width=width,
        specials=o.options.specials,
        label=_(mine["sees"]),
    )


# -- pictures of the rules page ------------------------------------------------------------

#: The pictures this game's ``rules.md`` asks for: cards, and the winner of a duel
#: outlined.  Each is (cards, the cards outlined, width of one card).
_PICTURES: dict[str, tuple[str, str, float]] = {
    "pink-cards": ("pink 1 2 3 4 5 6 7 8 dynamite", "", 80),
    "green-cards": ("green 1 2 3 4 5 6 7 8 dynamite", "", 80),
    "one-card": ("pink 5", "", 150),
    "close": ("pink 5, green 2", "pink 5", 100),
    "far": ("pink 1, green 8", "pink 1", 100),
    "tie": ("pink 4, green 4", "", 100),
    "plus-one": ("pink 4, pink 6", "", 100),
    "six": ("pink 6, green 6", "", 100),
    "sevens": ("pink 7, green 7", "", 100),
    "eights": ("pink 8, green 8", "", 100),
    "pink-eight": ("pink 8, green 1", "pink 8", 100),
    "dynamite": ("pink dynamite, green 4, green dynamite, pink 5", "pink dynamite, pink 5", 100),
}


def rules_picture(name: str) -> str:
    """A picture of the rules page (``<!-- picture: NAME -->``): one SVG per card, side by
    side, so a narrow screen wraps them instead of shrinking their text.

    >>> rules_picture("close").count("<svg"), "#f0a500" in rules_picture("close")
    (2, True)
    >>> rules_picture("nothing")
    Traceback (most recent call last):
    ...
    KeyError: "no rules picture 'nothing' (pictures: pink-cards, green-cards, one-card, ...)"
    """
    from tabletop_widgets.games.fistful_of_gold.cards import parse_cards

    if name not in _PICTURES:
        names = ", ".join(list(_PICTURES)[:3])
        raise KeyError(f"no rules picture {name!r} (pictures: {names}, ...)")
    cards, outlined, width = _PICTURES[name]
    return cards_html(parse_cards(cards), width=width, highlight=parse_cards(outlined))


def cards_html(
    cards: Sequence[Card], *, width: float = 80, highlight: Collection[Card] = ()
) -> str:
    """Cards as separate inline SVGs with a small gap (they wrap on a narrow screen).

    >>> cards_html([Card("pink", "1"), Card("green", "2")]).count('style="margin')
    2
    """
    return "".join(
        duel_card_svg(c, width=width, highlight=c in highlight).replace(
            "<svg ", '<svg style="margin: 0 6px 6px 0; vertical-align: top" ', 1
        )
        for c in cards
    )
