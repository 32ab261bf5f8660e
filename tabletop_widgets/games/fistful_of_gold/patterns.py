"""Does the opponent follow a fixed rule?  Telling it from the cards it played.

A person often plays by a simple rule: up through the cards, down, always the
highest, always the lowest, copying the other's last card (the panel's rules,
:mod:`.panel`).  Such a rule can be beaten far more often than an opponent who
mixes well, so the hard bot weighs, for each rule and each hand the opponent
may hold, how well the rule explains every card it has played: a card the
rule would have played keeps the rule's weight, any other card cuts it to
:data:`MISS` of it.  An opponent who mixes (the "free" model) explains each
card with :data:`FREE` — roughly one of the three cards a good mix spreads
over.  In rounds already over the opponent's hand is known only from the
cards it played; the rule is checked against those.

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
(0.26, {'always-highest': 0.35, 'rotation-down': 0.35})
"""

from __future__ import annotations

from tabletop_widgets.games.fistful_of_gold.observation import Observation
from tabletop_widgets.games.fistful_of_gold.panel import PANEL
from tabletop_widgets.games.fistful_of_gold.round_game import NONE, Rules, card_index

__all__ = ["FREE", "MISS", "PRIOR_RULE", "rule_weights"]

#: Prior weight of each fixed rule (the rest is the free model's).
PRIOR_RULE = 0.08
#: How likely a mixing opponent is to play any one card it played.
FREE = 1 / 3
#: What a card the rule would not have played leaves of the rule's weight.
MISS = 0.05

Fixed = tuple[int, str, int, float]  # hand number, rule, the card it plays now, weight


def rule_weights(
    obs: Observation, hands: list[tuple[int, int, float]], prior: float = PRIOR_RULE
) -> tuple[float, list[Fixed]]:
    """The free model's weight and, per (hand, rule), the card the rule plays now and
    the joint weight of that hand and rule; all weights together sum to 1.  ``prior``:
    each rule's weight before any card is seen."""
    rules = Rules.of(obs.options)
    opp, me = obs.opponent, obs.seat
    rounds = [*obs.past, obs.rows]
    duels = sum(len(r[opp]) for r in rounds)
    free = (1 - prior * len(PANEL)) * FREE**duels
    fixed: list[Fixed] = []
    for name, bot in PANEL.items():
        past = prior * _past_fit(bot.rule, rules, rounds[:-1], opp, me)
        if past < 1e-12:
            continue
        for k, (hand, _, w) in enumerate(hands):
            weight, card = _round_fit(bot.rule, rules, obs, hand, opp, me)
            if weight * past * w > 1e-12:
                fixed.append((k, name, card, weight * past * w))
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


def _past_fit(rule, rules: Rules, past: list, opp: int, me: int) -> float:  # noqa: ANN001
    """How well ``rule`` explains the finished rounds (their known cards only)."""
    fit = 1.0
    for r, rows in enumerate(past):
        row = [card_index(c) for c in rows[opp]]
        for t, played in enumerate(row):
            blocked = rules.blocks[row[t - 1]] if t else NONE
            cards = sorted(c for c in set(row[t:]) if c != blocked)
            own, theirs = _lasts(past, r, t, opp, me)
            if rule(cards, own, theirs) != played:
                fit *= MISS
    return fit


def _round_fit(
    rule,
    rules: Rules,
    obs: Observation,
    hand: int,
    opp: int,
    me: int,  # noqa: ANN001
) -> tuple[float, int]:
    """How well ``rule`` explains this round if the opponent holds ``hand`` now, and the
    card it plays next."""
    rounds = [*obs.past, obs.rows]
    r = len(rounds) - 1
    row = [card_index(c) for c in obs.rows[opp]]
    later = {card_index(c) for n, c in obs.reclaims if n == obs.round and c.seat == opp}
    eight = row.index(7) if opp == 1 and 7 in row else len(row)
    fit = 1.0
    for t, played in enumerate(row):
        held = {i for i in range(9) if hand >> i & 1} | set(row[t:])
        if t <= eight:
            held -= later  # taken back only after its green 8
        blocked = rules.blocks[row[t - 1]] if t else NONE
        own, theirs = _lasts(rounds, r, t, opp, me)
        if rule(sorted(c for c in held if c != blocked), own, theirs) != played:
            fit *= MISS
    blocked = rules.blocks[row[-1]] if row else NONE
    cards = sorted(i for i in range(9) if hand >> i & 1 and i != blocked)
    own, theirs = _lasts(rounds, r, len(row), opp, me)
    return fit, rule(cards, own, theirs)
