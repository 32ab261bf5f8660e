"""A Fistful of Gold: invariants over many random games, under every option.

Undo, replay and the JSON round trips of random games are checked for every
game by ``tests/contract``; here the cards and the gold are re-derived
independently, under random combinations of the options."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, Position
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, SPECIALS, compare, deck
from tabletop_widgets.games.fistful_of_gold.duel import TIE_GOLD
from tabletop_widgets.games.fistful_of_gold.options import CHOICES
from tabletop_widgets.games.fistful_of_gold.tally import DUELS

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
    round_gold = r.details["round_gold"]
    assert round_gold == [list(t.gold) for t in pos.finished_rounds]
    assert r.details["gold"] == list(map(sum, zip(*round_gold, strict=True)))
    wins = [0, 0]
    for k, gold in enumerate(round_gold):
        if pos.options.equal_round == "nobody":
            expected = () if gold[0] == gold[1] else ((0,) if gold[0] > gold[1] else (1,))
            assert pos.round_winners[k] == expected
        for s in pos.round_winners[k]:
            wins[s] += 1
        if k < len(round_gold) - 1:
            assert max(wins) < 2  # the game would have ended earlier
    assert r.scores == tuple(wins)
    gold = r.details["gold"]
    if r.is_draw:
        assert r.places == (1, 1) and r.details["decided_by"] == "draw"
        assert wins[0] == wins[1]
    else:
        winner = r.winners[0]
        loser = 1 - winner
        assert r.places[winner] == 1 and r.places[loser] == 2
        by_rounds = wins[winner] > wins[loser]
        assert r.details["decided_by"] == ("rounds" if by_rounds else "gold")
        assert by_rounds or gold[winner] > gold[loser]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, options):
    rng = random.Random(seed)
    g = FistfulOfGold.new(seed=seed, **options)
    while not g.is_over:
        legal = g.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        assert {m.seat for m in legal} == set(g.current_players())
        g.play(rng.choice(legal))
        pos = g.position
        # Every position a game reaches reads back from JSON, whatever the options.
        assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos
        check_cards(pos)
        check_gold(pos)
        assert len(g.history) < 80
    check_result(g)
