"""Hot-seat for the Fistful of Gold table: the table shows a seat's cards only after "show".

:class:`HotSeatGate` hides its private widget behind a cover, but a hidden
widget still holds its synced state in the browser.  This gate therefore
turns the table into a spectator (``seat=None``: nothing private synced)
while the cover is up, and gives it the seat only when that person reveals.

>>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
>>> from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulTable
>>> table = FistfulTable(FistfulOfGold.new(), seat=0)
>>> gate = FistfulHotSeat(table, names=["Ann", "Bo"])
>>> gate.turn_to(1); table.seat, table.view["hand"]
(None, [])
>>> gate.reveal(); table.seat, len(table.view["hand"])
(1, 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop_widgets.ui.hotseat import HotSeatGate

from .table import FistfulTable

__all__ = ["FistfulHotSeat", "next_seat"]


def next_seat(current_players: Sequence[int]) -> int | None:
    """Who takes the screen next: pink first when both still choose, None when nobody.

    >>> next_seat((0, 1)), next_seat((1,)), next_seat(())
    (0, 1, None)
    """
    return current_players[0] if current_players else None


class FistfulHotSeat(HotSeatGate):
    """A :class:`HotSeatGate` around a :class:`FistfulTable` that also hides the synced hand."""

    def __init__(self, table: FistfulTable, *, names: Sequence[str], **kwargs: Any) -> None:
        self.table = table
        super().__init__(table, names=names, **kwargs)
        table.seat = None

    def turn_to(self, seat: int | None) -> None:
        same = seat is not None and seat == self.seat and not self.hidden
        if not same:
            self.table.seat = None  # before the cover goes up: no private card stays synced
        super().turn_to(seat)

    def reveal(self) -> None:
        if self.seat is None:
            return
        self.table.seat = self.seat
        super().reveal()

    def follow(self) -> None:
        """Pass the screen to whoever must choose now (after any move).

        Once the game is over nothing is secret any more that the table would
        show: the cover comes down and everybody sees the public table and summary.
        """
        game = self.table.game
        if game.is_over:
            self.table.seat = None
            self.seat, self.hidden = None, False
            self.children = (self.table,)
            return
        self.turn_to(next_seat(game.current_players()))
