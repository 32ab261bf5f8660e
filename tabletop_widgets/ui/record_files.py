"""Game records as files: a download link the browser saves, an upload read back safely.

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
from collections.abc import Sequence
from typing import Any

from tabletop_widgets.core.i18n import N_, _, _l

__all__ = ["MAX_BYTES", "download_link", "read_upload"]

#: The largest record file read (a long match is well under 200 kB).
MAX_BYTES = 1_000_000


def download_link(record: Any, filename: str, label: str = N_("Download the game")) -> str:
    """An HTML link that makes the browser save ``record`` as a JSON file."""
    data = base64.b64encode(json.dumps(record, indent=1).encode()).decode()
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", filename).strip("-") or "game.json"
    return (
        f'<a class="tt-download" download="{html.escape(safe)}" '
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
