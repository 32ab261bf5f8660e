"""The A Fistful of Gold play page: the shared play screen with the duel table.

Choose your colour by making the other seat a bot; both seats people is
hot-seat (each choice stays hidden behind a cover until its owner looks).

>>> screen = play_screen(seats=["medium", "person"], seed=2)
>>> screen.names, screen.acting
(['Ada (bot, medium)', 'You'], 1)
>>> screen.autoplay(); screen.game.is_over, screen.replay is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_, N_plural, _
from tabletop_widgets.ui.event_widget import asset_text
from tabletop_widgets.ui.play_screen import OptionField, PlayKit, PlayScreen
from tabletop_widgets.ui.play_screen import play_page as shared_play_page
from tabletop_widgets.ui.words import YOU, by_person

from ..moves import Discard, Reclaim
from ..names import listing, the_card
from ..option_words import OPTION_WORDS, choices
from ..options import CHOICES
from ..tally import result_text
from ..widgets.table import DEFAULT_NAMES, FistfulOfGoldTable, shown_name
from .intro import PageIntro

__all__ = ["INTRO", "KIT", "play_page", "play_screen"]

#: Where the form shows the rule readings: collapsed, under the main choices (issue 16).
MORE_RULES = N_("More rules")

INTRO = N_(
    "<p>You play pink against a bot. Each round starts with a discard: choose the cards to "
    "discard face down, then press <b>Discard</b>. Then, for each duel, tap or click a card, "
    "then <b>Confirm</b>. Your choice stays secret until the bot has chosen too; then both "
    "cards turn over. New to the game? Take the <a href='tutorial.ipynb'>tutorial</a> first; "
    "every rule is on the <a href='rules.ipynb'>rules page</a>. A code in brackets, such as "
    "(FG-3), names the rule a message is about: click it to read that rule.</p>"
    "<p>Open <b>New game</b> to play green instead (make pink the bot), to choose how strong "
    "the bot is, or to play with a friend at one screen (both seats <i>Person</i>: each choice "
    "stays hidden behind a cover until its owner looks). Under <b>More rules</b> you can play "
    "another reading of the rules where the published rules leave something open. When the "
    "game ends, a replay lets you step through it.</p>"
)


def _board(*, names: Sequence[str] = (), interactive: bool = True) -> FistfulOfGoldTable:
    names = list(names) if len(names) == 2 else list(DEFAULT_NAMES)
    # The winner is said by the screen's status line (the final places), not again here.
    return FistfulOfGoldTable(
        seat=None, names=names, interactive=interactive, card_width=80, say_end=False
    )


def _end_words(game: Any, names: list[str]) -> str | None:
    """How the game was won, as the table would say it ("… on gold: round wins were equal"):
    the status line says it, the one place the end is said."""
    if game.result is None:
        return None
    return result_text(game.result, [n if n == YOU else shown_name(n) for n in names])


def _replay_words(game: Any, index: int, names: list[str]) -> str:
    """Move ``index`` of ``game`` in words, with who made it (the replay's list, which shows
    no notation beside it: ``replay_notation`` is off).  A replay shows every card, the
    discards too.

    >>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    >>> g = FistfulOfGold.new(seed=2)
    >>> _ = g.play(g.legal_moves(0)[0], 0)
    >>> _replay_words(g, 0, ["You", "Ada (bot)"])
    'You discarded pink 1 and pink 2.'
    """
    move, who = game.history[index], names[game.movers[index]]
    name = who if who == YOU else shown_name(who)
    if isinstance(move, Discard):
        cards = listing([the_card(c) for c in move.cards])
        return by_person(
            name, N_("You discarded {cards}."), N_("{name} discarded {cards}."), cards=cards
        )
    if isinstance(move, Reclaim):
        return by_person(
            name,
            N_("You took {card} back into your hand."),
            N_("{name} took {card} back into their hand."),
            card=the_card(move.card),
        )
    return _duel_words(game, index, names) or by_person(
        name, N_("You played {card}."), N_("{name} played {card}."), card=the_card(move.card)
    )


def _duel_words(game: Any, index: int, names: list[str]) -> str | None:
    """The words of a duel's card ``index``, where the two cards of the duel were chosen in
    secret, one after the other in the game's history: the first says only that a card was
    chosen, face down (as the table shows it at that step); the second, which turns both
    over, names the duel's two cards, the person's first ("you played … and Ada played …"):
    the list said the bot's card before the learner's, though both were chosen at once, in
    secret.  Without the person at the table, pink's card first.  None for a card played
    alone (nothing chosen by the other seat in the same duel).

    >>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    >>> g = FistfulOfGold.new(seed=2)
    >>> _ = g.play("discard green 7 green 8"), g.play("discard pink 1 pink 2")
    >>> _ = g.play("green 5"), g.play("pink 6")
    >>> names = ["You", "Ada (bot)"]
    >>> _duel_words(g, 2, names)
    'Ada (bot) chose a card for duel 1, face down.'
    >>> played, _, outcome = _duel_words(g, 3, names).partition(". ")
    >>> played
    'Duel 1: you played pink 6 and Ada (bot) played green 5'
    >>> for part in outcome.split(": "):
    ...     print(part)
    Pink 6 against green 5
    difference 1 is 3 or less, so the higher card wins
    you win 1 gold.
    """
    move, seat = game.history[index], game.movers[index]
    before = game.replay(index).position
    other = 1 - seat
    if before.phase != "duel" or before.pending[seat] is not None:
        return None
    duel = before.duel
    if before.pending[other] is None:  # the first card chosen: is the other still to choose?
        after = game.replay(index + 1).position
        if after.pending[seat] is None:  # resolved at once: a card played alone
            return None
        who = names[seat]
        return by_person(
            who if who == YOU else shown_name(who),
            N_("You chose your card for duel {duel}, face down."),
            N_("{name} chose a card for duel {duel}, face down."),
            duel=duel,
        )
    cards = {seat: move.card, other: before.pending[other].card}
    you = next((s for s in (0, 1) if names[s] == YOU), None)
    if you is None:  # no person at this table: pink first
        played = _(
            "Duel {duel}: {first} played {card} and {second} played {other_card}.",
            duel=duel,
            first=shown_name(names[0]),
            card=the_card(cards[0]),
            second=shown_name(names[1]),
            other_card=the_card(cards[1]),
        )
    else:
        played = _(
            "Duel {duel}: you played {card} and {name} played {other_card}.",
            duel=duel,
            card=the_card(cards[you]),
            name=shown_name(names[1 - you]),
            other_card=the_card(cards[1 - you]),
        )
    return f"{played} {_duel_outcome(game, index, names)}"


def _duel_outcome(game: Any, index: int, names: list[str]) -> str:
    """What the duel revealed by card ``index`` did, as the engine's tally says it (who won
    what and by which rule): a newcomer stepping through a replay read the two cards and
    had to work the winner out alone.  Its first letter is a capital, as it starts a
    sentence of the list."""
    before, after = game.replay(index).position, game.replay(index + 1).position
    result = after.tallies[before.round - 1].duels[before.duel - 1]
    text = result.words([n if n == YOU else shown_name(n) for n in names])
    return text[:1].upper() + text[1:]


def _replay_heading(game: Any, index: int, names: list[str]) -> str | None:
    """ "Round 2" before the first move of each round (its first discard), as the table
    names the rounds ("Round 2: discards"); "Round 1" too, so that every move of the list,
    and every part of the review's chart, is under its round.

    >>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
    >>> g = FistfulOfGold.new(seed=2)
    >>> while not g.is_over:
    ...     _ = g.play(g.legal_moves(g.current_players()[0])[0], g.current_players()[0])
    >>> [(i, h) for i in range(len(g.history)) if (h := _replay_heading(g, i, []))]
    [(0, 'Round 1'), (15, 'Round 2'), (25, 'Round 3')]
    """
    round_no = game.replay(index).position.round
    if index and game.replay(index - 1).position.round == round_no:
        return None
    return _("Round {round}", round=round_no)


KIT = PlayKit(
    "fistful_of_gold",
    _board,
    options=tuple(
        OptionField(
            name, OPTION_WORDS[name][0], choices(name), CHOICES[name][0], section=MORE_RULES
        )
        for name in CHOICES
    ),
    seat_labels=lambda players: [N_("Pink"), N_("Green")],
    score_noun=N_plural("{n} round won", "{n} rounds won"),
    end_words=_end_words,
    replay_words=_replay_words,
    replay_heading=_replay_heading,
    # A move's notation is the card's English name ("green 2"): beside its words it said the
    # move again, in English on a French page.  The words name each card in the page's
    # language, as the table and the hints do: the list shows them alone.
    replay_notation=False,
    # The table (and hand) fitted to the page's shape on a wide screen.
    style=asset_text(__package__, "play.css"),
)


def play_screen(**kwargs: Any) -> PlayScreen:
    """The play screen; keyword arguments as :class:`PlayScreen`."""
    return PlayScreen(KIT, **kwargs)


def play_page(**kwargs: Any) -> w.VBox:
    """The whole play page under its title and introduction (``screen`` is its second
    child); keyword arguments as :class:`PlayScreen` (default: you against a bot)."""
    kwargs.setdefault("seats", ["person", "medium"])
    screen = play_screen(**kwargs)
    intro = PageIntro("play", INTRO)
    screen.room_mode.use_intro(intro)  # a room's page says what a room is instead
    return shared_play_page(screen, intro)
