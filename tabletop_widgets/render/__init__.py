"""Pure-Python SVG renderers (no widget or image dependencies)."""
