"""determinize: the hidden hands re-dealt at the start, so the whole history replays.

The contract suite checks that the seat's observation and legal moves stay the
same; here, what is specific to Matchstick Tycoon: which cards may be re-dealt
(unseen ones; with 2-3 players the set-aside cards too; after a scenario only
the scenario's), and that every seat's start hand is its hand now plus what it
played."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Position, shapes
from tabletop_widgets.games.matchstick_tycoon.redeal import cards_out_of_play, unseen_cards
from tests.matchstick_tycoon.helpers import position


def played_by(g: MatchstickTycoon, seat: int) -> Counter:
    return Counter(
        f for m, s in zip(g.history, g.movers, strict=True) if s == seat for f in m.faces
    )


def walk(g: MatchstickTycoon, n: int, seed: int) -> MatchstickTycoon:
    rng = random.Random(seed)
    while not g.is_over and len(g.history) < n:
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    return g


@pytest.mark.parametrize(
    "players,expansion,moves", [(4, 0, 30), (3, 2, 25), (6, 4, 60), (2, 0, 200)]
)
def test_the_start_is_re_dealt_and_the_history_kept(players, expansion, moves):
    g = walk(MatchstickTycoon.new(players=players, expansion=expansion, seed=9), moves, 1)
    rng = random.Random(2)
    for seat in range(players):
        d = g.determinize(seat, rng)
        assert d.history == g.history and d.movers == g.movers
        assert d.seed is None and d.dealt and d.options == g.options
        assert d.hand(seat) == g.hand(seat) and d.start.hands[seat] == g.start.hands[seat]
        unseen = Counter(unseen_cards(g.observation(seat)))
        for s in range(players):
            assert Counter(d.start.hands[s]) == Counter(d.hand(s)) + played_by(g, s)
            if s != seat:
                assert not Counter(d.hand(s)) - unseen, "dealt a card the seat has seen"
        # the public start (sticks, first leader, table) is the same; the start is valid
        assert (d.start.sticks, d.start.to_move, d.start.table) == (
            g.start.sticks,
            g.start.to_move,
            g.start.table,
        )
        assert Position.from_json(d.start.to_json()) == d.start
        again = MatchstickTycoon.from_record(json.loads(json.dumps(d.to_record())))
        assert again.position == d.position and again.history == d.history


def test_with_three_players_set_aside_cards_can_be_dealt():
    g = walk(MatchstickTycoon.new(players=3, seed=5), 10, 3)
    dealt_now = Counter(f for s in range(3) for f in g.start.hands[s])
    set_aside = Counter(shapes.deck(0)) - dealt_now
    rng = random.Random(4)
    seen: Counter = Counter()
    for _ in range(40):
        d = g.determinize(0, rng)
        seen.update(f for s in (1, 2) for f in d.hand(s))
    assert set(seen) & set(set_aside), "the set-aside cards stay in the pool"


def test_a_game_from_a_mid_game_position_re_deals_only_its_cards():
    # A scenario: 3 seats hold 12 cards; the other 44 left play before it began.
    g = MatchstickTycoon.from_position(
        position(
            hands=[["0", "6", "8", "8"], ["1", "F", "A", "3"], ["3", "3", "A", "C"]],
            sticks=[2, 1, 1],
        )
    )
    g.play("1x0: 0")
    g.play("1x1: 1")
    assert not g.dealt and len(cards_out_of_play(g)) == 56 - 12 + 2
    in_scenario = Counter(f for h in g.start.hands for f in h)
    rng = random.Random(1)
    hands_seen = set()
    for _ in range(30):
        d = g.determinize(0, rng)
        assert not d.dealt and d.history == g.history
        assert Counter(f for h in d.start.hands for f in h) == in_scenario
        assert d.observation(0) == g.observation(0)
        hands_seen.add((d.hand(1), d.hand(2)))
    assert len(hands_seen) > 1


def test_a_finished_game_and_every_seat_can_be_determinized():
    g = walk(MatchstickTycoon.new(players=4, seed=12), 10_000, 5)
    assert g.is_over
    d = g.determinize(g.result.ranking[-1], random.Random(0))
    assert d.is_over and d.result == g.result and d.history == g.history
    with pytest.raises(IndexError):
        g.determinize(4, random.Random(0))


def test_hidden_cards_are_drawn_evenly():
    # At the deal every unseen card is as likely to be in any other seat's hand.
    g = MatchstickTycoon.new(players=4, seed=3)
    rng = random.Random(7)
    per_seat = Counter()
    draws = 300
    for _ in range(draws):
        d = g.determinize(0, rng)
        per_seat.update(s for s in (1, 2, 3) for f in d.hand(s) if f == "8")
    eights = 4 - g.hand(0).count("8")
    for s in (1, 2, 3):
        expected = draws * eights * len(g.hand(s)) / sum(len(g.hand(t)) for t in (1, 2, 3))
        assert abs(per_seat[s] - expected) < 0.25 * expected + 10
