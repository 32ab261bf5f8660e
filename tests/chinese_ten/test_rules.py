"""Chinese Ten rules, one test (or more) per rule CT-1 .. CT-6, on stacked decks."""

from __future__ import annotations

import random

import pytest

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.chinese_ten import ChineseTen, Move, Position
from tabletop_widgets.games.chinese_ten.cards import FULL_DECK, Card


def c(text: str) -> Card:
    return Card.parse(text)


def cards(texts: str) -> tuple[Card, ...]:
    return tuple(c(t) for t in texts.split())


def stacked_deck(hands: list[str], layout: str, stock: str = "", players: int = 3) -> list[str]:
    """A deck for deal 0 giving these hands, layout and top stock cards; the rest of the
    cards fill the other hand slots and the stock in deck order."""
    n, per = players, 24 // players
    used = [c(t) for t in " ".join([*hands, layout, stock]).split()]
    assert len(set(used)) == len(used)
    rest = [x for x in FULL_DECK if x not in used]
    deck: list[Card | None] = [None] * 52
    for seat in range(n):
        mine = list(cards(hands[seat])) if seat < len(hands) and hands[seat] else []
        for j in range(per):  # deal 0: the last seat deals, card i goes to seat i % n
            deck[seat + n * j] = mine[j] if j < len(mine) else rest.pop(0)
    lay = cards(layout)
    assert len(lay) == 4
    deck[24:28] = lay
    top = list(cards(stock)) if stock else []
    deck[28:] = top + rest[: 24 - len(top)]
    assert len(set(deck)) == 52
    return [str(x) for x in deck]


def stacked(
    hands: list[str],
    layout: str,
    stock: str = "",
    *,
    players: int = 3,
    moves: tuple[str, ...] = (),
    **options,
) -> ChineseTen:
    options.setdefault("target", None)
    record = {
        "game": "chinese_ten",
        "format": 2,
        "options": {"players": players, **options},
        "seed": 0,
        "decks": [stacked_deck(hands, layout, stock, players)],
        "moves": list(moves),
    }
    return ChineseTen.from_record(record)


def refused(game: ChineseTen, move: str, rule: str, *words: str) -> IllegalMoveError:
    before, history = game.position, game.history
    with pytest.raises(IllegalMoveError) as e:
        game.play(move)
    assert e.value.rule == rule, str(e.value)
    for w in words:
        assert w in str(e.value), str(e.value)
    assert game.position == before and game.history == history  # nothing changed
    return e.value


# -- CT-1 the deal ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "per"), [(2, 12), (3, 8), (4, 6)])
def test_deal_sizes(players, per):
    g = ChineseTen.new(players=players, seed=11)
    p = g.position
    assert [len(h) for h in p.hands] == [per] * players
    assert len(p.stock) == 24
    assert len(p.layout) + sum(map(len, p.captured)) == 4
    assert g.to_move == 0 and g.dealer == players - 1 and g.deal_number == 0


def test_dealing_order_follows_the_deck():
    deck = [str(x) for x in FULL_DECK]
    g = ChineseTen.from_record(
        {
            "game": "chinese_ten",
            "format": 2,
            "options": {"players": 3, "target": None},
            "seed": 0,
            "decks": [deck],
            "moves": [],
        }
    )
    p = g.position
    assert p.hands[0] == tuple(sorted(FULL_DECK[0:24:3]))
    assert p.hands[2] == tuple(sorted(FULL_DECK[2:24:3]))
    assert p.layout == FULL_DECK[24:28] and p.stock == FULL_DECK[28:]


def test_play_goes_clockwise_from_left_of_dealer_and_dealer_rotates():
    g = ChineseTen.new(players=4, seed=2, deals=3, target=None)
    seen = []
    while not g.is_over:
        if not seen or seen[-1][0] != g.deal_number:
            seen.append((g.deal_number, g.dealer, g.to_move))
        assert g.to_move == (g.dealer + 1 + g.position.turns_done) % 4
        g.play(g.legal_moves()[-1])
    assert seen == [(0, 3, 0), (1, 0, 1), (2, 1, 2)]


# -- CT-2 capturing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "target"),
    [
        ("AH", "9S"),
        ("3C", "7D"),
        ("5H", "5S"),
        ("9D", "AC"),
        ("TH", "TC"),
        ("JD", "JS"),
        ("QS", "QH"),
        ("KC", "KD"),
    ],
)
def test_capture_pairs(card, target):
    g = stacked([card], f"{target} 2H 2D 2C")
    assert Move(c(card), (c(target),)) in g.legal_moves()
    assert g.play(f"{card} x {target}") == Move(c(card), (c(target),))
    assert g.position.captured[0][:2] == (c(card), c(target))
    assert c(target) not in g.position.layout


@pytest.mark.parametrize(
    ("card", "target", "words"),
    [
        ("7H", "4S", ["The seven of hearts captures only a three", "not the four of spades"]),
        ("8H", "8S", ["only a two"]),
        ("JH", "QS", ["only another jack"]),
        ("TH", "QS", ["another ten"]),
        ("AH", "AS", ["only a nine"]),
    ],
)
def test_wrong_partner_refused(card, target, words):
    g = stacked([card], f"{target} 2H 2D 2C")
    refused(g, f"{card} x {target}", "CT-2", *words)


def test_suits_never_matter_for_capturing():
    g = stacked(["7S"], "3H 3D 4C 2C")
    assert {str(m) for m in g.legal_moves() if m.card == c("7S")} == {"7S x 3H", "7S x 3D"}


def test_sums_of_several_cards_do_not_count():
    g = stacked(["3C"], "2S 5H 4C 9C")
    assert Move(c("3C")) in g.legal_moves()  # nothing makes 10 with 3 alone
    refused(g, "3C x 2S 5H", "CT-2", "only one layout card")


def test_capturing_a_card_not_in_the_layout():
    g = stacked(["7C"], "3S 2H 2D 2C")
    refused(g, "7C x 3H", "CT-2", "The three of hearts is not in the layout")


# -- CT-3 a turn ------------------------------------------------------------------


def test_capture_is_compulsory():
    g = stacked(["7H"], "3S KD 2C 9H")
    e = refused(g, "7H", "CT-3", "can capture the three of spades", "compulsory")
    assert str(e) == (
        "The seven of hearts can capture the three of spades, and capturing is compulsory. (CT-3)"
    )


def test_player_chooses_among_several_captures():
    g = stacked(["7H"], "3S 3D 2C 9C")
    assert [str(m) for m in g.legal_moves() if m.card == c("7H")] == ["7H x 3S", "7H x 3D"]
    refused(g, "7H", "CT-3", "the three of spades or the three of diamonds")
    g.play("7h x 3d")
    assert c("3S") in g.position.layout and g.position.captured[0][:2] == cards("7H 3D")


def test_card_not_in_hand_refused():
    g = stacked(["7H"], "3S KD 2C 9H", players=3)
    refused(g, "2C", "CT-3", "not in your hand")  # on the layout
    other = g.hand(1)[0]
    refused(g, str(other), "CT-3", "not in your hand")


def test_stock_card_joins_layout_when_it_captures_nothing():
    g = stacked(["6H"], "3S KD 2C 9C", stock="QC")
    g.play("6H")
    p = g.position
    assert p.layout == cards("3S KD 2C 9C 6H QC")
    assert g.history == (Move(c("6H")),) and g.to_move == 1 and g.phase == "hand"
    assert [e.kind for e in g.events_of(1)] == ["play", "turn"]


def test_stock_card_captures_automatically_when_it_can():
    g = stacked(["6H"], "3S KD 2C 9C", stock="7D")
    g.play("6H")
    assert g.position.captured[0] == cards("7D 3S")
    assert g.to_move == 1 and len(g.history) == 1


def test_stock_card_sees_the_layout_after_the_hand_card():
    # The hand card 7H takes 3S, so the turned 7D finds nothing and joins the layout.
    g = stacked(["7H"], "3S KD 2C 9C", stock="7D")
    g.play("7H x 3S")
    assert g.position.layout == cards("KD 2C 9C 7D")
    # ... and a hand card joining the layout can be taken by the turned card.
    g = stacked(["4H"], "3S KD 2C 9C", stock="6D")
    g.play("4H")
    assert g.position.captured[0] == cards("6D 4H")


def test_stock_choice_is_a_decision_of_the_same_player():
    g = stacked(["4H"], "5S 5D 2C 9C", stock="5H")
    g.play("4H")
    assert g.phase == "stock" and g.to_move == 0 and g.position.turned == c("5H")
    assert [str(m) for m in g.legal_moves()] == ["stock 5H x 5S", "stock 5H x 5D"]
    refused(g, "6S", "CT-3", "You turned up the five of hearts", "stock 5H x 5S")
    refused(g, "stock 5H", "CT-3", "compulsory")
    refused(g, "stock 5C x 5S", "CT-3", "is the five of hearts, not the five of clubs")
    refused(g, "stock 5H x 2C", "CT-2")
    # The choice belongs to the seat that played the hand card: no other seat may make it.
    assert g.current_players() == (0,) and g.legal_moves(0) == g.legal_moves()
    assert g.legal_moves(1) == g.legal_moves(2) == ()
    with pytest.raises(IllegalMoveError) as e:
        g.play("stock 5H x 5D", seat=1)
    assert e.value.rule == "CT-3" and str(e.value) == "It is seat 1's turn, not seat 2's. (CT-3)"
    assert g.phase == "stock" and len(g.history) == 1
    choice = Move(c("5H"), (c("5D"),), stock=True)
    assert g.parse_move("5H x 5D") == choice  # the prefix is optional while the card waits
    assert g.play("5H x 5D", seat=0) == choice
    assert g.phase == "hand" and g.to_move == 1 and g.movers == (0, 0)
    assert g.position.captured[0] == cards("5H 5D")
    assert [str(m) for m in g.history] == ["4H", "stock 5H x 5D"]
    # Undo goes back to the waiting stock card, then before the hand card.
    assert str(g.undo()) == "stock 5H x 5D" and g.phase == "stock"
    assert str(g.undo()) == "4H" and g.phase == "hand" and g.position.turned is None


def test_stock_move_before_playing_from_hand_refused():
    g = stacked(["4H"], "5S 5D 2C 9C", stock="5H")
    refused(g, "stock 5H x 5S", "CT-3", "First play a card from your hand")


# -- CT-4 special layouts ---------------------------------------------------------


def test_fourth_card_takes_the_three_of_the_first_layout():
    g = stacked(["KH"], "KS KD KC 2C")
    assert [m for m in g.legal_moves() if m.card == c("KH")] == [Move(c("KH"), cards("KS KD KC"))]
    refused(g, "KH x KS", "CT-4", "the fourth king: it captures all three kings")
    refused(g, "KH", "CT-3", "compulsory")
    g.play("KH x KS KD KC")
    assert g.position.captured[0][:4] == cards("KH KS KD KC")
    assert not any(x.rank == 13 for x in g.position.layout)


def test_fourth_five_turned_from_stock_takes_the_three():
    g = stacked(["9H"], "5S 5D 5C 2C", stock="5H")
    g.play("9H")  # nothing to capture; then 5H is turned up and takes all three 5s
    assert g.position.captured[0] == cards("5H 5S 5D 5C")
    assert g.phase == "hand" and g.to_move == 1


def test_four_of_a_kind_go_to_the_dealer():
    g = stacked([], "QS QH QD QC")
    p = g.position
    assert p.layout == () and p.captured[2] == cards("QS QH QD QC") and g.dealer == 2
    assert [e.kind for e in g.events_of(0)] == ["deal", "dealer_takes"]
    assert p.current_points == (0, 0, 20)
    assert str(g.events_of(0)[1]) == (
        "The first layout holds four of a kind: the dealer, Seat 3, takes the queen of spades, "
        "the queen of hearts, the queen of diamonds and the queen of clubs (CT-4)."
    )
    while not g.is_over:  # the deal still works out, with an empty first layout
        assert Position.from_json(g.position.to_json()) == g.position
        g.play(g.legal_moves()[0])
    assert Position.from_json(g.position.to_json()) == g.position
    assert sum(g.deal_points[0]) == 240 and g.position.layout == ()


def test_four_of_another_rank_are_ordinary():
    g = stacked(["3H"], "7S 7H 7D 7C")
    assert g.position.layout == cards("7S 7H 7D 7C")
    assert len([m for m in g.legal_moves() if m.card == c("3H")]) == 4


def test_two_of_a_kind_in_first_layout_are_taken_one_by_one():
    g = stacked(["JH", "", "JC"], "JS JD 2C 9C", stock="2D 2H")
    g.play("JH x JD")
    assert c("JS") in g.position.layout


# -- CT-5 scoring -----------------------------------------------------------------


def test_captured_points_standard_and_frog():
    g = stacked(["AH"], "9S KD 2C 3C", scoring="standard", stock="8C")
    g.play("AH x 9S")  # AH 20, 9S 0; then 8C takes 2C: 0
    assert g.current_points == (20, 0, 0)
    g = stacked(["AH"], "9S KD 2C 3C", scoring="red_frog_black_frog", stock="8C")
    g.play("AH x 9S")  # AH 0, 9S 9; 8C 8 + 2C 2
    assert g.current_points == (19, 0, 0)


def test_ace_of_spades_and_clubs_by_player_count():
    for players, expected in ((2, 0), (3, 30), (4, 30)):
        g = stacked(["9C"], "AS KD 2C 3C", players=players, stock="QH")
        g.play("9C x AS")
        assert g.current_points[0] == expected
    for players, expected in ((3, 0), (4, 40)):
        g = stacked(["9D"], "AC KD 2C 3C", players=players, stock="QH")
        g.play("9D x AC")
        assert g.current_points[0] == 10 + expected


# -- CT-6 the match ---------------------------------------------------------------


def play_out(g: ChineseTen) -> ChineseTen:
    while not g.is_over:
        g.play(g.legal_moves()[0])
    return g


def test_match_ends_when_a_total_reaches_the_target():
    g = play_out(ChineseTen.new(players=3, seed=8, target=300))
    totals = g.totals
    assert max(totals) >= 300
    before_last = [sum(d[s] for d in g.deal_points[:-1]) for s in range(3)]
    assert max(before_last) < 300
    r = g.result
    assert r is not None and r.scores == totals
    assert r.details == {
        "deals": len(g.deal_points),
        "deal_points": [list(d) for d in g.deal_points],
    }
    assert r.winners == tuple(s for s in range(3) if totals[s] == max(totals))
    # Places by final total: 1 + the number of seats with more.
    assert r.places == tuple(1 + sum(t > totals[s] for t in totals) for s in range(3))
    assert r.ranking[0] in r.winners and sorted(r.ranking) == [0, 1, 2]
    assert g.current_players() == () and g.to_move is None and g.legal_moves() == ()
    refused(g, "7H", "CT-6", "over")


def test_default_target_is_1000():
    g = play_out(ChineseTen.new(seed=1))
    assert max(g.totals) >= 1000 and g.options.target == 1000
    assert g.result.details["deals"] == len(g.deal_points) > 1


def test_single_deal_and_fixed_number_of_deals():
    assert len(play_out(ChineseTen.new(seed=3, target=None)).deal_points) == 1
    g = play_out(ChineseTen.new(seed=3, target=None, deals=4))
    assert len(g.deal_points) == 4
    g = play_out(ChineseTen.new(seed=3, target=10_000, deals=2))
    assert len(g.deal_points) == 2


@pytest.mark.parametrize(("players", "tie"), [(2, 105), (3, 80), (4, 70)])
def test_settle_scores_against_the_tie(players, tie):
    g = play_out(ChineseTen.new(players=players, seed=5, settle=True, deals=3, target=None))
    assert g.options.tie_score == tie
    assert g.totals == tuple(sum(d[s] - tie for d in g.deal_points) for s in range(players))
    assert sum(g.totals) == 0
    # The result ranks by the settled totals (some negative).
    assert g.result.scores == g.totals and min(g.result.scores) < 0
    assert g.result.winners == tuple(s for s, t in enumerate(g.totals) if t == max(g.totals))


def test_settle_with_target():
    g = play_out(ChineseTen.new(players=2, seed=5, settle=True, target=100))
    assert max(g.totals) >= 100 and sum(g.totals) == 0


def test_settle_frog_only_with_two_players():
    g = play_out(ChineseTen.new(players=2, scoring="red_frog_black_frog", settle=True, target=None))
    assert g.totals == tuple(p - 109 for p in g.deal_points[0])
    for players in (3, 4):
        with pytest.raises(PositionError) as e:
            ChineseTen.new(players=players, scoring="red_frog_black_frog", settle=True)
        assert e.value.field == "options.settle"


def test_tied_totals_share_the_win():
    g = play_out(ChineseTen.new(players=2, seed=5, target=None))
    pos = g.position.to_json()
    # Same cards, but give the seats equal piles: a tie is a shared win.
    pos["captured"] = [[], []]
    reds = [x for x in FULL_DECK if x.is_red]
    blacks = [x for x in FULL_DECK if not x.is_red]
    # Capturing pairs: each red card paired with a black partner.
    piles: list[list[str]] = [[], []]
    for i, red in enumerate(reds):
        partner = next(
            b for b in blacks if b.rank == (red.rank if red.rank >= 10 else 10 - red.rank)
        )
        blacks.remove(partner)
        piles[i % 2] += [str(red), str(partner)]
    for i in range(0, len(blacks), 2):
        piles[(i // 2) % 2] += [str(blacks[i]), str(blacks[i + 1])]
    pos["captured"] = piles
    try:
        tied = ChineseTen.from_position({**pos, "deal_points": [[105, 105]]})
    except PositionError:
        pytest.skip("this pairing is not a valid set of piles")
    assert tied.is_over and tied.result.winners == (0, 1) and tied.result.places == (1, 1)
    assert tied.result.is_draw and tied.result.scores == (105, 105)


@pytest.mark.parametrize(
    ("seed", "totals", "places"),
    [
        (0, (106, 50, 84), (1, 3, 2)),
        (51, (73, 94, 73), (2, 1, 2)),
        (60, (40, 100, 100), (3, 1, 1)),
        (86, (80, 80, 80), (1, 1, 1)),
    ],
)
def test_places_by_final_total_equal_totals_share(seed, totals, places):
    """Random single deals (seeded) whose totals tie in each way."""
    g = ChineseTen.new(players=3, seed=seed, target=None)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    r = g.result
    assert (g.totals, r.scores, r.places) == (totals, totals, places)
    assert r.winners == tuple(s for s in range(3) if places[s] == 1)


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (dict(players=1), "options.players"),
        (dict(players=5), "options.players"),
        (dict(players="3"), "options.players"),
        (dict(players=True), "options.players"),
        (dict(scoring="frog"), "options.scoring"),
        (dict(settle=1), "options.settle"),
        (dict(target=0), "options.target"),
        (dict(target=-5), "options.target"),
        (dict(deals=0), "options.deals"),
        (dict(target=1.5), "options.target"),
        (dict(colour="red"), "options.colour"),
        (dict(seed="x"), "seed"),
        (dict(seed=-1), "seed"),
        (dict(seed=True), "seed"),
    ],
)
def test_bad_options_refused(bad, field):
    with pytest.raises(PositionError) as e:
        ChineseTen.new(**bad)
    assert e.value.field == field


def test_events_describe_automatic_steps():
    g = stacked(["4H"], "5S 5D 2C 9C", stock="5H 3D")
    # Seats as people count them (the engine's seat 0 is Seat 1), cards in words.
    assert [str(e) for e in g.events_of(0)] == ["Deal 1: Seat 3 deals."]
    g.play("4H")
    assert [str(e) for e in g.events_of(1)] == [
        "Seat 1 plays the four of hearts; it joins the layout.",
        "Seat 1 turns up the five of hearts; it can capture more than one card.",
    ]
    g.play("stock 5H x 5S")
    assert [str(e) for e in g.events_of(2)] == [
        "Seat 1 turns up the five of hearts and captures the five of spades."
    ]
    while not g.is_over:
        g.play(g.legal_moves()[0])
    kinds = [e.kind for e in g.events]
    assert kinds[-2:] == ["deal_end", "match_end"] and kinds.count("deal") == 1
    assert str(g.events[-2]).startswith("Deal 1 ends; points by seat: ")
    assert str(g.events[-1]).startswith("The match ends; totals by seat: ")
    assert "[" not in str(g.events[-1])


def test_misc_api():
    g = ChineseTen.new(seed=1, target=None)
    assert g.result is None and g.totals == (0, 0, 0) and g.seed == 1
    m = g.legal_moves()[0]
    assert g.is_legal(m) and g.explain(m) is None
    assert not g.is_legal("ZZ") and g.explain("ZZ").endswith("(notation)")
    assert g.verify(str(m).lower()) == m
    assert g.play_many([m]) == [m] and g.history == (m,)
    assert "3 players" in repr(g)
    with pytest.raises(IndexError):
        g.replay(5)
    g.undo()
    with pytest.raises(IndexError):
        g.undo()


def test_legal_moves_follow_undo_and_a_different_move():
    g = stacked(["7H", "", ""], "3S 3D 2C 9C", stock="QC QD")
    moves0 = g.legal_moves()
    g.play(moves0[0])
    g.legal_moves()
    g.undo()
    g.play(moves0[-1])  # without asking for legal moves in between
    assert g.legal_moves() == ChineseTen.from_position(g.position).legal_moves()
