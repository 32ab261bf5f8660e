"""A Fistful of Gold: the hard bot, its round solver and the panel of fixed strategies."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.playout import play_out
from tabletop_widgets.core.registry import GAMES
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, Observation, Play
from tabletop_widgets.games.fistful_of_gold.beliefs import opponent_hands
from tabletop_widgets.games.fistful_of_gold.bots import GreedyBot, play_match
from tabletop_widgets.games.fistful_of_gold.hard_bot import HardBot, _state
from tabletop_widgets.games.fistful_of_gold.matrix_game import game_value, solve_game, solve_typed
from tabletop_widgets.games.fistful_of_gold.panel import (
    PANEL,
    AlwaysHighest,
    AlwaysLowest,
    CopyLast,
    RotationDown,
    RotationUp,
)
from tabletop_widgets.games.fistful_of_gold.round_game import bits, card_index
from tabletop_widgets.games.fistful_of_gold.round_solver import RoundSolver

INFO = GAMES["fistful_of_gold"]
OPTION_SETS = [
    *INFO.option_sets,
    {"specials": "none"},
    {"dynamite_counts_as": 0, "equal_round": "duels"},
]


class Checked:
    """Wraps a bot: only an Observation goes in, and the move must be legal."""

    def __init__(self, bot) -> None:
        self.bot, self.name, self.calls = bot, bot.name, 0

    def choose(self, observation, legal):
        assert isinstance(observation, Observation)
        move = self.bot.choose(observation, legal)
        assert move in legal
        self.calls += 1
        return move


def random_game(seed: int, stop, **options) -> FistfulOfGold:
    """A game of random moves, stopped as soon as ``stop(game)`` holds (or at its end)."""
    rng = random.Random(seed)
    g = FistfulOfGold.new(seed=seed, **options)
    while not g.is_over and not stop(g):
        g.play(rng.choice(g.legal_moves()))
    return g


# -- the hard bot -------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_hard_bot_plays_legal_moves_under_every_option_set(options):
    for seed in range(2):
        hard = Checked(HardBot(seed=seed))
        other = Checked(RandomBot(seed=seed + 7) if seed else HardBot(seed=99))
        g = FistfulOfGold.new(seed=seed, **options)
        play_out(g, [hard, other] if seed % 2 == 0 else [other, hard])
        assert g.is_over and hard.calls > 5


def test_same_seed_same_game_even_with_the_memo_cleared():
    from tabletop_widgets.games.fistful_of_gold.round_solver import solver

    a = play_match([HardBot(seed=3), GreedyBot(seed=4)])
    solver(a.options).memo.clear()
    b = play_match([HardBot(seed=3), GreedyBot(seed=4)])
    assert a.history == b.history
    c = play_match([GreedyBot(seed=4), HardBot(seed=5)])
    assert c.history != a.history


def test_hidden_discards_do_not_change_the_choice():
    """Two games that differ only in green's face-down cards: pink's hard bot sees the
    same observation and, with the same seed, chooses the same card at every duel."""
    public = ["pink 5", "green 7", "pink 3", "green 2", "pink 8", "green dynamite"]
    games = []
    for hidden in ("discard green 3 green 4", "discard green 1 green 6"):
        g = FistfulOfGold.new(seed=1)
        g.play("discard pink 1 pink 2")
        g.play(hidden)
        games.append(g)
    for k in range(0, len(public) + 1, 2):
        obs = [g.observation(0) for g in games]
        assert obs[0] == obs[1]
        legal = games[0].legal_moves(0)
        assert legal == games[1].legal_moves(0)
        choices = {str(HardBot(seed=s).choose(o, legal)) for o in obs for s in (11,)}
        assert len(choices) == 1
        if k < len(public):
            for g in games:
                g.play(public[k])
                g.play(public[k + 1])


def test_hard_bot_only_reads_the_observation():
    """The choice depends on the observation alone: the same observation handed over
    from a game whose hidden cards were redrawn (determinize) gives the same move."""
    rng = random.Random(2)
    checked = 0
    for seed in range(3):
        moves = 2 + 4 * seed
        g = random_game(seed, lambda g, moves=moves: len(g.history) >= moves)
        if g.is_over:
            continue
        for seat in g.current_players():
            d = g.determinize(seat, rng)
            assert d.observation(seat) == g.observation(seat)
            legal = g.legal_moves(seat)
            a = HardBot(seed=5).choose(g.observation(seat), legal)
            b = HardBot(seed=5).choose(d.observation(seat), legal)
            assert a == b
            checked += 1
    assert checked


def test_hard_bot_beats_a_rotating_player():
    """The loss that started it: a person rotating through the cards.  A few games only
    (the benchmark plays thousands)."""
    scores = []
    for i in range(4):
        g = FistfulOfGold.new(seed=i)
        bots = [HardBot(seed=i), RotationUp()] if i % 2 == 0 else [RotationUp(), HardBot(seed=i)]
        scores.append(play_out(g, bots).win_share(i % 2))
    assert sum(scores) >= 3


def test_the_hard_level_and_the_panel_are_registered():
    assert INFO.levels["hard"] == "hard" and INFO.bots["hard"] is HardBot
    assert INFO.panel == tuple(PANEL) and all(INFO.bots[n] is PANEL[n] for n in INFO.panel)


# -- the opponent's possible hands ----------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=str)
def test_the_true_hand_is_always_among_the_possible_hands(options):
    rng = random.Random(1)
    for seed in range(6):
        g = FistfulOfGold.new(seed=seed, **options)
        while not g.is_over:
            pos = g.position
            for seat in (0, 1):
                hands = opponent_hands(g.observation(seat))
                assert abs(sum(w for _, _, w in hands) - 1) < 1e-9
                truth = (bits(pos.hands[1 - seat]), bits(pos.discards[1 - seat]))
                assert truth in {(h, d) for h, d, _ in hands}
            g.play(rng.choice(g.legal_moves()))


# -- the round solver against brute force -----------------------------------------------------


def exact_value(m: list[list[Fraction]]) -> Fraction:
    """The value of a small zero-sum game by support enumeration, in exact fractions."""
    rows, cols = len(m), len(m[0])
    best = None
    for k in range(1, min(rows, cols) + 1):
        for rs in combinations(range(rows), k):
            for cs in combinations(range(cols), k):
                x = _equalise([[m[i][j] for i in rs] for j in cs])  # row mix over rs
                if x is None:
                    continue
                v = sum(p * m[i][cs[0]] for p, i in zip(x, rs, strict=True))
                full = [Fraction(0)] * rows
                for p, i in zip(x, rs, strict=True):
                    full[i] = p
                guaranteed = min(sum(full[i] * m[i][j] for i in range(rows)) for j in range(cols))
                if guaranteed == v and (best is None or v > best):
                    best = v
    assert best is not None
    return best


def _equalise(a: list[list[Fraction]]) -> list[Fraction] | None:
    """A mix ``x >= 0`` (summing to 1) making every row of ``a`` pay the same, or None."""
    k = len(a)
    # Unknowns x_1..x_k and v: a[j] . x - v = 0 for each j, sum x = 1.
    eq = [[*row, Fraction(-1), Fraction(0)] for row in a] + [
        [Fraction(1)] * k + [Fraction(0), Fraction(1)]
    ]
    n = k + 1
    for col in range(n):
        pivot = next((r for r in range(col, len(eq)) if eq[r][col] != 0), None)
        if pivot is None:
            return None
        eq[col], eq[pivot] = eq[pivot], eq[col]
        for r in range(len(eq)):
            if r != col and eq[r][col] != 0:
                f = eq[r][col] / eq[col][col]
                eq[r] = [x - f * y for x, y in zip(eq[r], eq[col], strict=True)]
    if any(all(x == 0 for x in row[:n]) and row[n] != 0 for row in eq):
        return None
    x = [eq[i][n] / eq[i][i] for i in range(k)]
    return x if all(p >= 0 for p in x) else None


def brute_value(g: FistfulOfGold) -> Fraction:
    """Pink's gold minus green's still to come in this round, both playing best, by
    enumerating every pair of cards with the engine and solving each duel exactly."""
    pos = g.position
    rnd = pos.round
    rows = []
    for a in pos.legal_cards(0):
        row = []
        for b in pos.legal_cards(1):
            g.play(Play(a))
            g.play(Play(b))
            d = g.duel_log[-1]
            gold = Fraction(d.gold[0] - d.gold[1])
            after = g.position
            if after.phase == "reclaim":
                options = []
                for r in g.legal_moves(1):
                    g.play(r)
                    options.append(_rest(g, rnd))
                    g.undo()
                gold += min(options)
            else:
                gold += _rest(g, rnd)
            g.undo()
            g.undo()
            row.append(gold)
        rows.append(row)
    return exact_value(rows)


def _rest(g: FistfulOfGold, rnd: int) -> Fraction:
    pos = g.position
    if pos.is_over or pos.round != rnd or pos.phase != "duel":
        return Fraction(0)
    return brute_value(g)


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
@pytest.mark.parametrize("left", [1, 2, 3])
def test_round_solver_agrees_with_brute_force(options, left):
    solve = RoundSolver(FistfulOfGold.new(seed=0, **options).options)
    checked = 0
    for seed in range(40):
        g = random_game(
            seed,
            lambda g: (
                g.position.phase == "duel"
                and g.position.pending == (None, None)
                and g.position.duels_in_round - len(g.position.rows[0]) == left
            ),
            **options,
        )
        if g.is_over:
            continue
        pos = g.position
        s = _state(solve, g.observation(0), bits(pos.hands[1]), bits(pos.discards[1]))
        assert solve.value(s) == pytest.approx(float(brute_value(g)), abs=1e-9)
        checked += 1
        if checked == 4:
            break
    assert checked


def test_the_solver_model_follows_the_engine_duel_by_duel():
    """Every duel of random games: the gold and the next state of the solver's model
    are the engine's."""
    for options in OPTION_SETS:
        for seed in range(12):
            rng = random.Random(seed)
            g = FistfulOfGold.new(seed=seed, **options)
            solve = RoundSolver(g.options)
            while not g.is_over:
                pos = g.position
                if pos.phase != "duel" or pos.pending != (None, None):
                    g.play(rng.choice(g.legal_moves()))
                    continue
                s = _state(solve, g.observation(0), bits(pos.hands[1]), bits(pos.discards[1]))
                a, b = rng.choice(pos.legal_cards(0)), rng.choice(pos.legal_cards(1))
                rows = [i for i in range(9) if s[0] >> i & 1 and i != s[2]]
                cols = [i for i in range(9) if s[1] >> i & 1 and i != s[3]]
                assert rows == sorted(card_index(c) for c in pos.legal_cards(0))
                gold, nxt, _ = solve.children(s)[rows.index(card_index(a))][
                    cols.index(card_index(b))
                ]
                g.play(Play(a))
                g.play(Play(b))
                d = g.duel_log[-1]
                assert gold == d.gold[0] - d.gold[1], d.text
                after = g.position
                if after.phase == "duel" and after.round == pos.round:
                    seen = _state(
                        solve, g.observation(0), bits(after.hands[1]), bits(after.discards[1])
                    )
                    assert nxt == seen
                elif after.phase != "reclaim":
                    assert nxt is None or after.round != pos.round


# -- the matrix games -------------------------------------------------------------------------


def test_matrix_games_agree_with_linear_programming():
    scipy = pytest.importorskip("scipy")
    del scipy
    from tabletop_widgets.games.fistful_of_gold.equilibrium import solve_zero_sum

    rng = random.Random(1)
    for _ in range(300):
        m = [[rng.randint(-7, 7) for _ in range(rng.randint(1, 7))]]
        m += [[rng.randint(-7, 7) for _ in m[0]] for _ in range(rng.randint(0, 6))]
        expected = solve_zero_sum(m)[0]
        assert game_value(m) == pytest.approx(expected, abs=1e-9)
        v, rows, cols = solve_game(m)
        assert v == pytest.approx(expected, abs=1e-9)
        assert min(
            sum(p * r[j] for p, r in zip(rows, m, strict=True)) for j in range(len(m[0]))
        ) == pytest.approx(v, abs=1e-9)
        assert max(sum(q * x for q, x in zip(cols, r, strict=True)) for r in m) == pytest.approx(
            v, abs=1e-9
        )


def test_a_typed_game_is_each_type_best_answering():
    rng = random.Random(2)
    for _ in range(200):
        rows = rng.randint(1, 5)
        blocks = [
            [[rng.randint(-5, 5) for _ in range(k)] for _ in range(rows)]
            for k in [rng.randint(1, 5) for _ in range(rng.randint(1, 4))]
        ]
        weights = [rng.random() + 0.01 for _ in blocks]
        total = sum(weights)
        weights = [w / total for w in weights]
        v, mix = solve_typed(blocks, weights)
        got = sum(
            w * min(sum(p * b[i][j] for i, p in enumerate(mix)) for j in range(len(b[0])))
            for w, b in zip(weights, blocks, strict=True)
        )
        assert got == pytest.approx(v, abs=1e-9)
        for pure in range(rows):  # no pure row does better
            alt = sum(w * min(b[pure]) for w, b in zip(weights, blocks, strict=True))
            assert alt <= v + 1e-9


# -- the panel --------------------------------------------------------------------------------


class Watch:
    """Wraps a panel bot and checks its duel card against what its name says."""

    def __init__(self, bot, check) -> None:
        self.bot, self.name, self.check, self.duels = bot, bot.name, check, 0

    def choose(self, observation, legal):
        move = self.bot.choose(observation, legal)
        if isinstance(move, Play):
            cards = sorted(card_index(m.cards[0]) for m in legal)
            self.check(observation, cards, card_index(move.card))
            self.duels += 1
        return move


def _own_last(obs):
    for rows in (obs.rows, *reversed(obs.past)):
        if rows[obs.seat]:
            return card_index(rows[obs.seat][-1])
    return None


def _their_last(obs):
    for rows in (obs.rows, *reversed(obs.past)):
        if rows[obs.opponent]:
            return card_index(rows[obs.opponent][-1])
    return None


def _check_highest(obs, cards, played):
    assert played == max(cards)


def _check_lowest(obs, cards, played):
    assert played == min(cards)


def _check_up(obs, cards, played):
    last = _own_last(obs)
    if last is None:
        assert played == min(cards)
    else:  # nothing it may play lies strictly between its last card and this one, going up
        between = [(last + k) % 9 for k in range(1, (played - last) % 9 or 9)]
        assert not set(between) & set(cards), (last, played, cards)


def _check_down(obs, cards, played):
    last = _own_last(obs)
    if last is None:
        assert played == max(cards)
    else:
        between = [(last - k) % 9 for k in range(1, (last - played) % 9 or 9)]
        assert not set(between) & set(cards), (last, played, cards)


def _check_copy(obs, cards, played):
    theirs = _their_last(obs)
    if theirs is None:
        assert played == max(cards)
    elif theirs in cards:
        assert played == theirs
    else:
        assert abs(played - theirs) == min(abs(c - theirs) for c in cards)


@pytest.mark.parametrize(
    ("cls", "check"),
    [
        (AlwaysHighest, _check_highest),
        (AlwaysLowest, _check_lowest),
        (RotationUp, _check_up),
        (RotationDown, _check_down),
        (CopyLast, _check_copy),
    ],
    ids=lambda x: getattr(x, "name", ""),
)
def test_panel_bots_do_what_their_names_say(cls, check):
    for seed, options in enumerate(OPTION_SETS):
        watched = Watch(cls(), check)
        g = FistfulOfGold.new(seed=seed, **options)
        play_out(
            g, [watched, RandomBot(seed=seed)] if seed % 2 else [RandomBot(seed=seed), watched]
        )
        assert g.is_over and watched.duels >= 8


def test_panel_bots_are_fixed():
    a = play_match([RotationUp(seed=1), CopyLast(seed=2)])
    b = play_match([RotationUp(seed=8), CopyLast(seed=9)])
    assert a.history == b.history


def test_the_hard_bot_loads_neither_numpy_nor_scipy():
    """The play page's kernel imports the bots; the hard bot is pure Python."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tabletop_widgets.games.fistful_of_gold.bots import play_match\n"
        "from tabletop_widgets.games.fistful_of_gold.hard_bot import HardBot\n"
        "from tabletop_widgets.games.fistful_of_gold.panel import CopyLast\n"
        "play_match([CopyLast(), HardBot(seed=1)])\n"
        "print(sorted(m for m in ('numpy', 'scipy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_greedy_rule_predicts_the_greedy_bot(monkeypatch):
    """The rule the hard bot looks for in an opponent's play reproduces GreedyBot's
    choice from the opponent's true hand (one of its best cards, give or take its
    ``slack``): every card the bot played is one the rule allows (a card the rule would
    not play counts nothing here, so the fit stays above 0)."""
    from tabletop_widgets.games.fistful_of_gold import patterns
    from tabletop_widgets.games.fistful_of_gold.patterns import RULES, _round_fit
    from tabletop_widgets.games.fistful_of_gold.round_game import Rules

    monkeypatch.setattr(patterns, "MISS", 0.0)

    checked = 0
    for seed, options in enumerate(OPTION_SETS):
        g = FistfulOfGold.new(seed=seed, **options)
        greedy, other, gseat = GreedyBot(seed=seed), RandomBot(seed=seed), seed % 2
        while not g.is_over:
            seat = g.current_players()[0]
            legal = g.legal_moves(seat)
            if seat != gseat:
                g.play(other.choose(g.observation(seat), legal))
                continue
            move = greedy.choose(g.observation(seat), legal)
            if isinstance(move, Play):
                view = g.observation(1 - gseat)
                hand = bits(g.position.hands[gseat])
                fit, cards = _round_fit(RULES["greedy"], Rules.of(g.options), view, hand)
                assert card_index(move.card) in cards and fit > 0
                checked += 1
            g.play(move)
    assert checked > 40
