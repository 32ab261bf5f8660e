"""A Fistful of Gold: the SVG duel cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletop_widgets.games.fistful_of_gold.cards import Card, beats_and_loses, deck
from tabletop_widgets.games.fistful_of_gold.render import back_svg, duel_card_svg, row_svg

ALL = deck("pink") + deck("green")


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_face_is_wellformed_and_complete(card):
    svg = duel_card_svg(card, width=90)
    root = ET.fromstring(svg)
    assert root.get("width") == "90" and root.get("aria-label") == str(card)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    beats, loses = beats_and_loses(card)
    assert "beats " + " ".join(beats) in texts
    assert "loses to " + " ".join(loses) in texts
    # Colour is not the only signal: the colour letter is printed.
    assert card.colour[0].upper() in texts
    if card.rank in "678D":
        assert len(texts) >= 9  # corners, value or name, power lines, beats/loses


def test_patterns_differ_between_colours():
    pink, green = duel_card_svg(Card("pink", "3")), duel_card_svg(Card("green", "3"))
    assert "<line" in pink and "<circle" not in pink
    assert "<circle" in green


def test_specials_switched_off_change_the_face():
    on = duel_card_svg(Card("pink", "8"))
    off = duel_card_svg(Card("pink", "8"), specials=())
    assert "Against a 1:" in on and "Against a 1:" not in off
    assert "beats 1 5 6 7 D" in on and "beats 5 6 7 D" in off


def test_repr_svg_back_and_row():
    assert Card("green", "7")._repr_svg_() == duel_card_svg(Card("green", "7"))
    ET.fromstring(back_svg(width=60))
    row = row_svg([Card("pink", "1"), None], width=50, highlight=[Card("pink", "1")])
    root = ET.fromstring(row)
    assert root.get("aria-label") == "pink 1, card back"
    assert "#f0a500" in row
    assert ET.fromstring(row_svg([])).get("aria-label") == "no cards"


# -- notebook display: every object of the engine draws itself ------------------------


SVG = "{http://www.w3.org/2000/svg}"


def titles(svg: str) -> list[str]:
    """The names of the cards drawn (each card face or back has a <title>)."""
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG}title")]


def mid_game():
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold

    g = FistfulOfGold.new(seed=1)
    for m in [
        "discard pink 1 pink 2",
        "discard green 3 green 4",
        "pink 5",
        "green 8",
        "reclaim green 3",
        "pink 7",
    ]:
        g.play(m)
    return g


def test_the_game_its_position_moves_and_hands_draw_themselves():
    from tabletop_widgets.games.fistful_of_gold import Hand, Move

    g = mid_game()
    table = titles(g._repr_svg_())
    assert g._repr_svg_() == g.position._repr_svg_()
    # A game shows every card face up, the secret choice too.
    assert sorted(table) == sorted([*map(str, deck("pink")), *map(str, deck("green")), "pink 7"])
    assert "Round 1 · duel 2 of 6" in g._repr_svg_()
    hand = g.position.hands[1]
    assert isinstance(hand, Hand) and titles(hand._repr_svg_()) == [str(c) for c in hand]
    for text in ("pink 5", "discard green 1 green 2", "reclaim green 3"):
        move = Move.parse(text)
        assert titles(move._repr_svg_()) == [str(c) for c in move.cards]


def test_an_observation_draws_only_what_its_seat_sees():
    g = mid_game()
    green = titles(g.observation(1)._repr_svg_())
    # Pink's hand (6 cards), discards (2) and secret choice (1) are backs.
    assert green.count("card back") == 9
    assert "pink 7" not in green and "pink 1" not in green
    assert {"pink 5", "green 8", "green 1", "green 3", "green 4"} <= set(green)
    pink = titles(g.observation(0)._repr_svg_())
    assert "green 4" not in pink and "green 3" in pink  # discarded; taken back (shown)
    assert pink.count("pink 7") == 2 and "pink 1" in pink  # its hand, choice and discards
    assert pink.count("card back") == 7 + 1  # green's hand and its one discard left
    over = g.replay(0)
    while not over.is_over:
        over.play(over.legal_moves()[0])
    svg = over.observation(0)._repr_svg_()
    assert "wins the game" in svg or "draw" in svg
    ET.fromstring(over._repr_svg_())


def test_the_game_offers_its_table_widget():
    from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulTable

    g = FistfulOfGold.new(seed=1)
    table = g.widget()
    assert isinstance(table, FistfulTable) and table.game is g and table.seat == 0
    for i in (0, 1):
        assert table.dispatch(
            {"type": "select", "index": i, "card": table.view["choices"][i]["card"]}
        )
    assert table.dispatch({"type": "confirm"})
    assert [str(m) for m in g.history] == ["discard pink 1 pink 2"]
    assert table.seat == 1 and table.view["mode"] == "discard"  # green chooses next
