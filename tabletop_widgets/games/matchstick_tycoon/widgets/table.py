"""The Matchstick Tycoon table in one widget: seats, the play on the table, the order, the log.

A pure view: :meth:`TycoonTable.show` reads a game (or any game object the
stepper hands it) through the engine's public API; the browser only draws.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=3, seed=4)
>>> _ = g.play(g.legal_moves()[0])
>>> t = TycoonTable(g, names=["Ann", "Bo", "Cy"])
>>> [s["cards"] for s in t.seats], t.play["text"]
([15, 15, 14], '1x0: 0')
>>> t.log[-1]
'Cy: 1x0: 0'
>>> t.play["words"], t.message
('Cy played a single 0', 'Ann has to beat a single 0, or pass.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move, shapes
from tabletop_widgets.games.matchstick_tycoon.render import value_cards
from tabletop_widgets.ui.event_widget import EventWidget, widget_css, widget_esm
from tabletop_widgets.ui.words import YOU, ordinal, possessive, says

from .card import _geometry

__all__ = ["TycoonTable", "default_names", "move_sentence", "play_words"]

LOG_LINES = 200


_HOW_MANY = {1: "a single", 2: "two", 3: "three", 4: "four", 5: "five"}


def table_words(value: str, count: int) -> str:
    """A play on the table in words: ``a single 7``, ``two cards acting as 8``.

    >>> table_words("7", 1), table_words("8", 2)
    ('a single 7', 'two cards acting as 8')
    """
    if count == 1:
        return f"a single {value}"
    return f"{_HOW_MANY.get(count, str(count))} cards acting as {value}"


def play_words(move: Move) -> str:
    """A play in words, for learners who have not met the notation (a pass: ``a pass``)."""
    if not move.is_play:
        return "a pass" if move.kind == "pass" else "a discarded stick"
    return table_words(move.value, move.count)


def move_sentence(name: str, move: Move) -> str:
    """``You played two cards acting as 8.``, ``Bea (bot) passes.`` -- verbs agree.

    >>> from tabletop_widgets.games.matchstick_tycoon import PASS, DISCARD
    >>> move_sentence("You", PASS), move_sentence("Bea", DISCARD)
    ('You passed and took a stick.', 'Bea discarded a stick.')
    """
    if move.kind == "pass":
        return f"{name} passed and took a stick."
    if move.kind == "discard":
        return f"{name} discarded a stick."
    return f"{name} played {play_words(move)}."


def _seat_status(seat, ranking, out, to_move, passed) -> str:
    if seat in out:
        return f"out · {ordinal(ranking.index(seat) + 1)} place"
    if seat in ranking:
        return f"last · {ordinal(ranking.index(seat) + 1)} place"
    if seat == to_move:
        return "to play"
    return "passed" if seat in passed else ""


def default_names(players: int) -> list[str]:
    """``Seat 1`` … as people count (seats are 0-based in the engine)."""
    return [f"Seat {i + 1}" for i in range(players)]


class TycoonTable(EventWidget):
    """Seats around the table, the current play, the strength scale and the move log.

    Traits (all set from Python by :meth:`show`): ``seats`` (per seat: name,
    cards, sticks, rank, out, to_move, passed), ``play`` (the last play of
    the trick, its cards as drawn, or None), ``order`` and ``scale`` (values
    weakest first under the current order), ``log``, ``message``.
    """

    _esm = widget_esm(__package__, "segments.js", "table.js")
    _css = widget_css(__package__, "card.css", "table.css")

    seats = traitlets.List(read_only=True).tag(sync=True)
    play = traitlets.Dict(None, allow_none=True, read_only=True).tag(sync=True)
    order = traitlets.Unicode("normal", read_only=True).tag(sync=True)
    scale = traitlets.List(read_only=True).tag(sync=True)
    log = traitlets.List(read_only=True).tag(sync=True)
    log_start = traitlets.Int(1, read_only=True).tag(sync=True)
    message = traitlets.Unicode("", read_only=True).tag(sync=True)
    card_size = traitlets.Int(54).tag(sync=True)
    _geometry = traitlets.Dict(read_only=True).tag(sync=True)

    def __init__(
        self,
        game: MatchstickTycoon | None = None,
        *,
        names: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.names = list(names) if names else None
        self.set_trait("_geometry", _geometry())
        if game is not None:
            self.show(game)

    def show(
        self, game: MatchstickTycoon, seat: int | None | str = "keep", *, reveal: bool | None = None
    ) -> None:
        """Draw ``game`` as it stands now.  ``seat`` and ``reveal`` are accepted as every
        table's are: this table shows only what every player sees (card counts, sticks,
        the play on the table); a hand is a :class:`HandWidget`."""
        p = game.position
        names = self.names or default_names(p.players)
        result = game.result
        ranking = list(result.ranking) if result is not None else list(p.out)
        seats = []
        for s in range(p.players):
            seats.append(
                {
                    "seat": s,
                    "name": names[s],
                    "cards": len(p.hands[s]),
                    "sticks": p.sticks[s],
                    "rank": ranking.index(s) + 1 if s in ranking else None,
                    "out": s in p.out,
                    "to_move": s == game.to_move,
                    "passed": s in p.passed,
                    "status": _seat_status(s, ranking, p.out, game.to_move, p.passed),
                }
            )
        history = game.history
        play = None
        if p.table is not None:
            last = next((m for m in reversed(history) if m.kind == "play"), None)
            if last is not None and (last.value, last.count) == (p.table.value, p.table.count):
                cards = [{"face": f, "turned": t, "added": a} for f, t, a in last.cards()]
                text = last.text
            else:
                cards = [
                    {"face": f, "turned": t, "added": a}
                    for f, t, a in value_cards(p.table.value, p.table.count)
                ]
                text = f"{p.table.count}x{p.table.value}"
            play = {
                "value": p.table.value,
                "count": p.table.count,
                "player": p.table.player,
                "name": names[p.table.player],
                "cards": cards,
                "text": text,
                "words": (
                    f"{names[p.table.player]} played {table_words(p.table.value, p.table.count)}"
                ),
            }
        scale = list(shapes.values_in_play(p.expansion))
        if p.order == "reversed":
            scale.reverse()
        log = self._log_lines(game, names)
        self._apply(
            {
                "seats": seats,
                "play": play,
                "order": p.order,
                "scale": scale,
                "log": log,
                "log_start": self._log_start(game),
                "message": self._message(game, names, play),
            }
        )

    @staticmethod
    def _log_lines(game: MatchstickTycoon, names: list[str]) -> list[str]:
        hist, movers = game.history, game.movers
        start = max(0, len(hist) - LOG_LINES)
        return [f"{names[movers[i]]}: {hist[i]}" for i in range(start, len(hist))]

    @staticmethod
    def _log_start(game: MatchstickTycoon) -> int:
        return max(0, len(game.history) - LOG_LINES) + 1

    @staticmethod
    def _message(game: MatchstickTycoon, names: list[str], play: dict | None) -> str:
        if game.is_over:
            order = ", ".join(
                f"{ordinal(i + 1)} {names[s]}" for i, s in enumerate(game.result.ranking)
            )
            return f"Game over: {order}."
        hist = game.history
        who = names[game.to_move]
        if not game.legal_moves() or game.legal_moves()[0].kind == "discard":
            whose = "your" if who == YOU else possessive(who)
            nxt = f"{says(who, 'have')} no cards left: {whose} only move is to discard a stick."
        elif play is None:
            nxt = f"{says(who, 'lead')}."
        else:
            nxt = (
                f"{says(who, 'have')} to beat {table_words(play['value'], play['count'])}, or pass."
            )
        if hist and hist[-1].kind == "play" and hist[-1].count == 5:
            strong = (
                "0 is now the strongest" if game.order == "reversed" else "F is the strongest again"
            )
            return f"Revolution! The order is turned round: {strong}. {nxt}"
        return nxt
