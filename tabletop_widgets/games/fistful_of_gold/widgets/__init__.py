"""Widgets (anywidget; each with its own JS and CSS file named after it)."""
