"""A Fistful of Gold: invariants over many random games, under every option."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, Position
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, SPECIALS, compare, deck
from tabletop_widgets.games.fistful_of_gold.position import CHOICES, DUELS, TIE_GOLD

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        **{name: st.sampled_from(values) for name, values in CHOICES.items()},
        "specials": st.sets(st.sampled_from(sorted(SPECIALS))),
    },
)


def check_cards(pos: Position) -> None:
    for s, colour in enumerate(COLOURS):
        places = [*pos.hands[s], *pos.discards[s], *pos.rows[s]]
        assert sorted(places) == sorted(deck(colour))


def check_gold(pos: Position) -> None:
    """Re-derive every duel's gold from the cards, independently of the engine's order."""
    opts = pos.options
    pot = 0
    for t in pos.tallies:
        if opts.pot_at_round_end == "lost":
            pot = 0
        total = [0, 0]
        for i, d in enumerate(t.duels):
            assert d.pot_before == pot
            winner, amount = compare(*d.cards, opts.specials)
            assert d.winner == winner
            tie = winner is None
            for s in (0, 1):
                won = amount + d.bonus[s] if winner == s else 0
                assert d.gold[s] == won + d.pot_taken[s]
                assert d.bonus[s] in (0, 1) and (d.bonus[s] == 0 or winner == s)
                if d.pot_taken[s]:
                    assert d.cards[s].rank == "6" and "six" in opts.specials
                    earlier = [c.rank for c in (pos.past + (pos.rows,))[t.number - 1][1 - s][:i]]
                    assert "6" not in earlier
                total[s] += d.gold[s]
            assert d.pot_after == pot + (TIE_GOLD if tie else 0) - sum(d.pot_taken)
            assert d.pot_after >= 0 and d.pot_after % 2 == 0
            pot = d.pot_after
        assert tuple(total) == t.gold and t.pot == pot


def check_result(g: FistfulOfGold) -> None:
    pos, r = g.position, g.result
    assert r is not None and pos.is_over
    assert 1 <= len(pos.past) <= 3
    for k, rows in enumerate(pos.past):
        assert len(rows[0]) <= DUELS[k]
    assert r.round_gold == tuple(t.gold for t in pos.finished_rounds)
    assert r.gold == tuple(map(sum, zip(*r.round_gold, strict=True)))
    wins = [0, 0]
    for k, gold in enumerate(r.round_gold):
        if pos.options.equal_round == "nobody":
            expected = () if gold[0] == gold[1] else ((0,) if gold[0] > gold[1] else (1,))
            assert pos.round_winners[k] == expected
        for s in pos.round_winners[k]:
            wins[s] += 1
        if k < len(r.round_gold) - 1:
            assert max(wins) < 2  # the game would have ended earlier
    assert r.round_wins == tuple(wins)
    if r.winner is not None:
        loser = 1 - r.winner
        assert wins[r.winner] > wins[loser] or r.gold[r.winner] > r.gold[loser]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, options):
    rng = random.Random(seed)
    g = FistfulOfGold.new(seed=seed, **options)
    snapshots = [g.position]
    while not g.is_over:
        legal = g.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        assert {m.seat for m in legal} == set(g.to_move)
        move = rng.choice(legal)
        before = g.position
        assert g.play(move) == move
        # Undo is exact, and the notation plays the same move.
        assert g.undo() == move and g.position == before
        assert g.play(str(move)) == move
        pos = g.position
        assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos
        check_cards(pos)
        check_gold(pos)
        snapshots.append(pos)
        assert len(g.history) < 80
    check_result(g)
    n = rng.randrange(len(g.history) + 1)
    r = g.replay(n)
    assert r.position == snapshots[n] and r.history == g.history[:n]
    assert g.position == snapshots[-1]
    copy = FistfulOfGold.from_record(json.loads(json.dumps(g.to_record())))
    assert copy.history == g.history and copy.position == g.position


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_undo_all_the_way_back(seed):
    rng = random.Random(seed)
    g = FistfulOfGold.new()
    seen = [g.position]
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
        seen.append(g.position)
    while g.history:
        g.undo()
        seen.pop()
        assert g.position == seen[-1]
    assert g.position == Position.initial()
