"""The Matchstick Tycoon table in one widget: seats, the play on the table, the order, the log.

A pure view: :meth:`MatchstickTycoonTable.show` reads a game (or any game object the
stepper hands it) through the engine's public API; the browser only draws.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=3, seed=4)
>>> _ = g.play(g.legal_moves()[0])
>>> t = MatchstickTycoonTable(g, names=["Ann", "Bo", "Cy"])
>>> [s["cards"] for s in t.seats], t.play["text"]
([15, 15, 14], '1x0: 0')
>>> t.log[-1]
'Cy: 1x0: 0'
>>> t.play["words"], t.message
('Cy played a single 0', 'Ann has to beat a single 0, or pass.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import N_, _, ngettext, pgettext
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move, shapes
from tabletop_widgets.games.matchstick_tycoon.render import value_cards
from tabletop_widgets.ui.event_widget import EventWidget, widget_css, widget_esm
from tabletop_widgets.ui.words import by_person, display_name, ordinal, seat_label

from ..render import describe as _card_words
from .card import CARD_TEXTS, _geometry, card_texts

__all__ = [
    "MatchstickTycoonTable",
    "better_move_words",
    "default_names",
    "first_words",
    "log_line",
    "move_sentence",
    "play_words",
]

LOG_LINES = 200


def table_words(value: str, count: int) -> str:
    """A play on the table in words: ``a single 7``, ``two cards acting as 8``.

    >>> table_words("7", 1), table_words("8", 2)
    ('a single 7', 'two cards acting as 8')
    """
    if count == 1:
        return _("a single {value}", value=value)
    return _(_HOW_MANY.get(count, _HOW_MANY[5]), value=value, n=count)


#: Plays of 2 to 5 cards in words (``{n}``: the count, for the rare longer play).
_HOW_MANY = {
    2: N_("two cards acting as {value}"),
    3: N_("three cards acting as {value}"),
    4: N_("four cards acting as {value}"),
    5: N_("five cards acting as {value}"),
}


def play_words(move: Move) -> str:
    """A play in words, for learners who have not met the notation (a pass: ``a pass``),
    saying briefly how its cards were changed: turned over (``~`` in the notation) and
    sticks added (``+``), MT-3.  One card is named ("the 7 card", as the lessons name
    cards); for several cards the turned cards and the sticks are counted.

    >>> play_words(Move.parse("1x7: 7")), play_words(Move.parse("1xC: 7~+a"))
    ('a single 7', 'a single C, the 7 card turned over with 1 stick added')
    >>> play_words(Move.parse("1x9: 6~")), play_words(Move.parse("1x8: 6+b"))
    ('a single 9, the 6 card turned over', 'a single 8, the 6 card with 1 stick added')
    >>> play_words(Move.parse("4x8: 6+b 6+b 8 A+d"))
    'four cards acting as 8, with 3 sticks added'
    >>> play_words(Move.parse("3xC: 7~+a C C"))
    'three cards acting as C, with 1 card turned over and 1 stick added'
    >>> play_words(Move.parse("2x9: 6~ 6~"))
    'two cards acting as 9, with 2 cards turned over'
    """
    if not move.is_play:
        return _("a pass") if move.kind == "pass" else _("a discarded stick")
    cards = move.cards()
    turned = sum(1 for _f, t, _a in cards if t)
    sticks = move.cost
    if move.count == 1:
        face = cards[0][0]
        if turned and sticks:
            return ngettext(
                "a single {value}, the {face} card turned over with {n} stick added",
                "a single {value}, the {face} card turned over with {n} sticks added",
                sticks,
                value=move.value,
                face=face,
            )
        if sticks:
            return ngettext(
                "a single {value}, the {face} card with {n} stick added",
                "a single {value}, the {face} card with {n} sticks added",
                sticks,
                value=move.value,
                face=face,
            )
        if turned:
            return _("a single {value}, the {face} card turned over", value=move.value, face=face)
        return table_words(move.value, move.count)
    play = table_words(move.value, move.count)
    turned_words = ngettext("{n} card turned over", "{n} cards turned over", turned)
    stick_words = ngettext("{n} stick added", "{n} sticks added", sticks)
    if turned and sticks:
        changes = _("{turned} and {sticks}", turned=turned_words, sticks=stick_words)
    elif turned or sticks:
        changes = turned_words if turned else stick_words
    else:
        return play
    return _("{play}, with {changes}", play=play, changes=changes)


def move_sentence(name: str, move: Move) -> str:
    """``You passed and took a stick.``, ``Bea (bot) played a single 7.`` -- whole sentences,
    one for the person at the screen and one for a name.

    >>> from tabletop_widgets.games.matchstick_tycoon import PASS, DISCARD
    >>> move_sentence("You", PASS), move_sentence("Bea", DISCARD)
    ('You passed and took a stick.', 'Bea discarded a stick.')
    """
    if move.kind == "pass":
        return by_person(
            name, N_("You passed and took a stick."), N_("{name} passed and took a stick.")
        )
    if move.kind == "discard":
        return by_person(name, N_("You discarded a stick."), N_("{name} discarded a stick."))
    return by_person(
        name, N_("You played {play}."), N_("{name} played {play}."), play=play_words(move)
    )


def better_move_words(name: str, move: str) -> str:
    """The review's better move for seat ``name``, not played in the game (``move``: in
    words or in notation), as the table says it on its felt and in its log.

    >>> better_move_words("You", "a single 7"), better_move_words("Bea", "1x7: 7")
    ('Your better move, not played: a single 7', 'Better move for Bea, not played: 1x7: 7')
    """
    return by_person(
        name,
        N_("Your better move, not played: {move}"),
        N_("Better move for {name}, not played: {move}"),
        move=move,
    )


def _seat_status(seat, ranking, out, to_move, passed) -> str:
    if seat in out:
        return _("out · {place} place", place=ordinal(ranking.index(seat) + 1))
    if seat in ranking:
        return _("last · {place} place", place=ordinal(ranking.index(seat) + 1))
    if seat == to_move:
        return _("to play")
    return _("passed") if seat in passed else ""


def default_names(players: int) -> list[str]:
    """``Seat 1`` … as people count (seats are 0-based in the engine)."""
    return [seat_label(i) for i in range(players)]


class MatchstickTycoonTable(EventWidget):
    """Seats around the table, the current play, the strength scale and the move log.

    Traits (all set from Python by :meth:`show`): ``seats`` (per seat: name,
    cards, sticks, rank, out, to_move, passed), ``play`` (the last play of
    the trick, its cards as drawn, or None), ``order`` and ``scale`` (values
    weakest first under the current order), ``log``, ``message``.
    """

    _esm = widget_esm(__package__, "segments.js", "table.js")
    _css = widget_css(__package__, "card.css", "table.css")
    texts = {
        **CARD_TEXTS,  # the cards on the felt are named segment by segment (segments.js)
        "legend": N_("How moves are written"),
        "legend_2x8": N_("two cards acting as 8"),
        "legend_turned": N_("the 6 card turned over"),
        "legend_stick": N_("the 0 card with a stick added on segment g (the middle)"),
        "legend_pass": N_("passed and took a stick"),
        "legend_discard": N_("had no cards and discarded a stick"),
        "legend_segments": N_(
            "Segments: a top, b top right, c bottom right, d bottom, e bottom left, f top left, "
            "g middle."
        ),
        "legend_more": N_("More on the rules page"),
        "felt_aria": N_("the table"),
        "empty": N_("The table is empty."),
        "order": N_("Order: weakest"),
        "order_turned": N_("Order (turned round): weakest"),
        "strongest": N_("strongest"),
        "scale_aria": N_("strength order, weakest first: {values}"),
        "log_aria": N_("moves so far"),
    }

    def build_texts(self) -> dict[str, str]:
        """The table's texts, with the segments' names for the cards on the felt."""
        return {**super().build_texts(), **card_texts()}

    #: Whether the message line says the final places (a screen that says them itself
    #: turns this off, so the end is not said twice).
    say_end = True

    seats = traitlets.List(read_only=True).tag(sync=True)
    play = traitlets.Dict(None, allow_none=True, read_only=True).tag(sync=True)
    order = traitlets.Unicode("normal", read_only=True).tag(sync=True)
    scale = traitlets.List(read_only=True).tag(sync=True)
    log = traitlets.List(read_only=True).tag(sync=True)
    log_start = traitlets.Int(1, read_only=True).tag(sync=True)
    #: The line of ``log`` of a move not played (the review's better move), -1 for none.
    log_not_played = traitlets.Int(-1, read_only=True).tag(sync=True)
    message = traitlets.Unicode("", read_only=True).tag(sync=True)
    #: What the felt says where it shows no cards and is not simply empty (the game ended
    #: on a discarded stick); "" for "The table is empty.".
    felt_note = traitlets.Unicode("", read_only=True).tag(sync=True)
    card_size = traitlets.Int(54).tag(sync=True)
    _geometry = traitlets.Dict(read_only=True).tag(sync=True)

    def __init__(
        self,
        game: MatchstickTycoon | None = None,
        *,
        names: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.names = list(names) if names else None
        self._game: MatchstickTycoon | None = None
        self._what_if = ""  # said in place of the message: show_what_if
        self.set_trait("_geometry", _geometry())
        if game is not None:
            self.show(game)

    def language_changed(self) -> None:
        if self._game is not None:
            self._draw(self._game)  # the seats, the play, the log and the message are words

    def show(
        self, game: MatchstickTycoon, seat: int | None | str = "keep", *, reveal: bool | None = None
    ) -> None:
        """Draw ``game`` as it stands now.  ``seat`` and ``reveal`` are accepted as every
        table's are: this table shows only what every player sees (card counts, sticks,
        the play on the table); a hand is a :class:`HandWidget`."""
        self._what_if = ""
        self._draw(game)

    def show_what_if(self, game: MatchstickTycoon, words: str) -> None:
        """Draw ``game``, whose last move was not played (the review's better move in place
        of the one played): ``words`` are said in place of the message, and the log marks
        that move as not played.  The next :meth:`show` ends it.

        >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
        >>> g = MatchstickTycoon.new(players=2, seed=3)
        >>> _ = g.play(g.legal_moves()[0])
        >>> t = MatchstickTycoonTable()
        >>> t.show_what_if(g, "The coach's move."); t.message, t.log_not_played
        ("The coach's move.", 0)
        >>> t.show(g); t.log_not_played
        -1
        """
        self._what_if = words
        self._draw(game)

    def _draw(self, game: MatchstickTycoon) -> None:
        self._game = game
        p = game.position
        names = [display_name(n) for n in (self.names or default_names(p.players))]
        result = game.result
        ranking = list(result.ranking) if result is not None else list(p.out)
        seats = []
        for s in range(p.players):
            status = _seat_status(s, ranking, p.out, game.to_move, p.passed)
            cards = ngettext("{n} card", "{n} cards", len(p.hands[s]))
            sticks = ngettext("{n} stick", "{n} sticks", p.sticks[s])
            label = _("{name}: {cards}, {sticks}", name=names[s], cards=cards, sticks=sticks)
            seats.append(
                {
                    "seat": s,
                    "name": names[s],
                    "cards_text": cards,
                    "sticks_text": sticks,
                    "label": pgettext("list separator", ", ").join([label, status])
                    if status
                    else label,
                    "cards": len(p.hands[s]),
                    "sticks": p.sticks[s],
                    "rank": ranking.index(s) + 1 if s in ranking else None,
                    "out": s in p.out,
                    "to_move": s == game.to_move,
                    "passed": s in p.passed,
                    "status": status,
                }
            )
        history = game.history
        play, felt_note = self._felt(game, names)
        scale = list(shapes.values_in_play(p.expansion))
        if p.order == "reversed":
            scale.reverse()
        log = self._log_lines(game, names)
        if self._what_if and log:
            # The last line is the review's better move: said as that, not as a move made.
            mover = (self.names or default_names(p.players))[game.movers[-1]]
            log[-1] = better_move_words(mover, str(history[-1]))
        self._apply(
            {
                "seats": seats,
                "play": play,
                "felt_note": felt_note,
                "order": p.order,
                "scale": scale,
                "log": log,
                "log_start": self._log_start(game),
                "log_not_played": len(log) - 1 if self._what_if and log else -1,
                "message": self._what_if
                or self._message(game, self.names or default_names(p.players), play),
            }
        )

    def _felt(self, game: MatchstickTycoon, names: list[str]) -> tuple[dict | None, str]:
        """What the felt shows: the play on the table (its cards as drawn, its words), and a
        sentence where it shows no cards ("" for "The table is empty.").

        The move that ends the game clears the table (MT-8), but the felt keeps it: at the
        game's last position (the replay's last move) a learner sees the play that ended
        it, or reads that the last stick was discarded.

        >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
        >>> g = MatchstickTycoon.from_position({"players": 2, "expansion": 0,
        ...     "hands": [["8", "8"], ["0", "1"]], "sticks": [0, 1], "table": None,
        ...     "order": "normal", "to_move": 0, "out": [], "passed": []})
        >>> _ = g.play("2x8: 8 8"); g.is_over, g.position.table
        (True, None)
        >>> play, note = MatchstickTycoonTable(names=["You", "Bea"])._felt(g, ["You", "Bea"])
        >>> [c["face"] for c in play["cards"]], play["words"], play["text"], note
        (['8', '8'], 'You played two cards acting as 8 and went out', '2x8: 8 8', '')
        """
        p = game.position
        history = game.history
        raw = self.names or default_names(p.players)
        last = history[-1] if history else None
        what_if = bool(self._what_if) and last is not None
        if p.table is not None:
            value, count, seat = p.table.value, p.table.count, p.table.player
            shown = next((m for m in reversed(history) if m.kind == "play"), None)
            if shown is None or (shown.value, shown.count) != (value, count):
                shown = None  # a position set up with a play on the table: its value drawn
        elif game.is_over and last is not None and last.kind == "play":
            value, count, seat, shown = last.value, last.count, game.movers[-1], last
        else:
            if game.is_over and last is not None:  # the game ended on a discarded stick
                mover = raw[game.movers[-1]]
                if what_if:
                    return None, better_move_words(mover, play_words(last))
                return None, by_person(
                    mover,
                    N_("You discarded your last stick and went out."),
                    N_("{name} discarded their last stick and went out."),
                )
            return None, ""
        if shown is not None:
            faces, text = shown.cards(), shown.text
        else:
            faces, text = value_cards(value, count), f"{count}x{value}"
        cards = [{"face": f, "turned": t, "added": a} for f, t, a in faces]
        for c in cards:
            c["label"] = _card_words(c["face"], c["turned"], c["added"])
        player = raw[seat]
        words = table_words(value, count)
        if what_if and last.kind == "play":
            # The review's better move is on the felt: said as such, not as played.
            said = better_move_words(player, words)
        elif p.table is None:  # the play that ended the game: its player went out with it
            said = by_person(
                player,
                N_("You played {play} and went out"),
                N_("{name} played {play} and went out"),
                play=words,
            )
        else:
            said = by_person(
                player, N_("You played {play}"), N_("{name} played {play}"), play=words
            )
        play = {
            "value": value,
            "count": count,
            "player": seat,
            "name": names[seat],
            "cards": cards,
            "text": text,
            "words": said,
        }
        return play, ""

    @staticmethod
    def _log_lines(game: MatchstickTycoon, names: list[str]) -> list[str]:
        start = max(0, len(game.history) - LOG_LINES)
        return [log_line(game, i, names) for i in range(start, len(game.history))]

    @staticmethod
    def _log_start(game: MatchstickTycoon) -> int:
        return max(0, len(game.history) - LOG_LINES) + 1

    def _message(self, game: MatchstickTycoon, names: list[str], play: dict | None) -> str:
        if game.is_over:
            if not self.say_end:
                return ""
            ranking = game.result.ranking
            order = pgettext("list separator", ", ").join(
                _("{place} {name}", place=ordinal(i + 1), name=display_name(names[s]))
                for i, s in enumerate(ranking)
            )
            # Who won as the engine's result says it (the first out, MT-8), then the places.
            won = by_person(
                names[ranking[0]], N_("Game over: you won."), N_("Game over: {name} won.")
            )
            return won + " " + _("Places: {places}.", places=order)
        hist = game.history
        who = names[game.to_move]
        if not game.legal_moves() or game.legal_moves()[0].kind == "discard":
            nxt = by_person(
                who,
                N_("You have no cards left: your only move is to discard a stick."),
                N_("{name} has no cards left: their only move is to discard a stick."),
            )
        elif play is None and hist and hist[-1].kind == "pass":
            # The trick ended on passes (MT-6): said, or the same player leading again
            # reads as if it had beaten its own play.
            nxt = by_person(
                who,
                N_("The others all passed: the table is cleared (MT-6) and you lead."),
                N_("The others all passed: the table is cleared (MT-6) and {name} leads."),
            )
        elif play is None:
            nxt = by_person(who, N_("You lead."), N_("{name} leads."))
        else:
            nxt = by_person(
                who,
                N_("You have to beat {play}, or pass."),
                N_("{name} has to beat {play}, or pass."),
                play=table_words(play["value"], play["count"]),
            )
        if hist and hist[-1].kind == "play" and hist[-1].count == 5:
            if game.order == "reversed":
                return _(
                    "Revolution! The order is turned round: 0 is now the strongest. {next}",
                    next=nxt,
                )
            return _(
                "Revolution! The order is turned round: F is the strongest again. {next}", next=nxt
            )
        return nxt


def log_line(
    game: MatchstickTycoon, index: int, names: Sequence[str], *, words: bool = False
) -> str:
    """Move ``index`` of the game as the table's log writes it, with who made it, in the
    notation "How moves are written" under the log teaches ("Cy: 1x0: 0"); with ``words``,
    the same move in whole words, as the felt and the status line say a play ("Cy played a
    single 0."), for a list read without the table's legend (the replay's).  ``names`` as
    the table shows them; with ``words``, the person's seat may be ``YOU`` ("You passed").

    >>> g = MatchstickTycoon.new(players=2, seed=1)
    >>> _ = g.play(g.legal_moves()[-1])
    >>> log_line(g, 0, ["Ann", "Bo"]).startswith(["Ann", "Bo"][g.movers[0]] + ": ")
    True
    >>> _ = g.play("pass")
    >>> log_line(g, 1, ["Ann", "Bo"]), log_line(g, 1, ["Ann", "Bo"], words=True)
    ('Ann: pass', 'Ann passed and took a stick.')
    """
    name, move = names[game.movers[index]], game.history[index]
    if words:
        return move_sentence(name, move)
    return _("{name}: {move}", name=name, move=str(move))


def first_words(game: MatchstickTycoon, names: Sequence[str]) -> str:
    """Who played first and why, while the seat to move has not played yet in a new
    deal ("Cal played first: who starts is drawn at random (MT-4).").  A newcomer
    opened the play page on a phone and found a bot's cards on the table before they had
    done anything: by the rules the first leader is drawn (MT-4), and now the play page's
    status line says so (``names`` as the play screen gives them: ``YOU`` for you).
    "" once every seat has had its first turn, or for a game set up at a position
    (a lesson's), which was not drawn.

    >>> g = MatchstickTycoon.new(players=3, seed=1)
    >>> names = ["You", "Bea (bot)", "Cal (bot)"]
    >>> g.to_move
    2
    >>> first_words(g, names)
    'Cal (bot) plays first: who starts is drawn at random (MT-4).'
    >>> _ = g.play(g.legal_moves()[0])
    >>> first_words(g, names)
    'Cal (bot) played first: who starts is drawn at random (MT-4).'
    >>> _ = g.play("pass"); _ = g.play("pass")  # every seat has had its first turn
    >>> first_words(g, names)
    ''
    """
    hist = game.history
    if not game.dealt or game.is_over or len(hist) >= game.players:
        return ""
    if game.to_move in game.movers:
        return ""
    first = names[game.movers[0] if hist else game.to_move]
    if hist:
        return by_person(
            first,
            N_("You played first: who starts is drawn at random (MT-4)."),
            N_("{name} played first: who starts is drawn at random (MT-4)."),
        )
    return by_person(
        first,
        N_("You play first: who starts is drawn at random (MT-4)."),
        N_("{name} plays first: who starts is drawn at random (MT-4)."),
    )
