"""Sentences name a card in the reader's words ("le 5 rose", "분홍 5", "el 5 rosa"); the
notation (``pink 5``) stays where notation is shown, and English keeps it in its sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import _, language, text
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.cards import COLOURS, RANKS, Card
from tabletop_widgets.games.fistful_of_gold.duel import resolve_duel
from tabletop_widgets.games.fistful_of_gold.names import THE, the_card
from tabletop_widgets.games.fistful_of_gold.options import Options
from tabletop_widgets.games.fistful_of_gold.screens.tutorial import fistful_of_gold_course

#: A card named in the notation inside a sentence.
NOTATION = re.compile(r"\b(pink|green) ([1-8]|dynamite)\b", re.I)
LOCALE = Path(__file__).parents[2] / "tabletop_widgets/games/fistful_of_gold/locale"


def _refusal(moves: list[str], bad: str) -> IllegalMoveError:
    game = FistfulOfGold.new(seed=3)
    for m in moves:
        game.play(m)
    with pytest.raises(IllegalMoveError) as e:
        game.play(bad)
    return e.value


def test_every_card_has_its_words_and_english_keeps_the_notation():
    assert len(THE) == len(COLOURS) * len(RANKS)
    for colour in COLOURS:
        for rank in RANKS:
            card = Card(colour, rank)
            assert str(the_card(card)) == str(card)
            for lang in ("fr", "ko", "ca"):
                assert not NOTATION.search(the_card(card).render(lang))


@pytest.mark.parametrize(
    "lang, said",
    [
        ("fr", "Le 1 rose n’est pas dans votre main\u00a0: vous avez défaussé cette carte. (FG-3)"),
        ("ko", "분홍 1 카드는 내 손에 없습니다: 이미 버렸습니다. (FG-3)"),
        ("ca", "L’1 rosa no és a la teva mà: has descartat aquesta carta. (FG-3)"),
    ],
)
def test_a_refusal_names_the_card_in_words(lang, said):
    e = _refusal(["discard pink 1 pink 2", "discard green 1 green 2"], "pink 1")
    assert str(e) == "pink 1 is not in your hand: you discarded it. (FG-3)"
    with language(lang):
        assert str(e) == said


@pytest.mark.parametrize(
    "moves, bad",
    [
        (["discard pink 1 pink 2"], "pink 5"),  # already chosen
        (["discard pink 1 pink 2", "discard green 1 green 2"], "pink 1"),  # discarded
        (["discard pink 1 pink 2", "discard green 1 green 2", "pink 4", "green 3"], "pink 4"),
        ([], "green 5"),  # not yours (played as pink)
    ],
)
def test_no_refusal_names_a_card_in_the_notation(moves, bad):
    e = _refusal(moves, bad) if bad != "green 5" else None
    if e is None:
        game = FistfulOfGold.new(seed=3)
        with pytest.raises(IllegalMoveError) as caught:
            game.play("discard green 1 green 2", seat=0)
        e = caught.value
    for lang in ("fr", "ko", "ca"):
        with language(lang):
            assert not NOTATION.search(str(e)), str(e)


def test_a_duel_is_told_with_the_cards_in_words():
    r = resolve_duel(Options(), Card("pink", "5"), Card("green", "2"))
    assert (
        r.text
        == "pink 5 against green 2: difference 3 is 3 or less, so the higher card wins 3 gold."
    )
    said = {}
    for lang in ("fr", "ko", "ca"):
        with language(lang):
            said[lang] = r.text
        assert not NOTATION.search(said[lang])
    assert said["fr"].startswith("le 5 rose contre le 2 vert\u00a0: ")
    assert said["ko"].startswith("분홍 5 대 초록 2: ")
    assert said["ca"].startswith("el 5 rosa contra el 2 verd: ")
    dyn = resolve_duel(Options(), Card("pink", "D"), Card("green", "1"))
    with language("fr"):
        assert dyn.text.startswith("la Dynamite rose contre le 1 vert\u00a0: ")


@pytest.mark.parametrize("lang", ["fr", "ko", "ca"])
def test_the_rules_page_quotes_the_duel_sentence_the_app_says(lang):
    catalog = read_po((LOCALE / lang / "LC_MESSAGES/fistful_of_gold.po").open("rb"))
    quote = next(m.string for m in catalog if str(m.id).startswith("A duel is told"))
    r = resolve_duel(Options(), Card("pink", "5"), Card("green", "2"))
    with language(lang):
        assert r.text in quote


@pytest.mark.parametrize("lang", ["fr", "ko", "ca"])
def test_the_tutorial_names_cards_in_words(lang):
    course = fistful_of_gold_course()
    with language(lang):
        for step in course.steps:
            words = [text(step.text), *(text(h) for h in step.hints)]
            # Card pictures carry the notation in their attributes and titles: not sentences.
            said = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", " ".join(words), flags=re.S)
            assert not NOTATION.search(said), (step.title, NOTATION.search(said))


def test_a_card_title_is_a_sentence_with_a_capital():
    from tabletop_widgets.games.fistful_of_gold.render import card_words

    assert card_words(Card("pink", "5")).startswith("pink 5: beats 2, 3, 4")
    with language("fr"):
        assert card_words(Card("pink", "5")).startswith("Le 5 rose\u00a0: bat 2, 3, 4")
        assert _("Dynamite") in card_words(Card("green", "D"))
