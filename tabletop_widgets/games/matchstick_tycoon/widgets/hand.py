"""A whole Matchstick Tycoon hand in one widget: select, transform, play.

The widget reads the game (``bind(game, seat)``) but never changes it: the
play button hands the chosen :class:`Move` to the ``on_move`` callbacks, and
notebook code calls ``game.play``.  Values, costs, legality and the play's
notation all come from :mod:`tabletop_widgets.games.matchstick_tycoon.shapes` and the engine.

>>> hand = HandWidget(cards=["6", "0", "8"], budget=2)
>>> hand.cards
['0', '6', '8']
>>> for i in (0, 1):
...     _ = hand.dispatch({"type": "select", "index": i})
>>> _ = hand.dispatch({"type": "toggle", "index": 0, "segment": "g"})
>>> _ = hand.dispatch({"type": "toggle", "index": 1, "segment": "b"})
>>> hand.play, hand.cost
('2x8: 0+g 6+b', 2)
>>> hand.dispatch({"type": "select", "index": 7}), hand.error
(False, 'There is no such card: the hand has 3 cards.')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import N_, _, _l, _nl, ngettext
from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon, Move, shapes
from tabletop_widgets.games.matchstick_tycoon import render as ss
from tabletop_widgets.games.matchstick_tycoon.moves import MAX_PLAY
from tabletop_widgets.ui.event_widget import EventWidget, Refused, handles, widget_css, widget_esm
from tabletop_widgets.ui.words import display_name, seat_label

from .card import CARD_TEXTS, _geometry, card_texts, check_budget, toggled, turned_sticks

__all__ = ["HandWidget"]


_FACE_ORDER = {f: i for i, f in enumerate(shapes.ALL_FACES)}
_UPRIGHT = {"turned": False, "added": ""}


class HandWidget(EventWidget):
    """A hand of seven-segment cards (one widget, however many cards).

    Traits: ``cards`` (faces, kept in notation order), ``selected`` (indexes),
    ``transforms`` (per card ``{"turned", "added"}``), ``target`` (the value
    picked in the value picker, or ""), ``budget`` (sticks available, None =
    unlimited), ``size`` (card width in pixels), ``editable``, ``expansion``;
    read-only ``value``, ``cost``, ``play`` (canonical notation or ""),
    ``play_ok``, ``values`` (offered in the picker), ``legal_plays`` (legal
    plays of ``target`` when bound), ``can_make`` (indexes of cards that can
    act as ``target`` with the sticks in ``budget``), ``status``; ``error``.

    Events: ``select`` {index}, ``toggle`` {index, segment}, ``turn`` {index},
    ``choose_value`` {value}, ``choose_play`` {move}, ``play``, ``pass``,
    ``clear``.  A ``play`` or ``pass`` hands the move to the :meth:`on_move`
    callbacks.
    """

    _esm = widget_esm(__package__, "segments.js", "hand.js")
    _css = widget_css(__package__, "card.css", "hand.css")
    versioned_events = frozenset({"play", "pass"})
    texts = {
        **CARD_TEXTS,
        "turn": N_("Turn"),
        "turn_aria": N_("Turn card {face} over"),
        # Shown only where the Turn button shows its sign (a phone's narrow cards).
        "turn_help": N_("The {sign} button under the card you picked turns it over."),
        "no_cards": N_("No cards in hand."),
        "make": N_("Make:"),
        "make_aria": N_("make {value}"),
        "any": N_("any"),
        "any_aria": N_("any value"),
        "values_aria": N_("make a value: pick the value your cards should act as"),
        "plays_aria": N_("plays you can make"),
        "keys": N_(
            "Keyboard: ← → move between cards, Space selects one; on a selected card ↑ steps "
            "into its segments (arrows move, Space lays or takes back a stick, Esc goes back)."
        ),
        "sticks_used": N_("Sticks used: {cost} of {budget}"),
        "play": N_("Play"),
        "pass": N_("Pass"),
        "clear": N_("Clear"),
    }

    cards = traitlets.List(traitlets.Unicode())
    selected = traitlets.List(traitlets.Int(), read_only=True)
    transforms = traitlets.List(traitlets.Dict(), read_only=True)
    target = traitlets.Unicode("")
    budget = traitlets.Int(None, allow_none=True)
    size = traitlets.Int(64)
    editable = traitlets.Bool(True)
    expansion = traitlets.Int(4)

    value = traitlets.Unicode(None, allow_none=True, read_only=True)
    cost = traitlets.Int(0, read_only=True)
    play = traitlets.Unicode("", read_only=True)
    play_ok = traitlets.Bool(False, read_only=True)
    values = traitlets.List(traitlets.Unicode(), read_only=True)
    legal_plays = traitlets.List(traitlets.Unicode(), read_only=True)
    can_make = traitlets.List(traitlets.Int(), read_only=True)
    status = traitlets.Unicode("", read_only=True)

    _view = traitlets.Dict(read_only=True).tag(sync=True)
    _geometry = traitlets.Dict(read_only=True).tag(sync=True)

    def __init__(
        self,
        *,
        cards: Sequence[str] = (),
        budget: int | None = None,
        size: int = 64,
        editable: bool = True,
        expansion: int = 4,
        game: MatchstickTycoon | None = None,
        seat: int | None = None,
        names: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        #: The players' names as the table shows them (the status line names who moves).
        self.names = list(names)
        self._game: MatchstickTycoon | None = None
        self._seat = 0
        self._legal: tuple[Move, ...] = ()
        self._move_callbacks: list[Callable[[Move], Any]] = []
        super().__init__(
            cards=list(cards),
            budget=budget,
            size=size,
            editable=editable,
            expansion=expansion,
            **kwargs,
        )
        self.set_trait("_geometry", _geometry())
        if game is not None:
            self.bind(game, 0 if seat is None else seat)
        else:
            self._derive()

    # -- Python API -----------------------------------------------------

    @property
    def game(self) -> MatchstickTycoon | None:
        """The game the hand is bound to (:meth:`bind`), None for a free hand."""
        return self._game

    @property
    def seat(self) -> int:
        """The seat whose hand it shows (counted from 0)."""
        return self._seat

    def bind(self, game: MatchstickTycoon, seat: int) -> None:
        """Show ``seat``'s hand in ``game`` and offer only its legal plays."""
        game.observation(seat)  # IndexError for a seat that is not in the game
        self._game, self._seat = game, seat
        self.refresh()

    def refresh(self) -> None:
        """Re-read the bound game (call after anyone plays)."""
        if self._game is None:
            self._derive()
            return
        obs = self._game.observation(self._seat)
        self._legal = self._game.legal_moves(self._seat)  # () when it is not this seat's turn
        with self.hold_sync(), self.hold_trait_notifications():
            version = self.version_for(self._game)
            if version != self.version:
                self.target = ""  # a value picked for an earlier turn (or game) is stale
            self.version = version
            self.expansion = obs.expansion
            self.budget = obs.sticks[self._seat]
            if list(obs.hand) != self.cards:
                self.cards = list(obs.hand)
            else:
                self._reset_selection()
        self._derive()

    def build_texts(self) -> dict[str, str]:
        return {**super().build_texts(), **card_texts()}

    def language_changed(self) -> None:
        self._derive()  # the status line, the card labels and the help are words

    def on_move(self, callback: Callable[[Move], Any], remove: bool = False) -> None:
        """Call ``callback(move)`` when the play (or pass) button is pressed (``remove``:
        stop calling it).  A callback that raises refuses the move: the hand shows why."""
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    @property
    def move(self) -> Move | None:
        """The play the selection makes (None if it makes none)."""
        return _selection_move(self.cards, self.selected, self.transforms, self.expansion)

    # -- validation of Python-side changes ------------------------------

    @traitlets.validate("cards")
    def _valid_cards(self, proposal: dict) -> list[str]:
        cards = list(proposal["value"])
        for f in cards:
            if f not in _FACE_ORDER:
                raise traitlets.TraitError(f"there is no {f!r} card (faces: {shapes.ALL_FACES})")
        return sorted(cards, key=_FACE_ORDER.__getitem__)

    @traitlets.validate("size")
    def _valid_size(self, proposal: dict) -> int:
        if not 32 <= proposal["value"] <= 320:
            raise traitlets.TraitError("size is the card width in pixels, 32 to 320")
        return proposal["value"]

    @traitlets.validate("target")
    def _valid_target(self, proposal: dict) -> str:
        v = proposal["value"]
        if v and v not in shapes.values_in_play(self.expansion):
            raise traitlets.TraitError(f"{v!r} is not a value in this game")
        return v

    @traitlets.observe("cards")
    def _on_cards(self, change: dict) -> None:
        self._reset_selection()

    @traitlets.observe(
        "cards", "selected", "transforms", "target", "budget", "size", "editable", "expansion"
    )
    def _on_state(self, change: dict) -> None:
        self._derive()

    def _reset_selection(self) -> None:
        self.set_trait("selected", [])
        self.set_trait("transforms", [dict(_UPRIGHT) for _ in self.cards])

    # -- derived state (everything the browser draws) --------------------

    def _offered_values(self) -> list[str]:
        if self._game is not None:
            seen = {m.value for m in self._legal if m.is_play}
            return [v for v in shapes.values_in_play(self.expansion) if v in seen]
        return list(shapes.values_in_play(self.expansion))

    def _derive(self) -> None:
        if len(self.transforms) != len(self.cards):  # during construction
            return
        exp = self.expansion
        sel = self.selected
        move = _selection_move(self.cards, sel, self.transforms, exp)
        cost = sum(len(self.transforms[i]["added"]) for i in sel)
        shown = [
            shapes.shows(
                self.cards[i], self.transforms[i]["turned"], self.transforms[i]["added"], exp
            )
            for i in sel
        ]
        target = self.target
        # Only the cards the sticks at hand can turn into the value: "→E +3" beside one
        # stick read as a play on offer.
        can_make = (
            [
                i
                for i, f in enumerate(self.cards)
                if _affordable(shapes.cost(f, target), self.budget)
            ]
            if target
            else []
        )
        plays = [m.text for m in self._legal if m.is_play and m.value == target] if target else []
        status, ok = self._judge(move, shown, cost)
        cards_view = []
        for i, f in enumerate(self.cards):
            t = self.transforms[i]
            mark = None
            if i in can_make:
                mark = f"→{target} +{shapes.cost(f, target)}"  # explained under the row
            label = ss.describe(f, t["turned"], t["added"], exp)
            if i in sel:
                label = _("{card}, selected", card=label)
            if mark:
                label = _("{card}, can make {value}", card=label, value=target)
            cards_view.append(
                {
                    "face": f,
                    "turned": t["turned"],
                    "added": t["added"],
                    "selected": i in sel,
                    "mark": mark,
                    "label": label,
                }
            )
        with self.hold_sync():
            self.set_trait("value", move.value if move else None)
            self.set_trait("cost", cost)
            self.set_trait("play", move.text if move else "")
            self.set_trait("play_ok", ok)
            self.set_trait("values", self._offered_values())
            self.set_trait("legal_plays", plays)
            self.set_trait("can_make", can_make)
            self.set_trait("status", status)
            self.set_trait(
                "_view",
                {
                    "cards": cards_view,
                    "size": self.size,
                    "editable": self.editable,
                    "values": self.values,
                    "target": target,
                    "plays": [_play_button(p, _cost_of(p, self._legal)) for p in plays],
                    "hand_label": ngettext(
                        "hand of {n} card", "hand of {n} cards", len(self.cards)
                    ),
                    "make_help": _make_help(target, bool(plays)),
                    "can_pass": any(m.kind == "pass" for m in self._legal),
                    "bound": self._game is not None,
                    "status": status,
                    "play": self.play,
                    "play_ok": ok,
                    "cost": cost,
                    "budget": self.budget,
                },
            )

    def _judge(self, move: Move | None, shown: list, cost: int) -> tuple[str, bool]:
        """The status line and whether the play button may be pressed."""
        g = self._game
        if not self.editable and g is not None and (g.is_over or g.to_move != self._seat):
            # A hand only shown (the replay, the review's better move) asks nothing of
            # anyone: the table's message says whose turn it is.
            return "", False
        if g is not None and g.to_move != self._seat:
            if g.is_over:
                return _("The game is over."), False
            name = self.names[g.to_move] if g.to_move < len(self.names) else seat_label(g.to_move)
            return _("Not your turn: {name} is to move.", name=display_name(name)), False
        if not shown:
            # The empty hand says so itself; a hand only shown (a replay) asks for no choice.
            if not self.cards or not self.editable:
                return "", False
            if g is not None and not any(m.is_play for m in self._legal):
                # The row Make: is gone too: say why, so its absence is no puzzle.
                return _("None of your cards can beat the table now: press Pass."), False
            return _("Select 1 to 5 cards to play."), False
        if move is None:
            # A card that is no digit is said as such, not listed among the values: "show 3,
            # not a digit" read as if the 3 were none.
            blank = sum(v is None for v in shown)
            if blank and len(shown) == 1:
                return _("The selected card shows no digit: change its sticks or turn it."), False
            if blank == 1:
                return _(
                    "One of the selected cards shows no digit: change its sticks or turn it."
                ), False
            if blank:
                return ngettext(
                    "{n} of the selected cards shows no digit: change their sticks or turn them.",
                    "{n} of the selected cards show no digit: change their sticks or turn them.",
                    blank,
                ), False
            says = ", ".join(sorted(set(shown)))
            return _(
                "The selected cards show {values}: make them all show one value.", values=says
            ), False
        sticks = ngettext("{n} stick", "{n} sticks", cost)
        if self.budget is not None and cost > self.budget:
            return _(
                "You cannot play that: it needs {sticks} and you have {budget}.",
                sticks=sticks,
                budget=self.budget,
            ), False
        if g is not None:
            why = g.explain(move)
            table = g.position.table
            if why and table is not None and move.count < table.count:
                # Fewer cards than the table's: still choosing, not refused (a newcomer
                # read "You cannot play that" after picking the first card of three).
                more = table.count - move.count
                return ngettext(
                    "Select {n} more card: {reason}",
                    "Select {n} more cards: {reason}",
                    more,
                    reason=why,
                ), False
            if why:
                return _("You cannot play that: {reason}", reason=why), False
        return f"{move.text} · {sticks}", True

    # -- events from the browser ----------------------------------------

    def _card(self, index: int, *, selected: bool = False) -> str:
        if not self.editable:
            raise Refused(_l("This hand is not editable."))
        if not 0 <= index < len(self.cards):
            raise Refused(
                _nl(
                    "There is no such card: the hand has {n} card.",
                    "There is no such card: the hand has {n} cards.",
                    len(self.cards),
                )
            )
        if selected and index not in self.selected:
            raise Refused(
                _l("Select the {face} card first, then transform it.", face=self.cards[index])
            )
        return self.cards[index]

    def _with_transform(self, index: int, turned: bool, added: str) -> list[dict]:
        out = [dict(t) for t in self.transforms]
        out[index] = {"turned": turned, "added": added}
        return out

    def _selection_cost(self, transforms: list[dict]) -> int:
        return sum(len(transforms[i]["added"]) for i in self.selected)

    @handles("select", index=int)
    def _on_select(self, index: int) -> dict:
        face = self._card(index)
        if index in self.selected:
            return {
                "selected": [i for i in self.selected if i != index],
                "transforms": self._with_transform(index, False, ""),
            }
        if len(self.selected) >= MAX_PLAY:
            raise Refused(
                _l("A play has 1 to {most} cards (MT-5): deselect one first.", most=MAX_PLAY)
            )
        transforms = self.transforms
        t = shapes.transform(face, self.target) if self.target else None
        if t is not None:  # a value is picked: lay the sticks it needs, if affordable
            trial = self._with_transform(index, *t)
            cost = self._selection_cost(trial) + len(t[1])
            if self.budget is None or cost <= self.budget:
                transforms = trial
        return {"selected": sorted([*self.selected, index]), "transforms": transforms}

    @handles("toggle", index=int, segment=str)
    def _on_toggle(self, index: int, segment: str) -> dict:
        face = self._card(index, selected=True)
        t = self.transforms[index]
        added = toggled(face, t["turned"], t["added"], segment)
        transforms = self._with_transform(index, t["turned"], added)
        check_budget(self._selection_cost(transforms), self.budget)
        return {"transforms": transforms}

    @handles("turn", index=int)
    def _on_turn(self, index: int) -> dict:
        self._card(index, selected=True)
        t = self.transforms[index]
        return {
            "transforms": self._with_transform(index, not t["turned"], turned_sticks(t["added"]))
        }

    @handles("choose_value", value=str)
    def _on_choose_value(self, value: str) -> dict:
        if value and value not in self.values:
            if not self.values:
                raise Refused(_l("“{value}” is not a value you can play now.", value=value[:5]))
            raise Refused(
                _l(
                    "“{value}” is not a value you can play now; choose one of {values}.",
                    value=value[:5],
                    values=" ".join(self.values),
                )
            )
        return {"target": value}

    @handles("choose_play", move=str)
    def _on_choose_play(self, move: str) -> dict:
        chosen = next((m for m in self._legal if m.is_play and m.text == move), None)
        if chosen is None:
            raise Refused(_l("“{move}” is not one of the plays offered.", move=move[:40]))
        selected: list[int] = []
        transforms = [dict(_UPRIGHT) for _ in self.cards]
        for face, turned, added in chosen.cards():
            i = next(i for i, f in enumerate(self.cards) if f == face and i not in selected)
            selected.append(i)
            transforms[i] = {"turned": turned, "added": added}
        return {"selected": sorted(selected), "transforms": transforms, "target": chosen.value}

    @handles("clear")
    def _on_clear(self) -> dict:
        return {"selected": [], "transforms": [dict(_UPRIGHT) for _ in self.cards]}

    @handles("play")
    def _on_play(self) -> dict:
        if not self.play_ok:
            raise Refused(self.status)
        self._emit(self.move)
        return {}

    @handles("pass")
    def _on_pass(self) -> dict:
        passes = [m for m in self._legal if m.kind == "pass"]
        if not passes:
            if self._legal:
                raise Refused(_l("You cannot pass now: you are leading, so you must play (MT-5)."))
            raise Refused(_l("You cannot pass now: {why}", why=self.status))
        self._emit(passes[0])
        return {}

    def _emit(self, move: Move | None) -> None:
        """Hand the move to the notebook's callbacks, then re-read the game."""
        assert move is not None
        self._deliver(move, self._move_callbacks, self.refresh)


def _play_button(text: str, cost: int) -> dict:
    """A legal play's button: its notation and what it costs, in words."""
    label = ngettext("{play} · {n} stick", "{play} · {n} sticks", cost, play=text)
    return {"text": text, "cost": cost, "label": label}


def _make_help(target: str, any_play: bool) -> str:
    """The line under the Make row (empty when no value is picked)."""
    if not target:
        return ""
    if any_play:
        return _(
            "Cards marked →{value} can act as {value} (+n: the sticks it costs). "
            "Plays of {value} you can make:",
            value=target,
        )
    return _("No play of {value} you can make now.", value=target)


def _affordable(cost: int | None, budget: int | None) -> bool:
    """True if a card can act as the value (``cost`` not None) with the sticks available
    (``budget``; None: no limit known)."""
    return cost is not None and (budget is None or cost <= budget)


def _cost_of(text: str, legal: Sequence[Move]) -> int:
    return next((m.cost for m in legal if m.text == text), 0)


def _selection_move(
    cards: Sequence[str], selected: Sequence[int], transforms: Sequence[dict], expansion: int
) -> Move | None:
    """The play the selected cards make as transformed, or None (via shapes and Move)."""
    if not selected:
        return None
    shown = {
        shapes.shows(cards[i], transforms[i]["turned"], transforms[i]["added"], expansion)
        for i in selected
    }
    if len(shown) != 1 or None in shown:
        return None
    return Move.play(shown.pop(), [cards[i] for i in selected])
