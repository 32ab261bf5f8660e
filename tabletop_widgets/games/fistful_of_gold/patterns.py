"""Does the opponent follow a fixed rule?  Telling it from the cards it played.

A person often plays by a simple rule: up through the cards, down, always the
highest, always the lowest, copying the other's last card (the panel's rules,
:mod:`.panel`), or the card that wins most gold on average in this duel (the
greedy bot's).  Such a rule can be beaten far more often than an opponent who
mixes well, so the hard bot weighs, for each rule and each hand the opponent
may hold, how well the rule explains every card it has played: a card the
rule would have played keeps the rule's weight, any other card cuts it to
:data:`MISS` of it.  An opponent who mixes (the "free" model) explains each
card with :data:`FREE` — roughly one of the three cards a good mix spreads
over; a rule torn between cards explains each with its share.  In rounds
already over the opponent's hand is known only from the cards it played; the
rule is checked against those.

>>> from tabletop_widgets.games.fistful_of_gold.engine import FistfulOfGold
>>> from tabletop_widgets.games.fistful_of_gold.beliefs import opponent_hands
>>> g = FistfulOfGold.new(seed=1)
>>> for m in ["discard pink 1 pink 2", "discard green 1 green 8",
...           "pink 3", "green dynamite", "pink 8", "green 7", "pink 5", "green 6"]:
...     _ = g.play(m)
>>> obs = g.observation(0)
>>> free, fixed = rule_weights(obs, opponent_hands(obs))
>>> by_rule = {}
>>> for _, name, card, w in fixed:
...     by_rule[name] = by_rule.get(name, 0) + w
>>> round(free, 2), {n: round(w, 2) for n, w in sorted(by_rule.items()) if w > 0.05}
(0.23, {'always-highest': 0.36, 'rotation-down': 0.36})
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_widgets.games.fistful_of_gold.bots import GreedyBot
from tabletop_widgets.games.fistful_of_gold.observation import Observation
from tabletop_widgets.games.fistful_of_gold.panel import PANEL
from tabletop_widgets.games.fistful_of_gold.round_game import (
    EIGHT,
    NONE,
    SEVEN,
    SIX,
    Rules,
    card_index,
    duel_gold,
)

__all__ = ["FREE", "MISS", "PRIOR_RULE", "RULES", "Duel", "rule_weights"]

#: Prior weight of each fixed rule (the rest is the free model's).
PRIOR_RULE = 0.08
#: How likely a mixing opponent is to play any one card it played.
FREE = 1 / 3
#: What a card the rule would not have played leaves of the rule's weight.
MISS = 0.05

Fixed = tuple[int, str, int, float]  # hand number, rule, the card it plays now, weight


class Duel:
    """What a rule may look at when it chooses a card for one duel: the last card each
    side played, and (for the greedy rule) the gold each card is worth on average."""

    def __init__(self, obs: Observation, rules: Rules, r: int, t: int) -> None:
        self.obs, self.rules, self.r, self.t = obs, rules, r, t
        rounds = [*obs.past, obs.rows]
        self.rows = rounds[r]
        self.own, self.theirs = _lasts(rounds, r, t, obs.opponent, obs.seat)
        self._worth: list[float] | None = None

    def worth(self) -> list[float]:
        """Per card of the opponent: its average gold (its own minus ours) in this duel
        against the cards of ours it cannot rule out, as :class:`.bots.GreedyBot` counts."""
        if self._worth is None:
            self._worth = _greedy_worth(self)
        return self._worth


def _greedy_worth(d: Duel) -> list[float]:
    obs, rules, t = d.obs, d.rules, d.t
    opp, me = obs.opponent, obs.seat
    current = d.r == len(obs.past)
    if t < len(d.rows[0]):
        pot = obs.tallies[d.r].duels[t].pot_before
    else:
        pot = obs.pot if current else 0
    bonus = obs.tallies[d.r - 1].next_bonus[1] if d.r else 0
    if rules.green7_now and SEVEN in [card_index(c) for c in d.rows[1][:t]]:
        bonus = 1
    sixes = [any(card_index(c) == SIX for c in row[:t]) for row in d.rows]
    mine = [card_index(c) for c in d.rows[me][:t]]
    blocked = rules.blocks[mine[-1]] if mine else NONE
    ours = [y for y in range(9) if y not in mine and y != blocked]
    out = []
    for x in range(9):
        total = 0
        for y in ours:
            a, b = (x, y) if opp == 0 else (y, x)
            gold = duel_gold(rules, a, b, pot, bonus, sixes[0], sixes[1])
            total += gold if opp == 0 else -gold
        out.append(total / len(ours))
    return out


def _greedy(cards: list[int], duel: Duel) -> list[int]:
    """The greedy rule: the cards within the greedy bot's slack (half a gold) of the best
    average gold now -- it picks among them at random."""
    worth = duel.worth()
    top = max(worth[c] for c in cards)
    return [c for c in cards if worth[c] >= top - GreedyBot.slack - 1e-9]


def _panel_rule(bot: type) -> Callable[[list[int], Duel], list[int]]:
    def rule(cards: list[int], duel: Duel) -> list[int]:
        return [bot.rule(cards, duel.own, duel.theirs)]

    return rule


#: The rules an opponent may follow: the panel's, and the greedy bot's.
RULES: dict[str, Callable[[list[int], Duel], list[int]]] = {
    **{name: _panel_rule(bot) for name, bot in PANEL.items()},
    "greedy": _greedy,
}


def rule_weights(
    obs: Observation, hands: list[tuple[int, int, float]], prior: float = PRIOR_RULE
) -> tuple[float, list[Fixed]]:
    """The free model's weight and, per (hand, rule, card), the weight that the opponent
    holds that hand, follows that rule and so plays that card now (a rule torn between
    cards shares its weight); all weights together sum to 1.  ``prior``: each rule's
    weight before any card is seen."""
    rules = Rules.of(obs.options)
    opp = obs.opponent
    rounds = [*obs.past, obs.rows]
    duels = sum(len(r[opp]) for r in rounds)
    free = (1 - prior * len(RULES)) * FREE**duels
    fixed: list[Fixed] = []
    for name, rule in RULES.items():
        past = prior * _past_fit(rule, rules, obs)
        if past < 1e-12:
            continue
        for k, (hand, _, w) in enumerate(hands):
            weight, cards = _round_fit(rule, rules, obs, hand)
            share = weight * past * w / len(cards)
            if share > 1e-12:
                fixed.extend((k, name, c, share) for c in cards)
    total = free + sum(f[3] for f in fixed)
    return free / total, [(k, n, c, w / total) for k, n, c, w in fixed]


def _lasts(rounds: list, r: int, t: int, opp: int, me: int) -> tuple[int | None, int | None]:
    """The last cards the opponent and this seat played before duel ``t`` of round ``r``."""
    out: list[int | None] = []
    for s in (opp, me):
        found = None
        if t > 0:
            found = card_index(rounds[r][s][t - 1])
        else:
            for rows in reversed(rounds[:r]):
                if rows[s]:
                    found = card_index(rows[s][-1])
                    break
        out.append(found)
    return out[0], out[1]


def _fit(chosen: list[int], played: int) -> float:
    return 1.0 / len(chosen) if played in chosen else MISS


def _past_fit(rule: Callable, rules: Rules, obs: Observation) -> float:
    """How well ``rule`` explains the finished rounds (their known cards only)."""
    fit = 1.0
    for r, rows in enumerate(obs.past):
        row = [card_index(c) for c in rows[obs.opponent]]
        for t, played in enumerate(row):
            blocked = rules.blocks[row[t - 1]] if t else NONE
            cards = sorted(c for c in set(row[t:]) if c != blocked)
            fit *= _fit(rule(cards, Duel(obs, rules, r, t)), played)
    return fit


def _round_fit(
    rule: Callable, rules: Rules, obs: Observation, hand: int
) -> tuple[float, list[int]]:
    """How well ``rule`` explains this round if the opponent holds ``hand`` now, and the
    cards it plays next."""
    opp = obs.opponent
    r = len(obs.past)
    row = [card_index(c) for c in obs.rows[opp]]
    later = {card_index(c) for n, c in obs.reclaims if n == obs.round and c.seat == opp}
    eight = row.index(EIGHT) if opp == 1 and EIGHT in row else len(row)
    fit = 1.0
    for t, played in enumerate(row):
        held = {i for i in range(9) if hand >> i & 1} | set(row[t:])
        if t <= eight:
            held -= later  # taken back only after its green 8
        blocked = rules.blocks[row[t - 1]] if t else NONE
        cards = sorted(c for c in held if c != blocked)
        fit *= _fit(rule(cards, Duel(obs, rules, r, t)), played)
    blocked = rules.blocks[row[-1]] if row else NONE
    cards = sorted(i for i in range(9) if hand >> i & 1 and i != blocked)
    return fit, rule(cards, Duel(obs, rules, r, len(row)))
