"""Chinese Ten records: the decks they carry, and the format-1 records written before the
shared engine contract still load.  (Round trips and generic tampering: the contract
suite.)"""

from __future__ import annotations

import json

import pytest

from tabletop_widgets.core import RecordError, load_record
from tabletop_widgets.games.chinese_ten import Card, ChineseTen, Move, shuffled_deck

# Written by the engine before the contract (format 1): a 2-player match of two deals,
# stopped three moves into the second deal, with three stock choices.
OLD_FRESH = json.loads("""
{"game": "chinese_ten", "format": 1, "options": {"players": 2, "scoring": "standard",
 "settle": false, "target": null, "deals": 2}, "seed": 0, "start": null, "decks": [["JH",
 "AC", "8S", "KS", "3D", "AD", "QD", "4C", "AS", "6D", "6H", "KC", "9H", "2C", "QC", "9D",
 "2D", "AH", "KD", "3S", "8D", "2S", "4D", "8H", "JC", "7S", "TH", "6C", "TC", "7H", "5S",
 "7D", "JD", "3H", "KH", "4S", "5D", "QH", "9S", "TD", "4H", "7C", "9C", "JS", "TS", "QS",
 "5C", "8C", "5H", "2H", "3C", "6S"], ["3C", "9C", "JC", "3S", "7D", "QS", "7C", "6C", "7H",
 "3D", "2C", "6H", "2S", "2H", "5S", "7S", "6S", "TC", "2D", "5D", "6D", "AS", "KS", "4S",
 "8S", "KC", "AC", "JS", "5C", "AH", "KH", "4H", "QH", "4D", "TH", "5H", "JD", "9S", "9H",
 "4C", "8C", "JH", "TS", "8H", "AD", "9D", "TD", "8D", "QD", "KD", "QC", "3H"]], "moves":
 ["AS", "AH", "2D", "AD", "3D x 7S", "AC", "stock 3H x 7H", "4D x 6C", "2S", "6H x 4S",
 "2C", "8S x 2S", "stock 9S x AS", "3S x 7D", "8D x 2D", "4C", "9H x AH", "stock 9C x AD",
 "6D x 4H", "JH x JS", "8H x 2C", "QD", "9D x AC", "QC x QD", "KS x KH", "KD", "KC x KD",
 "2S x 8S", "AS", "2D"]}
""")

# Format 1, begun from a position (4 players, a turned-up 6D waiting for its capture).
OLD_FROM_POSITION = json.loads("""
{"game": "chinese_ten", "format": 1, "options": {"players": 4, "scoring": "standard",
 "settle": false, "target": null, "deals": 1}, "seed": 3, "start": {"game": "chinese_ten",
 "options": {"players": 4, "scoring": "standard", "settle": false, "target": null,
 "deals": 1}, "seed": 3, "deal_number": 0, "dealer": 3, "to_move": 2, "hands": [["3D",
 "4S"], ["AS", "2D"], ["6H", "8D"], ["6S", "7C", "TD"]], "layout": ["TH", "8H", "8S", "JC",
 "4D", "4C", "9S"], "stock": ["KH", "JS", "TS", "TC", "2S", "KC", "2H", "9D", "AH"],
 "turned": "6D", "captured": [["7D", "3S", "6C", "4H", "5H", "5C", "9C", "AD"], ["5S",
 "5D", "7S", "3H"], ["KS", "KD", "JH", "JD", "2C", "8C", "9H", "AC", "7H", "3C"], ["QD",
 "QC", "QH", "QS"]], "deal_points": []}, "decks": [], "moves": ["stock 6D x 4D",
 "6S x 4C", "3D"]}
""")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def test_an_old_record_of_a_match_loads_and_is_rewritten_in_format_2():
    for g in (load_record(OLD_FRESH), ChineseTen.from_record(OLD_FRESH)):
        assert isinstance(g, ChineseTen) and g.seed == 0 and len(g.history) == 30
        assert g.deal_number == 1 and g.deal_points == ((133, 77),)
        assert g.position.hands == (
            cards("2H 3S 3D 4S 5D 6H 6C 7S 9C TC QS"),
            cards("2C 3C 5S 6S 6D 7H 7D 7C JC KS"),
        )
        assert sum(m.stock for m in g.history) == 3
        new = g.to_record()
        assert new["format"] == 2
        assert {k: v for k, v in new.items() if k != "format"} == {
            k: v for k, v in OLD_FRESH.items() if k != "format"
        }
        assert load_record(new).position == g.position


def test_an_old_record_begun_at_a_position_loads():
    g = load_record(OLD_FROM_POSITION)
    assert g.seed is None and g.replay(0).position.turned == Card.parse("6D")
    assert g.history[0] == Move.parse("stock 6D x 4D") and g.movers == (2, 3, 0)
    assert g.position.hands[3] == cards("7C TD") and g.position.to_move == 1
    new = g.to_record()
    assert new["format"] == 2 and new["seed"] is None  # the start position holds its seed
    assert new["start"] == OLD_FROM_POSITION["start"] and new["moves"] == OLD_FROM_POSITION["moves"]
    assert load_record(new).position == g.position


def test_old_records_are_checked_like_new_ones():
    bad = {**OLD_FRESH, "moves": [*OLD_FRESH["moves"][:5], "3D x 7S"]}
    with pytest.raises(RecordError) as e:
        load_record(bad)
    assert e.value.field == "moves[5]" and "(CT-3)" in e.value.reason
    with pytest.raises(RecordError) as e:
        load_record({**OLD_FRESH, "decks": [OLD_FRESH["decks"][0][:51]]})
    assert e.value.field == "decks[0]"
    with pytest.raises(RecordError) as e:
        load_record({**OLD_FRESH, "format": 0})
    assert e.value.field == "format"


def test_decks_missing_from_a_record_come_from_the_seed():
    """A hand-written record (a lesson's stacked deck) may give only the first deck."""
    record = {**OLD_FRESH, "decks": OLD_FRESH["decks"][:1], "format": 2}
    g = ChineseTen.from_record(record)
    assert g.to_record()["decks"][1] == [str(c) for c in shuffled_deck(0, 1)]
    assert (
        ChineseTen.from_record({**record, "decks": []}).replay(0).position
        == ChineseTen.new(players=2, seed=0, target=None, deals=2).position
    )


def test_a_start_position_must_agree_with_the_records_options_and_seed():
    record = {**OLD_FROM_POSITION, "format": 2}
    assert (
        ChineseTen.from_record({**record, "seed": None}).position
        == ChineseTen.from_record(record).position
    )
    for field, value in (
        ("seed", 4),
        ("seed", "3"),
        ("options", {**record["options"], "players": 3}),
    ):
        with pytest.raises(RecordError) as e:
            ChineseTen.from_record({**record, field: value})
        assert e.value.field == field
    start = {**record["start"], "turned": "ZZ"}
    with pytest.raises(RecordError) as e:
        ChineseTen.from_record({**record, "start": start})
    assert e.value.field == "start.turned"
