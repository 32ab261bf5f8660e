"""Position JSON: what from_json refuses, and which field it names."""

from __future__ import annotations

import copy

import pytest

from tabletop_widgets.core.errors import PositionError
from tabletop_widgets.games.chinese_ten import Card, ChineseTen, Position, capture_options


def start(players: int = 3, seed: int = 7) -> dict:
    return ChineseTen.new(players=players, seed=seed).position.to_json()


def midgame(moves: int = 5, seed: int = 7) -> dict:
    g = ChineseTen.new(seed=seed)
    for _ in range(moves):
        g.play(g.legal_moves()[0])
    return g.position.to_json()


def field_of(data) -> str:
    with pytest.raises(PositionError) as e:
        Position.from_json(data)
    return e.value.field


def test_every_key_is_required_even_nested_options():
    data = start()
    p = Position.from_json(data)
    assert p.to_json() == data and Position.from_json(p) == p
    slim = {k: data[k] for k in ("hands", "layout", "stock", "captured")}
    assert field_of(slim) == "game"  # no defaults: the first missing key is named
    for key in data["options"]:
        bad = copy.deepcopy(data)
        del bad["options"][key]
        assert field_of(bad) == f"options.{key}"


def test_lenient_card_spellings_are_normalised():
    data = start()
    data["layout"] = [x.lower() for x in data["layout"]]
    data["hands"][0] = list(reversed(data["hands"][0]))
    assert Position.from_json(data) == Position.from_json(start())


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d.update(hands=d["hands"][:2]), "hands"),
        (lambda d: d.pop("hands"), "hands"),
        (lambda d: d.update(colour="red"), "colour"),
        (lambda d: d.update(game="chess"), "game"),
        (lambda d: d.update(seed="7"), "seed"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(seed=None), "seed"),
        (lambda d: d.update(deal_number=True), "deal_number"),
        (lambda d: d.update(deal_number=-1), "deal_number"),
        (lambda d: d["options"].update(players=5), "options.players"),
        (lambda d: d["options"].update(scoring="frog"), "options.scoring"),
        (lambda d: d["options"].update(colour=1), "options.colour"),
        (lambda d: d.update(options=[]), "options"),
        (lambda d: d["layout"].__setitem__(0, "ZZ"), "layout[0]"),
        (lambda d: d["layout"].__setitem__(1, 7), "layout[1]"),
        (lambda d: d.update(layout="AS"), "layout"),
        (lambda d: d["stock"].__setitem__(3, d["stock"][2]), "stock[3]"),
        (lambda d: d["hands"][1].__setitem__(3, d["hands"][0][0]), "hands[1][3]"),
        (lambda d: d["hands"][2].pop(), "cards"),
        # A turned stock card means seat 0 has already played from its hand.
        (lambda d: d.update(turned=d["stock"].pop(0)), "hands[0]"),
        (lambda d: d.update(to_move=1), "to_move"),
        (lambda d: d.update(to_move=None), "to_move"),
        (lambda d: d.update(to_move=False), "to_move"),  # 0, but not a seat number
        (lambda d: d.update(to_move=0.0), "to_move"),
        (lambda d: d.update(dealer=0), "dealer"),
        (lambda d: d.update(dealer="2"), "dealer"),
        (lambda d: d.update(turned=7), "turned"),
        (lambda d: d.update(turned="ZZ"), "turned"),
        (lambda d: d["options"].update(settle="no"), "options.settle"),
        (lambda d: d["options"].update(target=0), "options.target"),
        (lambda d: d.update(deal_points=[[80, 80, 80]]), "deal_points"),
        (lambda d: d.update(deal_points=[[80, 80, 81]], deal_number=1), "deal_points[0]"),
        (lambda d: d.update(deal_points=[[80, 80, -80]], deal_number=1), "deal_points[0][2]"),
        (lambda d: d.update(deal_points=[[80, 80, "x"]], deal_number=1), "deal_points[0][2]"),
        (lambda d: d.update(deal_points={}), "deal_points"),
        (lambda d: d.update(captured=[[], []]), "captured"),
        (lambda d: d["captured"].__setitem__(0, "x"), "captured[0]"),
    ],
)
def test_refusals_name_the_field(mutate, field):
    data = copy.deepcopy(start())
    mutate(data)
    assert field_of(data) == field


def test_not_an_object():
    for bad in (None, [], "x", 3):
        assert field_of(bad) == "position"


def test_hand_sizes_must_match_the_turns():
    data = start()
    data["stock"].append(data["hands"][0].pop())  # 25 stock cards
    assert field_of(data) == "stock"
    data = start()
    data["layout"].append(data["hands"][1].pop())  # seat 1 short of a card
    assert field_of(data) == "hands[1]"


def test_captured_pile_must_be_capturing_pairs():
    data = midgame(0)
    g = ChineseTen.from_position(data)
    # Seat 0 plays and captures; tamper with what it took.
    for m in g.legal_moves():
        if m.captures:
            g.play(m)
            break
    else:
        pytest.skip("no capture available")
    data = g.position.to_json()
    pile = next(i for i, p in enumerate(data["captured"]) if p)
    first = data["captured"][pile][0]
    # swap the capturing card with a non-partner card from a hand
    other = next(
        c for h in data["hands"] for c in h if c[0] not in (first[0], data["captured"][pile][1][0])
    )
    for h in data["hands"]:
        if other in h:
            h[h.index(other)] = first
    data["captured"][pile][0] = other
    assert field_of(data).startswith(f"captured[{pile}]")


def test_captures_need_played_cards():
    data = start(seed=7)
    # Before any turn nobody can have captured anything (no dealer's four here).
    data["captured"][1] = data["layout"][:2]
    data["layout"] = data["layout"][2:]
    assert field_of(data).startswith("captured[1]")


def test_layout_cannot_hold_four_of_a_kind_of_self_ranks():
    data = start()
    # Put four kings in the layout by swapping cards around.
    kings = ["KS", "KH", "KD", "KC"]
    zones = [data["layout"], data["stock"], *data["hands"]]
    for i, k in enumerate(kings):
        for z in zones:
            if k in z:
                z[z.index(k)] = data["layout"][i]
                break
        data["layout"][i] = k
    assert field_of(data).startswith("layout")


def test_clashing_layout_beyond_the_first_four_cards():
    g = ChineseTen.new(seed=7)
    while len(g.position.layout) < 6:
        g.play(g.legal_moves()[-1])
    data = g.position.to_json()
    # Swap in five cards of one capture class (3s and 7s) into the layout.
    wanted = ["3S", "3H", "7D", "7C", "3D"]
    zones = [data["stock"], *data["hands"], *data["captured"], data["layout"]]
    for i, w in enumerate(wanted):
        for z in zones:
            if w in z:
                z[z.index(w)] = data["layout"][i]
                break
        data["layout"][i] = w
    data["hands"] = [sorted(h) for h in data["hands"]]
    f = field_of(data)
    assert f in ("layout", "layout[0]") or f.startswith("captured")


def test_waiting_stock_card_needs_several_captures():
    g = ChineseTen.new(seed=0)
    for seed in range(200):
        g = ChineseTen.new(seed=seed, target=None)
        while not g.is_over and g.phase != "stock":
            g.play(g.legal_moves()[0])
        if g.phase == "stock":
            break
    assert g.phase == "stock"
    data = g.position.to_json()
    assert Position.from_json(data).turned is not None
    # Turning the waiting card into one with no double capture is refused.
    turned = data["turned"]
    layout = [Card.parse(x) for x in data["layout"]]
    hand = data["hands"][g.to_move]
    swap = next(x for x in hand if len(capture_options(Card.parse(x), layout)) < 2)
    hand[hand.index(swap)] = turned
    data["turned"] = swap
    assert field_of(data) == "turned"


def test_finished_deal_must_end_the_match():
    g = ChineseTen.new(seed=2, target=None)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    data = g.position.to_json()
    assert Position.from_json(data).is_over
    bad = copy.deepcopy(data)
    bad["options"]["deals"] = 2
    assert field_of(bad) == "deal_points"
    bad = copy.deepcopy(data)
    pts = bad["deal_points"][0]
    pts[0], pts[1] = pts[1], pts[0]
    if pts[0] != pts[1]:
        assert field_of(bad) == "deal_points[0]"


def test_earlier_deals_must_not_have_ended_the_match():
    g = ChineseTen.new(seed=2, target=200)
    while g.deal_number < 1:
        g.play(g.legal_moves()[0])
    data = g.position.to_json()
    assert Position.from_json(data).deal_number == 1
    data["deal_points"][0] = [200, 40, 0]
    assert field_of(data) == "deal_points[0]"
