"""Whole screens made of widgets, one per notebook page (play, sandbox, …)."""
