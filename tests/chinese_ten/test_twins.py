"""Twins: moves no rule tells apart (the two of hearts and the two of diamonds: same rank,
same points).  A newcomer's review marked "lay down the two of diamonds" an inaccuracy
beside the coach's "lay down the two of hearts": the playouts' noise told two equal moves
apart.  The coach and the review now rank one move of each set of twins."""

from __future__ import annotations

from tabletop_widgets.analysis.review import review
from tabletop_widgets.core.search import analyse
from tabletop_widgets.games.chinese_ten import ChineseTen, twin_key

SEED = 8  # a first hand of 2 players with 15 legal moves, of which 10 differ


def _game() -> ChineseTen:
    return ChineseTen.new(players=2, seed=SEED, target=None)


def test_the_coach_ranks_one_move_of_each_set_of_twins():
    g = _game()
    obs, legal = g.observation(g.to_move), g.legal_moves()
    keys = {twin_key(obs, m) for m in legal}
    assert len(keys) < len(legal)  # the position has twins
    report = analyse(g, budget=200, seed=1)
    ranked = [c.move for c in report]
    assert len({twin_key(obs, m) for m in ranked}) == len(ranked) == len(keys)


def test_moves_asked_for_are_all_tried_twins_too():
    g = _game()
    report = analyse(g, budget=200, seed=1, candidates="all")
    assert len(list(report)) == len(g.legal_moves())


def test_a_kept_move_stands_for_its_twins():
    g = _game()
    obs, legal = g.observation(g.to_move), g.legal_moves()
    played = next(
        m for m in legal if any(twin_key(obs, o) == twin_key(obs, m) for o in legal if o != m)
    )
    report = analyse(g, budget=200, seed=1, keep=[played])
    moves = [c.move for c in report]
    assert played in moves
    assert not [m for m in moves if m != played and twin_key(obs, m) == twin_key(obs, played)]


def test_a_review_never_calls_a_move_worse_than_its_twin():
    g = _game()
    seat = g.to_move
    # Every move of the learner is the twin of another legal move where there is one.
    while not g.is_over:
        obs, legal = g.observation(g.to_move), g.legal_moves()
        paired = [
            m for m in legal if any(twin_key(obs, o) == twin_key(obs, m) for o in legal if o != m)
        ]
        g.play(paired[-1] if paired and g.to_move == seat else legal[0])
    r = review(g, seat=seat, budget=120, passes=1, seed=3)
    assert r.decisions
    for d in r.decisions:
        before = g.replay(d.index)
        obs = before.observation(seat)
        if d.best != d.played:
            assert twin_key(obs, d.best) != twin_key(obs, d.played), d
