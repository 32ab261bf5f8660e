"""One seven-segment card you can turn over and lay matchsticks on.

The browser draws the card from ``face``, ``turned`` and ``added`` and sends
events; the value, the cost and every refusal come from
:mod:`tabletop_widgets.games.matchstick_tycoon.shapes`.

>>> card = CardWidget(face="6")
>>> card.dispatch({"type": "toggle", "segment": "b"})
True
>>> card.state
CardState(face='6', turned=False, added='b', value='8', cost=1)
>>> card.caption
'acts as 8 · 1 stick'
>>> card.dispatch({"type": "toggle", "segment": "a"}), card.error
(False, 'The top segment is printed on this card: sticks go on empty segments only (MT-3).')
>>> card.dispatch({"type": "turn"}), card.state
(True, CardState(face='6', turned=True, added='e', value='8', cost=1))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import N_, _, _l, _nl
from tabletop_widgets.games.matchstick_tycoon import render as ss
from tabletop_widgets.games.matchstick_tycoon import shapes
from tabletop_widgets.ui.event_widget import EventWidget, Refused, handles, widget_css, widget_esm

__all__ = ["CardState", "CardWidget"]


@lru_cache(maxsize=1)
def _geometry() -> dict:
    return ss.geometry()


@dataclass(frozen=True)
class CardState:
    """A snapshot of a card widget."""

    face: str
    turned: bool
    added: str
    value: str | None
    cost: int


def check_face(face: object) -> str:
    """The face if it is a card face, else Refused with the list of faces."""
    if not isinstance(face, str) or face not in shapes.ALL_FACES:
        raise Refused(
            _l(
                "There is no “{face}” card: faces are {faces} (MT-1).",
                face=str(face)[:10],
                faces=" ".join(shapes.ALL_FACES),
            )
        )
    return face


def check_segment(segment: object) -> str:
    if not isinstance(segment, str) or len(segment) != 1 or segment not in shapes.SEGMENTS:
        raise Refused(
            _l("There is no segment “{segment}”: segments are a to g.", segment=str(segment)[:10])
        )
    return segment


def toggled(face: str, turned: bool, added: str, segment: str) -> str:
    """``added`` with a stick laid on (or taken back from) ``segment``; Refused if printed."""
    check_segment(segment)
    if segment in added:
        return added.replace(segment, "")
    if segment in ss.printed_segments(face, turned):
        raise Refused(
            _l(
                "{segment} is printed on this card: sticks go on empty segments only (MT-3).",
                segment=_segment_words(segment),
            )
        )
    return "".join(sorted(added + segment))


def turned_sticks(added: str) -> str:
    """The sticks after the card (with them on it) turns 180°."""
    return "".join(sorted(shapes.TURN[s] for s in added))


def check_budget(cost: int, budget: int | None) -> None:
    if budget is not None and cost > budget:
        if budget == 0:
            raise Refused(_l("No stick left: you have no matchsticks to lay."))
        raise Refused(
            _nl(
                "No stick left: you have only {n} matchstick to lay.",
                "No stick left: you have only {n} matchsticks to lay.",
                budget,
            )
        )


def _segment_words(segment: str) -> ss.Later:
    """``The top-right segment``, said in the language of the moment it is shown."""

    def make() -> str:
        text = ss.segment_words(segment)
        return text[:1].upper() + text[1:]

    return ss.Later(make)


#: The texts every widget that draws editable cards sends to its front end (segments.js).
CARD_TEXTS = {
    "segment_named": N_("{name} segment ({letter})"),
    "segment_stick": N_("{segment}, matchstick: press to take it back"),
    "segment_printed": N_("{segment}, printed"),
    "segment_empty": N_("{segment}, empty: press to lay a stick"),
}


def card_texts() -> dict[str, str]:
    """The segments' names in the current language (keys ``seg_a`` … ``seg_g``)."""
    return {f"seg_{s}": ss.segment_name(s) for s in shapes.SEGMENTS}


class CardWidget(EventWidget):
    """One card: click empty segments to lay sticks, turn it over, read what it acts as.

    Traits: ``face``, ``turned``, ``added`` (sorted segment letters),
    ``budget`` (None = unlimited), ``editable``, ``face_picker``, ``size``
    (width in pixels), ``expansion``; read-only ``value`` (None if not a
    digit), ``cost``, ``caption``, ``label``; ``error``.  Events: ``toggle``
    {segment}, ``turn``, ``set_face`` {face}, ``reset``.

    Setting ``face`` or ``turned`` from Python drops sticks that would then lie
    on printed segments; the ``turn`` event (and :meth:`turn_over`) turns the
    sticks with the card, as a real card would.
    """

    _esm = widget_esm(__package__, "segments.js", "card.js")
    _css = widget_css(__package__, "card.css")
    texts = {
        **CARD_TEXTS,
        "turned_over": N_("Turned over · {caption}"),
        "turn_over": N_("Turn over"),
        "turn_aria": N_("Turn over this card"),
        "face_aria": N_("card face"),
        "keys": N_(
            "Keyboard: Tab to the card, ↑ steps into its segments, arrows move, Space lays or "
            "takes back a stick, Esc goes back."
        ),
    }

    face = traitlets.Unicode("6").tag(sync=True)
    turned = traitlets.Bool(False).tag(sync=True)
    added = traitlets.Unicode("").tag(sync=True)
    budget = traitlets.Int(None, allow_none=True).tag(sync=True)
    editable = traitlets.Bool(True).tag(sync=True)
    face_picker = traitlets.Bool(False).tag(sync=True)
    size = traitlets.Int(110).tag(sync=True)
    expansion = traitlets.Int(4).tag(sync=True)

    value = traitlets.Unicode(None, allow_none=True, read_only=True).tag(sync=True)
    cost = traitlets.Int(0, read_only=True).tag(sync=True)
    caption = traitlets.Unicode("", read_only=True).tag(sync=True)
    label = traitlets.Unicode("", read_only=True).tag(sync=True)
    _geometry = traitlets.Dict(read_only=True).tag(sync=True)

    def __init__(
        self,
        *,
        face: str = "6",
        turned: bool = False,
        added: str = "",
        budget: int | None = None,
        editable: bool = True,
        size: int = 110,
        face_picker: bool = False,
        expansion: int = 4,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            face=face,
            turned=turned,
            added=added,
            budget=budget,
            editable=editable,
            size=size,
            face_picker=face_picker,
            expansion=expansion,
            **kwargs,
        )
        self.set_trait("_geometry", _geometry())
        self._derive()

    # -- Python API -----------------------------------------------------

    @property
    def state(self) -> CardState:
        """The current card as one frozen value."""
        return CardState(self.face, self.turned, self.added, self.value, self.cost)

    def turn_over(self) -> None:
        """Turn the card 180° with its sticks, like the turn control."""
        self._apply({"turned": not self.turned, "added": turned_sticks(self.added)})

    def update(self, **changes: Any) -> None:
        """Set several traits at once (validated together)."""
        with self.hold_sync(), self.hold_trait_notifications():
            for k, v in changes.items():
                setattr(self, k, v)

    # -- validation of Python-side changes ------------------------------

    @traitlets.validate("face")
    def _valid_face(self, proposal: dict) -> str:
        try:
            return check_face(proposal["value"])
        except Refused as e:
            raise traitlets.TraitError(str(e)) from None

    @traitlets.validate("added")
    def _valid_added(self, proposal: dict) -> str:
        added = proposal["value"]
        if len(set(added)) != len(added) or set(added) - set(shapes.SEGMENTS):
            raise traitlets.TraitError(f"added must be distinct segments a-g, not {added!r}")
        added = "".join(sorted(added))
        clash = set(added) & set(ss.printed_segments(self.face, self.turned))
        if clash:
            raise traitlets.TraitError(
                f"segment {min(clash)} is printed on card {self.face}: sticks go on empty ones"
            )
        if self.budget is not None and len(added) > self.budget:
            raise traitlets.TraitError(f"{len(added)} sticks exceed the budget of {self.budget}")
        return added

    @traitlets.validate("budget")
    def _valid_budget(self, proposal: dict) -> int | None:
        b = proposal["value"]
        if b is not None and b < 0:
            raise traitlets.TraitError("budget must be 0 or more (or None)")
        return b

    @traitlets.validate("size")
    def _valid_size(self, proposal: dict) -> int:
        if not 32 <= proposal["value"] <= 480:
            raise traitlets.TraitError("size is the card width in pixels, 32 to 480")
        return proposal["value"]

    @traitlets.validate("expansion")
    def _valid_expansion(self, proposal: dict) -> int:
        if proposal["value"] not in (0, 2, 4):
            raise traitlets.TraitError("expansion must be 0, 2 or 4")
        return proposal["value"]

    @traitlets.observe("face", "turned")
    def _drop_covered_sticks(self, change: dict) -> None:
        printed = ss.printed_segments(self.face, self.turned)
        keep = "".join(s for s in self.added if s not in printed)
        if keep != self.added:
            self.added = keep

    @traitlets.observe("face", "turned", "added", "expansion", "budget")
    def _on_state(self, change: dict) -> None:
        self._derive()

    def _derive(self) -> None:
        value = shapes.shows(self.face, self.turned, self.added, self.expansion)
        cost = len(self.added)
        text = ss.caption(value, cost)
        if self.budget is not None:
            text = _("{caption} (you have {budget})", caption=text, budget=self.budget)
        with self.hold_sync():
            self.set_trait("value", value)
            self.set_trait("cost", cost)
            self.set_trait("caption", text)
            self.set_trait("label", ss.describe(self.face, self.turned, self.added, self.expansion))

    # -- events from the browser ----------------------------------------

    def build_texts(self) -> dict[str, str]:
        return {**super().build_texts(), **card_texts()}

    def language_changed(self) -> None:
        self._derive()  # the caption and the label are words

    def _require_editable(self) -> None:
        if not self.editable:
            raise Refused(_l("This card is not editable."))

    @handles("toggle", segment=str)
    def _on_toggle(self, segment: str) -> dict:
        self._require_editable()
        added = toggled(self.face, self.turned, self.added, segment)
        check_budget(len(added), self.budget)
        return {"added": added}

    @handles("turn")
    def _on_turn(self) -> dict:
        self._require_editable()
        return {"turned": not self.turned, "added": turned_sticks(self.added)}

    @handles("set_face", face=str)
    def _on_set_face(self, face: str) -> dict:
        self._require_editable()
        return {"face": check_face(face), "turned": False, "added": ""}

    @handles("reset")
    def _on_reset(self) -> dict:
        self._require_editable()
        return {"turned": False, "added": ""}
