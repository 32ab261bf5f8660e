"""Sending messages to a widget the way ipywidgets delivers them from the browser."""

from __future__ import annotations


def comm_msg(data: dict) -> dict:
    """A comm message as ipywidgets hands it to ``Widget._handle_msg``."""
    return {"content": {"data": data}, "buffers": []}


def send_event(widget, content) -> None:
    """A custom message (``model.send(content)`` in the browser)."""
    widget._handle_msg(comm_msg({"method": "custom", "content": content}))


def send_update(widget, state: dict) -> None:
    """A direct state update (what ``model.set(...); model.save_changes()`` sends)."""
    widget._handle_msg(comm_msg({"method": "update", "state": state, "buffer_paths": []}))


def synced_state(widget) -> dict:
    """Every synced trait except ``error``: what must not change on a refusal."""
    return {k: getattr(widget, k) for k in widget.keys if k != "error"}


def browser_click(button) -> None:
    """A click on an ipywidgets button in the page (what its front end sends)."""
    send_event(button, {"event": "click"})


def double_click(button) -> None:
    """Two clicks that reach the kernel, the second sent before the page showed the first."""
    browser_click(button)
    browser_click(button)
