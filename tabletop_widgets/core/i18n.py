"""The languages of the app: gettext catalogs, the current language, messages rendered later.

English is the source language: every learner-facing string is written in English in the
code, marked for extraction, and looked up in the current language's catalog
(``tabletop_widgets/locale/<lang>/LC_MESSAGES/tabletop_widgets.mo``, compiled from the
``.po`` beside it by ``python3 dev.py i18n``).  Placeholders are named, so a translation may
put them in any order; plurals follow each language's own rule.

>>> set_language("fr")
'fr'
>>> _("Your turn.")
'À vous de jouer.'
>>> _("Seat {number}", number=3)
'Place 3'
>>> ngettext("{n} move played.", "{n} moves played.", 2)
'2 coups joués.'
>>> set_language("en")
'en'

One kernel serves one page, so the language is process-wide.  Widgets register a
listener and redraw their texts when it changes (listeners are held weakly: a widget
that is gone is forgotten):

>>> heard = []
>>> on_language_change(heard.append)
>>> set_language("ko"), set_language("ko"), set_language("en"), heard
('ko', 'ko', 'en', ['ko', 'en'])
>>> on_language_change(heard.append, remove=True)

A :class:`Message` is a message id with its parameters, rendered in the language
current when it is shown -- an engine builds it, a page shows it later:

>>> m = _l("The game number is a whole number, like 42, not {text}.", text="'x'")
>>> str(m)
"The game number is a whole number, like 42, not 'x'."
>>> m.render("ca")
"El número de partida és un nombre enter, com ara 42, no 'x'."

Card values, move notation and rule ids are never translated: they go in as parameters.
"""

from __future__ import annotations

import gettext as _gettext
import logging
import re
import types
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from tabletop_widgets.core.korean import particles

__all__ = [
    "CODES",
    "LANGUAGES",
    "PSEUDO",
    "SOURCE",
    "Message",
    "NC_",
    "N_",
    "N_plural",
    "_",
    "_l",
    "_nl",
    "after_colon",
    "catalog",
    "decimal",
    "get_language",
    "grouped",
    "language",
    "ngettext",
    "normalize",
    "on_language_change",
    "pgettext",
    "pseudo",
    "set_language",
    "text",
]

log = logging.getLogger(__name__)

#: The catalogs' domain: ``<lang>/LC_MESSAGES/tabletop_widgets.mo``.
DOMAIN = "tabletop_widgets"
#: Where the shared catalogs live (inside the package, so the wheel ships them).
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
#: Each game keeps its own messages beside its code: ``games/<game>/locale/<lang>/
#: LC_MESSAGES/<game>.mo`` (domain = the game's folder name), so a game's pages are
#: translated in its folder and adding a game touches no shared catalog.
GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


def domains() -> list[tuple[str, Path]]:
    """Every catalog domain and its folder: the shared one first, then each game's.

    >>> domains()[0][0]
    'tabletop_widgets'
    """
    games = sorted(p.parent for p in GAMES_DIR.glob("*/locale") if p.is_dir())
    return [(DOMAIN, LOCALE_DIR), *((g.name, g / "locale") for g in games)]


#: The language the strings are written in.
SOURCE = "en"
#: The languages a learner can choose, each named in itself (the language menu's words).
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français", "ko": "한국어", "ca": "Català"}
#: The pseudo-language of the tests: every string wrapped in ⟦ ⟧ and 40 % longer.
PSEUDO = "xx"
CODES = (*LANGUAGES, PSEUDO)

_current = SOURCE
_listeners: list[Callable[[], Any]] = []


# -- the current language ---------------------------------------------------------------


def normalize(code: object) -> str | None:
    """The language a code names (``fr``, ``fr-CA``, ``ko_KR``, ``CA``), or None.

    >>> normalize("fr-CA"), normalize("ko_KR"), normalize(" CA "), normalize("de"), normalize(3)
    ('fr', 'ko', 'ca', None, None)
    """
    if not isinstance(code, str):
        return None
    base = re.split(r"[-_.@]", code.strip().lower(), maxsplit=1)[0]
    return base if base in CODES else None


def get_language() -> str:
    """The current language's code (``en``, ``fr``, ``ko``, ``ca`` or ``xx``)."""
    return _current


def set_language(code: str) -> str:
    """Make ``code`` the current language and tell every listener; returns the code.

    An unknown code is refused and changes nothing:

    >>> set_language("klingon")
    Traceback (most recent call last):
    ...
    ValueError: There is no language 'klingon' here: choose en, fr, ko or ca.
    """
    global _current
    lang = normalize(code)
    if lang is None:
        raise ValueError(
            f"There is no language {str(code)[:20]!r} here: choose "
            f"{', '.join(list(LANGUAGES)[:-1])} or {list(LANGUAGES)[-1]}."
        )
    if lang != _current:
        _current = lang
        _notify(lang)
    return lang


@contextmanager
def language(code: str) -> Iterator[str]:
    """Within the block, ``code`` is the current language (listeners are told both ways)."""
    before = _current
    try:
        yield set_language(code)
    finally:
        set_language(before)


def on_language_change(callback: Callable[[str], Any], remove: bool = False) -> None:
    """Call ``callback(code)`` after every change of language.

    The callback is held weakly (a bound method lives as long as its object), so a widget
    that is gone is not kept alive by the registry; keep a reference to a plain function.
    Built-in callables (``list.append``) cannot be held weakly and are held as they are.
    """
    if remove:
        _listeners[:] = [r for r in _listeners if r() is not None and r() != callback]
        return
    ref: Callable[[], Any]
    if isinstance(callback, types.MethodType):
        ref = weakref.WeakMethod(callback)
    elif isinstance(callback, types.BuiltinMethodType) and not isinstance(
        getattr(callback, "__self__", None), types.ModuleType
    ):
        ref = _Strong(callback)  # list.append: a new object each time, it would die at once
    else:
        try:
            ref = weakref.ref(callback)
        except TypeError:  # a built-in (list.append): it cannot be held weakly
            ref = _Strong(callback)
    if len(_listeners) >= 256 and len(_listeners) & (len(_listeners) - 1) == 0:
        _listeners[:] = [r for r in _listeners if r() is not None]  # forget widgets now gone
    _listeners.append(ref)


class _Strong:
    """A reference that always answers (for callables that cannot be held weakly)."""

    __slots__ = ("target",)

    def __init__(self, target: Callable[[str], Any]) -> None:
        self.target = target

    def __call__(self) -> Callable[[str], Any]:
        return self.target


def _notify(lang: str) -> None:
    for ref in list(_listeners):
        cb = ref()
        if cb is None:
            continue
        try:
            cb(lang)
        except Exception:  # one broken widget must not stop the others from following
            log.exception("a language listener failed")
    _listeners[:] = [r for r in _listeners if r() is not None]


# -- catalogs and lookups -----------------------------------------------------------------


@cache
def catalog(code: str) -> _gettext.NullTranslations:
    """The compiled catalogs of ``code``, chained: the shared one, then each game's
    (English: the source strings themselves)."""
    chain = _gettext.NullTranslations()
    if code == SOURCE:
        return chain
    found = []
    for domain, folder in domains():
        try:
            found.append(_gettext.translation(domain, folder, languages=[code]))
        except OSError:
            log.warning("no compiled catalog %r for %r in %s", domain, code, folder)
    if not found:
        return chain
    for other in found[1:]:
        found[0].add_fallback(other)
    return found[0]


def _format(translated: str, source: str, params: Mapping[str, Any], lang: str) -> str:
    if not params:
        return translated
    values = {
        k: v.render(lang) if isinstance(v, Message | _AfterColon) else v for k, v in params.items()
    }
    try:
        text = translated.format_map(values)
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        log.warning("translation of %r in %r does not format; using English", source, lang)
        return source.format_map(values)
    # Korean particles after a parameter (이(가), 을(를) …) take the form its word needs.
    return particles(text) if lang == "ko" else text


def _lookup(lang: str, msgid: str, plural: str | None, n: int | None, context: str | None) -> str:
    cat = catalog(lang)
    if plural is None:
        return cat.pgettext(context, msgid) if context else cat.gettext(msgid)
    count = 0 if n is None else n
    return (
        cat.npgettext(context, msgid, plural, count)
        if context
        else cat.ngettext(msgid, plural, count)
    )


def _(msgid: str | Message, /, **params: Any) -> str:
    """``msgid`` in the current language, with ``{name}`` placeholders filled from ``params``.

    A :class:`Message` is rendered as it is.  Without parameters the text is not formatted,
    so braces need doubling only in strings that take parameters.
    """
    if isinstance(msgid, Message):
        return msgid.render()
    return _format(_lookup(_current, msgid, None, None, None), msgid, params, _current)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language; ``{n}`` is n."""
    params.setdefault("n", n)
    return _format(_lookup(_current, singular, plural, n, None), singular, params, _current)


def pgettext(context: str, msgid: str, /, **params: Any) -> str:
    """``msgid`` in a ``context`` (a short word that means two things: *Play* the button,
    *play* the page)."""
    return _format(_lookup(_current, msgid, None, None, context), msgid, params, _current)


def decimal(x: float, digits: int = 1) -> str:
    """``x`` with the current language's decimal mark.

    >>> with language("fr"):
    ...     decimal(2.54)
    '2,5'
    >>> decimal(2.54, 2)
    '2.54'
    """
    return f"{x:.{digits}f}".replace(".", pgettext("decimal mark", "."))


def grouped(n: int) -> str:
    """A whole number with the current language's thousands separator (1,000; 1 000).

    >>> with language("ca"):
    ...     grouped(1000)
    '1.000'
    >>> grouped(12500), grouped(500)
    ('12,500', '500')
    """
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogs without translating it now (it is translated where it
    is shown, with ``_(value)``); for class-level tables and registry entries."""
    return msgid


def NC_(context: str, msgid: str) -> tuple[str, str]:
    """Mark ``msgid`` in a ``context`` without translating it now; shown later with
    ``pgettext(*pair)`` (the same English words meaning another thing: a label).

    >>> pgettext(*NC_("card label", "pink 5"))
    'pink 5'
    """
    return context, msgid


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogs (``{n}`` in both); shown later with
    ``ngettext(*pair, n)``."""
    return singular, plural


def text(value: str | Message) -> str:
    """A string marked with :func:`N_` (or a :class:`Message`) in the current language."""
    return _(value)


# -- messages rendered later --------------------------------------------------------------


class Message:
    """A message id and its parameters, rendered in the current language by ``str()``.

    Engines raise errors carrying one; the page that shows the error renders it in the
    reader's language.  Messages compare by id and parameters, and a parameter may itself
    be a Message (rendered in the same language).

    >>> m = _nl("{n} move played.", "{n} moves played.", 3)
    >>> str(m), m.render("ko"), m == _nl("{n} move played.", "{n} moves played.", 3)
    ('3 moves played.', '3수를 두었습니다.', True)
    """

    __slots__ = ("context", "msgid", "n", "params", "plural")

    def __init__(
        self,
        msgid: str,
        /,
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
        **params: Any,
    ) -> None:
        if not isinstance(msgid, str):
            raise TypeError(f"a message id is text, not {type(msgid).__name__}")
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.context = context
        if plural is not None or n is not None:
            params.setdefault("n", n)  # {n}: the count of a plural, or a plain parameter
        self.params = params

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        code = _current if lang is None else (normalize(lang) or SOURCE)
        found = _lookup(code, self.msgid, self.plural, self.n, self.context)
        return _format(found, self.msgid, self.params, code)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    def _key(self) -> tuple:
        return (self.msgid, self.plural, self.n, self.context, tuple(sorted(self.params.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    def __hash__(self) -> int:
        try:
            return hash(self._key())
        except TypeError:  # an unhashable parameter
            return hash(self.msgid)

    def __repr__(self) -> str:
        params = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Message({self.msgid!r}{params})"

    def __reduce__(self) -> tuple:
        kw = dict(self.params, plural=self.plural, n=self.n, context=self.context)
        return (_rebuild, (self.msgid, kw))


def _rebuild(msgid: str, kw: dict) -> Message:
    return Message(msgid, **kw)


def _l(msgid: str, /, **params: Any) -> Message:
    """A :class:`Message` (lazy ``_``): rendered when shown, in the language of that moment."""
    return Message(msgid, **params)


def _nl(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A plural :class:`Message` (lazy ``ngettext``); ``{n}`` is n."""
    return Message(singular, plural=plural, n=n, **params)


# -- a sentence that goes on after a colon ---------------------------------------------------

#: Languages whose sentences go on after a colon in lower case (Korean and Thai have no case).
_CASED = frozenset({"en", "fr", "ca", "xx"})
#: The first word of a sentence.
_FIRST_WORD = re.compile(r"^(\W*)(\w[\w'’-]*)")


def continues(sentence: str, keep: Sequence[str] = ()) -> str:
    """``sentence`` as the second half of a sentence after a colon: its first letter in lower
    case, unless its first word is a name (``keep``), "I", or a code (capitals or digits: a
    card, a rule id).

    >>> continues("Press Continue first."), continues("CT-2 says so.")
    ('press Continue first.', 'CT-2 says so.')
    >>> continues("Bea won.", ["Bea"]), continues("I pass.")
    ('Bea won.', 'I pass.')
    """
    m = _FIRST_WORD.match(sentence)
    if not m:
        return sentence
    word = m.group(2)
    if word == "I" or word in keep or any(c.isdigit() for c in word):
        return sentence
    if len(word) > 1 and word.isupper():
        return sentence
    at = m.start(2)
    return sentence[:at] + sentence[at].lower() + sentence[at + 1 :]


class _AfterColon:
    """A message parameter rendered as :func:`continues` says, in the language it is
    rendered in."""

    __slots__ = ("keep", "value")

    def __init__(self, value: Any, keep: Sequence[str] = ()) -> None:
        self.value, self.keep = value, tuple(keep)

    def render(self, lang: str | None = None) -> str:
        code = _current if lang is None else (normalize(lang) or SOURCE)
        v = self.value
        text = v.render(code) if isinstance(v, Message | _AfterColon) else str(v)
        return continues(text, self.keep) if code in _CASED else text

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _AfterColon) and (self.value, self.keep) == (
            other.value,
            other.keep,
        )

    def __hash__(self) -> int:
        try:
            return hash((self.value, self.keep))
        except TypeError:
            return hash(self.keep)

    def __repr__(self) -> str:
        return f"after_colon({self.value!r})"

    def __reduce__(self) -> tuple:
        return (_AfterColon, (self.value, self.keep))


def after_colon(value: Any, keep: Sequence[str] = ()) -> Any:
    """A message parameter that goes on a sentence after a colon ("{move} was not played:
    {reason}"): the reason's sentence, rendered when the message is, begins in lower case
    in a language that has case (see :func:`continues`).

    >>> why = after_colon(_l("It is not your turn."))
    >>> str(_l("{move} was not played: {reason}", move="7H", reason=why))
    '7H was not played: it is not your turn.'
    """
    return _AfterColon(value, keep)


# -- the pseudo-language --------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ",
    "àƀçđéĝĥîķĺñöŕšţûŵýžÀßÇĐÉĜĤÎĶĹÑÖŔŠŢÛŴÝŽ",
)
#: What a translation must leave as it is: placeholders, HTML tags and entities, rule ids,
#: and in the rules documents Markdown's code spans and link targets.
_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[#\w]+;|`[^`]*`|\]\([^()\s]*\)|\b[A-Z]{2}-\d+\b")


def pseudo(source: str) -> str:
    """The pseudo-language's version of ``source``: letters accented, 40 % longer, wrapped in
    ⟦ ⟧; placeholders, HTML tags, entities, code spans and link targets kept as they are.

    >>> pseudo("Seat {number}")
    '⟦Šéàţ {number}··⟧'
    """
    parts, last = [], 0
    for m in _KEEP.finditer(source):
        parts.append(source[last : m.start()].translate(_ACCENTED))
        parts.append(m.group(0))
        last = m.end()
    parts.append(source[last:].translate(_ACCENTED))
    visible = len(_KEEP.sub("", source))
    return "⟦" + "".join(parts) + "·" * max(1, round(visible * 0.4)) + "⟧"
