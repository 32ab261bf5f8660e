"""The language menu on every page: English, Français, 한국어, Català.

Choosing a language switches every widget of the page at once (they follow
:func:`~tabletop_widgets.core.i18n.set_language`), writes ``?lang=…`` into the page's
address (a reload keeps the choice) and into the page's links to the app's other pages,
so the next page opens in the same language.  A language that came from the browser's
``Accept-Language`` header is not written into links (the next page reads the same header).
The menu also keeps the page introduction's *Read more* as the learner left it when the
introduction is drawn again (:mod:`tabletop_widgets.ui.page_intro`).

>>> from tabletop_widgets.core.i18n import get_language, set_language
>>> menu = LanguageMenu()
>>> menu.language, [name for _code, name in menu._choices]
('en', ['English', 'Français', '한국어', 'Català'])
>>> menu.dispatch({"type": "choose", "code": "ca"}), get_language(), menu.language, menu.pinned
(True, 'ca', 'ca', True)
>>> menu.dispatch({"type": "choose", "code": "tlh"}), get_language(), menu.error
(False, 'ca', 'Aquesta llengua no és a la llista: tria English, Français, 한국어 o Català.')
>>> _ = set_language("en"); menu.language, menu._texts["label"]
('en', 'Language')
"""

from __future__ import annotations

from typing import Any

import traitlets

from tabletop_widgets.core.i18n import (
    CODES,
    LANGUAGES,
    N_,
    _l,
    get_language,
    normalize,
    set_language,
)

from .event_widget import EventWidget, Refused, handles, widget_css, widget_esm

__all__ = ["LanguageMenu"]


class LanguageMenu(EventWidget):
    """A menu of the app's languages.  Traits: ``language`` (the current code, kept in line
    with the process's language), ``pinned`` (the language came from the address or the menu:
    the page's links carry it).  Event: ``choose`` {code}."""

    _esm = widget_esm(__package__, "language_menu.js")
    _css = widget_css(__package__, "language_menu.css")
    texts = {"label": N_("Language")}

    language = traitlets.Unicode(read_only=True).tag(sync=True)
    pinned = traitlets.Bool(False, read_only=True).tag(sync=True)
    _choices = traitlets.List(read_only=True).tag(sync=True)

    def __init__(self, *, pinned: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_trait("_choices", [[code, name] for code, name in LANGUAGES.items()])
        self._apply({"language": get_language(), "pinned": pinned})

    def language_changed(self) -> None:
        self.set_trait("language", get_language())

    def pin(self, pinned: bool = True) -> None:
        """Whether the page's links carry the language (it came from the address)."""
        self.set_trait("pinned", pinned)

    @handles("choose", code=str, max_text=20)
    def _on_choose(self, code: str) -> dict:
        lang = normalize(code)
        if lang is None or lang not in CODES:
            names = list(LANGUAGES.values())
            raise Refused(
                _l(
                    "That language is not on the list: choose {names} or {last}.",
                    names=", ".join(names[:-1]),
                    last=names[-1],
                )
            )
        set_language(lang)  # every widget on the page follows, this menu too
        return {"language": lang, "pinned": True}
