"""The README's examples are run as doctests, so they stay true; its links and the docs' stay
inside the repository."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples():
    result = doctest.testfile(
        str(README),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0


def test_links_stay_inside_the_repository():
    # A reader of a checkout (or of the repository's web page) has only these files.
    root = README.parent
    pages = [README, *sorted((root / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address, or a place on the same page
            path = (page.parent / target.split("#")[0]).resolve()
            if not path.is_relative_to(root) or not path.exists():
                broken.append(f"{page.name}: {target}")
    assert not broken
