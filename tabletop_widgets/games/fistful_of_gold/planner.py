"""Looking ahead in a round: the value of a duel's outcome for the rest of the round.

For one hand the opponent may hold, a duel is a matrix game whose entry
``(a, b)`` is what the round is worth after pink's ``a`` meets green's ``b``.
How far the planner looks depends on the cards left (the round solver's
cost grows about tenfold per card):

* pink holding at most :data:`EXACT_CARDS` cards: the round is solved exactly
  to its end (:mod:`.round_solver`, memoised for later moves and games);
* more: the states after this duel are estimated by the linear model of
  :mod:`.leaf`.

:class:`Endgame` plays the last :data:`ENDGAME_DUELS` duels for the game's
stakes instead of gold: the state carries the gold difference so far and
each round end is scored by :class:`~.stakes.Stakes` (the chance to win the
game), so a bot ahead plays safe and one behind takes chances.

All values are pink's; a green bot takes 1 minus a chance.
"""

from __future__ import annotations

from tabletop_widgets.games.fistful_of_gold.leaf import estimate
from tabletop_widgets.games.fistful_of_gold.matrix_game import game_value
from tabletop_widgets.games.fistful_of_gold.round_solver import RoundSolver
from tabletop_widgets.games.fistful_of_gold.stakes import Stakes

__all__ = ["ENDGAME_DUELS", "EXACT_CARDS", "Endgame", "continuation", "gold_matrix"]

#: Solve the round exactly when pink holds at most this many cards.
EXACT_CARDS = 5
#: Play for the game's stakes exactly in the round's last duels.
ENDGAME_DUELS = 2


def continuation(solver: RoundSolver, nxt: tuple | None, down: int, exact: bool) -> float:
    """Pink's gold still to come after a duel that led to ``nxt`` (green first takes
    back its best card of ``down``, if any)."""
    if nxt is None:
        return 0.0
    value = solver.value if exact else (lambda s: estimate(solver.rules, s))
    if down:
        return min(value(r) for r in solver.reclaims(nxt, down))
    return value(nxt)


def gold_matrix(solver: RoundSolver, s: tuple) -> list[list[tuple[float, int]]]:
    """For each pink card and green card now: (this duel's gold plus the expected gold
    still to come, the duels left after it), all pink's."""
    exact = bin(s[0]).count("1") <= EXACT_CARDS
    out = []
    for row in solver.children(s):
        line = []
        for gold, nxt, down in row:
            left = 0 if nxt is None else nxt[9]
            line.append((gold + continuation(solver, nxt, down, exact), left))
        out.append(line)
    return out


class Endgame:
    """The round's last duels solved for the chance to win the game (pink's)."""

    def __init__(self, solver: RoundSolver, stakes: Stakes) -> None:
        self.solver = solver
        self.stakes = stakes  # pink's stakes
        self.memo: dict[tuple[tuple, float], float] = {}

    def value(self, s: tuple, diff: float) -> float:
        """Pink's chance to win the game from ``s``, ``diff`` gold up in this round."""
        key = (s, diff)
        v = self.memo.get(key)
        if v is None:
            v = self.memo[key] = game_value(self.matrix(s, diff))
        return v

    def after(self, diff: float, nxt: tuple | None, down: int) -> float:
        if nxt is None:
            return self.stakes.final(diff)
        if down:
            return min(self.value(r, diff) for r in self.solver.reclaims(nxt, down))
        return self.value(nxt, diff)

    def matrix(self, s: tuple, diff: float) -> list[list[float]]:
        return [
            [self.after(diff + gold, nxt, down) for gold, nxt, down in row]
            for row in self.solver.children(s)
        ]
