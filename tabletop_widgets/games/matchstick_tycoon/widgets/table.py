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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, shapes
from tabletop_widgets.games.matchstick_tycoon.render import value_cards
from tabletop_widgets.ui.event_widget import EventWidget, widget_css, widget_esm

from .card import _geometry

__all__ = ["TycoonTable", "default_names"]

LOG_LINES = 200


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
                "message": self._message(game, names, play),
            }
        )

    @staticmethod
    def _log_lines(game: MatchstickTycoon, names: list[str]) -> list[str]:
        hist, movers = game.history, game.movers
        start = max(0, len(hist) - LOG_LINES)
        return [f"{names[movers[i]]}: {hist[i]}" for i in range(start, len(hist))]

    @staticmethod
    def _message(game: MatchstickTycoon, names: list[str], play: dict | None) -> str:
        if game.is_over:
            order = ", ".join(f"{i + 1}. {names[s]}" for i, s in enumerate(game.result.ranking))
            return f"Game over — {order}"
        hist = game.history
        who = names[game.to_move]
        if hist and hist[-1].kind == "play" and hist[-1].count == 5:
            return f"Revolution! The order is now {game.order}. {who} to play."
        if play is None:
            return f"{who} {'lead' if who == 'You' else 'leads'}."
        return f"{who} to beat {play['text']} (or pass)."
