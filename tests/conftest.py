"""Shared test fixtures: where the recorded games (test vectors) live."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def vectors_dir() -> Path:
    """TABLETOP_VECTORS, or ../shared/vectors beside the project (formats.md)."""
    env = os.environ.get("TABLETOP_VECTORS")
    return Path(env) if env else ROOT.parent / "shared" / "vectors"
