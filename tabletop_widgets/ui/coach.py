"""The coach: a Hint button that shows the best moves now, their chance and why.

On a play page the person may ask for a hint on their turn.  The coach analyses the position
from that seat's view only (the cards it cannot see are dealt again many times:
:func:`tabletop_widgets.core.search.iter_analyse`, the game's hard level's search, a larger
budget), and shows the best few moves in words, each with its estimated win chance (or
expected points) and the range it very likely lies in ("win chance 54 %, likely 46 to 62 %":
no brackets, so a sentence may put the figure in brackets of its own), and one sentence why
(the game's ``coach`` words).  What the figures mean -- the average over very many games (or
deals) played on from here, not the result of the one on the table -- is said in plain words
under the list, in full the first time each sentence shows, then one tap away
(:func:`figures_words`); what the range means only where a figure is shown with one.  Where
even the best move's win chance is below a fair share (100 % shared by the players), one
calm sentence under the list says the position is hard whatever the learner plays
(:func:`hard_words`): "win chance 12 %" beside the best move, unexplained, reads as a bad
hint.  Where the game's coach writes a move's notation (its ``move_notation``), each hint
names the move in words, in bold, then its notation, small, as the replay's list shows it
(:func:`hint_move_html`): a newcomer read notation in bold as the move.  On a phone the
hints fold to the best move alone (the rest one tap away), so the hand stays near.  The
learner may switch hints off with a checkbox labelled "Allow hints" (the coach comments on no move
unasked: it only answers the Hint button); the page then says hints are off and how to turn
them back on.  The coach is off in a classroom (students play each other there).

>>> from tabletop_widgets.core import GAMES
>>> g = GAMES["matchstick_tycoon"].engine.new(players=3, seed=4)
>>> coach = Coach("matchstick_tycoon", budget=600)
>>> hints = coach.hints(g, g.to_move, seed=1)
>>> 1 <= len(hints) <= 3 and all(h.move in g.legal_moves() for h in hints)
True
>>> hints[0].words != "" and hints[0].chance.startswith(("win chance", "expected"))
True
"""

from __future__ import annotations

import html
import logging
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.i18n import N_, _, decimal, ngettext, on_language_change
from tabletop_widgets.core.move_values import by_value, gap, shown_figure
from tabletop_widgets.core.registry import GAMES, GameInfo
from tabletop_widgets.core.search import default_search, iter_analyse
from tabletop_widgets.core.stats import Estimate

from .actions import ActionButton

__all__ = [
    "Coach",
    "Hint",
    "action_words",
    "analyser",
    "best_share_words",
    "capital",
    "estimate_words",
    "even_share",
    "figures_words",
    "hard_words",
    "has_range",
    "hint_move_html",
    "hint_words",
    "meaning_words",
    "move_notation",
    "move_words",
    "range_words",
    "reasons",
    "share_side",
    "tie_note",
    "together",
]

log = logging.getLogger(__name__)

#: Moves a hint shows.
SHOWN = 3
#: A hint's budget, in the hard level's budgets (more than a bot move: a person waits
#: for it once, and a narrower interval is worth it).
HINT_BUDGETS = 3
#: A hint never takes longer than this (seconds).
HINT_TIME = 4.0
#: Moves the coach cannot tell apart are "about as good as each other" only when their
#: figures are at most this far apart, by measure: 3 points of win chance (a learner reads
#: 54 % and 56 % as the same), 1 expected point, a tenth of a place.  Figures further apart
#: whose ranges still overlap differ -- the coach has only not tried enough deals to be sure.
#: (Moves *shown* with the same rounded figure are always about as good: :func:`tie_note`.)
CLOSE = {"win": 0.03, "score": 1.0, "place": 0.1}
#: What each measure means, in plain words (said once, where the figures first show).
MEANING = {
    "win": N_(
        "Win chance: how often you would win if the game were played on from this position "
        "very many times, with the cards you cannot see dealt again each time."
    ),
    "score": N_(
        "Expected points: the points you would score on average if the deal were played on "
        "from this position very many times, with the cards you cannot see dealt again each "
        "time."
    ),
    "place": N_(
        "Expected place: your average place if the game were played on from this position "
        "very many times, with the cards you cannot see dealt again each time."
    ),
}
#: The same, for figures worked out exactly (shown without brackets: A Fistful of Gold's plan,
#: an end of game solved to the last card): nothing is dealt again there.
MEANING_EXACT = {
    "win": N_(
        "Win chance: how often you would win from this position if both sides went on playing "
        "as well as the coach can, worked out over every way the cards you cannot see may lie."
    ),
}
#: What the two numbers after "likely" are: the range of that average -- not of the one game
#: (or deal) on the table, which a learner reads as "the real figure" and finds far outside it.
RANGES = {
    "win": N_(
        "The two numbers after “likely” show how sure the coach is: that win chance is very "
        "likely between them. A single game, like the one on the table, can be won with a low "
        "chance or lost with a high one."
    ),
    "score": N_(
        "The two numbers after “likely” show how sure the coach is: that average is very "
        "likely between them. A single deal, like the one on the table, can end far from it."
    ),
    "place": N_(
        "The two numbers after “likely” show how sure the coach is: that average is very "
        "likely between them. A single game, like the one on the table, can end far from it."
    ),
}


def analyser(info: GameInfo) -> Callable[..., Any]:
    """The function that ranks a game's moves for the coach and the review."""
    return info.analyse or iter_analyse


def move_words(info: GameInfo, move: Any) -> str:
    """``move`` named for a learner (its notation where the game has no words), as it reads
    inside a sentence: lower case (a list of hints starts each with a capital, :func:`capital`)."""
    coach = info.coach() if info.coach else None
    return coach.move_words(move) if coach is not None else str(move)


def move_notation(info: GameInfo, move: Any) -> str:
    """``move``'s notation, shown small after its words in a hint, where the game's coach
    writes one (its ``move_notation(move)``; "" where the move's words say it all, or the
    game's coach writes none).

    >>> from tabletop_widgets.core import GAMES
    >>> from tabletop_widgets.games.matchstick_tycoon import PASS, Move
    >>> tycoon = GAMES["matchstick_tycoon"]
    >>> move_notation(tycoon, Move.parse("2x8: 8 A+d")), move_notation(tycoon, PASS)
    ('2x8: 8 A+d', '')
    """
    coach = info.coach() if info.coach else None
    if coach is None or not hasattr(coach, "move_notation"):
        return ""
    return coach.move_notation(move)


def hint_words(info: GameInfo, move: Any) -> tuple[str, str]:
    """``move`` as a hint names it: its words, without the notation a game's ``move_words``
    may add in brackets (the game's ``plain_words``, where it has them), and its notation
    (:func:`move_notation`; "" for none: the words alone, as :func:`move_words`)."""
    notation = move_notation(info, move)
    coach = info.coach() if info.coach else None
    if notation and coach is not None and hasattr(coach, "plain_words"):
        return coach.plain_words(move), notation
    return move_words(info, move), notation


def hint_move_html(words: str, notation: str = "") -> str:
    """A hint's move as the list shows it: its words in bold, with a capital, then its
    notation, small (class ``tt-coach-notation``, styled as the replay's), each escaped.

    >>> hint_move_html("two cards acting as 8", "2x8: 8 A+d")
    "<b>Two cards acting as 8</b> <code class='tt-coach-notation'>2x8: 8 A+d</code>"
    >>> hint_move_html("a pass")
    '<b>A pass</b>'
    >>> hint_move_html("<b>", "a&b")
    "<b>&lt;b&gt;</b> <code class='tt-coach-notation'>a&amp;b</code>"
    """
    shown = f"<b>{html.escape(capital(words))}</b>"
    if notation:
        shown += f" <code class='tt-coach-notation'>{html.escape(notation)}</code>"
    return shown


def action_words(info: GameInfo, move: Any) -> str:
    """``move`` as something to do (``discard a stick``, ``play your 5``), lower case: where a
    sentence says what the learner may do; the game's ``action_words`` where it has them."""
    coach = info.coach() if info.coach else None
    if coach is not None and hasattr(coach, "action_words"):
        return coach.action_words(move)
    return move_words(info, move)


def share_words(info: GameInfo, observation: Any, measure: str) -> str:
    """The scale of expected points, where the game gives it (its coach's
    ``points_in_play(observation)`` -> all the points of the deal, and the players sharing
    them): "expected points 74" alone gave a learner no idea whether 74 was good.  "" for
    another measure or a game without points to share.

    >>> from tabletop_widgets.core.registry import GAMES
    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> obs = ChineseTen.new(players=3, seed=1).observation(0)
    >>> share_words(GAMES["chinese_ten"], obs, "score")
    'The cards of this deal are worth 240 points in all: an even share for 3 players is 80.'
    >>> share_words(GAMES["chinese_ten"], obs, "win")
    ''
    """
    scale = _points_in_play(info, observation, measure)
    if scale is None:
        return ""
    total, players = scale
    share = total / players
    if share == int(share):
        return _(
            "The cards of this deal are worth {total} points in all: an even share for "
            "{players} players is {share}.",
            total=total,
            players=players,
            share=int(share),
        )
    return _(
        "The cards of this deal are worth {total} points in all: an even share for "
        "{players} players is about {share}.",
        total=total,
        players=players,
        share=decimal(share, 1),
    )


def _points_in_play(info: GameInfo, observation: Any, measure: str) -> tuple[int, int] | None:
    """All the points of the deal and the players sharing them, where the game's coach gives
    them (``points_in_play``) and ``measure`` is expected points; else None."""
    coach = info.coach() if info.coach else None
    if measure != "score" or coach is None or not hasattr(coach, "points_in_play"):
        return None
    return coach.points_in_play(observation)


def even_share(info: GameInfo, observation: Any, measure: str) -> float | None:
    """An even share of the points of the deal ``observation`` is in (all its points over the
    players), where :func:`share_words` says one; else None (another measure, another game).

    >>> from tabletop_widgets.core.registry import GAMES
    >>> from tabletop_widgets.games.chinese_ten import ChineseTen
    >>> obs = ChineseTen.new(players=3, seed=1).observation(0)
    >>> even_share(GAMES["chinese_ten"], obs, "score"), even_share(GAMES["chinese_ten"], obs, "win")
    (80.0, None)
    """
    scale = _points_in_play(info, observation, measure)
    return None if scale is None else scale[0] / scale[1]


def share_side(value: Estimate, share: float | None) -> int:
    """-1 if ``value`` (expected points), as the learner reads it (rounded), is below an even
    ``share``; 1 above it; 0 at it, or with no share or no figure.

    >>> share_side(Estimate(79.4, 70, 90), 80.0), share_side(Estimate(79.6, 70, 90), 80.0)
    (-1, 0)
    >>> share_side(Estimate(73, 70, 75), 218 / 3), share_side(Estimate(73, 70, 75), None)
    (1, 0)
    """
    if share is None or not math.isfinite(value.mean):
        return 0
    shown = int(shown_figure(value.mean, "score"))
    return -1 if shown < share else 1 if shown > share else 0


def best_share_words(best: Estimate, share: float | None, players: int = 3) -> str:
    """Where the best move's expected points stand against an even share of the deal
    (:func:`even_share`), as the learner reads the figure (rounded): below it, one sentence
    saying why a best move can show less ("expected points 67" beside a share of 80 read as
    a bad move); above it, that the deal favours the learner; "" at the share, or with no
    share.  True because a deal's points all go to its players: the players' expected
    points add up to every point of the deal, so below an even share the others expect
    more, on average, than an even share each.

    >>> best_share_words(Estimate(67.4, 60, 75), 80.0).split(":")[0]
    'Even the best move is expected to score less than an even share'
    >>> best_share_words(Estimate(92, 85, 99), 80.0).split(":")[0]
    'The best move is expected to score more than an even share'
    >>> best_share_words(Estimate(79.6, 70, 90), 80.0), best_share_words(Estimate(60, 50, 70), None)
    ('', '')
    >>> "favours your opponent," in best_share_words(Estimate(90, 80, 99), 105.0, players=2)
    True
    """
    side = share_side(best, share)
    if side < 0 and players == 2:  # one opponent: "the other players" read as a third
        return _(
            "Even the best move is expected to score less than an even share: from here, this "
            "deal favours your opponent, whatever you play. It is still the best move: no "
            "other move is expected to score more."
        )
    if side < 0:
        return _(
            "Even the best move is expected to score less than an even share: from here, this "
            "deal favours the other players, whatever you play. It is still the best move: no "
            "other move is expected to score more."
        )
    if side > 0:
        return _(
            "The best move is expected to score more than an even share: played well from "
            "here, this deal favours you."
        )
    return ""


def capital(text: str) -> str:
    """``text`` with a capital first letter (a move's words starting a line)."""
    return text[:1].upper() + text[1:]


def reasons(info: GameInfo, observation: Any, move: Any, legal: Any) -> str:
    """The game's sentence why ``move`` is good ("" where it has none)."""
    coach = info.coach() if info.coach else None
    if coach is None:
        return ""
    try:
        return coach.reason(observation, move, legal)
    except Exception:  # a missing sentence must never cost the learner the hint
        log.exception("%s: no reason for %s", info.key, move)
        return ""


#: Joins a figure and its "%" (or a range's words) so a line never breaks inside it: a
#: no-break space (on a phone "likely 19 to 29 %" left the "%" alone on the next line).
NBSP = "\u00a0"
#: Marks the start and the end of a range in a message while it is translated (private
#: use characters, never in a text): its words are joined once it is (:func:`together`).
RANGE_START, RANGE_END = "\ue000", "\ue001"
_RANGE = re.compile(
    f"[{RANGE_START}{RANGE_END}]([^{RANGE_START}{RANGE_END}]*)[{RANGE_START}{RANGE_END}]( ?%)?"
)
_PERCENT = re.compile(r"(\d) %")


def together(text: str) -> str:
    """``text`` with each figure and its "%" joined by a no-break space, and each range
    marked with :data:`RANGE_START` and :data:`RANGE_END` ("19 to 29 %", in any language)
    joined the same way: a narrow screen breaks the line before the range or after it.

    >>> together("win chance 21 %") == "win chance 21" + NBSP + "%"
    True
    >>> together(f"likely {RANGE_START}10 to 38{RANGE_END} %").split(" ")
    ['likely', '10\xa0to\xa038\xa0%']
    """
    text = _RANGE.sub(lambda m: (m[1] + (m[2] or "")).replace(" ", NBSP), text)
    text = text.replace(RANGE_START, "").replace(RANGE_END, "")
    return _PERCENT.sub(r"\1" + NBSP + "%", text)


def _bounds(e: Estimate, measure: str) -> tuple[Any, Any]:
    """The two ends of ``e``'s range as the page shows them (rounded as its figure is)."""
    if measure == "win":
        return round(100 * e.low), round(100 * e.high)
    if measure == "score":
        return round(e.low), round(e.high)
    return decimal(e.low), decimal(e.high)


def has_range(e: Estimate, measure: str | None = None) -> bool:
    """True if ``e`` is shown with the range it very likely lies in (:func:`estimate_words`);
    a value worked out exactly, or without finite bounds, is shown alone -- and so is one
    whose two ends read the same once rounded for ``measure`` ("likely 50 to 50 %" said
    nothing).

    >>> has_range(Estimate(0.5, 0.4, 0.6)), has_range(Estimate(0.5, 0.5, 0.5))
    (True, False)
    >>> has_range(Estimate(0.5, float("nan"), float("nan")))
    False
    >>> has_range(Estimate(0.5, 0.498, 0.502)), has_range(Estimate(0.5, 0.498, 0.502), "win")
    (True, False)
    """
    if not (e.low != e.high and math.isfinite(e.low) and math.isfinite(e.high)):
        return False
    if measure is None:
        return True
    low, high = _bounds(e, measure)
    return low != high


def estimate_words(e: Estimate, measure: str) -> str:
    """An estimate as a learner reads it: ``win chance 54 %, likely 46 to 62 %`` (no brackets:
    a sentence may put the whole figure in brackets, and brackets must not nest); a value
    worked out exactly (no interval), or whose range reads as one figure once rounded, alone.
    Each "%" is joined to its figure, and the range's words to each other, by no-break
    spaces (:func:`together`): a line breaks before the range, never inside it.

    >>> def shown(text):
    ...     return text.replace(NBSP, "_")
    >>> shown(estimate_words(Estimate(0.21, 0.1, 0.38), "win"))
    'win chance 21_%, likely 10_to_38_%'
    >>> shown(estimate_words(Estimate(12.4, 8.0, 15.2), "score"))
    'expected points 12, likely 8_to_15'
    >>> estimate_words(Estimate(2.0, 2.0, 2.0), "place")
    'expected place 2.0'
    >>> shown(estimate_words(Estimate(0.5, 0.498, 0.502), "win"))
    'win chance 50_%'
    """
    if not has_range(e, measure):
        if measure == "win":
            return together(_("win chance {mean} %", mean=shown_figure(e.mean, measure)))
        if measure == "score":
            return _("expected points {mean}", mean=shown_figure(e.mean, measure))
        return _("expected place {mean}", mean=decimal(e.mean))
    low, high = _bounds(e, measure)
    # The range's ends marked, so its words are joined in whatever order a language says them.
    low, high = f"{RANGE_START}{low}", f"{high}{RANGE_END}"
    if measure == "win":
        text = _(
            "win chance {mean} %, likely {low} to {high} %",
            mean=shown_figure(e.mean, measure),
            low=low,
            high=high,
        )
    elif measure == "score":
        text = _(
            "expected points {mean}, likely {low} to {high}",
            mean=shown_figure(e.mean, measure),
            low=low,
            high=high,
        )
    else:
        text = _(
            "expected place {mean}, likely {low} to {high}",
            mean=decimal(e.mean),
            low=low,
            high=high,
        )
    return together(text)


def _meaning(measure: str, played_out: bool) -> str:
    """The message saying what the figures of ``measure`` mean (untranslated): played out
    on new deals, or worked out exactly."""
    key = measure if measure in MEANING else "win"
    return MEANING[key] if played_out else MEANING_EXACT.get(key, MEANING[key])


def _range(measure: str) -> str:
    """The message saying what a figure's likely range means (untranslated)."""
    return RANGES[measure if measure in RANGES else "win"]


def meaning_words(measure: str, played_out: bool) -> str:
    """What the figures of ``measure`` mean, in the current language: played out on new
    deals (``played_out``: some figure has an interval, shown or too wide to show) or
    worked out exactly."""
    return _(_meaning(measure, played_out))


def range_words(measure: str) -> str:
    """What the two numbers after "likely" mean, in the current language: said only where a
    figure is shown with its range, next to it."""
    return _(_range(measure))


def figures_words(measure: str, ranges: bool) -> list[str]:
    """What the figures of ``measure`` mean, then (``ranges``: some are shown with their
    range) what the two numbers after "likely" are -- each a sentence in the current language;
    without ranges the figures were worked out exactly, and the words say so.

    >>> [line.split(":")[0] for line in figures_words("score", True)]
    ['Expected points', 'The two numbers after “likely” show how sure the coach is']
    >>> figures_words("win", False)[0].endswith("every way the cards you cannot see may lie.")
    True
    """
    return [meaning_words(measure, ranges)] + ([range_words(measure)] if ranges else [])


def hard_words(best: Estimate, measure: str, players: int) -> str:
    """One calm sentence where even the best move's figure is well below a fair share --
    a win chance under half of 100 % shared by ``players`` (as shown, rounded) -- else "".
    Only for win chance: an expected score or place has no fair share every game shares.
    Half, not a whole share: a newcomer read "hard" beside 33 % at three players, where
    luck alone gives some players less than a share, and draws take a share too.  None
    where no move can win at all (someone else has already won): "hard" is wrong there.

    >>> hard_words(Estimate(0.12, 0.08, 0.16), "win", 3).split(",")[0].replace(NBSP, " ")
    'Even the best move wins only 12 % of the time from here'
    >>> even = Estimate(0.33, 0.3, 0.4), Estimate(0.27, 0.2, 0.3)
    >>> hard_words(even[0], "win", 3), hard_words(even[1], "win", 2)
    ('', '')
    >>> hard_words(Estimate(0.0, 0.0, 0.0), "win", 4), hard_words(Estimate(12, 9, 15), "score", 2)
    ('', '')
    """
    if measure != "win" or players < 2 or not math.isfinite(best.mean):
        return ""
    if best.mean <= 0 and not best.high > 0:  # no move wins: the game is decided
        return ""
    shown = shown_figure(best.mean, measure)
    if int(shown) * players * 2 >= 100:  # half a fair share or more, as the learner reads it
        return ""
    if shown == "0":
        return _(
            "Even the best move almost never wins from here: this position is hard, "
            "whatever you play."
        )
    return together(
        _(
            "Even the best move wins only {p} % of the time from here, less than an equal "
            "share: this position is hard, whatever you play.",
            p=shown,
        )
    )


@dataclass(frozen=True)
class Hint:
    """One move the coach suggests: the move, its words, its value, why, and its notation
    ("" where the game's coach writes none, or the words say it all)."""

    move: Any
    words: str
    chance: str
    why: str
    value: Estimate
    could_be_best: bool
    notation: str = ""


def tie_note(hints: Sequence[Hint], measure: str) -> str:
    """What the first hints have in common, in one sentence ("" when the first is shown
    better than the others).  Worked out exactly, moves of one value are equally good;
    played out, moves the coach cannot tell apart are about as good as each other only when
    their figures are within :data:`CLOSE` -- otherwise it has not tried enough deals to
    tell them apart.  And whatever the coach knows, moves whose figures are *shown* the
    same once rounded (46 % and 46 %) are never called one better: they are about as good.

    >>> from tabletop_widgets.core.stats import Estimate
    >>> def hint(win, best):
    ...     return Hint("m", "a move", "", "", Estimate(win, win, win), best)
    >>> tie_note([hint(0.4633, True), hint(0.4583, False)], "win")
    'These moves are about as good as each other: rounded, their figures are the same.'
    >>> tie_note([hint(0.47, True), hint(0.40, False)], "win")
    ''
    """
    if len(hints) < 2:
        return ""
    ranges = any(h.value.low != h.value.high for h in hints)
    tied = sum(h.could_be_best for h in hints)
    first = shown_figure(hints[0].value.mean, measure)
    same = next(
        (i for i, h in enumerate(hints) if shown_figure(h.value.mean, measure) != first),
        len(hints),
    )
    means = [h.value.mean for h in hints if h.could_be_best]
    close = bool(means) and max(means) - min(means) <= CLOSE.get(measure, 0.0)
    if tied > 1 and tied >= same and not ranges:
        if tied == len(hints):
            return _("These moves are equally good.")
        return ngettext(
            "The first {n} move is the best.", "The first {n} moves are equally good.", tied
        )
    if tied > 1 and tied >= same and close:
        if tied == len(hints):
            return _(
                "These moves are about as good as each other: their figures are too close "
                "for the coach to tell which is best."
            )
        return ngettext(
            "The first {n} move is as good as the best.",
            "The first {n} moves are about as good as each other: their figures are "
            "too close for the coach to tell which is best.",
            tied,
        )
    if same > 1 and same >= tied:
        # The figures differ by less than the rounding shows: a difference the learner
        # cannot see is not one to act on.
        if same == len(hints):
            return _(
                "These moves are about as good as each other: rounded, their figures are the same."
            )
        return ngettext(
            "The first {n} move is about as good as the best: rounded, their figures are the same.",
            "The first {n} moves are about as good as each other: rounded, their figures are "
            "the same.",
            same,
        )
    if tied > 1:  # played out, figures far apart that the coach cannot yet tell apart
        if tied == len(hints):
            return _(
                "The coach has not tried enough deals yet to be sure which of these moves is best."
            )
        return ngettext(
            "The coach has not tried enough deals yet to be sure which of the first {n} "
            "move is best.",
            "The coach has not tried enough deals yet to be sure which of the first {n} "
            "moves is best.",
            tied,
        )
    return ""


class Coach(w.VBox):
    """The Hint button and what it shows, for the game ``key``.

    ``coach.hints(game, seat)`` gives the hints as data (the screen shows them);
    ``coach.enabled`` is the learner's switch, a checkbox labelled "Allow hints" (true ticked or
    not: the coach only answers the Hint button, it comments on no move by itself -- a
    teacher read "Coach" as a coach that comments live); switched off, the panel says that
    hints are off and how to turn them back on.

    >>> coach = Coach("fistful_of_gold")
    >>> coach.switch.value = False
    >>> coach.button.layout.display, "Tick “Allow hints”" in coach.output.value
    ('none', True)
    >>> coach.switch.value = True
    >>> coach.button.layout.display, coach.output.value
    (None, '')
    """

    def __init__(self, key: str, *, budget: int | None = None) -> None:
        self.info = GAMES[key]
        self.budget = budget or HINT_BUDGETS * default_search(self.info).budget
        self.enabled = True
        self.available = True
        self._why = ""  # said instead of the coach where it is not offered
        #: The hints shown, the deals behind them, and which of the notes saying what the
        #: figures mean are said in full (each the first time it shows on the page; the
        #: others are folded under a summary).
        self._shown: tuple[list[Hint], int, frozenset[str]] | None = None
        #: The notes said in full so far (their messages).
        self._explained: set[str] = set()
        #: The measure of the hints shown (``"win"``, ``"score"`` or ``"place"``), and the
        #: number of players of their game (0: not known).
        self._measure = "win"
        self._players = 0
        self._observed: Any = None  # the position of the hints shown (:func:`share_words`)
        #: The move each hint ranked first, by (seat, the moves before it): the review of
        #: the game never marks that move a mistake (:meth:`hinted`).
        self.given: dict[tuple[int, tuple[str, ...]], Any] = {}
        self.button = ActionButton(icon="", layout=w.Layout(width="auto"))
        self.switch = w.Checkbox(value=True, indent=False, layout=w.Layout(width="auto"))
        self.switch.observe(lambda c: self.set_enabled(bool(c["new"])), "value")
        self.output = w.HTML()
        self.output.add_class("tt-coach")
        self._request: Callable[[], None] | None = None
        self.button.on_click(lambda _b: self._request() if self._request else None)
        self._label()
        super().__init__(
            [w.HBox([self.button, self.switch], layout=w.Layout(flex_flow="row wrap")), self.output]
        )
        self.add_class("tt-coach-panel")
        on_language_change(self._follow_language)

    # -- the learner's switch ---------------------------------------------------------

    def on_request(self, callback: Callable[[], None]) -> None:
        """Run ``callback()`` when the learner presses Hint (the screen calls :meth:`show`)."""
        self._request = callback

    def set_enabled(self, on: bool) -> None:
        """Switch the coach on or off (off: no Hint button, no hint shown, and a line that
        says so and how to switch it back on)."""
        self.enabled = on
        if self.switch.value != on:
            self.switch.value = on
        self.button.layout.display = None if on and self.available else "none"
        self.clear()

    def set_available(self, on: bool, why: Any = "") -> None:
        """Offer the coach or not (not in a classroom, nor where only bots play); ``why`` is
        said instead (a message: said again in a new language)."""
        self.available = on
        self._why = why
        self.switch.layout.display = None if on else "none"
        self.button.layout.display = None if on and self.enabled else "none"
        if not on or self._shown is None:
            self._shown = None
            self.output.value = self._idle()

    # -- hints ------------------------------------------------------------------------

    def hints(self, game: Any, seat: int, *, seed: int = 0) -> list[Hint]:
        """The best moves for ``seat`` now, best first (what the seat may see only)."""
        last = None
        for last in analyser(self.info)(  # noqa: B007 - the last snapshot is the answer
            game, seat, budget=self.budget, seed=seed, time_limit=HINT_TIME
        ):
            pass
        if last is None:
            return []
        obs, legal = game.observation(seat), game.legal_moves(seat)
        ranked = by_value(last)[:SHOWN]  # best first by the value shown
        out = []
        for c in ranked:
            words, notation = hint_words(self.info, c.move)
            out.append(
                Hint(
                    c.move,
                    words,
                    estimate_words(c.value, last.measure),
                    reasons(self.info, obs, c.move, legal),
                    c.value,
                    gap(last, ranked[0].move, c.move).low <= 0,
                    notation,
                )
            )
        if out:
            self.given[seat, tuple(str(m) for m in game.history)] = out[0].move
        self._deals = getattr(last, "deals", 0)
        self._measure = last.measure
        self._players = game.players
        self._observed = obs  # for the scale of its figures, said in the language of the moment
        return out

    def hinted(self, game: Any, seat: int) -> dict[int, Any]:
        """The decisions of ``seat`` in ``game`` where a hint was shown: history index -> the
        move the hint ranked first (for the review of the game)."""
        out, before = {}, []
        for i, (move, mover) in enumerate(zip(game.history, game.movers, strict=True)):
            key = (seat, tuple(before))
            if mover == seat and key in self.given:
                out[i] = self.given[key]
            before.append(str(move))
        return out

    def show(self, game: Any, seat: int, *, seed: int = 0) -> list[Hint]:
        """Work out the hints for ``seat`` and show them under the button."""
        if not self.enabled or not self.available:
            return []
        if game.is_over or seat not in game.current_players():
            self._shown = None
            self.output.value = self._line(_("A hint is for your turn."))
            return []
        legal = game.legal_moves(seat)
        if len(legal) == 1:
            self._shown = None
            self.output.value = self._line(
                _("You have only one move now: {move}.", move=action_words(self.info, legal[0]))
            )
            return []
        hints = self.hints(game, seat, seed=seed)
        # Each note on the figures is said in full the first time it shows; then folded.
        notes = set(self._notes(hints)) if hints else set()
        self._shown = (hints, getattr(self, "_deals", 0), frozenset(notes - self._explained))
        self._explained |= notes
        self._draw()
        return hints

    def clear(self) -> None:
        """Take the last hint away (the position changed)."""
        self._shown = None
        self.output.value = self._idle()

    def _idle(self) -> str:
        """What the panel says with no hint shown: why there is no coach here, that the
        learner switched it off (and how to switch it on), or nothing."""
        if not self.available:
            return self._line(str(self._why)) if self._why else ""
        if not self.enabled:
            return self._line(
                _("Hints are off. Tick “Allow hints” to turn them back on."), "tt-coach-off"
            )
        return ""

    # -- drawing ----------------------------------------------------------------------

    def _label(self) -> None:
        self.button.description = _("Hint")
        self.button.tooltip = _("the coach shows your best moves now")
        # The label is true ticked or not (it was "Coach on" while off); the state is the tick.
        # "Allow hints", not "Coach": the coach comments on no move unasked, it answers Hint;
        # not "Hints" either, which beside the Hint button read as a second button for it.
        self.switch.description = _("Allow hints")
        self.switch.tooltip = _("Tick for hints on your turn; untick to play without them.")

    def _follow_language(self, _lang: str) -> None:
        self._label()
        if self._shown is not None:
            self._draw()
        elif not self.available or not self.enabled:
            self.output.value = self._idle()

    def _notes(self, hints: Sequence[Hint]) -> list[str]:
        """The messages saying what the figures of ``hints`` mean: the measure, then what the
        range means where a figure is shown with one."""
        played_out = any(h.value.low != h.value.high for h in hints)  # NaN bounds too
        meaning = _meaning(self._measure, played_out)
        return [meaning] + (
            [_range(self._measure)] if any(has_range(h.value, self._measure) for h in hints) else []
        )

    @staticmethod
    def _line(text: str, kind: str = "") -> str:
        return f"<div class='tt-line {kind}'>{html.escape(text)}</div>"

    def _draw(self) -> None:
        assert self._shown is not None
        hints, deals, full = self._shown
        if not hints:
            self.output.value = self._line(_("The coach found nothing to say here."))
            return
        if deals:
            head = ngettext(
                "The coach's best moves now, best first. It tried each on {n} new deal of the "
                "cards you cannot see:",
                "The coach's best moves now, best first. It tried each on {n} new deals of the "
                "cards you cannot see:",
                deals,
            )
        else:  # worked out from a plan, not played out
            head = _(
                "The coach's best moves now, best first, worked out against the hands your "
                "opponent may hold:"
            )
        items = "".join(
            "<li>{move} — {chance}.{why}</li>".format(
                move=hint_move_html(h.words, h.notation),
                chance=html.escape(h.chance),
                # The game's sentence may give a figure too ("{p} % of the time").
                why=f" <span class='tt-coach-why'>{html.escape(together(h.why))}</span>"
                if h.why
                else "",
            )
            for h in hints
        )
        said = tie_note(hints, self._measure)
        note = f"<div class='tt-note'>{html.escape(said)}</div>" if said else ""
        # Under the best move's figure, and shown with it on a phone (not a tt-note).
        hard = hard_words(hints[0].value, self._measure, self._players)
        calm = f"<div class='tt-coach-hard'>{html.escape(hard)}</div>" if hard else ""
        # Expected points on their scale, under the figures (shown with them on a phone).
        share = (
            share_words(self.info, self._observed, self._measure)
            if self._observed is not None
            else ""
        )
        if share:
            # Where the best move stands against that share: "expected points 67" beside a
            # share of 80 read as a bad best move.
            best = best_share_words(
                hints[0].value,
                even_share(self.info, self._observed, self._measure),
                self._players,
            )
            scale = f"{share} {best}" if best else share
            calm += f"<div class='tt-coach-scale'>{html.escape(scale)}</div>"
        # What the figures mean, under the figures: each note in full the first time it
        # shows, then one tap away; what the range means only beside figures shown with one.
        notes = self._notes(hints)
        in_full = "".join(
            f"<div class='tt-note'>{html.escape(_(t))}</div>" for t in notes if t in (full or ())
        )
        folded = "".join(
            f"<div class='tt-note'>{html.escape(_(t))}</div>"
            for t in notes
            if t not in (full or ())
        )
        about = f"<div class='tt-coach-about'>{in_full}</div>" if in_full else ""
        if folded:
            summary = html.escape(_("What the figures mean"))
            about += (
                f"<details class='tt-coach-about'><summary>{summary}</summary>{folded}</details>"
            )
        # On a narrow screen (base.css) only the best move shows until this is opened: the
        # hints must not push the hand off the screen.
        closed = html.escape(_("Why, and the other moves") if len(hints) > 1 else _("Why"))
        opened = html.escape(_("Show less"))
        more = (
            "<details class='tt-coach-more'><summary>"
            f"<span class='tt-when-closed'>{closed}</span>"
            f"<span class='tt-when-open'>{opened}</span></summary></details>"
        )
        self.output.value = (
            f"<div class='tt-coach-hints' role='status'>"
            f"<div class='tt-coach-head'>{html.escape(head)}</div>"
            f"<ol>{items}</ol>{calm}{note}{about}{more}</div>"
        )
