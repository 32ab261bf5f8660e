"""CardWidget: traits, every transformation against shapes.py, forged messages."""

from __future__ import annotations

from itertools import combinations

import pytest
import traitlets

from tabletop_widgets.games.matchstick_tycoon import shapes
from tabletop_widgets.games.matchstick_tycoon.render import geometry, printed_segments
from tabletop_widgets.games.matchstick_tycoon.widgets import CardState, CardWidget
from tests.widget_helpers import send_event, send_update, synced_state


def test_defaults_and_traits():
    card = CardWidget()
    assert card.state == CardState("6", False, "", "6", 0)
    assert (card.budget, card.editable, card.size, card.error) == (None, True, 110, "")
    assert card.caption == "acts as 6 · no sticks"
    assert card.label == "card 6, upright, acts as 6"
    assert card._geometry == geometry()
    assert card._geometry["glyphs"] == shapes.GLYPHS and card._geometry["turn"] == shapes.TURN
    assert card.last_event is None


def test_constructor_and_python_side_validation():
    card = CardWidget(face="1", turned=True, added="ga", budget=2, size=80, editable=False)
    assert card.state == CardState("1", True, "ag", "F", 2)
    assert card.caption == "acts as F · 2 sticks (you have 2)"
    with pytest.raises(traitlets.TraitError):
        card.face = "9"  # there is no 9 card
    with pytest.raises(traitlets.TraitError):
        card.added = "abg"  # over the budget, and b... is free but 3 > 2
    with pytest.raises(traitlets.TraitError):
        card.added = "z"
    with pytest.raises(traitlets.TraitError):
        card.size = 5
    with pytest.raises(traitlets.TraitError):
        card.budget = -1
    with pytest.raises(traitlets.TraitError):
        CardWidget(face="8", added="a")  # a is printed on 8
    assert card.state == CardState("1", True, "ag", "F", 2)


def test_observe_and_python_changes():
    card = CardWidget(face="0")
    seen = []
    card.observe(lambda ch: seen.append((ch["name"], ch["new"])), names=["value", "cost"])
    card.added = "g"
    assert ("value", "8") in seen and ("cost", 1) in seen
    card.face = "8"  # g is printed on 8: the stick goes back
    assert card.state == CardState("8", False, "", "8", 0)
    card.update(face="1", turned=True, added="ag")
    assert card.value == "F"
    card.turn_over()
    assert card.state == CardState("1", False, "dg", None, 2)
    assert card.caption == "not a digit"


def _subsets(letters: str):
    for k in range(len(letters) + 1):
        yield from combinations(letters, k)


@pytest.mark.parametrize("face", shapes.ALL_FACES)
def test_every_transformation_matches_shapes(face):
    for turned in (False, True):
        card = CardWidget(face=face, turned=turned)
        empty = [s for s in shapes.SEGMENTS if s not in printed_segments(face, turned)]
        for subset in _subsets("".join(empty)):
            for s in subset:
                assert card.dispatch({"type": "toggle", "segment": s}), card.error
            added = "".join(subset)
            want = shapes.shows(face, turned, added)
            assert (card.added, card.value, card.cost) == (added, want, len(added))
            if want is not None:
                assert shapes.transform(face, want) is not None
                assert card.cost == shapes.cost(face, want)
            for s in subset:
                assert card.dispatch({"type": "toggle", "segment": s})
            assert card.added == ""
        # printed segments are always refused
        for s in printed_segments(face, turned):
            assert not card.dispatch({"type": "toggle", "segment": s})


def test_turn_event_turns_sticks_with_the_card():
    card = CardWidget(face="6")
    send_event(card, {"type": "toggle", "segment": "b"})
    send_event(card, {"type": "turn"})
    assert card.state == CardState("6", True, "e", "8", 1)
    assert card.last_event == {"type": "turn"}
    assert card.label == "card 6, turned over, stick on e, acts as 8"
    send_event(card, {"type": "reset"})
    assert card.state == CardState("6", False, "", "6", 0)


def test_set_face_event_and_callbacks():
    card = CardWidget()
    events = []
    card.on_event(lambda w, e: events.append(e))
    send_event(card, {"type": "set_face", "face": "1"})
    assert card.state == CardState("1", False, "", "1", 0)
    assert events == [{"type": "set_face", "face": "1"}]


FORGED = [
    ({"type": "toggle", "segment": "z"}, "There is no segment “z”"),
    ({"type": "toggle", "segment": "ab"}, "There is no segment"),
    ({"type": "toggle", "segment": "a"}, "The top segment is printed"),
    ({"type": "toggle", "segment": 3}, "segment must be str"),
    ({"type": "toggle"}, "missing field 'segment'"),
    ({"type": "toggle", "segment": "b", "extra": 1}, "unexpected field 'extra'"),
    ({"type": "set_face", "face": "9"}, "There is no “9” card"),
    ({"type": "set_face", "face": "Z"}, "There is no “Z” card"),
    ({"type": "explode"}, "Unknown event 'explode'"),
    ({"segment": "b"}, "Unknown event None"),
    ("toggle b", "An event must be an object"),
    ({"type": "turn", "face": "8"}, "unexpected field 'face'"),
]


@pytest.mark.parametrize(("content", "message"), FORGED)
def test_forged_events_are_refused(content, message):
    card = CardWidget(face="6", added="b")
    before = synced_state(card)
    send_event(card, content)
    assert message in card.error
    assert synced_state(card) == before


def test_budget_refused():
    card = CardWidget(face="1", budget=1)
    send_event(card, {"type": "toggle", "segment": "a"})
    assert card.state.added == "a" and card.error == ""
    before = synced_state(card)
    send_event(card, {"type": "toggle", "segment": "g"})
    assert card.error == "No stick left: you have only 1 matchstick to lay."
    assert synced_state(card) == before
    send_event(card, {"type": "toggle", "segment": "a"})  # taking back is always fine
    assert card.added == "" and card.error == ""


def test_not_editable_refuses_everything():
    card = CardWidget(face="0", editable=False)
    before = synced_state(card)
    for ev in ({"type": "toggle", "segment": "g"}, {"type": "turn"}, {"type": "reset"}):
        send_event(card, ev)
        assert card.error == "This card is not editable."
    assert synced_state(card) == before


@pytest.mark.parametrize(
    "state",
    [
        {"added": "b"},
        {"value": "8"},
        {"added": "b", "value": "8"},
        {"face": "8"},
        {"error": ""},
        {"_esm": "alert(1)"},
    ],
)
def test_forged_state_updates_are_refused(state):
    card = CardWidget(face="6")
    before = synced_state(card)
    send_update(card, state)
    assert card.error.startswith("Refused a direct change of")
    assert synced_state(card) == before


def test_request_state_still_works():
    card = CardWidget()
    sent = []
    card.comm.send = lambda *a, **k: sent.append((a, k))  # capture instead of a kernel
    card._handle_msg({"content": {"data": {"method": "request_state"}}, "buffers": []})
    assert sent and card.error == ""


def test_handler_bug_becomes_friendly_error(monkeypatch, caplog):
    card = CardWidget()

    def boom(*a, **k):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(type(card), "_on_turn", boom)
    before = synced_state(card)
    assert not card.dispatch({"type": "turn"})
    assert card.error == "Something went wrong (RuntimeError); the state is unchanged."
    assert synced_state(card) == before
    assert "kaboom" in caplog.text


def test_the_turn_buttons_accessible_names_hold_their_visible_words():
    """A speech-input user says what they see ("Turn over"): the button's accessible name
    (its aria-label) must hold its visible label (WCAG 2.5.3), in every language."""
    from tabletop_widgets.core.i18n import language
    from tabletop_widgets.games.matchstick_tycoon.widgets import HandWidget

    for lang in ("en", "fr", "ko", "ca"):
        with language(lang):
            card = CardWidget()._texts
            assert card["turn_over"].lower() in card["turn_aria"].lower(), (lang, card)
            hand = HandWidget()._texts
            named = hand["turn_aria"].replace("{face}", "6")
            assert hand["turn"].lower() in named.lower(), (lang, hand)
