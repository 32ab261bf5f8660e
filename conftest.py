"""Fixtures for every test, the package's doctests included: each starts and ends in
English, and the widgets it made are closed after it."""

from __future__ import annotations

import gc
import sys

import pytest
from hypothesis import HealthCheck, settings

# Speed is measured in benchmarks, never judged in tests: no per-example deadline, and no
# "too slow" health check (the tests share the cores with each other and with servers).
settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("project")


@pytest.fixture(autouse=True)
def _english_again():
    """Every test starts and ends in English (a test that switches language cannot leak)."""
    from tabletop_widgets.core.i18n import set_language

    set_language("en")
    yield
    set_language("en")


def _open_widgets() -> set:
    widget = sys.modules.get("ipywidgets.widgets.widget")
    return set(widget._instances) if widget else set()


def _close_widgets_since(before: set) -> None:
    widget = sys.modules.get("ipywidgets.widgets.widget")
    if widget is None:
        return
    for key in [k for k in widget._instances if k not in before]:
        instance = widget._instances.get(key)
        if instance is not None:  # the widget's own close (a screen may define another)
            widget.Widget.close(instance)
    from tabletop_widgets.core import i18n

    if len(i18n._listeners) > 64:  # closed screens in reference cycles: collect them now
        gc.collect()
        i18n._listeners[:] = [r for r in i18n._listeners if r() is not None]


def _shares_fixtures(request: pytest.FixtureRequest) -> bool:
    """Whether the test uses a fixture that outlives it (a module's course, a session's server)."""
    definitions = getattr(request.node, "_fixtureinfo", None)
    if definitions is None:
        return False
    return any(
        d.scope != "function" and not name.startswith("_widgets_closed")
        for name, defs in definitions.name2fixturedefs.items()
        for d in defs
    )


@pytest.fixture(scope="module", autouse=True)
def _widgets_closed_after_each_module():
    """Close what a module's shared fixtures made (a course built once, opened lazily)."""
    before = _open_widgets()
    yield
    _close_widgets_since(before)


@pytest.fixture(autouse=True)
def _widgets_closed_after_each_test(request):
    """Close the widgets a test made, and let them go.

    ipywidgets keeps every open widget alive, and every screen listens for a change of
    language: without this, each later ``set_language`` redrew every screen of every
    earlier test (a doctest that switches language twice took minutes at the end of
    the suite). A test that shares a wider fixture may open widgets the next test uses
    (a lazy section): those wait for the end of the module."""
    before = _open_widgets()
    yield
    if not _shares_fixtures(request):
        _close_widgets_since(before)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test that drives Chromium is a browser test, marked or not: the test command
    runs the others on every core first, then these one at a time (they share servers)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
