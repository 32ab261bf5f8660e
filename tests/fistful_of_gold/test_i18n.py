"""A Fistful of Gold in every language: the engine's refusals, the table, the screens.

The screens are built in the pseudo-language ``xx``: every word a person can see must
carry its markers (⟦ ⟧), so nothing is left in English."""

from __future__ import annotations

import pytest

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.core.i18n import language
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold

# -- engine refusals ---------------------------------------------------------------------------


def _blocked_refusal() -> IllegalMoveError:
    """Pink plays 4, then tries 5 (the +1 rule, FG-3)."""
    game = FistfulOfGold.new(seed=1)
    game.play("discard pink 1 pink 2")
    game.play("discard green 1 green 2")
    game.play("pink 4")
    game.play("green 3")
    with pytest.raises(IllegalMoveError) as e:
        game.play("pink 5")
    return e.value


def test_the_same_refusal_reads_in_each_language_and_keeps_its_rule():
    e = _blocked_refusal()
    assert str(e) == "You played 4 in the last duel, so you may not play 5 now. (FG-3)"
    assert e.rule == "FG-3"
    assert e.message.msgid == "You played {last} in the last duel, so you may not play {card} now."
    said = {}
    for lang in ("fr", "ko", "ca"):
        with language(lang):
            said[lang] = str(e)
        assert said[lang].endswith("(FG-3)") and "4" in said[lang] and "5" in said[lang]
        assert said[lang] != str(e)
    assert "manche" not in said["fr"] and "dernier duel" in said["fr"]
    assert "결투" in said["ko"]
    assert "duel" in said["ca"] and "últim" in said["ca"]


@pytest.mark.parametrize(
    "moves, bad",
    [
        ([], "pink 5"),  # a card before the discards
        ([], "discard pink 1"),  # too few
        (["discard pink 1 pink 2"], "pink 5"),  # already chosen
        (["discard pink 1 pink 2", "discard green 1 green 2"], "pink 1"),  # discarded
        ([], "green 5"),  # not yours (played as pink)
        ([], "pink 9"),  # not a card
    ],
)
def test_every_refusal_is_a_message_that_reads_in_every_language(moves, bad):
    game = FistfulOfGold.new(seed=3)
    for m in moves:
        game.play(m)
    with pytest.raises(IllegalMoveError) as e:
        game.play(bad, 0)
    assert not isinstance(e.value.message, str), "an English sentence built in the engine"
    english = e.value.reason
    for lang in ("fr", "ko", "ca", "xx"):
        with language(lang):
            assert e.value.reason != english
    with language("xx"):
        assert e.value.reason.startswith("⟦")


def test_a_bad_position_reads_in_the_reader_language():
    data = FistfulOfGold.new(seed=1).position.to_json()
    data["phase"] = "lunch"
    with pytest.raises(PositionError) as e:
        FistfulOfGold.from_position(data)
    assert e.value.field == "phase"
    with language("ca"):
        assert "lunch" in e.value.reason and e.value.reason != "must be one of"


# -- the table widget --------------------------------------------------------------------------


def _view_words(view) -> list[str]:
    """The sentences of a table's view (what the JavaScript shows as it is)."""
    out = [view["status"], view["about"], view["hand_title"], view["opponent_text"], view["last"]]
    out += view["labels"] + view["row_labels"] + view["panel_labels"] + view["reclaims"]
    out += (
        view["duels"] + [c["words"] for c in view["choices"]] + [c["why"] for c in view["choices"]]
    )
    summary = view["summary"]
    out += summary["headers"] + [r["verdict"] for r in summary["rounds"]]
    return [t for t in out if t]


def test_the_table_says_everything_again_in_the_new_language():
    from tabletop_widgets.core.i18n import set_language
    from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable

    game = FistfulOfGold.new(seed=2)
    table = FistfulOfGoldTable(game, seat=0, names=["You", "Ada (bot)"])
    table.on_move(lambda move: game.play(move))
    table.dispatch({"type": "select", "index": 0, "card": "pink 1"})
    table.dispatch({"type": "select", "index": 1, "card": "pink 2"})
    table.dispatch({"type": "confirm", "version": table.version})
    game.play("discard green 1 green 2")
    table.refresh()
    table.dispatch({"type": "confirm", "version": table.version})  # nothing chosen: refused
    assert table.error == "Choose a card first."
    set_language("fr")
    assert table.error == "Choisissez d’abord une carte."
    assert table._texts["confirm"] == "Confirmer"
    assert "Choisissez en secret" in table.view["status"]
    set_language("xx")
    words = _view_words(table.view) + list(table._texts.values()) + [table.error]
    assert [t for t in words if "⟦" not in t and t != "Ada (bot)"] == []
    assert "⟦" in table.faces["PD"]  # the card's own words (Dynamite, its power)


# -- the screens in the pseudo-language: nothing English left ----------------------------------


def _texts(widget) -> list[str]:
    """What a person can read in ``widget`` and its children; an HTML value is read whole,
    tags taken out (a message may hold tags: its markers wrap the whole of it)."""
    import html as html_lib
    import re

    import ipywidgets as w

    out: list[str] = []
    if isinstance(widget, w.HTML | w.Label):
        value = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", widget.value, flags=re.S)
        out.append(html_lib.unescape(re.sub(r"<[^>]+>", "", value)))
    if isinstance(widget, w.Button | w.FileUpload | w.Dropdown | w.Text):
        out.append(widget.description)
        out.append(getattr(widget, "tooltip", "") or "")
    if isinstance(widget, w.Dropdown):
        out += [label for label, _v in widget.options]
    if isinstance(widget, w.Text):
        out.append(widget.placeholder)
    if isinstance(widget, w.Accordion):
        out += list(widget.titles)
    if hasattr(widget, "_texts"):
        out += list(widget._texts.values())
    for child in getattr(widget, "children", ()):
        out += _texts(child)
    return [t for t in out if t and t.strip()]


def _unmarked(widget, allowed=()) -> list[str]:
    import re

    bare = []
    for t in _texts(widget):
        plain, before = t, None
        while plain != before:  # markers nest (a message inside a message): innermost first
            before, plain = plain, re.sub(r"⟦[^⟦⟧]*⟧", "", plain)
        for name in allowed:
            plain = plain.replace(name, "")
        if re.search(r"[^\W\d_]", plain):
            bare.append(t)
    return bare


#: Names and notation that stay as they are in every language.
KEPT = ["A Fistful of Gold", "FG-1", "FG-2", "FG-3", "FG-4"]


def test_the_tutorial_follows_the_language_with_nothing_left_in_english():
    from tabletop_widgets.core.i18n import set_language
    from tabletop_widgets.games.fistful_of_gold.screens.tutorial import tutorial_page

    set_language("xx")
    page = tutorial_page()
    course = page.children[1]
    for i in range(len(course.steps)):  # every step: its text, widget, hints and feedback
        course.go(i)
        course.hint()
        course.check()
        assert _unmarked(page, allowed=KEPT) == [], course.steps[i].title
    set_language("fr")
    course.go(3)
    assert any("Cartes proches" in t for t in _texts(page))


def test_the_play_page_follows_the_language_with_nothing_left_in_english():
    from tabletop_widgets.core.i18n import set_language
    from tabletop_widgets.games.fistful_of_gold.screens.play import play_page

    page = play_page(seats=["person", "medium"], seed=3)
    screen = page.screen
    screen.setup.ensure()
    set_language("xx")  # a live page switches
    assert _unmarked(page, allowed=KEPT) == []
    assert all("⟦" in t for t in screen.board._texts.values())
    screen.autoplay()
    assert _unmarked(page, allowed=KEPT) == []
    set_language("ko")
    assert "플레이" in page.children[0].value


def test_the_sandbox_follows_the_language_with_nothing_left_in_english():
    from tabletop_widgets.core.i18n import set_language
    from tabletop_widgets.games.fistful_of_gold.screens.sandbox import DuelLab, FistfulOfGoldSandbox

    set_language("xx")
    box = FistfulOfGoldSandbox(games=2)
    lab = DuelLab(setup=["discard pink 1 pink 2"], switches={"pot_at_round_end": ("lost", "carry")})
    assert _unmarked(box, allowed=KEPT) == []
    assert _unmarked(lab, allowed=KEPT) == []
    set_language("ca")
    assert "Espai de proves" in box.intro.value and "Or" in box.matrix_box.value
