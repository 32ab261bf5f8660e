"""The pages a class opens keep their kernels light: no numpy, scipy or matplotlib.

Each imports ~50 MB into every kernel (the classroom target is ≤ 80 MB per
kernel); only the sandbox and analysis pages, which draw plots, need them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_widgets.core.registry import BUILTIN, GAMES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: The landing page and every game's tutorial, play and rules pages (a new game's too).
LIGHT_PAGES = [
    "index.ipynb",
    *(
        f"{key}/{page.notebook}"
        for key in BUILTIN
        for page in GAMES[key].pages
        if page.kind in ("tutorial", "play", "rules")
    ),
]
HEAVY = ("numpy", "scipy", "matplotlib", "pandas")
# Runs a notebook's code cells as its kernel would, then lists the heavy modules loaded.
RUN = """
import json, os, sys
path = os.path.abspath(sys.argv[1])
nb = json.load(open(path))
os.chdir(os.path.dirname(path))
from IPython.display import display
scope = {"display": display}
for cell in nb["cells"]:
    if cell["cell_type"] == "code":
        exec(compile("".join(cell["source"]), path, "exec"), scope)
print(json.dumps(sorted(m for m in sys.argv[2:] if m in sys.modules)))
"""


@pytest.mark.parametrize("page", LIGHT_PAGES)
def test_page_kernel_stays_light(page):
    r = subprocess.run(
        [sys.executable, "-c", RUN, str(NOTEBOOKS / page), *HEAVY],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout.strip().splitlines()[-1]) == []
