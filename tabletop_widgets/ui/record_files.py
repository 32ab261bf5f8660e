"""Game records as files: a download link the browser saves, an upload read back safely.

Saving downloads at once: a link made by :func:`download_link` carries a token new to
each save (``data-tt-start``), and the page's script (``record_files.js``, loaded with
the :class:`FileButton` that sits in the same row, as on the play pages' Save and Load
row) clicks such a link as soon as it appears, once.  The link stays visible, underlined
and in the link colour, for a browser that blocks a download the person did not click.
Nothing comes back from the browser: the file is made in Python, and what the page does
with the link cannot change the game.

A file is chosen with a :class:`FileButton` (its label only its words: ipywidgets'
``FileUpload`` added a count of the files chosen, "Load a saved game (0)"); its value is
a ``FileUpload``'s, read with :func:`read_upload`.

>>> link = download_link({"game": "x", "moves": []}, "my game.json")
>>> 'download="my-game.json"' in link and "data:application/json;base64," in link
True
>>> read_upload([{"name": "g.json", "content": memoryview(b'{"a": 1}')}])
{'a': 1}
>>> read_upload([{"name": "g.json", "content": b"not json"}])
Traceback (most recent call last):
...
ValueError: g.json is not a saved game (it is not JSON text).
"""

from __future__ import annotations

import base64
import html
import json
import re
import secrets
from collections.abc import Sequence
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import N_, Message, _, _l

from .event_widget import EventWidget, handles, widget_css, widget_esm

__all__ = ["MAX_BYTES", "FileButton", "download_link", "read_upload"]

#: The largest record file read (a long match is well under 200 kB).
MAX_BYTES = 1_000_000


def download_link(
    record: Any, filename: str, label: str = N_("Download the game"), *, start: bool = True
) -> str:
    """An HTML link that makes the browser save ``record`` as a JSON file.

    ``start``: the link carries a token never used before, so that a page with a
    :class:`FileButton` in the link's row downloads the file at once (each save is a new
    download, even of the same record); without it the link waits for a click.

    >>> a, b = download_link({}, "g.json"), download_link({}, "g.json")
    >>> "data-tt-start=" in a and a != b, "data-tt-start" in download_link({}, "g", start=False)
    (True, False)
    """
    data = base64.b64encode(json.dumps(record, indent=1).encode()).decode()
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", filename).strip("-") or "game.json"
    token = f' data-tt-start="{secrets.token_hex(8)}"' if start else ""
    return (
        f'<a class="tt-download" download="{html.escape(safe)}"{token} '
        f'href="data:application/json;base64,{data}">{html.escape(_(label))}</a>'
    )


def read_upload(value: Sequence[Any] | Any) -> Any:
    """The JSON inside the first file of a ``FileUpload`` value (ValueError says what is wrong)."""
    files = list(value or ())
    if not files:
        raise ValueError(_l("Choose a saved game file first."))
    f = files[0]
    name = str(f.get("name", "the file"))[:60]
    content = f.get("content", b"")
    raw = bytes(content) if not isinstance(content, bytes) else content
    if len(raw) > MAX_BYTES:
        raise ValueError(_l("{name} is too large to be a saved game.", name=name))
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError(
            _l("{name} is not a saved game (it is not JSON text).", name=name)
        ) from None


class FileButton(EventWidget):
    """A button that opens the browser's file chooser: ``value`` is then the file chosen,
    as a ``FileUpload``'s value (a tuple of one ``{"name", "size", "content"}``; set it to
    ``()`` once read).  ``label`` and ``tooltip`` (messages: they follow the language) are
    all the button says -- no count of the files chosen.  The page sends at most
    :data:`MAX_BYTES` and one byte more of a file: :func:`read_upload` says a larger one is
    too large.

    >>> b = FileButton(_l("Load a saved game"), accept=".json")
    >>> b._texts["label"]
    'Load a saved game'
    >>> b._buffers = [memoryview(b'{"a": 1}')]  # what the page sends with the event
    >>> b.dispatch({"type": "file", "name": "g.json", "size": 8}), read_upload(b.value)
    (True, {'a': 1})
    """

    _esm = widget_esm(__package__, "record_files.js")
    _css = widget_css(__package__, "record_files.css")

    accept = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    max_bytes = traitlets.Int(MAX_BYTES, read_only=True).tag(sync=True)
    #: The file chosen last, as ``FileUpload.value``; () once read (Python's only).
    value = traitlets.Tuple()

    def __init__(
        self, label: str | Message, tooltip: str | Message = "", accept: str = "", **kwargs: Any
    ) -> None:
        self._label, self._tooltip = label, tooltip
        self._buffers: list[Any] = []
        super().__init__(accept=accept, **kwargs)

    def build_texts(self) -> dict[str, str]:
        return {**super().build_texts(), "label": str(self._label), "tooltip": str(self._tooltip)}

    @handles("file", name=str, size=int)
    def _on_file(self, name: str, size: int) -> dict:
        data = bytes(self._buffers[0]) if self._buffers else b""
        self._buffers = []
        return {"value": ({"name": name, "size": size, "content": memoryview(data)},)}

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        self._buffers = list(buffers or [])[:1]  # the file's bytes, read by the event
        super()._handle_custom_msg(content, buffers)
