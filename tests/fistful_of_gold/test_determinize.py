"""A Fistful of Gold: determinize draws exactly the hidden cards a seat cannot rule out.

Hidden from a seat: the opponent's face-down discards and its choice while
unrevealed.  The draws are compared with a brute-force enumeration of every
history the seat cannot tell from the real one.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.games.fistful_of_gold import Card, Discard, FistfulOfGold, Play, Reclaim


def random_game(seed: int, stop: int | None = None, **options) -> FistfulOfGold:
    rng = random.Random(seed)
    g = FistfulOfGold.new(seed=seed, **options)
    while not g.is_over and (stop is None or len(g.history) < stop):
        g.play(rng.choice(g.legal_moves()))
    return g


def hidden_moves(game: FistfulOfGold, seat: int) -> set[int]:
    """Indexes of the opponent's moves the seat has not seen."""
    opp = 1 - seat
    out = {i for i, m in enumerate(game.history) if m.seat == opp and isinstance(m, Discard)}
    if game.position.pending[opp] is not None and game.history:
        out.add(len(game.history) - 1)
    return out


def worlds(game: FistfulOfGold, seat: int) -> set[tuple]:
    """Every history the seat cannot rule out, by trying every hidden move."""
    hidden, opp, found = hidden_moves(game, seat), 1 - seat, set()

    def walk(g: FistfulOfGold, i: int) -> None:
        if i == len(game.history):
            found.add(g.history)
            return
        for move in g.legal_moves(opp) if i in hidden else (game.history[i],):
            try:
                g.play(move)
            except IllegalMoveError:
                continue
            walk(g, i + 1)
            g.undo()

    walk(game.replay(0), 0)
    return found


def first_game(check, seeds=range(400), **options) -> FistfulOfGold:
    for seed in seeds:
        g = random_game(seed, **options)
        for n in range(len(g.history), 0, -1):
            if check(g.replay(n)):
                return g.replay(n)
    raise AssertionError("no such game")


def green_reclaimed_then_played(g: FistfulOfGold) -> bool:
    """Green took a card back in round 1 and round 2 is under way, pink's choice secret."""
    h = g.history
    back = [m.card for m in h if isinstance(m, Reclaim)]
    return (
        len(back) == 1
        and g.position.round == 2
        and g.position.phase == "duel"
        and g.position.pending[0] is not None
        and g.position.pending[1] is None
    )


def pink_choice_secret_in_round_3(g: FistfulOfGold) -> bool:
    p = g.position
    return p.round == 3 and p.phase == "duel" and p.pending[1] is not None and p.duel == 2


CASES = {
    "green sees a keep-hands game in round 3": (1, pink_choice_secret_in_round_3, {}),
    "pink sees green take a card back": (0, green_reclaimed_then_played, {}),
    "pink sees it with fresh hands": (0, green_reclaimed_then_played, {"hands": "fresh"}),
}


@pytest.mark.parametrize("case", CASES)
def test_draws_are_uniform_over_the_histories_the_seat_cannot_rule_out(case):
    seat, check, options = CASES[case]
    game = first_game(check, **options)
    possible = worlds(game, seat)
    assert game.history in possible and 1 < len(possible) <= 60, len(possible)
    rng = random.Random(1)
    draws = 40 * len(possible)
    seen = Counter(game.determinize(seat, rng).history for _ in range(draws))
    assert set(seen) == possible  # never anything impossible, and everything possible
    assert min(seen.values()) >= 40 / 3 and max(seen.values()) <= 40 * 3


def test_the_opponents_secret_choice_is_drawn_among_its_legal_cards():
    g = FistfulOfGold.new(seed=1)
    for m in ["discard pink 1 pink 2", "discard green 1 green 2", "pink 4", "green 6", "pink 8"]:
        g.play(m)
    rng = random.Random(2)
    chosen = Counter()
    for _ in range(300):
        d = g.determinize(1, rng)
        pink = d.position.pending[0]
        assert isinstance(pink, Play) and pink.card in d.position.legal_cards(0)
        assert pink.card != Card("pink", "5")  # the +1 rule after the 4
        assert d.position.hands[1] == g.position.hands[1]  # green's own cards are its own
        chosen[pink.card] += 1
    # Pink's discards are drawn again too, so even pink 1 and 2 may be chosen.
    assert Card("pink", "1") in chosen and len(chosen) == 7  # 9 - the 4 played - the 5
    # Pink sees its own choice; green's hand and discards are what pink cannot see.
    d = g.determinize(0, rng)
    assert d.position.pending[0] == g.position.pending[0]


def test_discards_never_hold_a_card_played_later_nor_miss_a_reclaimed_one():
    rng = random.Random(3)
    for seed in range(30):
        options = {"hands": "fresh"} if seed % 3 == 0 else {}
        g = random_game(seed, **options)
        for n in sorted(rng.sample(range(len(g.history) + 1), 5)):
            game = g.replay(n)
            for seat in (0, 1):
                d = game.determinize(seat, rng)
                assert d is not game and len(d.history) == len(game.history)
                assert d.observation(seat) == game.observation(seat)
                assert d.legal_moves(seat) == game.legal_moves(seat)
                assert d.movers == game.movers
                for mine, theirs in zip(d.history, game.history, strict=True):
                    if mine.seat == seat or not isinstance(mine, Discard | Play):
                        assert mine == theirs  # only the opponent's hidden moves change
        assert g.position == random_game(seed, **options).position  # untouched


def test_a_game_that_began_at_a_position_draws_the_opponents_cards_there():
    g = random_game(5, stop=30)
    start = FistfulOfGold.from_position(g.replay(17).position.to_json())
    for m in g.history[17:]:
        start.play(m)
    rng = random.Random(4)
    splits = set()
    for seat in (0, 1):
        for _ in range(40):
            d = start.determinize(seat, rng)
            assert d.observation(seat) == start.observation(seat)
            assert d.start.hands[seat] == start.start.hands[seat]
            splits.add((seat, d.start.discards[1 - seat]))
    assert len(splits) > 2  # the opponent's face-down cards at the start were drawn again
