"""The runtime: the current language, listeners, lazy messages, refusals that carry a
message id, the pseudo-language."""

from __future__ import annotations

import gc
import pickle
import re

import pytest

import tabletop_widgets as tw
from tabletop_widgets.core.errors import IllegalMoveError, NotationError, PositionError
from tabletop_widgets.core.i18n import (
    Message,
    _,
    _l,
    _nl,
    get_language,
    language,
    ngettext,
    on_language_change,
    pseudo,
    set_language,
)


def test_set_language_at_the_package_root_switches_the_process():
    assert tw.set_language("ko") == "ko" and get_language() == "ko"
    assert _("Your turn.") == "내 차례입니다."
    assert tw.set_language("fr-CA") == "fr" and _("Your turn.") == "À vous de jouer."
    tw.set_language("en")
    assert _("Your turn.") == "Your turn."


@pytest.mark.parametrize("junk", ["", "de", "klingon", None, 3, "x" * 500])
def test_an_unknown_language_is_refused_and_changes_nothing(junk):
    set_language("ca")
    with pytest.raises(ValueError, match="no language"):
        set_language(junk)
    assert get_language() == "ca"


def test_listeners_hear_each_change_once_and_are_held_weakly():
    heard = []

    class Widget:
        def follow(self, code):
            heard.append(code)

    w = Widget()
    on_language_change(w.follow)
    set_language("fr")
    set_language("fr")  # no change: no call
    del w
    gc.collect()
    set_language("ko")  # the widget is gone: nobody is called, nothing is kept
    assert heard == ["fr"]


def test_a_failing_listener_does_not_stop_the_others():
    heard = []

    def broken(code):
        raise RuntimeError("bug")

    def good(code):
        heard.append(code)

    on_language_change(broken)
    on_language_change(good)
    set_language("ca")
    assert heard == ["ca"] and get_language() == "ca"
    on_language_change(broken, remove=True)
    on_language_change(good, remove=True)
    set_language("en")
    assert heard == ["ca"]


def test_a_message_renders_in_the_language_of_the_moment():
    m = _l("Waiting for {names}.", names="Ann")
    assert str(m) == "Waiting for Ann."
    with language("fr"):
        assert str(m) == "En attente de Ann."
        assert f"{m}" == "En attente de Ann."
    assert m.render("ca") == "Esperant Ann."
    assert m == _l("Waiting for {names}.", names="Ann") and m != _l(
        "Waiting for {names}.", names="Bo"
    )
    assert pickle.loads(pickle.dumps(m)) == m
    assert len({m, _l("Waiting for {names}.", names="Ann")}) == 1


def test_a_parameter_may_be_a_message_and_is_rendered_in_the_same_language():
    inner = _l("Chinese Ten")
    outer = _l("That file holds a game of {other}; this page plays {game}.", other=inner, game="X")
    assert outer.render("fr").startswith("Ce fichier contient une partie de Dix chinois")


def test_plurals_and_counts():
    assert ngettext("{n} move played.", "{n} moves played.", 1) == "1 move played."
    with language("fr"):
        assert ngettext("{n} move played.", "{n} moves played.", 0) == "0 coup joué."
        assert str(_nl("{n} move played.", "{n} moves played.", 3)) == "3 coups joués."
    # {n} as a plain parameter of a singular message
    assert str(_l("Loaded a game at move {n}.", n=4)) == "Loaded a game at move 4."


def test_an_unknown_message_is_shown_as_written():
    with language("ko"):
        assert _("Not in any catalog {x}", x=1) == "Not in any catalog 1"


def test_a_refusal_carries_a_message_id_and_reads_in_each_language():
    e = IllegalMoveError("MT-5", _l("It is not your turn."))
    assert e.rule == "MT-5" and e.message == Message("It is not your turn.")
    readings = {}
    for code in ("en", "fr", "ko", "ca"):
        with language(code):
            readings[code] = (str(e), e.reason)
    assert readings["en"] == ("It is not your turn. (MT-5)", "It is not your turn.")
    assert readings["fr"][0] == "Ce n’est pas votre tour. (MT-5)"
    assert readings["ko"][0] == "내 차례가 아닙니다. (MT-5)"
    assert readings["ca"][1] == "No és el teu torn."
    again = pickle.loads(pickle.dumps(e))
    assert again.rule == "MT-5" and again.message == e.message


def test_old_plain_text_refusals_still_work():
    e = IllegalMoveError("MT-5", "You are leading, so you must play 1 to 5 cards.")
    assert str(e) == "You are leading, so you must play 1 to 5 cards. (MT-5)"
    assert e.reason.startswith("You are leading")
    n = NotationError("'7Z' is not a card.")
    assert n.rule == "notation" and str(n) == "'7Z' is not a card. (notation)"
    assert pickle.loads(pickle.dumps(n)).reason == n.reason
    p = PositionError("hands[2][0]", _l("It is not your turn."))
    with language("fr"):
        assert str(p) == "hands[2][0]: Ce n’est pas votre tour."


def test_the_pseudo_language_wraps_lengthens_and_keeps_placeholders_and_tags():
    text = "Pass the screen to {name}. <b>Now</b> &amp; then"
    p = pseudo(text)
    assert p.startswith("⟦") and p.endswith("⟧")
    assert "{name}" in p and "<b>" in p and "</b>" in p and "&amp;" in p
    visible = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[#\w]+;|[⟦⟧]")
    assert len(visible.sub("", p)) >= len(visible.sub("", text)) * 1.4 - 1
    with language("xx"):
        assert _("Seat {number}", number=2).startswith("⟦") and "2" in _("Seat {number}", number=2)


def test_a_refusal_goes_on_in_lower_case_after_its_colon():
    """'… was not played: it is not your turn.' — not 'It'; a name, a code or a language
    without case stays as it is."""
    from tabletop_widgets.core.errors import IllegalMoveError
    from tabletop_widgets.core.i18n import _l, after_colon, language

    e = IllegalMoveError("MT-5", _l("It is not your turn."))
    said = _l("{move} was not played: {reason}", move="pass", reason=after_colon(e))
    assert str(said) == "pass was not played: it is not your turn. (MT-5)"
    with language("fr"):
        assert ": ce n’est pas votre tour. (MT-5)" in str(said)
    with language("ko"):
        assert str(said)  # no case: said as translated
    named = _l("{move} was not played: {reason}", move="x", reason=after_colon("Bea won.", ["Bea"]))
    assert str(named) == "x was not played: Bea won."
