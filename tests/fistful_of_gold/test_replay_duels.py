"""Newcomer finding: A Fistful of Gold's replay listed, for a duel, the bot's card before the
learner's, though both were chosen at once, in secret.  The list keeps one entry per move
of the game's history (the replay's steps, and the review's marks, count them), but the
first card chosen is said only as chosen, face down -- as the table shows it at that step --
and the second, which turns both over, names the duel's two cards, the learner's first."""

from __future__ import annotations

import re

import pytest

from tabletop_widgets.core.i18n import language
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
from tabletop_widgets.games.fistful_of_gold.moves import Play
from tabletop_widgets.games.fistful_of_gold.names import the_card as card_message
from tabletop_widgets.games.fistful_of_gold.screens.play import _replay_words, play_screen

CHOSE = re.compile(r"^(.+) chose (a|your) card for duel (\d+), face down\.$")
DUEL = re.compile(r"^Duel (\d+): you played (.+) and (.+) played (.+?)\. (.+)$")


@pytest.fixture
def finished():
    screen = play_screen(seats=["person", "medium"], seed=2)
    screen.autoplay()
    return screen


def the_card(card) -> str:
    return str(card_message(card))


def _started(*moves: str) -> FistfulOfGold:
    g = FistfulOfGold.new(seed=2)
    for m in moves:
        g.play(m)
    return g


def test_each_duel_names_the_learners_card_first_once_both_are_chosen(finished):
    game, replay = finished.game, finished.replay
    bot = finished.names[1]
    with language("en"):
        moves = list(replay.moves)
    assert len(moves) == len(game.history)  # one entry a move: the steps are unchanged
    duels = 0
    for i, (move, text) in enumerate(zip(game.history, moves, strict=True)):
        if not isinstance(move, Play):
            continue
        chose, duel = CHOSE.match(text), DUEL.match(text)
        assert chose or duel, text
        if chose:  # the first card of the duel: not named, face down on the table
            assert chose[1] == (bot if game.movers[i] == 1 else "You")
            assert the_card(move.card) not in text
            after = game.replay(i + 1).position
            assert after.pending[game.movers[i]] is not None  # the table shows it chosen
            assert DUEL.match(moves[i + 1]) and DUEL.match(moves[i + 1])[1] == chose[3]
        else:
            duels += 1
            mine = next(
                m.card
                for m, s in zip(
                    game.history[i - 1 : i + 1], game.movers[i - 1 : i + 1], strict=True
                )
                if s == 0
            )
            theirs = next(
                m.card
                for m, s in zip(
                    game.history[i - 1 : i + 1], game.movers[i - 1 : i + 1], strict=True
                )
                if s == 1
            )
            assert duel[2] == the_card(mine) and duel[4] == the_card(theirs), text
            assert duel[3] == bot
            # What the duel did, as the engine's tally says it: who won what, and why.
            said = game.duel_log[duels - 1].words(["You", bot])
            assert duel[5] == said[:1].upper() + said[1:], text
            # The step after it shows both cards turned over: nothing is pending.
            assert game.replay(i + 1).position.pending == (None, None)
    assert duels == len(game.duel_log)


def test_stepping_the_replay_still_counts_every_move(finished):
    replay, game = finished.replay, finished.game
    for n in (0, 3, 4, len(game.history)):
        replay.go(n)
        assert replay.game_at.history == game.history[:n]


def test_the_learner_choosing_first_reads_the_same_order():
    g = _started("discard pink 1 pink 2", "discard green 7 green 8", "pink 6", "green 5")
    names = ["You", "Ada (bot)"]
    with language("en"):
        assert _replay_words(g, 2, names) == "You chose your card for duel 1, face down."
        assert _replay_words(g, 3, names) == (
            "Duel 1: you played pink 6 and Ada (bot) played green 5."
            " Pink 6 against green 5: difference 1 is 3 or less, so the higher card wins:"
            " you win 1 gold."
        )


def test_a_learner_playing_green_reads_their_green_card_first():
    g = _started("discard green 7 green 8", "discard pink 1 pink 2", "pink 6", "green 5")
    names = ["Ada (bot)", "You"]
    with language("en"):
        assert _replay_words(g, 2, names) == "Ada (bot) chose a card for duel 1, face down."
        assert _replay_words(g, 3, names) == (
            "Duel 1: you played green 5 and Ada (bot) played pink 6."
            " Pink 6 against green 5: difference 1 is 3 or less, so the higher card wins:"
            " Ada (bot) wins 1 gold."
        )


def test_without_the_learner_at_the_table_pink_comes_first():
    g = _started("discard green 7 green 8", "discard pink 1 pink 2", "green 5", "pink 6")
    names = ["Ann", "Ben"]
    with language("en"):
        assert _replay_words(g, 2, names) == "Ben chose a card for duel 1, face down."
        assert _replay_words(g, 3, names) == (
            "Duel 1: Ann played pink 6 and Ben played green 5."
            " Pink 6 against green 5: difference 1 is 3 or less, so the higher card wins:"
            " Ann wins 1 gold."
        )


def test_discards_and_the_words_of_other_moves_are_unchanged():
    g = _started("discard green 7 green 8", "discard pink 1 pink 2")
    with language("en"):
        assert (
            _replay_words(g, 0, ["You", "Ada (bot)"]) == "Ada (bot) discarded green 7 and green 8."
        )
        assert _replay_words(g, 1, ["You", "Ada (bot)"]) == "You discarded pink 1 and pink 2."


def test_a_review_pick_still_steps_to_the_learners_decision(finished):
    """The review's marks are history indices: a pick puts the replay just before the
    learner's card, where the list's last entry says the bot has chosen, face down."""
    panel = finished.review_game(seat=0, background=False, budget=40, passes=1, seed=1)
    replay, game = finished.replay, finished.game
    plays = [d for d in panel.result.decisions if isinstance(game.history[d.index], Play)]
    assert plays
    with language("en"):
        for d in plays:
            panel.pick(d.index)
            assert replay.index == d.index
            text = replay.moves[d.index]
            assert DUEL.match(text) and the_card(game.history[d.index].card) in text
            if d.index and game.movers[d.index - 1] == 1:
                assert CHOSE.match(replay.moves[d.index - 1])
