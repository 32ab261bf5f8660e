"""The A Fistful of Gold duel table in one widget: rows, gold, pot, one hand, the summary.

The widget shows one seat's view of a game (or a spectator's, ``seat=None``)
and lets that seat pick cards: select, then confirm.  It never changes the
game: a confirmed choice goes to the ``on_move`` callbacks and notebook code
calls ``game.play``.  Every event is checked in Python against the engine, so
the browser holds no rules.

What is synced to the browser is built from :meth:`FistfulOfGold.observation`
of the shown seat only: the opponent's hand, discards and secret choice never
leave Python (the opponent's choice is drawn as a card back).

>>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
>>> game = FistfulOfGold.new()
>>> table = FistfulOfGoldTable(game, seat=0)
>>> table.on_move(lambda move: game.play(move))
>>> table.view["mode"], table.view["need"]
('discard', 2)
>>> for i in (0, 1):
...     _ = table.dispatch({"type": "select", "index": i, "card": table.view["choices"][i]["card"]})
>>> table.dispatch({"type": "confirm"}), str(game.history[-1])
(True, 'discard pink 1 pink 2')
>>> table.view["mode"], table.view["chosen"]
('wait', [True, False])
>>> _ = game.play("discard green 1 green 2"); table.refresh()
>>> _ = table.dispatch({"type": "select", "index": 1, "card": "pink 4"})
>>> _ = table.dispatch({"type": "confirm"}); _ = game.play("green 3"); table.refresh()
>>> table.dispatch({"type": "select", "index": 1, "card": "pink 5"}), table.error
(False, 'You played 4 in the last duel, so you may not play 5 now. (FG-3)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import N_, _, _l, _nl, ngettext
from tabletop_widgets.games.fistful_of_gold import (
    COLOURS,
    Card,
    Discard,
    FistfulOfGold,
    Move,
    Observation,
    Play,
    Reclaim,
)
from tabletop_widgets.games.fistful_of_gold.names import listing as card_listing
from tabletop_widgets.games.fistful_of_gold.names import sentence, the_card
from tabletop_widgets.games.fistful_of_gold.render import (
    back_svg,
    card_words,
    duel_card_svg,
    icon_svg,
    mini_card_svg,
)
from tabletop_widgets.games.fistful_of_gold.tally import result_message, result_text, round_winners
from tabletop_widgets.ui.event_widget import EventWidget, Refused, handles, widget_css, widget_esm
from tabletop_widgets.ui.words import YOU, by_person, display_name, listing

__all__ = ["FistfulOfGoldTable", "card_key"]


BACK = "back"
DEFAULT_NAMES = ("Pink", "Green")
#: Keys of the small discard faces and of the legend's marks in ``faces``.
MINI = "mini-"
ICONS = ("beats", "loses", "power")


def shown_name(name: str) -> str:
    """A seat's name as the page shows it: "You" and the default names in the current
    language, others as given."""
    if name in DEFAULT_NAMES:
        return _(N_("Pink")) if name == "Pink" else _(N_("Green"))
    return display_name(name)


def seat_label(name: str, colour: str) -> str:
    """A player's name with the colour they play, unless the name says it already.

    >>> seat_label("You", "pink"), seat_label("Pink", "pink"), seat_label("Ada (bot)", "green")
    ('You (pink)', 'Pink', 'Ada (bot), green')
    """
    shown = shown_name(name)
    pink = colour == COLOURS[0]
    if name in DEFAULT_NAMES or (_("pink") if pink else _("green")).lower() in shown.lower():
        return shown
    if name.endswith(")"):
        return _("{name}, pink", name=shown) if pink else _("{name}, green", name=shown)
    return _("{name} (pink)", name=shown) if pink else _("{name} (green)", name=shown)


def card_key(card: Card) -> str:
    """The key of a card face in the ``faces`` trait, e.g. ``P5`` or ``GD``."""
    return card.short


class FistfulOfGoldTable(EventWidget):
    """The duel table: both rows of this round, gold, the tie pot, one seat's hand, the summary.

    Python API: ``FistfulOfGoldTable(game, seat=0, names=("Pink", "Green"))``,
    :meth:`show` (another game or a replayed one), :meth:`refresh` (after
    anyone plays), the ``seat`` property (``None`` = spectator, no private
    cards synced), :meth:`on_move`.

    Synced traits: ``view`` (everything drawn, built from the shown seat's
    observation), ``faces`` (SVG of exactly the card faces in ``view``, keyed
    by :func:`card_key`, plus ``"back"``), ``card_width``, ``interactive``,
    ``error``.  Events: ``select`` {index, card} (toggle a card of the hand,
    or of the discards when taking one back with the green 8), ``clear``,
    ``confirm``.
    """

    _esm = widget_esm(__package__, "table.js")
    _css = widget_css(__package__, "table.css")
    versioned_events = frozenset({"confirm"})
    texts = {
        "felt": N_("the duel table"),
        "gold": N_("gold: {n}"),
        "wins": N_("rounds won: {n}"),
        "bonus": N_("green 7: +1 per duel won"),
        "chosen": N_("chosen"),
        "discard_chosen": N_("discard chosen"),
        "your_hand": N_("Your hand:"),
        "selected": N_("Selected."),
        "not_allowed": N_("Not allowed now: {why}"),
        "no_cards": N_("no cards"),
        "on_a_card": N_("On a card:"),
        "beats": N_("beats"),
        "loses": N_("loses to"),
        "dynamite": N_("D: Dynamite"),
        "power": N_("a special power"),
        "your_discards": N_("Your discards (face down):"),
        "caption": N_("Gold in each round"),
        "finished": N_("Round {round} (finished)"),
        "discards": N_("Round {round}: discards"),
        "duel": N_("Round {round} · duel {duel} of {duels}"),
        "pot": N_("tie pot: {n} gold"),
        "last": N_("Last duel: {text}"),
        "discard": N_("Discard"),
        "take_back": N_("Take it back"),
        "confirm": N_("Confirm"),
        "clear": N_("Clear"),
        "tap": N_("Tap or click a card to choose it; what it beats is written here."),
        "tap_discard": N_(
            "Tap or click the cards to discard; the cards you choose are listed here."
        ),
        "log": N_("Duels of round {round}"),
    }

    #: Everything drawn, built from the shown seat's observation (read-only).
    view = traitlets.Dict(read_only=True, help="everything drawn (read-only)").tag(sync=True)
    #: SVG of exactly the card faces in ``view``, keyed by :func:`card_key`, plus "back".
    faces = traitlets.Dict(read_only=True, help="SVG of the card faces shown").tag(sync=True)
    #: Width of a card in pixels.
    card_width = traitlets.Int(86, help="width of a card in pixels").tag(sync=True)
    #: False: a view only (a replay); every event is refused.
    interactive = traitlets.Bool(True, help="whether the seat may choose here").tag(sync=True)
    #: Whether the status says who won at the end (a play screen, whose status line says the
    #: final places, turns it off: the end is said in one place).
    say_end = traitlets.Bool(True)

    def __init__(
        self,
        game: FistfulOfGold | None = None,
        *,
        seat: int | None = 0,
        names: Sequence[str] = DEFAULT_NAMES,
        card_width: int = 86,
        interactive: bool = True,
        **kwargs: Any,
    ) -> None:
        if len(names) != 2:
            raise ValueError("a Fistful of Gold table has two names (pink, green)")
        self._game: FistfulOfGold | None = None
        self._seat = _check_seat(seat)
        self._selected: list[int] = []
        self._stamp: tuple = ()
        self._what_if = ""  # said in place of the status line: show_what_if
        self._real_rounds = 0  # rounds finished in the game before the better move
        self._real_duels = 0  # duels revealed in the game before it
        self._move_callbacks: list[Callable[[Move], Any]] = []
        self.names = list(names)
        super().__init__(card_width=card_width, interactive=interactive, **kwargs)
        self.show(game if game is not None else FistfulOfGold.new())

    # -- Python API -----------------------------------------------------

    @property
    def game(self) -> FistfulOfGold:
        """The game on the table (:meth:`show` puts another one there)."""
        assert self._game is not None
        return self._game

    @property
    def seat(self) -> int | None:
        """The seat whose cards are shown (``None``: a spectator sees only what is public)."""
        return self._seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self._seat = _check_seat(seat)
        self.refresh()

    @property
    def selected(self) -> tuple[int, ...]:
        """Positions in the shown hand (or, to reclaim, the discards) of the cards picked so
        far, counted from 0."""
        return tuple(self._selected)

    def show(
        self, game: FistfulOfGold, seat: int | None | str = "keep", *, reveal: bool | None = None
    ) -> None:
        """Draw ``game`` (e.g. a stepper's replayed game); ``seat`` changes the shown seat
        (None: a spectator).  ``reveal`` is accepted as every table's is: the rows, gold
        and past rounds are public anyway, and hands are shown only for ``seat``."""
        self._what_if = ""
        self._game = game
        if seat != "keep":
            self._seat = _check_seat(seat)  # type: ignore[arg-type]
        self.refresh()

    def show_what_if(self, game: FistfulOfGold, seat: int | None, words: str) -> None:
        """Draw ``game``, whose last choice was not made in the game (the review's better
        move): ``words`` are said in place of the status line (:meth:`show` ends it).

        What that move would do is said as what would happen, not as a result: the end of a
        round it finishes ("With the better move, round 3 would end: …"), its duel and the
        round's row in "Gold in each round"; the rounds-won counts are not shown (they would
        read as the game's)."""
        self.show(game, seat)
        self._what_if = words
        before = game.replay(len(game.history) - 1) if game.history else game
        self._real_rounds = len(before.position.finished_rounds)
        self._real_duels = len(before.duel_log)
        self.refresh()

    def language_changed(self) -> None:
        """The view holds sentences and the faces words: draw them again."""
        self.refresh()

    def refresh(self) -> None:
        """Re-read the game; a choice in progress is kept only if nothing changed."""
        stamp = (id(self._game), len(self.game.history), self._seat)
        if stamp != self._stamp:
            self._selected = []
            self._stamp = stamp
        view, faces = self._build()
        self._apply({"view": view, "faces": faces, "version": self.version_for(self.game)})

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` when the shown seat confirms a choice.

        The move names its seat's cards (``move.seat``), so one callback serves
        both seats in hot-seat play.  If the callback raises, the error is shown.
        """
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    @property
    def move(self) -> Move | None:
        """The move the current selection makes (None if incomplete)."""
        mode = self.view.get("mode")
        if self._seat is None or not self._selected:
            return None
        obs = self.game.observation(self._seat)
        if mode == "discard":
            if len(self._selected) != obs.to_discard:
                return None
            return Discard(tuple(obs.hand[i] for i in self._selected))
        if mode == "play":
            return Play(obs.hand[self._selected[0]])
        if mode == "reclaim":
            return Reclaim(obs.discards[self._selected[0]])
        return None

    # -- building the view ----------------------------------------------

    def _mode(self, obs: Observation | None) -> str:
        game = self.game
        if game.is_over:
            return "over"
        if obs is None:
            return "watch"
        if obs.seat not in game.current_players():
            return "wait"
        return {"discard": "discard", "duel": "play", "reclaim": "reclaim"}[game.position.phase]

    def _choices(self, obs: Observation | None, mode: str) -> tuple[Card, ...]:
        if obs is None:
            return ()
        return obs.discards if mode == "reclaim" else obs.hand

    def _build(self) -> tuple[dict, dict]:
        game = self.game
        pos = game.position
        seat = self._seat
        obs = game.observation(seat) if seat is not None else None
        mode = self._mode(obs)
        specials = game.options.specials
        shown: set[Card] = set()

        def key(card: Card) -> str:
            shown.add(card)
            return card_key(card)

        choices = []
        for c in self._choices(obs, mode):
            why = game.explain(Play(c), seat) if mode == "play" else None
            choices.append(
                {
                    "key": key(c),
                    "card": str(c),
                    "words": card_words(c, specials),
                    "legal": why is None,
                    "why": why or "",
                }
            )
        if obs is not None and mode == "reclaim":
            hand = [key(c) for c in obs.hand]
        else:
            hand = [row["key"] for row in choices]
        mine = None
        if obs is not None and obs.my_choice is not None:
            m = obs.my_choice
            mine = [key(c) for c in (m.cards if isinstance(m, Discard) else (m.card,))]
        # Between rounds the finished round stays on the table (its last duel can flip).
        table_rows, rows_round = pos.rows, pos.round
        if not any(pos.rows) and pos.past and pos.phase in ("discard", "over"):
            table_rows, rows_round = pos.past[-1], len(pos.past)
        rows = [[key(c) for c in table_rows[s]] for s in (0, 1)]
        chosen = [pos.pending[s] is not None for s in (0, 1)]
        # A discard chosen lies face down as its cards (FG-2), not as one card of a duel.
        chosen_cards = [len(pos.pending[s].cards) if chosen[s] else 0 for s in (0, 1)]
        need = {"discard": obs.to_discard if obs else 0, "play": 1, "reclaim": 1}.get(mode, 0)
        log_now = [d for d in game.duel_log if d.round == rows_round]
        # The gold beside the rows is the gold of the round they show: a finished round's
        # from the engine's record of it (the new round's 0 read as if the rows won nothing).
        done = rows_round != pos.round or pos.is_over
        gold = list(pos.gold)
        if done and 0 < rows_round <= len(pos.finished_rounds):
            gold = list(pos.finished_rounds[rows_round - 1].gold)
        duels = game.duel_log
        view = {
            "seat": seat,
            "names": [shown_name(n) for n in self.names],
            "labels": [seat_label(self.names[s], COLOURS[s]) for s in (0, 1)],
            "colours": list(COLOURS),
            "phase": pos.phase,
            "round": pos.round,
            "duel": pos.duel if pos.phase in ("duel", "reclaim") else 0,
            "duels_in_round": pos.duels_in_round,
            "mode": mode,
            "need": need,
            "choices": choices,
            "hand": hand,
            "selected": list(self._selected),
            "my_choice": mine,
            "discards": [MINI + card_key(c) for c in obs.discards] if obs else [],
            "opponent": None
            if obs is None
            else {"hand": obs.opponent_hand_size, "discards": obs.opponent_discard_count},
            "rows": rows,
            "row_labels": [self._row_label(s, len(rows[s])) for s in (0, 1)],
            "panel_labels": [self._panel_label(s, gold[s]) for s in (0, 1)],
            "opponent_text": self._opponent_text(obs),
            "hand_title": self._hand_title(mode, need),
            "rows_round": rows_round,
            "rows_done": done,
            "chosen": chosen,
            "chosen_cards": chosen_cards,
            "gold": gold,
            "pot": pos.pot,
            "bonus": list(pos.bonus),
            "round_wins": list(pos.round_wins),
            "revealed": len(duels),
            # A seat that wins something is named as the panels name it ("You win 3 gold"
            # beside "You (pink)"), not by its colour alone.
            "last": duels[-1].words(self._duel_names()) if duels else "",
            # The review's better move on the table: what it would do is said as such.
            "what_if": bool(self._what_if),
            "last_what_if": _(
                "With the better move, not played: {text}", text=duels[-1].words(self._duel_names())
            )
            if self._what_if and len(duels) > self._real_duels  # a duel it would reveal
            else "",
            # ... and the rounds-won counts are not shown when it would finish a round.
            "hide_wins": self._hypothetical(len(pos.finished_rounds)),
            "duels": [d.words(self._duel_names()) for d in log_now],
            "reclaims": [
                _(
                    "Round {round}: {name} took {card} back with the green 8.",
                    round=r,
                    name=shown_name(self.names[c.seat]),
                    card=the_card(c),
                )
                for r, c in pos.reclaims
            ],
            # The finished round still on the table: who won it and the gold, said until
            # the next round's duels begin (the next discard's instruction does not hide it).
            "round_end": self._round_end(rows_round) if done else "",
            "can_confirm": self._complete(mode, need),
            "status": self._what_if or self._status(obs, mode, need),
            "about": self._about(obs, mode),
            "summary": self._summary(),
        }
        faces = {card_key(c): duel_card_svg(c, specials=specials) for c in sorted(shown)}
        if obs is not None:
            faces.update({MINI + card_key(c): mini_card_svg(c) for c in obs.discards})
        faces[BACK] = back_svg()
        for icon in ICONS:
            faces[icon] = icon_svg(icon, colour=COLOURS[seat or 0])
        return view, faces

    def _hypothetical(self, number: int) -> bool:
        """Whether round ``number`` ends only with the review's better move (not played)."""
        return bool(self._what_if) and number > self._real_rounds

    def _round_end(self, number: int) -> str:
        """Round ``number`` (finished) in one sentence: who won it and the gold, read from
        the engine's record of the round (its gold, duels won and winners), never counted
        here; as what would happen when only the review's better move (not played) ends it.

        >>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
        >>> g = FistfulOfGold.new(seed=1)
        >>> while len(g.position.past) < 1:
        ...     _ = g.play(g.legal_moves()[0])
        >>> t = FistfulOfGoldTable(g, seat=0, names=["You", "Ada (bot)"])
        >>> t.view["round_end"]
        'Round 1 is over: Ada (bot) wins it, 6 gold to 0 (FG-2).'
        >>> t.show_what_if(g, 0, "The coach's move."); t.view["round_end"]
        'With the better move, round 1 would end: Ada (bot) would win it, 6 gold to 0 (FG-2).'
        """
        said = _ROUND_END[self._hypothetical(number)]
        pos = self.game.position
        tally = pos.finished_rounds[number - 1]
        winners = pos.round_winners[number - 1]
        if len(winners) == 2:
            return _(said["both"], round=number, gold=tally.gold[0])
        if not winners:
            return _(said["nobody"], round=number, gold=tally.gold[0])
        w = winners[0]
        name = self._result_names()[w]
        if tally.gold[0] == tally.gold[1]:  # equal gold, won on duels (the option says so)
            return by_person(
                name,
                *said["on duels"],
                round=number,
                gold=tally.gold[0],
                won=tally.duels_won[w],
                lost=tally.duels_won[1 - w],
            )
        return by_person(
            name, *said["on gold"], round=number, won=tally.gold[w], lost=tally.gold[1 - w]
        )

    def _row_label(self, seat: int, n: int) -> str:
        name = self.names[seat]
        if name == YOU:
            return ngettext("Your row: {n} card", "Your row: {n} cards", n)
        return ngettext(
            "{name}'s row: {n} card", "{name}'s row: {n} cards", n, name=shown_name(name)
        )

    def _panel_label(self, seat: int, gold: int) -> str:
        pos = self.game.position
        if self._hypothetical(len(pos.finished_rounds)):  # rounds won would read as the game's
            return _(
                "{name}: {gold} gold this round",
                name=seat_label(self.names[seat], COLOURS[seat]),
                gold=gold,
            )
        return ngettext(
            "{name}: {gold} gold this round, {n} round won",
            "{name}: {gold} gold this round, {n} rounds won",
            pos.round_wins[seat],
            name=seat_label(self.names[seat], COLOURS[seat]),
            gold=gold,
        )

    def _opponent_text(self, obs: Observation | None) -> str:
        if obs is None:
            return ""
        hand = ngettext("{n} card in hand", "{n} cards in hand", obs.opponent_hand_size)
        return ngettext(
            "{hand}, {n} discarded face down",
            "{hand}, {n} discarded face down",
            obs.opponent_discard_count,
            hand=hand,
        )

    def _hand_title(self, mode: str, need: int) -> str:
        if mode == "reclaim":
            return _("Your discards — take one back:")
        if mode == "discard":
            return ngettext(
                "Your hand — choose {n} card to discard:",
                "Your hand — choose {n} cards to discard:",
                need,
            )
        return _("Your hand:")

    def _about(self, obs: Observation | None, mode: str) -> str:
        """The selected cards in words: what each beats and loses to, and its power."""
        if obs is None or not self._selected:
            return ""
        cards = self._choices(obs, mode)
        chosen = [cards[i] for i in self._selected if i < len(cards)]
        if mode == "discard":
            return _("To discard: {cards}.", cards=card_listing([the_card(c) for c in chosen]))
        specials = self.game.options.specials
        return " ".join(card_words(c, specials) for c in chosen)

    def _complete(self, mode: str, need: int) -> bool:
        return (
            self.interactive
            and mode in ("discard", "play", "reclaim")
            and len(self._selected) == need
        )

    def _status(self, obs: Observation | None, mode: str, need: int) -> str:
        game = self.game
        names = self.names
        if mode == "over":
            if not self.say_end:
                return ""
            return _("Game over.") + " " + result_text(game.result, self._result_names())
        if mode == "watch":
            waiting = listing([shown_name(names[s]) for s in game.current_players()])
            return _(
                "Round {round}: waiting for {names}.", round=game.position.round, names=waiting
            )
        assert obs is not None
        me = names[obs.seat]
        if not self.interactive and mode in ("discard", "play", "reclaim"):
            # A table that only shows the game (a replay, a closed classroom) asks for
            # nothing: it says whose choice it is, not how to make it.
            return by_person(
                me if me == YOU else shown_name(me), N_("You to play."), N_("{name} to play.")
            )
        if mode == "discard":
            if me == YOU:
                return ngettext(
                    "Choose {n} card to discard face down (FG-2), then press Discard.",
                    "Choose {n} cards to discard face down (FG-2), then press Discard.",
                    need,
                )
            return ngettext(
                "{name}: choose {n} card to discard face down (FG-2), then press Discard.",
                "{name}: choose {n} cards to discard face down (FG-2), then press Discard.",
                need,
                name=shown_name(me),
            )
        asks = _ASKS.get(mode)
        if asks is not None:  # "You" reads as an instruction; another name is addressed first
            you, other = asks
            return by_person(
                me if me == YOU else shown_name(me),
                you,
                other,
                duel=obs.duel,
                duels=obs.duels_in_round,
            )
        other = shown_name(names[1 - obs.seat])
        if game.position.phase == "reclaim":
            return _("{name} is taking a discarded card back with the green 8.", name=other)
        return by_person(
            me if me == YOU else shown_name(me),
            N_("You have chosen. Waiting for {other}."),
            N_("{name} has chosen. Waiting for {other}."),
            other=other,
        )

    def _duel_names(self) -> list[str | None]:
        """The seats' names for a duel's sentences (:meth:`DuelResult.words`): None for a
        seat called by its colour anyway (Pink, Green), whose sentence says the colour.

        >>> from tabletop_widgets.games.fistful_of_gold import FistfulOfGold
        >>> FistfulOfGoldTable(FistfulOfGold.new(), names=["You", "Green"])._duel_names()
        ['You', None]
        """
        return [None if n in DEFAULT_NAMES else n for n in self.names]

    def _result_names(self) -> list[str]:
        return [n if n == YOU else shown_name(n) for n in self.names]

    def _summary(self) -> dict:
        game = self.game
        pos = game.position
        rounds = []
        finished = len(pos.finished_rounds)
        for t in pos.tallies:
            done = t.number <= finished
            winners = round_winners(pos.options, t) if done else ()
            if not done:
                verdict = _("in play")
            elif not winners:
                verdict = _("nobody wins (equal gold)")
            elif len(winners) == 2:
                verdict = _("both win (equal gold)")
            else:
                verdict = self._wins(winners[0])
            hypothetical = done and self._hypothetical(t.number)
            if hypothetical:  # the better move's round: what would be, not the game's result
                verdict = _("With the better move (not played): {verdict}", verdict=verdict)
            rounds.append(
                {
                    "round": t.number,
                    "gold": list(t.gold),
                    "done": done,
                    "winners": list(winners),
                    "verdict": verdict,
                    "duels": len(t.duels),
                    "what_if": hypothetical,
                }
            )
        result = game.result
        return {
            "headers": [_("Round"), *(shown_name(n) for n in self.names), _("Duels"), _("Result")],
            "rounds": rounds,
            "result": None
            if result is None or not self.say_end or self._what_if  # else the page says it
            else {
                "winner": None if result.is_draw else result.winners[0],
                "decided_by": result.details["decided_by"],
                "text": result_text(result, self._result_names()),
            },
        }

    def _wins(self, seat: int) -> str:
        name = self.names[seat]
        if name == YOU:
            return _("You win")
        return _("{name} wins", name=shown_name(name))

    # -- events from the browser ----------------------------------------

    def _require(self) -> tuple[str, tuple[Card, ...]]:
        if not self.interactive:
            raise Refused(_l("This table is a view only."))
        if (id(self._game), len(self.game.history), self._seat) != self._stamp:
            self.refresh()  # someone played since the last drawing: judge the game as it is
        mode = self.view["mode"]
        if mode == "over":
            raise Refused(
                _l(
                    "The game is over: {result} (FG-2)",
                    result=result_message(self.game.result, self._result_names()),
                )
            )
        if mode == "watch":
            raise Refused(_l("Nobody's cards are shown here: take the seat first."))
        if mode == "wait":
            obs = self.game.observation(self._seat)  # type: ignore[arg-type]
            raise Refused(_Said(lambda: self._status(obs, "wait", 0)))
        assert self._seat is not None
        return mode, self._choices(self.game.observation(self._seat), mode)

    @handles("select", index=int, card=str)
    def _on_select(self, index: int, card: str) -> dict:
        mode, cards = self._require()
        try:
            named = Card.parse(card, COLOURS[self._seat]) if card else None  # type: ignore[index]
        except ValueError:
            raise Refused(_l("“{card}” is not a card of this game.", card=card[:20])) from None
        if named is not None and named not in cards:
            # Ask the engine why (not yours, played already, discarded ...).
            probe = Reclaim(named) if mode == "reclaim" else Play(named)
            why = self._refusal(probe)
            if why is not None:
                raise Refused(why)
            if mode == "reclaim":
                raise Refused(
                    sentence(_l("{card} is not among your discards.", card=the_card(named)))
                )
            raise Refused(sentence(_l("{card} is not in your hand.", card=the_card(named))))
        if not 0 <= index < len(cards):
            n = len(cards)
            if mode == "reclaim":
                raise Refused(
                    _nl(
                        "There is no card number {number}: you have {n} discarded card.",
                        "There is no card number {number}: you have {n} discarded cards.",
                        n,
                        number=index + 1,
                    )
                )
            raise Refused(
                _nl(
                    "There is no card number {number}: your hand has {n} card.",
                    "There is no card number {number}: your hand has {n} cards.",
                    n,
                    number=index + 1,
                )
            )
        if named is not None and cards[index] != named:
            # The page drew an earlier hand (a tap that left before a resumed or new game
            # arrived): the card tapped is the one named on its face, wherever it is now.
            index = cards.index(named)
        chosen = cards[index]
        if mode == "play":
            why = self._refusal(Play(chosen))
            if why is not None:
                raise Refused(why)
        sel = list(self._selected)
        if index in sel:
            sel.remove(index)
        elif mode == "discard" and self.view["need"] > 1:
            if len(sel) >= self.view["need"]:
                raise Refused(
                    _l(
                        "Discard exactly {n} cards (FG-2): unselect one first.",
                        n=self.view["need"],
                    )
                )
            sel = sorted([*sel, index])
        else:
            sel = [index]
        return self._with_selection(sel)

    @handles("clear")
    def _on_clear(self) -> dict:
        self._require()
        return self._with_selection([])

    @handles("confirm")
    def _on_confirm(self) -> dict:
        mode, _ = self._require()
        need = self.view["need"]
        if len(self._selected) != need:
            if mode == "discard":
                raise Refused(
                    _nl(
                        "Choose {n} card to discard first.",
                        "Choose {n} cards to discard first.",
                        need,
                    )
                )
            if mode == "reclaim":
                raise Refused(_l("Choose a discarded card first."))
            raise Refused(_l("Choose a card first."))
        move = self.move
        assert move is not None
        try:
            self.game.verify(move, self._seat)
        except IllegalMoveError as e:
            raise Refused(e) from None
        self._emit(move)
        return {}

    def _refusal(self, move: Move) -> IllegalMoveError | None:
        """The engine's refusal of ``move`` (said in the reader's language when shown)."""
        try:
            self.game.verify(move, self._seat)
        except IllegalMoveError as e:
            return e
        return None

    def _with_selection(self, selected: list[int]) -> dict:
        self._selected = selected
        view, faces = self._build()
        return {"view": view, "faces": faces}

    def _emit(self, move: Move) -> None:
        """Hand the move to the notebook's callbacks, then re-read the game."""
        self._deliver(move, self._move_callbacks, self.refresh)


#: What the seat to choose is asked: (for the person at the screen, for a named seat).

#: A finished round in one sentence (:meth:`FistfulOfGoldTable._round_end`): as it ended,
#: and as the review's better move (not played) would end it; "you" and a name each.
_ROUND_END = {
    False: {
        "both": N_(
            "Round {round} is over: equal gold ({gold} each), so both players win it (FG-2)."
        ),
        "nobody": N_("Round {round} is over: equal gold ({gold} each), so nobody wins it (FG-2)."),
        "on duels": (
            N_(
                "Round {round} is over: equal gold ({gold} each), and you win it on duels "
                "won, {won} to {lost} (FG-2)."
            ),
            N_(
                "Round {round} is over: equal gold ({gold} each), and {name} wins it on "
                "duels won, {won} to {lost} (FG-2)."
            ),
        ),
        "on gold": (
            N_("Round {round} is over: you win it, {won} gold to {lost} (FG-2)."),
            N_("Round {round} is over: {name} wins it, {won} gold to {lost} (FG-2)."),
        ),
    },
    True: {
        "both": N_(
            "With the better move, round {round} would end with equal gold ({gold} each), "
            "so both players would win it (FG-2)."
        ),
        "nobody": N_(
            "With the better move, round {round} would end with equal gold ({gold} each), "
            "so nobody would win it (FG-2)."
        ),
        "on duels": (
            N_(
                "With the better move, round {round} would end with equal gold ({gold} "
                "each), and you would win it on duels won, {won} to {lost} (FG-2)."
            ),
            N_(
                "With the better move, round {round} would end with equal gold ({gold} "
                "each), and {name} would win it on duels won, {won} to {lost} (FG-2)."
            ),
        ),
        "on gold": (
            N_(
                "With the better move, round {round} would end: you would win it, {won} gold to "
                "{lost} (FG-2)."
            ),
            N_(
                "With the better move, round {round} would end: {name} would win it, {won} gold "
                "to {lost} (FG-2)."
            ),
        ),
    },
}

_ASKS = {
    "play": (
        N_("Choose your card for duel {duel} of {duels} in secret (FG-3), then press Confirm."),
        N_(
            "{name}: choose your card for duel {duel} of {duels} in secret (FG-3), "
            "then press Confirm."
        ),
    ),
    "reclaim": (
        N_(
            "Your green 8 lets you take one discarded card back into your hand (FG-4). "
            "Choose it, then press Take it back."
        ),
        N_(
            "{name}: your green 8 lets you take one discarded card back into your hand "
            "(FG-4). Choose it, then press Take it back."
        ),
    ),
}


class _Said:
    """A sentence computed again each time it is shown (in the language of that moment)."""

    def __init__(self, say: Callable[[], str]) -> None:
        self._say = say

    def __str__(self) -> str:
        return self._say()


def _check_seat(seat: object) -> int | None:
    if seat is None or (seat in (0, 1) and not isinstance(seat, bool)):
        return seat  # type: ignore[return-value]
    raise ValueError(f"seat must be 0 (pink), 1 (green) or None (spectator), not {seat!r}")
