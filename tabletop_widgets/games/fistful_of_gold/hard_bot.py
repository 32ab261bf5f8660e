"""The hard bot: plans the whole round as a simultaneous-move game and plays its mix.

At each duel it lists the hands the opponent may hold (:mod:`.beliefs`:
discards are face down, played and taken-back cards are seen) and keeps up to
:data:`HANDS_PER_DECISION` of them, drawn by their chance.  For each it builds
the duel's matrix of *chances to win the game*: the duel's gold, plus the
round's gold still to come when both play best from the state it leads to
(:mod:`.planner`: exact backward induction with a matrix game at every node
while the hands are small, a fitted estimate one duel ahead while they are
large), turned into a chance to win the game by the rounds already won and
the gold so far (:mod:`.stakes`); the round's last duels are solved for that
chance directly.  Then it solves one game against all those hands at once —
the opponent knows its hand and answers each with its best column, the bot
has one mix for all (:func:`.matrix_game.solve_typed`) — and draws its card
from the mix with its seeded generator.

An opponent that seems to follow a fixed rule (:mod:`.patterns`) adds, for
each hand and rule, a column of the one card the rule plays now, weighted by
how well the rule explains its cards so far: the same game then weighs
beating that card against staying safe if the guess is wrong.

Discards keep the cards the fitted model values most against the cards the
opponent may keep, over the rounds still to play; the green 8 takes back the
card that most raises the chance to win.

>>> from tabletop_widgets.games.fistful_of_gold.bots import play_match
>>> bot = HardBot(seed=1)
>>> game = play_match([bot, HardBot(seed=2)])
>>> game.is_over, abs(sum(bot.last_strategy.values()) - 1) < 1e-9
(True, True)
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace

from tabletop_widgets.games.fistful_of_gold.beliefs import opponent_hands
from tabletop_widgets.games.fistful_of_gold.cards import Card
from tabletop_widgets.games.fistful_of_gold.leaf import pair_table
from tabletop_widgets.games.fistful_of_gold.matrix_game import (
    game_value,
    solve_typed,
    typed_values,
)
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Reclaim
from tabletop_widgets.games.fistful_of_gold.observation import Observation
from tabletop_widgets.games.fistful_of_gold.patterns import PRIOR_RULE, rule_weights
from tabletop_widgets.games.fistful_of_gold.planner import (
    ENDGAME_DUELS,
    EXACT_CARDS,
    Endgame,
    continuation,
)
from tabletop_widgets.games.fistful_of_gold.round_game import NONE, SIX, bits, card_index
from tabletop_widgets.games.fistful_of_gold.round_solver import RoundSolver, solver
from tabletop_widgets.games.fistful_of_gold.stakes import Stakes
from tabletop_widgets.games.fistful_of_gold.tally import round_winners

__all__ = ["HardBot", "clear_plans", "even_value", "shown_values"]

#: At most this many of the opponent's possible hands per decision, by pink's hand size
#: (an exact round solve costs about 30 ms per hand at 5 cards, far less below).
HANDS_PER_DECISION = {9: 12, 8: 12, 7: 12, 6: 12, 5: 4, 4: 12}
#: At most this many (hand, fixed rule) guesses of the opponent's next card per decision.
FIXED_BLOCKS = 8
#: Below this weight the mixing opponent is left out of the plan.
FREE_FLOOR = 1e-3
#: States the shared memo may hold before it starts afresh (about 250 bytes each).
MEMO_LIMIT = 400_000
#: Plans of a duel kept (:meth:`HardBot.duel_values`; a few kilobytes each with its key,
#: about 60 for the review of a whole game): the coach's hint and its reasons, and the
#: game's review, ask for the same positions.
PLAN_CACHE_SIZE = 1024

_PLANS: OrderedDict[tuple, tuple[tuple[float, ...], tuple[float, ...]]] = OrderedDict()
_PLANS_LOCK = threading.Lock()  # the review runs in a thread beside the page's hints


def clear_plans() -> None:
    """Forget every plan :meth:`HardBot.duel_values` kept (tests, experiments that change
    this module's settings)."""
    with _PLANS_LOCK:
        _PLANS.clear()


class HardBot:
    """Plans each round whole; sees only its seat's observation; seeded."""

    name = "hard"
    #: Prior weight of each fixed rule the opponent may follow (:mod:`.patterns`).
    rule_prior = PRIOR_RULE

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.salt = self.rng.randrange(2**32)
        #: The mix of the last duel, card → probability (for a notebook to show).
        self.last_strategy: dict[Card, float] = {}

    def choose(self, observation: Observation, legal: Sequence[Move]) -> Move:
        moves = list(legal)
        if not moves:
            raise ValueError("no legal move to choose from")
        if len(moves) == 1:
            return moves[0]
        solve = solver(observation.options)
        if len(solve.memo) > MEMO_LIMIT:
            solve.memo.clear()
        first = moves[0]
        if isinstance(first, Discard):
            return self._discard(observation, moves, solve)
        if isinstance(first, Reclaim):
            return self._reclaim(observation, moves, solve)
        return self._duel(observation, moves, solve)

    # -- a duel ---------------------------------------------------------------------------

    def _duel(self, obs: Observation, moves: list[Move], solve: RoundSolver) -> Move:
        blocks, weights, _free = self._duel_game(obs, moves, solve)
        _, mix = solve_typed(blocks, weights)
        self.last_strategy = {m.cards[0]: p for m, p in zip(moves, mix, strict=True)}
        return _draw(self.rng, moves, mix)

    def duel_values(
        self, observation: Observation, legal: Sequence[Move]
    ) -> tuple[list[float], list[float]]:
        """The plan of a duel: its mix over ``legal`` (cards) and each card's chance to win
        the game, as the coach and the review show it.  Draws nothing: the bot's next
        choice is the same whether this was asked or not.

        The cards the mix plays are worth the duel's *even-handed* value: for each hand
        the opponent may hold, the value of the duel when both sides know both hands and
        play best, averaged by the hands' chances (a fixed rule the opponent seems to
        follow counts as the plan's chance against the rule's card: :func:`even_value`).
        The plan's own value is a worst case -- an opponent that answers the mix as if
        it knew this seat's cards -- and reads far too low (about 27 % at an even start,
        for both players); the even-handed value matches how often the game is won
        (``benchmarks/fistful_of_gold/bench_win_chance.py`` measures it).  Each other
        card is lower by as much as the plan values it lower, so the plan's ranking,
        ties and gaps are kept.  Where the opponent's hand is known the two values are
        one.

        The plan depends only on what the seat sees, the bot's seed and its prior, so it
        is kept (:data:`PLAN_CACHE_SIZE` plans, the least recently asked dropped first):
        the coach's hint, each of its reasons and the review of the same position share
        one.  Whether the opponent has already chosen, and this seat's own secret
        choice, change nothing in the plan and are left out of the key."""
        moves = list(legal)
        key = (
            type(self),
            self.salt,
            self.rule_prior,
            replace(observation, current_players=(), opponent_committed=False, my_choice=None),
            tuple(moves),
        )
        with _PLANS_LOCK:
            found = _PLANS.get(key)
            if found is not None:
                _PLANS.move_to_end(key)
        if found is not None:
            return list(found[0]), list(found[1])
        solve = solver(observation.options)
        blocks, weights, free = self._duel_game(observation, moves, solve)
        mix, values = shown_values(blocks, weights, free)
        with _PLANS_LOCK:
            _PLANS[key] = (tuple(mix), tuple(values))
            while len(_PLANS) > PLAN_CACHE_SIZE:
                _PLANS.popitem(last=False)
        return mix, values

    def _duel_game(
        self, obs: Observation, moves: list[Move], solve: RoundSolver
    ) -> tuple[list[list[list[float]]], list[float], int]:
        """The duel as one game against every hand (and fixed rule) the opponent may have:
        a block of chances per type, the types' weights, and how many of the blocks (the
        first) are hands the opponent plays freely (the others: a fixed rule's card)."""
        me = obs.seat
        hands = opponent_hands(obs)
        free, fixed = rule_weights(obs, hands, self.rule_prior)
        fixed = sorted(fixed, key=lambda f: -f[3])[:FIXED_BLOCKS]
        stakes = _pink_stakes(obs)
        diff = obs.gold[0] - obs.gold[1]
        mine = [card_index(m.cards[0]) for m in moves]
        cache: dict[tuple[int, int], tuple[tuple, dict]] = {}

        def entries(hand: int, down: int, theirs: list[int] | None) -> list[list[float]]:
            """The bot's chances: rows its cards, columns the opponent's (all or given)."""
            if (hand, down) not in cache:
                cache[hand, down] = (_state(solve, obs, hand, down), {})
            s, table = cache[hand, down]
            cols = (
                theirs
                if theirs is not None
                else _legal(*((s[1], s[3]) if me == 0 else (s[0], s[2])))
            )
            pairs = [(i, j) if me == 0 else (j, i) for i in mine for j in cols]
            _fill(solve, s, stakes, diff, [p for p in pairs if p not in table], table)
            if me == 0:
                return [[table[i, j] for j in cols] for i in mine]
            return [[1.0 - table[j, i] for j in cols] for i in mine]

        blocks, weights = [], []
        if free > FREE_FLOOR:
            for hand, down, w in self._sample(hands, obs):
                blocks.append(entries(hand, down, None))
                weights.append(free * w)
        n_free = len(blocks)
        for k, _, card, w in fixed:
            blocks.append(entries(hands[k][0], hands[k][1], [card]))
            weights.append(w)
        return blocks, weights, n_free

    def _sample(self, hands: list[tuple[int, int, float]], obs: Observation):  # noqa: ANN202
        """At most a bounded number of the possible hands, drawn by their chance.

        The draw is weighted sampling without replacement by the keys ``u ** (1 / w)``,
        with ``u`` a fixed pseudo-random number per hand (from the bot's seed): the
        same hands are kept from one duel to the next, so the solver's memo of their
        round serves every later duel of it.
        """
        limit = HANDS_PER_DECISION.get(len(obs.hand), 12)
        if len(hands) <= limit:
            return hands

        def key(item: tuple[int, int, float]) -> float:
            u = ((item[0] * 2654435761 + item[1] * 40503 + self.salt) % 2**32 + 0.5) / 2**32
            return u ** (1.0 / item[2])

        chosen = sorted(hands, key=key, reverse=True)[:limit]
        total = sum(w for _, _, w in chosen)
        return [(h, d, w / total) for h, d, w in chosen]

    # -- the green 8's take-back ----------------------------------------------------------

    def _reclaim(self, obs: Observation, moves: list[Move], solve: RoundSolver) -> Move:
        over = obs.duels_in_round == len(obs.rows[0]) or obs.tallies[-1].duels[-1].ends_round
        if over:  # the card serves only in later rounds: the discards' measure
            worth = _card_worth(obs, solve)
            return _best(self.rng, moves, [worth[card_index(m.cards[0])] for m in moves])
        hands = self._sample(opponent_hands(obs), obs)
        stakes = _pink_stakes(obs)
        diff = obs.gold[0] - obs.gold[1]
        scores = []
        for move in moves:
            c = card_index(move.cards[0])
            total = 0.0
            for hand, down, w in hands:
                s = _state(solve, obs, hand, down, extra=c)
                exact = bin(s[0]).count("1") <= EXACT_CARDS
                chance = _chance(solve, Endgame(solve, stakes), stakes, diff, s, 0, exact)
                total += w * (1.0 - chance)  # the bot is green
            scores.append(total)
        return _best(self.rng, moves, scores)

    # -- discards -------------------------------------------------------------------------

    def _discard(self, obs: Observation, moves: list[Move], solve: RoundSolver) -> Move:
        """Keep the cards worth most against the cards the opponent may keep."""
        worth = _card_worth(obs, solve)
        size = obs.options.hand_size(min(obs.round + (obs.phase != "discard"), 3))
        hand = bits(obs.hand)
        scores = []
        for move in moves:
            gone = bits(move.cards)
            kept = hand & ~gone
            score = sum(worth[i] for i in range(9) if kept >> i & 1)
            if obs.seat == 1:
                score += _reclaim_worth(solve, kept, bits(obs.discards) | gone, size)
            scores.append(score)
        return _best(self.rng, moves, scores)


def shown_values(
    blocks: Sequence[Sequence[Sequence[float]]], weights: Sequence[float], free: int
) -> tuple[list[float], list[float]]:
    """The plan's mix and each row's chance to win as shown (:meth:`HardBot.duel_values`):
    the even-handed value for the rows the mix plays, the others lower by the plan's gaps.

    The plan's values are sums over the types' weights, which need not add up to 1 (the
    likeliest fixed rules only, a free opponent left out below its floor): as chances they
    are read per unit of weight -- against an opponent taken to follow a rule, the figures
    read a third of the chance before (27 % in games then won).

    >>> mix, values = shown_values([[[1.0], [0.0]]], [0.4], 0)
    >>> [round(p, 6) for p in mix], [round(v, 6) for v in values]
    ([1.0, 0.0], [1.0, 0.0])
    """
    worst, mix, rows = typed_values(blocks, weights)
    total = sum(weights) or 1.0
    worst, rows = worst / total, [v / total for v in rows]
    even = even_value(blocks, weights, free, mix)
    return mix, [min(1.0, max(0.0, even - (worst - v))) for v in rows]


def even_value(
    blocks: Sequence[Sequence[Sequence[float]]],
    weights: Sequence[float],
    free: int,
    mix: Sequence[float],
) -> float:
    """The duel's chance to win, even-handed: for each hand the opponent may hold and play
    freely (the first ``free`` blocks), the duel's value with both hands known; for each
    fixed rule the opponent may follow (a block of one column: the rule's card), the
    plan's ``mix`` against that card; averaged by ``weights``.

    >>> even_value([[[1.0, 0.0], [0.0, 1.0]], [[1.0], [0.0]]], [0.5, 0.5], 1, [0.5, 0.5])
    0.5
    >>> even_value([[[1.0, 0.0], [0.0, 1.0]], [[1.0], [0.0]]], [0.5, 0.5], 1, [1.0, 0.0])
    0.75
    """
    total = sum(weights)
    if not blocks or total <= 0:
        return 0.0
    value = 0.0
    for k, (b, w) in enumerate(zip(blocks, weights, strict=True)):
        if k < free:
            value += w * game_value(b)
        else:
            value += w * sum(p * row[0] for p, row in zip(mix, b, strict=True))
    return value / total


def _card_worth(obs: Observation, solve: RoundSolver) -> list[float]:
    """Each of this seat's cards: the gold the fitted model credits it with against the
    cards the opponent may hold, summed over the rounds it could still be played in."""
    options = obs.options
    first = obs.round + (obs.phase != "discard")  # a take-back counts from the next round
    sizes = [options.hand_size(r) for r in range(first, 4)]
    if options.hands == "fresh":
        sizes = sizes[:1]
    theirs = [0.0] * 9
    for hand, _, w in opponent_hands(obs):
        n = bin(hand).count("1")
        keep = min(1.0, options.hand_size(min(first, 3)) / n) if n else 0.0
        for j in range(9):
            if hand >> j & 1:
                theirs[j] += w * keep
    worth = [0.0] * 9
    for n in sizes:
        pairs, _ = pair_table(solve.rules, n)
        for i in range(9):
            if obs.seat == 0:
                worth[i] += sum(pairs[i][j] * theirs[j] for j in range(9))
            else:
                worth[i] -= sum(pairs[j][i] * theirs[j] for j in range(9))
    return worth


def _reclaim_worth(solve: RoundSolver, kept: int, down: int, n: int) -> float:
    """What green's face-down cards add while it keeps its 8 (the model's take-back terms)."""
    if not (solve.rules.green8 and kept >> 7 & 1):
        return 0.0
    _, rest = pair_table(solve.rules, n)
    return -max((rest[22 + c] for c in range(9) if down >> c & 1), default=0.0)


def _fill(
    solve: RoundSolver,
    s: tuple,
    stakes: Stakes,
    diff: float,
    pairs: list[tuple[int, int]],
    table: dict[tuple[int, int], float],
) -> None:
    """Pink's chance to win the game after each (pink card, green card) of ``pairs``."""
    if not pairs:
        return
    rows, cols = _legal(s[0], s[2]), _legal(s[1], s[3])
    wanted = set(pairs)
    endgame = Endgame(solve, stakes)
    exact = bin(s[0]).count("1") <= EXACT_CARDS
    for i, row in zip(rows, solve.children(s), strict=True):
        for j, (gold, nxt, back) in zip(cols, row, strict=True):
            if (i, j) in wanted:
                table[i, j] = _chance(solve, endgame, stakes, diff + gold, nxt, back, exact)


def _legal(hand: int, blocked: int) -> list[int]:
    return [i for i in range(9) if hand >> i & 1 and i != blocked]


def _chance(
    solve: RoundSolver,
    endgame: Endgame,
    stakes: Stakes,
    diff: float,
    nxt: tuple | None,
    back: int,
    exact: bool,
) -> float:
    """Pink's chance to win the game after a duel that left pink ``diff`` gold up in this
    round and led to ``nxt`` (green then takes back a card of ``back``)."""
    if nxt is None:
        return stakes.final(diff)
    if nxt[9] <= ENDGAME_DUELS:
        return endgame.after(diff, nxt, back)
    return stakes.expected(diff + continuation(solve, nxt, back, exact), nxt[9])


def _pink_stakes(obs: Observation) -> Stakes:
    """Pink's stakes in this round: the rounds won so far and the gold of past rounds."""
    finished = obs.tallies[: len(obs.past)]
    wins = [0, 0]
    for t in finished:
        for s in round_winners(obs.options, t):
            wins[s] += 1
    gold = sum(t.gold[0] - t.gold[1] for t in finished)
    return Stakes(
        obs.options, wins=(wins[0], wins[1]), rounds_played=len(obs.past), gold_before=gold
    )


def _state(solve: RoundSolver, obs: Observation, hand: int, down: int, extra: int = NONE) -> tuple:
    """The round's state if the opponent holds ``hand`` with ``down`` face down."""
    rules = solve.rules
    mine = bits(obs.hand)
    my_down = bits(obs.discards)
    if extra != NONE:  # the green 8 takes ``extra`` back
        mine |= 1 << extra
        my_down &= ~(1 << extra)
    a, b = (mine, hand) if obs.seat == 0 else (hand, mine)
    green_down = down if obs.seat == 0 else my_down
    last = [row[-1] if row else None for row in obs.rows]
    blocked = [NONE if c is None else rules.blocks[card_index(c)] for c in last]
    sixes = [any(card_index(c) == SIX for c in row) for row in obs.rows]
    return solve.normal(
        a,
        b,
        blocked[0],
        blocked[1],
        obs.pot,
        sixes[0],
        sixes[1],
        obs.bonus[1],
        obs.duel,
        obs.duels_in_round - len(obs.rows[0]),
        green_down,
    )


def _draw(rng: random.Random, moves: list[Move], mix: list[float]) -> Move:
    r = rng.random()
    for move, p in zip(moves, mix, strict=True):
        r -= p
        if r < 0:
            return move
    return moves[max(range(len(moves)), key=mix.__getitem__)]


def _best(rng: random.Random, moves: list[Move], scores: list[float]) -> Move:
    top = max(scores)
    best = [m for m, s in zip(moves, scores, strict=True) if s >= top - 1e-9]
    return best[rng.randrange(len(best))]
