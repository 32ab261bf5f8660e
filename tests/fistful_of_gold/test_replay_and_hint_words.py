"""Newcomer findings on A Fistful of Gold's words.

- The replay's list wrote each move's notation ("green 2") as a small chip beside its words,
  in English on a French page ("Vous avez joué le 2 vert. green 2"): the notation is the
  card's English name, which the words already say, so the list shows no notation at all
  (its kit's ``replay_notation`` is off).
- A hint named its move twice: "Discard your 7 and 8 — win chance 54 %. It discards your 7
  and 8 and keeps …".  The move is named once, in bold; the reason says only what it does.
"""

from __future__ import annotations

import re

import pytest

from tabletop_widgets.core.i18n import language, set_language
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold import coach as fg_coach
from tabletop_widgets.games.fistful_of_gold.cards import Card
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Play, Reclaim
from tabletop_widgets.games.fistful_of_gold.screens.play import play_screen

LANGUAGES = ("en", "fr", "ca", "ko")


@pytest.fixture
def finished():
    screen = play_screen(seats=["person", "medium"], seed=2)
    screen.autoplay()
    yield screen
    set_language("en")


def test_the_replay_names_each_move_in_words_with_no_notation_in_any_language(finished):
    replay = finished.replay
    count = len(finished.game.history)
    english = list(replay.moves)
    for lang in LANGUAGES:
        set_language(lang)  # the page's language menu: the list is said again
        assert replay.notations == [""] * count, lang  # no chip, no tooltip
        assert len(replay.moves) == count
        assert not any(re.search(r"\b(pink|green) [1-8D]\b", m) for m in replay.moves[1:]) or (
            lang == "en"
        ), (lang, replay.moves[:3])
    set_language("fr")
    assert replay.moves != english and "vert" in " ".join(replay.moves)
    # The bot is named in the page's language too (a newcomer read "Bea (bot, medium) a
    # défaussé …" on a French page).
    assert replay.moves[0].startswith("Bea (robot, "), replay.moves[0]
    set_language("en")
    assert replay.moves == english
    assert english[0] == "Bea (bot, medium) discarded green 7 and green 8."


def test_every_replay_of_the_game_shows_its_words_and_no_notation(finished):
    """The play page's, a saved game's review's and a classroom room's replays are built by
    the kit (``PlayKit.replay``): each in words, with no notation for this game; Matchstick
    Tycoon's keeps its notation, which its rules page teaches."""
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    from tabletop_widgets.ui.play_screen import play_kit

    game = finished.game
    replay = play_kit("fistful_of_gold").replay(game, ["You", "Bea"])
    assert replay.notations == [""] * len(game.history)
    assert replay.moves[0] == "Bea discarded green 7 and green 8."
    tycoon = MatchstickTycoon.new(players=2, seed=1)
    tycoon.play(tycoon.legal_moves()[0])
    shown = play_kit("matchstick_tycoon").replay(tycoon, ["You", "Bea"])
    assert shown.notations == [str(tycoon.history[0])]


def test_the_coach_writes_no_notation_beside_its_words():
    from tabletop_widgets.core import GAMES
    from tabletop_widgets.ui.coach import hint_words

    info = GAMES["fistful_of_gold"]
    for move in (
        Play(Card("green", "2")),
        Discard((Card("pink", "1"), Card("pink", "2"))),
        Reclaim(Card("green", "4")),
    ):
        assert fg_coach.move_notation(move) == ""
        for lang in LANGUAGES:
            with language(lang):
                words, notation = hint_words(info, move)
                assert notation == "" and words == fg_coach.move_words(move)


def _moves_named(why: str, move) -> bool:
    """Whether the reason names the move again: "It discards your 7 and 8", "It takes back"."""
    low = why.lower()
    return low.startswith(("it discards", "it takes back")) or fg_coach.move_words(move) in low


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_a_discard_hint_names_its_move_once(seed):
    from tabletop_widgets.ui.coach import Coach

    game = FistfulOfGold.new(seed=seed)
    hints = Coach("fistful_of_gold").hints(game, 0)
    assert hints
    for h in hints:
        assert isinstance(h.move, Discard)
        assert h.words.startswith("discard your ") and h.notation == ""
        assert h.why and not _moves_named(h.why, h.move), (h.words, h.why)
        assert h.why.startswith(("It keeps", "Of all your discards, this one keeps the fewest")), (
            h.why
        )


def test_a_take_back_hint_names_its_move_once():
    obs = _reclaim_observation()
    for card in (Card("green", "4"), Card("green", "D")):
        move = Reclaim(card)
        why = fg_coach.reason(obs, move, [move])
        assert not _moves_named(why, move), why
        assert "your opponent now knows you hold" in why.lower()
    assert "wins 3 gold against a 1 to 4" in fg_coach.reason(obs, Reclaim(Card("green", "D")), [])
    with language("fr"):
        assert fg_coach.reason(obs, Reclaim(Card("green", "4")), [])


def _reclaim_observation():
    """An observation of seat 1 (green) as its green 8 lets it take a card back."""
    from types import SimpleNamespace

    from tabletop_widgets.games.fistful_of_gold.options import Options

    return SimpleNamespace(seat=1, options=Options(), hand=(), rows=((), ()), pot=0)


def test_a_kept_dynamite_is_named_with_one_article_in_every_language():
    """ "Vous gardez ainsi votre la Dynamite": the card's name brings its article in French
    and Catalan, so the sentence adds none."""
    game = FistfulOfGold.new(seed=2)
    obs = game.observation(0)
    for lang in LANGUAGES:
        with language(lang):
            said = fg_coach._power(Card("pink", "D"), obs)
            assert said and not re.search(r"\b(votre|el teu) (la|le|el)\b", said), (lang, said)
