"""The base of every tabletop anywidget: the browser sends events, Python decides.

The front end never writes model state.  It sends small events with
``model.send({type: "toggle", segment: "b"})``; Python checks the event's
fields against the handler's declared types, runs the handler (which checks
the values against the rules and returns the traits to change), and applies
the changes in one step.  A refused event sets ``error`` (shown in the widget)
and leaves every other trait as it was.  Direct state updates from the
browser (a comm ``update`` message) are refused too, unless a trait is on the
class's ``browser_writable`` allow-list, which is empty by default.

Example (a tiny counter; handlers are declared with :func:`handles`):

>>> import traitlets
>>> class Counter(EventWidget):
...     count = traitlets.Int(0).tag(sync=True)
...     @handles("add", by=int)
...     def _add(self, by):
...         if not 1 <= by <= 3:
...             raise Refused(f"add 1 to 3, not {by}")
...         return {"count": self.count + by}
>>> c = Counter()
>>> c.dispatch({"type": "add", "by": 2}), c.count, c.error
(True, 2, '')
>>> c.dispatch({"type": "add", "by": 9}), c.count, c.error
(False, 2, 'add 1 to 3, not 9')
>>> c.dispatch({"type": "add", "by": "2"}), c.error
(False, "Refused 'add': by must be int, not str.")

Events listed in ``versioned_events`` carry the ``version`` of what the page showed
when it was clicked; one made for an earlier version (the second click of a double click,
landing after the game moved on, or a click made before an Undo or a New game) is dropped.
A table takes its version from :meth:`EventWidget.version_for`: a number never used
before in this kernel whenever the game it draws, or that game's history, changed:

>>> class Pass(Counter):
...     versioned_events = frozenset({"add"})
>>> class Game:
...     history = ()
>>> game, p = Game(), Pass()
>>> p.version = shown = p.version_for(game)
>>> p.dispatch({"type": "add", "by": 1, "version": shown}), p.count
(True, 1)
>>> p.version_for(game) == shown  # the same game, the same moves: the same version
True
>>> game.history = ("a move",)
>>> p.version = p.version_for(game)
>>> p.dispatch({"type": "add", "by": 1, "version": shown}), p.count, p.error
(False, 1, '')

Every text the widget's JavaScript shows (labels, aria-labels, legends) comes from
Python: the class lists them in ``texts`` (English, marked with ``N_``), the widget
sends them in the current language in the synced ``_texts`` trait and sends them again
when the language changes; the JavaScript reads them with ``ttText(model, key)``:

>>> from tabletop_widgets.core.i18n import N_, language
>>> class Stepper(Counter):
...     texts = {"back": N_("step back")}
>>> s = Stepper()
>>> s._texts["back"]
'step back'
>>> with language("fr"):
...     s._texts["back"]
'reculer d’un coup'

Saved notebooks and HTML exports cannot run a widget: its display carries a
sentence and, where :meth:`EventWidget.static_svg` draws one, a picture:

>>> class Drawn(Counter):
...     def static_svg(self):
...         return "<svg/>"
>>> data, _ = Drawn()._repr_mimebundle_()
>>> data["image/svg+xml"], data["text/plain"]
('<svg/>', 'Drawn: an interactive widget (run the notebook to use it)')
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, ClassVar

import anywidget
import traitlets

from tabletop_widgets.core.i18n import N_, Message, _, _l, after_colon, on_language_change

from .words import BOT_NAMES

__all__ = [
    "EventWidget",
    "Refused",
    "asset_text",
    "handles",
    "next_version",
    "widget_css",
    "widget_esm",
]

log = logging.getLogger(__name__)

#: Longest event we read; anything longer is refused before parsing fields.
MAX_EVENT_FIELDS = 16
MAX_TEXT = 200

_versions = itertools.count(1)


def next_version() -> int:
    """A version number never handed out before in this kernel (see ``versioned_events``)."""
    return next(_versions)


class Refused(ValueError):
    """Raised by a handler to refuse an event; the message (text or a
    :class:`~tabletop_widgets.core.i18n.Message`) is shown to the user, in the page's
    language and again in the new one when the language changes."""

    @property
    def message(self) -> str | Message:
        return self.args[0] if self.args else ""

    def __str__(self) -> str:
        return str(self.message)


def handles(
    event_type: str, *, max_text: int = MAX_TEXT, **fields: type | tuple[type, ...]
) -> Callable:
    """Mark a method as the handler of ``event_type`` with typed fields.

    Every declared field is required, no other field is accepted, and ``bool``
    never passes as ``int``; text fields are at most ``max_text`` characters.  The
    handler returns a dict of trait changes (or None) and raises :class:`Refused`.
    """

    def mark(fn: Callable) -> Callable:
        fn._event_spec = (event_type, fields)  # type: ignore[attr-defined]
        fn._max_text = max_text  # type: ignore[attr-defined]
        return fn

    return mark


def asset_text(package: str, *names: str) -> str:
    """The text of files beside the modules of ``package``, joined with newlines.

    anywidget loads each module from a string, so relative imports between
    modules cannot resolve; shared helpers are joined in front instead.
    """
    folder = resources.files(package)
    return "\n".join((folder / n).read_text(encoding="utf-8") for n in names)


def widget_esm(package: str, *names: str) -> str:
    """A widget's ES module: the shared helpers of ``ui/base.js``, then ``names`` of ``package``."""
    return asset_text(__package__, "base.js") + "\n" + asset_text(package, *names)


def widget_css(package: str, *names: str) -> str:
    """A widget's CSS: the shared ``ui/base.css`` (colour tokens), then ``names`` of ``package``."""
    return asset_text(__package__, "base.css") + "\n" + asset_text(package, *names)


def _type_name(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__


def _is_instance(value: object, t: type | tuple[type, ...]) -> bool:
    types = t if isinstance(t, tuple) else (t,)
    if isinstance(value, bool) and bool not in types:
        return False
    if value is None:
        return type(None) in types
    return isinstance(value, types)


class EventWidget(anywidget.AnyWidget):
    """An anywidget whose browser side only sends events (see module docstring).

    Subclasses set ``_esm``/``_css`` and declare handlers with :func:`handles`.
    ``last_event`` holds the last accepted event; :meth:`on_event` registers
    callbacks ``callback(widget, event)`` run after an event is accepted.
    """

    #: Traits the browser may set directly.  Empty: everything goes through events.
    browser_writable: ClassVar[frozenset[str]] = frozenset()
    #: Events that act on the game: the browser tags them with the ``version`` it showed,
    #: and one made for an earlier version (a double click that lands after the bots
    #: answered, a click from before an Undo or a New game) is dropped without effect.
    versioned_events: ClassVar[frozenset[str]] = frozenset()

    #: The texts the front end shows: key → English text marked with ``N_``.  Merged along
    #: the class hierarchy (a subclass adds its own), sent in the current language as
    #: ``_texts``; the JavaScript reads them with ``ttText(model, key, params)``.
    texts: ClassVar[Mapping[str, str]] = {
        "rule_link": N_("rule {rule} on the rules page"),
    }

    error = traitlets.Unicode("").tag(sync=True)
    _texts = traitlets.Dict(read_only=True).tag(sync=True)
    #: The version of what the widget shows (set by Python when it draws a game, from
    #: :meth:`version_for`): unique in the kernel, so an old click never matches again.
    version = traitlets.Int(0).tag(sync=True)
    _versioned_events = traitlets.List(read_only=True).tag(sync=True)
    last_event = traitlets.Dict(default_value=None, allow_none=True, read_only=True)

    _event_handlers: ClassVar[dict[str, tuple[str, dict, int]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, tuple[str, dict, int]] = {}
        for klass in reversed(cls.__mro__):
            for name, attr in vars(klass).items():
                spec = getattr(attr, "_event_spec", None)
                if spec is not None:
                    handlers[spec[0]] = (name, spec[1], attr._max_text)
        cls._event_handlers = handlers
        merged: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            merged.update(vars(klass).get("texts", {}))
        cls.texts = merged

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._event_callbacks: list[Callable[[EventWidget, dict], None]] = []
        self._error_source: str | Message = ""
        self._drawn: tuple[Any, tuple] | None = None
        self.set_trait("_versioned_events", sorted(self.versioned_events))
        self.set_trait("_texts", self.build_texts())
        on_language_change(self._follow_language)  # held weakly: goes with the widget

    # -- public ---------------------------------------------------------

    def on_event(self, callback: Callable[[EventWidget, dict], None], remove: bool = False) -> None:
        """Run ``callback(widget, event)`` after every accepted event."""
        if remove:
            self._event_callbacks.remove(callback)
        else:
            self._event_callbacks.append(callback)

    def version_for(self, game: Any) -> int:
        """The version to show with ``game``: the current one while ``game`` and its history
        are those drawn last, else a number never used before in this kernel (so a click
        made before an Undo, a New game or another seat's move never matches again)."""
        history = tuple(game.history)
        drawn = self._drawn
        if drawn is None or drawn[0] is not game or drawn[1] != history:
            self._drawn = (game, history)
            return next_version()
        return self.version

    def dispatch(self, event: object) -> bool:
        """Check and apply one event, as if the browser sent it; True if accepted."""
        return self._dispatch(event, browser=False)

    def _dispatch(self, event: object, browser: bool) -> bool:
        """``browser``: the event came from the page.  A versioned event from the page is
        also a click for the kernel's gate: one made before the page showed the last
        action is dropped (:mod:`.actions`); once handled, the page owes a receipt."""
        gates: list[Any] = []
        try:
            return self._handle_event(event, gates if browser else None)
        finally:
            for gate in gates:
                gate.acted()

    def _handle_event(self, event: object, gates: list[Any] | None) -> bool:
        try:
            name, kwargs = self._check_event(event)
            if name is None:
                return False  # made for an earlier version: dropped without effect
            if gates is not None and isinstance(event, dict) and "version" in event:
                from .actions import GATE

                if not GATE.admit():
                    log.info("%s: dropped %r: made on an older page", type(self).__name__, name)
                    return False
                gates.append(GATE)
            changes = dict(getattr(self, name)(**kwargs) or {})
            changes["error"] = ""
            self._error_source = ""
            self._apply(changes)
        except Refused as e:
            self.refuse(e.message)
            return False
        except Exception as e:  # a bug, not a user mistake: say so briefly, log the rest
            log.exception("%s: handler failed on %r", type(self).__name__, event)
            self.refuse(
                _l("Something went wrong ({kind}); the state is unchanged.", kind=type(e).__name__)
            )
            return False
        self.set_trait("last_event", dict(event))  # type: ignore[arg-type]
        for cb in list(self._event_callbacks):
            self._run_callback(cb, self, dict(event))  # type: ignore[arg-type]
        return True

    # -- texts and languages --------------------------------------------

    def build_texts(self) -> dict[str, str]:
        """The front end's texts in the current language (override to add computed ones)."""
        return {key: _(msgid) for key, msgid in self.texts.items()}

    def language_changed(self) -> None:
        """Called after the language changed and ``_texts`` was sent again: redraw any other
        trait that holds words (the base class re-renders ``error``)."""

    def _follow_language(self, _lang: str) -> None:
        with self.hold_sync():
            self.set_trait("_texts", self.build_texts())
            if self._error_source and self.error:
                self.error = str(self._error_source)
            self.language_changed()

    def refuse(self, message: str | Message) -> None:
        """Show ``message`` on the error line (again in a new language when it changes)."""
        self._error_source = message
        self.error = str(message)

    # -- a picture where the widget cannot run ---------------------------

    def static_svg(self) -> str | None:
        """A picture of what the widget shows, for places that cannot run it: a saved
        notebook opened without its kernel, an nbconvert HTML export (which skips a
        widget whose state was not saved), GitHub.  None: no picture, only a sentence.

        The default draws the game the widget shows (its ``_game``) as the widget shows
        it and never more: every hand face up only when ``reveal`` is set, else the
        view of the seat shown (``shown_seat`` or ``seat``: the game's observation of
        it, when that has a picture); a spectator's table gets no picture.  A widget
        class may override it.
        """
        game = getattr(self, "_game", None)
        if game is None:
            return None
        if getattr(self, "reveal", False) is True:
            draw = getattr(game, "_repr_svg_", None)
            return draw() if callable(draw) else None
        seat = getattr(self, "shown_seat", getattr(self, "seat", None))
        if isinstance(seat, bool) or not isinstance(seat, int):
            return None
        draw = getattr(game.observation(seat), "_repr_svg_", None)
        return draw() if callable(draw) else None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        # What a reader without the kernel sees instead of "<… object at 0x…>".
        data["text/plain"] = (
            f"{type(self).__name__}: an interactive widget (run the notebook to use it)"
        )
        try:
            svg = self.static_svg()
        except Exception:  # a picture is a nicety: never let it break the display
            log.exception("%s: static_svg failed", type(self).__name__)
            svg = None
        if svg:
            data["image/svg+xml"] = svg
        return data, metadata

    # -- helpers for subclasses -----------------------------------------

    def _apply(self, changes: Mapping[str, Any]) -> None:
        """Set several traits with one round of notifications (read-only ones too)."""
        with self.hold_sync(), self.hold_trait_notifications():
            for k, v in changes.items():
                self.set_trait(k, v)

    def _deliver(
        self, move: Any, callbacks: list[Callable[[Any], Any]], refresh: Callable[[], None]
    ) -> None:
        """Hand a chosen move to the notebook's callbacks (which play it), then
        ``refresh()`` from the game; a callback's refusal becomes :class:`Refused`."""
        try:
            for cb in list(callbacks):
                cb(move)
        except Exception as e:
            log.info("%s: callback refused %s: %s", type(self).__name__, move, e)
            refresh()
            why = after_colon(e, BOT_NAMES)  # "…: it is not your turn."
            raise Refused(
                _l("{move} was not played: {reason}", move=str(move), reason=why)
            ) from None
        refresh()

    def _run_callback(self, cb: Callable, *args: Any) -> bool:
        """Call notebook code; an exception becomes ``error`` instead of a traceback."""
        try:
            cb(*args)
        except Exception as e:
            log.exception("%s: callback %r failed", type(self).__name__, cb)
            self.refuse(
                _l(
                    "Something went wrong ({kind}: {detail}).",
                    kind=type(e).__name__,
                    detail=str(e)[:120],
                )
            )
            return False
        return True

    # -- comm plumbing --------------------------------------------------

    def _check_event(self, event: object) -> tuple[str | None, dict]:
        if not isinstance(event, dict):
            raise Refused(_l("An event must be an object, not {kind}.", kind=type(event).__name__))
        if len(event) > MAX_EVENT_FIELDS:
            raise Refused(_l("The event has too many fields."))
        kind = event.get("type")
        entry = self._event_handlers.get(kind) if isinstance(kind, str) else None
        if entry is None:
            shown = repr(kind)[:40]
            known = ", ".join(sorted(self._event_handlers)) or "none"
            raise Refused(
                Message(
                    "Unknown event {event}: this widget handles {known}.", event=shown, known=known
                )
            )
        name, fields, max_text = entry
        if kind in self.versioned_events and "version" in event:
            version = event["version"]
            if not _is_instance(version, int):
                raise Refused(
                    _l(
                        "Refused {event}: {field} must be {kind}, not {found}.",
                        event=repr(kind),
                        field="version",
                        kind="int",
                        found=type(version).__name__,
                    )
                )
            if version != self.version:
                log.info(
                    "%s: dropped %r made for version %s (now %s)",
                    type(self).__name__,
                    kind,
                    version,
                    self.version,
                )
                return None, {}
            fields = {**fields, "version": int}
        extra = sorted(k for k in event if k != "type" and k not in fields)
        if extra:
            raise Refused(
                _l(
                    "Refused {event}: unexpected field {field}.",
                    event=repr(kind),
                    field=repr(str(extra[0])[:40]),
                )
            )
        kwargs = {}
        for field, t in fields.items():
            if field not in event:
                raise Refused(
                    _l(
                        "Refused {event}: missing field {field}.",
                        event=repr(kind),
                        field=repr(field),
                    )
                )
            value = event[field]
            if not _is_instance(value, t):
                raise Refused(
                    _l(
                        "Refused {event}: {field} must be {kind}, not {found}.",
                        event=repr(kind),
                        field=field,
                        kind=_type_name(t),
                        found=type(value).__name__,
                    )
                )
            if isinstance(value, str) and len(value) > max_text:
                raise Refused(
                    _l("Refused {event}: {field} is too long.", event=repr(kind), field=field)
                )
            if field != "version":
                kwargs[field] = value
        return name, kwargs

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        # Events are the only custom messages; other listeners still hear them.
        self._dispatch(content, browser=True)
        super()._handle_custom_msg(content, buffers)

    def _handle_msg(self, msg: dict) -> None:
        data = msg.get("content", {}).get("data", {})
        if isinstance(data, dict) and data.get("method") == "update":
            state = data.get("state")
            names = sorted(state) if isinstance(state, dict) else []
            forged = [n for n in names if n not in self.browser_writable]
            if forged or not isinstance(state, dict):
                shown = ", ".join(str(n)[:30] for n in forged[:5]) or "?"
                self.refuse(
                    _l(
                        "Refused a direct change of {names} from the browser: "
                        "this widget only accepts events.",
                        names=shown,
                    )
                )
                # Put the browser's copy back in line with Python's.
                keep = [n for n in forged if n in self.keys]
                if keep:
                    self.send_state(keep)
                return
        super()._handle_msg(msg)
