"""Chinese Ten ``determinize``: what one seat cannot see is drawn again, everything it has
seen stays.  (That the observation and the legal moves are unchanged, for every game:
the contract suite.)"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_widgets.core import load_record
from tabletop_widgets.games.chinese_ten import FULL_DECK, ChineseTen, Position


def random_game(seed: int, moves: int, **options) -> ChineseTen:
    rng = random.Random(seed)
    g = ChineseTen.new(seed=seed, **options)
    while not g.is_over and len(g.history) < moves:
        g.play(rng.choice(g.legal_moves()))
    return g


def all_cards(p: Position) -> Counter:
    cards = [c for h in p.hands for c in h] + list(p.layout) + list(p.stock)
    cards += [c for pile in p.captured for c in pile] + ([p.turned] if p.turned else [])
    return Counter(cards)


def unseeded(p: Position) -> Position:
    return replace(p, seed=0)


def deal_start(g: ChineseTen) -> int:
    """The number of moves before the current deal began."""
    n = len(g.history)
    while n > 0 and g.replay(n - 1).deal_number == g.deal_number:
        n -= 1
    return n


def check(g: ChineseTen, seat: int, d: ChineseTen) -> None:
    """Everything ``seat`` has seen is the same in ``d``; the hidden cards are all there."""
    assert d.history == g.history and d.movers == g.movers
    assert d.observation(seat) == g.observation(seat)
    # The automatic steps are public: every card played, turned up and captured, in order.
    assert d.events == g.events
    p, q = g.position, d.position
    assert q.hands[seat] == p.hands[seat] and all_cards(q) == Counter(FULL_DECK)
    assert [len(h) for h in q.hands] == [len(h) for h in p.hands]
    assert len(q.stock) == len(p.stock) and q.turned == p.turned
    hidden = set(p.stock) | {c for s, h in enumerate(p.hands) if s != seat for c in h}
    assert set(q.stock) | {c for s, h in enumerate(q.hands) if s != seat for c in h} == hidden
    # Earlier deals are fully known: the same positions, only a fresh seed for later decks.
    b = deal_start(g)
    for k in range(b):
        assert unseeded(d.replay(k).position) == unseeded(g.replay(k).position)
    assert Position.from_json(q.to_json()) == q  # a position that can arise in a game


def test_the_hidden_cards_are_drawn_again():
    g = random_game(3, 7, players=3, target=None)
    seat = g.to_move
    others = Counter()
    stock_tops = Counter()
    for i in range(200):
        d = g.determinize(seat, random.Random(i))
        check(g, seat, d)
        others.update(c for s, h in enumerate(d.position.hands) if s != seat for c in h)
        stock_tops[d.position.stock[0]] += 1
    hidden = set(g.position.stock) | {
        c for s, h in enumerate(g.position.hands) if s != seat for c in h
    }
    assert set(others) == hidden and set(stock_tops) == hidden  # anything can be anywhere
    # Roughly uniform: each hidden card is in another hand about (cards there / hidden) of
    # the time.
    share = sum(len(h) for s, h in enumerate(g.position.hands) if s != seat) / len(hidden)
    assert all(abs(n / 200 - share) < 0.2 for n in others.values())


def test_the_stock_cards_turned_up_keep_their_places_and_a_waiting_card_waits():
    for seed in range(100):
        g = ChineseTen.new(players=3, seed=seed, target=None)
        while not g.is_over and g.phase != "stock":
            g.play(g.legal_moves()[0])
        if g.phase == "stock":
            break
    assert g.phase == "stock"
    for seat in range(3):
        d = g.determinize(seat, random.Random(seat))
        check(g, seat, d)
        assert d.phase == "stock" and d.position.turned == g.position.turned
        assert d.legal_moves(seat) == g.legal_moves(seat)
        # The turned-up cards of the deal so far, in order, at the top of its stock.
        start = d.replay(0).position.stock
        turned_up = 24 - len(g.position.stock)
        assert start[:turned_up] == g.replay(0).position.stock[:turned_up]


def test_later_deals_come_from_a_fresh_seed():
    g = random_game(5, 30, players=2, target=None, deals=3)
    assert g.deal_number == 1
    d = g.determinize(0, random.Random(1))
    check(g, 0, d)
    real, drawn = g.to_record(), d.to_record()
    assert drawn["decks"][0] == real["decks"][0]  # the first deal is fully known
    assert drawn["decks"][1] != real["decks"][1]  # the current one is re-dealt
    assert drawn["seed"] != real["seed"]
    assert all(d.replay(k).position.seed == drawn["seed"] for k in range(len(d.history) + 1))
    # Play both on to the next deal: its deck is not the real one.
    for game in (g, d):
        while game.deal_number == 1:
            game.play(game.legal_moves()[0])
    assert d.to_record()["decks"][2] != g.to_record()["decks"][2]
    assert d.position.hands != g.position.hands


def test_the_game_itself_is_untouched_and_the_result_replays():
    g = random_game(8, 40, players=4, target=300)
    before = (g.position, g.history, g.to_record())
    d = g.determinize(2, random.Random(0))
    assert (g.position, g.history, g.to_record()) == before
    again = load_record(json.loads(json.dumps(d.to_record())))
    assert again.position == d.position and again.history == d.history


def test_a_game_begun_at_a_position_and_a_finished_match():
    g = random_game(4, 12, players=3, target=None)
    h = ChineseTen.from_position(g.position.to_json())
    for _ in range(5):
        h.play(h.legal_moves()[0])
    d = h.determinize(1, random.Random(3))
    check(h, 1, d)
    assert d.seed is None and d.replay(0).position.layout == h.replay(0).position.layout
    assert load_record(d.to_record()).position == d.position
    done = random_game(2, 10_000, players=2, target=None)
    assert done.is_over
    d = done.determinize(0, random.Random(0))
    check(done, 0, d)
    assert unseeded(d.position) == unseeded(done.position)  # nothing was hidden any more


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4]),
    st.integers(0, 80),
    st.integers(0, 3),
    st.booleans(),
)
def test_determinized_games_are_real_games(seed, players, moves, seat, settle):
    """Any match, any seat, any moment: the drawn game is consistent and plays on to its
    end (the engine's CT-4 assertion, that the last stock card takes the last layout card,
    never fires)."""
    g = random_game(seed, moves, players=players, settle=settle, target=None, deals=3)
    seat %= players
    d = g.determinize(seat, random.Random(seed))
    check(g, seat, d)
    rng = random.Random(seed)
    while not d.is_over:
        d.play(rng.choice(d.legal_moves()))
    assert len(d.deal_points) == 3
