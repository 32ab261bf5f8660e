"""A Fistful of Gold duel cards as pure SVG text: faces, backs and rows.

Colour is never the only signal: pink cards carry diagonal stripes and a
``P``, green cards dots and a ``G``.  As on the real cards, each face lists
the values it beats and loses to (FG-1), and a special card says its power
in a few words.

>>> from tabletop_widgets.games.fistful_of_gold.cards import Card
>>> svg = duel_card_svg(Card("pink", "5"), width=100)
>>> svg.startswith("<svg") and 'aria-label="pink 5"' in svg and 'height="140"' in svg
True
>>> "beats 2 3 4 D" in svg and "loses to 1 6 7 8" in svg
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import Any

from tabletop_widgets.games.fistful_of_gold.cards import PINK, SPECIALS, Card, beats_and_loses

__all__ = [
    "CARD_H",
    "CARD_W",
    "SPECIAL_TEXT",
    "back_svg",
    "duel_card_svg",
    "observation_svg",
    "row_svg",
    "table_svg",
]

#: Card geometry in SVG user units (5:7).
CARD_W, CARD_H = 250, 350
_FONT = "'Trebuchet MS', Verdana, sans-serif"
# (paper, ink) per colour; dark ink on light paper keeps contrast high.
_PALETTE = {"pink": ("#fbd3e3", "#9c1f5a"), "green": ("#d3efcf", "#1f6b2e")}

#: The power of each special card, in short lines (rules-page reading).
SPECIAL_TEXT: dict[tuple[str, str], tuple[str, ...]] = {
    ("pink", "6"): ("First 6 of the round", "takes the tie pot"),
    ("green", "6"): ("First 6 of the round", "takes the tie pot"),
    ("pink", "7"): ("In duel 3 or later:", "the round ends"),
    ("green", "7"): ("From the next duel:", "+1 gold per duel won"),
    ("pink", "8"): ("Against a 1:", "wins 3 gold"),
    ("green", "8"): ("Take a discard back;", "discard 2 after round"),
    ("pink", "D"): ("Beats 1-4, loses to 5-8", "always for 3 gold"),
    ("green", "D"): ("Beats 1-4, loses to 5-8", "always for 3 gold"),
}
_SPECIAL_NAME = {"6": "six", "7": "{c}7", "8": "{c}8"}


def _is_special(card: Card, specials: Collection[str]) -> bool:
    if card.is_dynamite:
        return True
    name = _SPECIAL_NAME.get(card.rank)
    return name is not None and name.format(c=card.colour) in specials


def _svg(inner: str, units_w: float, width: float, label: str) -> str:
    height = round(width * CARD_H / units_w, 2)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {units_w:g} {CARD_H}" role="img" aria-label="{escape(label)}">'
        f"{inner}</svg>"
    )


def _text(
    x: float,
    y: float,
    s: str,
    size: float,
    fill: str,
    *,
    weight: str = "normal",
    anchor: str = "middle",
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{_FONT}" font-size="{size:g}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{escape(s)}</text>'
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
    for row in range(int(h // 12)):
        for col in range(int((x1 - x0) // 14)):
            cx = x0 + 7 + col * 14 + (7 if row % 2 else 0)
            if cx < x1 - 4:
                parts.append(f'<circle cx="{cx:g}" cy="{y0 + 6 + row * 12:g}" r="3.2"/>')
    return f'<g fill="{ink}" opacity="0.45">{"".join(parts)}</g>'


def _dynamite(cx: float, cy: float, ink: str) -> str:
    """Three sticks with a fuse: a drawing, so no emoji font is needed."""
    sticks = "".join(
        f'<rect x="{cx - 33 + i * 22:g}" y="{cy - 30:g}" width="20" height="62" rx="5" '
        f'fill="#d9412b" stroke="{ink}" stroke-width="3"/>'
        for i in range(3)
    )
    band = f'<rect x="{cx - 36:g}" y="{cy - 4:g}" width="72" height="10" fill="{ink}"/>'
    fuse = (
        f'<path d="M{cx:g} {cy - 30:g} q 8 -18 22 -20" fill="none" stroke="{ink}" '
        f'stroke-width="3"/><circle cx="{cx + 23:g}" cy="{cy - 51:g}" r="6" fill="#f2b705"/>'
    )
    return sticks + band + fuse


def _face(card: Card, specials: Collection[str], highlight: bool) -> str:
    paper, ink = _PALETTE[card.colour]
    letter = card.colour[0].upper()
    outline = "#f0a500" if highlight else ink
    parts = [
        f"<title>{escape(str(card))}</title>",
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="18" '
        f'fill="{paper}" stroke="{outline}" stroke-width="{12 if highlight else 6}"/>',
        _band(card.colour, 14, 36, ink),
        _band(card.colour, CARD_H - 50, 36, ink),
        # Corner indices: value and colour letter, the second turned as on real cards.
        _text(30, 84, card.rank, 34, ink, weight="bold"),
        _text(30, 108, letter, 20, ink, weight="bold"),
        f'<g transform="rotate(180 {CARD_W / 2:g} {CARD_H / 2:g})">'
        + _text(30, 84, card.rank, 34, ink, weight="bold")
        + _text(30, 108, letter, 20, ink, weight="bold")
        + "</g>",
    ]
    if card.is_dynamite:
        parts.append(_dynamite(CARD_W / 2, 140, ink))
        parts.append(_text(CARD_W / 2, 196, "DYNAMITE", 24, ink, weight="bold"))
    else:
        parts.append(_text(CARD_W / 2, 170, card.rank, 110, ink, weight="bold"))
    y = 222
    if _is_special(card, specials):
        for line in SPECIAL_TEXT[(card.colour, card.rank)]:
            parts.append(_text(CARD_W / 2, y, line, 17, ink, weight="bold"))
            y += 20
    else:
        y += 40
    beats, loses = beats_and_loses(card, frozenset(specials))
    parts.append(_text(CARD_W / 2, y + 6, "beats " + (" ".join(beats) or "-"), 17, ink))
    parts.append(_text(CARD_W / 2, y + 30, "loses to " + (" ".join(loses) or "-"), 17, ink))
    return "".join(parts)


def _back() -> str:
    ink = "#5a3b12"
    rings = "".join(
        f'<circle cx="{CARD_W / 2:g}" cy="{CARD_H / 2:g}" r="{r}" fill="none" '
        f'stroke="#f2c94c" stroke-width="5"/>'
        for r in (30, 55, 80)
    )
    return (
        "<title>card back</title>"
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="18" '
        f'fill="#8a5a1f" stroke="{ink}" stroke-width="6"/>'
        f'<rect x="22" y="22" width="{CARD_W - 44}" height="{CARD_H - 44}" rx="10" '
        f'fill="none" stroke="#f2c94c" stroke-width="3"/>'
        + rings
        + _text(CARD_W / 2, CARD_H / 2 + 12, "$", 40, "#f2c94c", weight="bold")
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
    return _svg(_face(card, specials, highlight), CARD_W, width, str(card))


def back_svg(*, width: float = 120) -> str:
    """The back of a card (the opponent's hand, a secret choice, a discard)."""
    return _svg(_back(), CARD_W, width, "card back")


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
    names = ", ".join("card back" if c is None else str(c) for c in cards) or "no cards"
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
            parts.append(_text(0, y + _LABEL + 60, "(none)", 40, "currentColor", anchor="start"))
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
        "discard": "discards",
        "duel": f"duel {duel} of {duels}",
        "reclaim": "green 8: a card is taken back",
        "over": "game over",
    }[phase]
    return (
        f"Round {round_no} · {where} · gold {gold[0]} pink, {gold[1]} green · tie pot {pot}"
        f" · round wins {wins[0]}-{wins[1]}"
    )


def _choice(move: Any, hidden: bool) -> list[Card | None]:
    if move is None:
        return []
    return [None] * len(move.cards) if hidden else list(move.cards)


def table_svg(position: Any, *, width: float = 640) -> str:
    """A whole position with every card face up (secret choices too): for notebooks.

    >>> from tabletop_widgets.games.fistful_of_gold.position import Position
    >>> svg = table_svg(Position.initial())
    >>> svg.startswith("<svg") and "Round 1 · discards" in svg and svg.count("<title>") == 18
    True
    """
    p = position
    lines: list[tuple[str, Sequence[Card | None]]] = []
    for s, colour in ((1, "Green"), (0, "Pink")):
        lines.append((f"{colour} hand", list(p.hands[s])))
        lines.append((f"{colour} discards (face down)", list(p.discards[s])))
        if p.pending[s] is not None:
            lines.append((f"{colour}'s secret choice", _choice(p.pending[s], False)))
        lines.append((f"{colour} row, this round", list(p.rows[s])))
    header = [_header(p.round, p.phase, p.duel, p.duels_in_round, p.gold, p.pot, p.round_wins)]
    if p.result is not None:
        from tabletop_widgets.games.fistful_of_gold.tally import result_text

        header.append(result_text(p.result))
    return _table_svg(
        header,
        lines,
        width=width,
        specials=p.options.specials,
        label=f"A Fistful of Gold table: {header[0]}",
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
    names = {0: "Pink", 1: "Green"}
    lines: list[tuple[str, Sequence[Card | None]]] = [
        (f"{names[opp]} hand", [None] * o.opponent_hand_size),
        (f"{names[opp]} discards (face down)", [None] * o.opponent_discard_count),
    ]
    taken = [c for _, c in o.reclaims if c.seat == opp]
    if taken:
        lines.append((f"{names[opp]} took back with the green 8 (shown)", taken))
    if o.opponent_committed:
        lines.append((f"{names[opp]} has chosen", [None]))
    lines.append((f"{names[opp]} row, this round", list(o.rows[opp])))
    lines.append((f"{names[me]} row, this round (you)", list(o.rows[me])))
    if o.my_choice is not None:
        lines.append(("Your secret choice", _choice(o.my_choice, False)))
    lines.append(("Your hand", list(o.hand)))
    lines.append(("Your discards (face down)", list(o.discards)))
    finished = o.tallies if o.result is not None else o.tallies[:-1]
    from tabletop_widgets.games.fistful_of_gold.tally import result_text, round_winners

    won = [s for t in finished for s in round_winners(o.options, t)]
    header = [
        f"{names[me]}'s view · "
        + _header(
            o.round, o.phase, o.duel, o.duels_in_round, o.gold, o.pot, (won.count(0), won.count(1))
        )
    ]
    if o.result is not None:
        header.append(result_text(o.result))
    return _table_svg(
        header,
        lines,
        width=width,
        specials=o.options.specials,
        label=f"A Fistful of Gold table as {names[me].lower()} sees it",
    )
