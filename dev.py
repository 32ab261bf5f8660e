#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.10+.

    python3 dev.py app     # make a local virtual environment, serve the app on 127.0.0.1
    python3 dev.py test    # make it, install Chromium and PostgreSQL if missing, run ruff and
                           # every test
    python3 dev.py bench   # print the benchmark figures
    python3 dev.py i18n    # extract the strings, update the catalogs, compile them

For a class: ``python3 dev.py app --preheat matchstick_tycoon/play.ipynb=30`` starts
30 kernels for that page before anyone arrives.

Extra arguments after ``test`` go to pytest (``python3 dev.py test -k vectors``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("TABLETOP_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
EXTRAS = {
    "app": "app",
    "test": "app,test,bench",
    "bench": "app,bench",
    "lint": "test",
    "i18n": "test",
}


def run(*cmd: object, **kw) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)


def ensure_venv(extras: str) -> None:
    """Create .venv and install the project with ``extras`` when pyproject.toml changed."""
    if not PY.exists():
        run(sys.executable, "-m", "venv", VENV)
        run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    # Reinstall when the dependencies or the installed data files (the Voilà template) change.
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for f in sorted((ROOT / "share").rglob("*")):
        if f.is_file():
            h.update(f.read_bytes())
    digest = h.hexdigest()[:16]
    stamp = VENV / f".installed-{extras.replace(',', '-')}"
    if not stamp.exists() or stamp.read_text() != digest:
        run(PY, "-m", "pip", "install", "--quiet", "-e", f".[{extras}]")
        stamp.write_text(digest)


def apt_install(package: str, missing: str) -> None:
    """Install a Debian package (``missing`` says what to do where apt-get is not there)."""
    print(f"{missing.split(';')[0]}: installing Debian's {package} package", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if not shutil.which("apt-get"):
        sys.exit(missing)
    run(*sudo, "apt-get", "update", "-qq", env=env)
    run(*sudo, "apt-get", "install", "-y", "-qq", package, env=env)


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests if it is missing."""
    if Path(CHROMIUM).exists():
        return
    apt_install(
        "chromium",
        "Chromium is needed for the browser tests; install it and set TABLETOP_CHROMIUM",
    )


def ensure_postgresql() -> None:
    """Install Debian's postgresql if missing: the classroom tests start a throw-away server."""
    if os.environ.get("TABLETOP_PG_BIN") or list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        return
    apt_install(
        "postgresql",
        "PostgreSQL is needed for the classroom tests; install it and set TABLETOP_PG_BIN",
    )


#: The scripts of the pages' own words beyond Latin, and the Debian fonts that draw them
#: (Korean pages; the Thai name of Red Frog Black Frog on Chinese Ten's pages).
FONTS = {"ko": "fonts-noto-cjk", "th": "fonts-thai-tlwg"}


def ensure_fonts() -> None:
    """Install Debian's fonts for Korean and Thai when the machine has none, so the browser
    tests see those words as a learner's system shows them (the app downloads no font)."""
    fc_list = shutil.which("fc-list")
    missing = []
    for lang, package in FONTS.items():
        if fc_list:  # without fontconfig (no font at all yet) every package is missing
            found = subprocess.run(
                [fc_list, f":lang={lang}", "family"], capture_output=True, text=True
            )
            if found.stdout.strip():
                continue
        missing.append(package)
    if not missing:
        return
    if not shutil.which("apt-get"):
        print(f"No font for {' '.join(missing)}: screenshots will show boxes", flush=True)
        return
    print(f"Installing Debian's {' '.join(missing)}", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(*sudo, "apt-get", "update", "-qq", env=env)
    run(*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing, env=env)


def preheat_option(args: list[str]) -> list[str]:
    """Turn ``--preheat PAGE=N`` (repeatable) into Voilà's kernel pool setting.

    >>> preheat_option(["--preheat", "matchstick_tycoon/play.ipynb=30"])
    ['--VoilaKernelManager.kernel_pools_config={"matchstick_tycoon/play.ipynb": {"pool_size": 30}}']
    """
    pools, rest = {}, []
    it = iter(args)
    for a in it:
        if a == "--preheat" or a.startswith("--preheat="):
            spec = a.split("=", 1)[1] if "=" in a else next(it, "")
            page, _, n = spec.rpartition("=")
            if not page or not n.isdigit():
                sys.exit(f"--preheat takes PAGE=N (matchstick_tycoon/play.ipynb=30), not {spec!r}")
            pools[page] = {"pool_size": int(n)}
        else:
            rest.append(a)
    if pools:
        rest.append("--VoilaKernelManager.kernel_pools_config=" + json.dumps(pools))
    return rest


def app(args: list[str]) -> None:
    ensure_venv(EXTRAS["app"])
    args = preheat_option(args)
    # The classroom's store (SQLite) lives in a data folder the app keeps; kernels inherit it.
    data = Path(os.environ.get("TABLETOP_DATA") or ROOT / ".tabletop-data")
    data.mkdir(parents=True, exist_ok=True)
    os.environ["TABLETOP_DATA"] = str(data.resolve())
    os.chdir(ROOT)  # Voilà reads voila.json from the working directory
    # Voilà with the root address opening the landing page; it prints the app's address
    # once it knows where it listens, and the class's address when that is beyond this
    # machine (tabletop_widgets/app/server.py).
    server = [str(PY), "-m", "tabletop_widgets.app.server", "notebooks", "--no-browser"]
    os.execv(PY, server + server_args(args, os.environ.get("PORT", "8866")))


def server_args(args: list[str], port: str) -> list[str]:
    """The server's options: ``args``, with port ``port`` and 127.0.0.1 unless ``args``
    name their own (Voilà refuses an option given twice).

    >>> server_args([], "8866")
    ['--port=8866', '--Voila.ip=127.0.0.1']
    >>> server_args(["--Voila.ip=0.0.0.0", "--debug"], "8866")
    ['--port=8866', '--Voila.ip=0.0.0.0', '--debug']
    >>> server_args(["--port=9000", "--Voila.ip=10.0.0.7"], "8866")
    ['--port=9000', '--Voila.ip=10.0.0.7']
    """
    names = {a.split("=", 1)[0].lstrip("-") for a in args if a.startswith("--")}
    extra = [] if names & {"port", "Voila.port"} else [f"--port={port}"]
    extra += [] if "Voila.ip" in names else ["--Voila.ip=127.0.0.1"]
    return extra + list(args)


def lint(args: list[str]) -> None:
    ensure_venv(EXTRAS["lint"])
    paths = ["tabletop_widgets", "tests", "benchmarks", "dev.py", "conftest.py"]
    run(BIN / "ruff", "check", *paths)
    run(BIN / "ruff", "format", "--check", *paths)


def test(args: list[str]) -> None:
    ensure_venv(EXTRAS["test"])
    ensure_chromium()
    ensure_postgresql()
    ensure_fonts()
    lint([])
    if args:  # a choice of tests: one pytest run, as asked
        run(PY, "-m", "pytest", *args)
        return
    # Every test: those without a browser on every core (they are CPU-bound, one process
    # each), then the browser tests one at a time (they share servers and one Chromium).
    cores = str(max(2, min(4, os.cpu_count() or 2)))
    first = subprocess.run([str(PY), "-m", "pytest", "-m", "not browser", "-n", cores], cwd=ROOT)
    second = subprocess.run([str(PY), "-m", "pytest", "-m", "browser", "-p", "no:xdist"], cwd=ROOT)
    if first.returncode or second.returncode:
        sys.exit(first.returncode or second.returncode)


def i18n(args: list[str]) -> None:
    """Extract → update → compile the catalogs (and regenerate the pseudo-language xx)."""
    ensure_venv(EXTRAS["i18n"])
    run(PY, "-m", "tabletop_widgets.locale.tools", *args)


def bench(args: list[str]) -> None:
    ensure_venv(EXTRAS["bench"])
    first = ROOT / "benchmarks" / "matchstick_tycoon" / "bench_engine.py"
    run(PY, first, *args)
    # Every other bench_*.py: the shared ones, then each game's own (benchmarks/<game>/).
    for extra in sorted((ROOT / "benchmarks").glob("**/bench_*.py")):
        if extra != first:
            ensure_chromium()
            run(PY, extra)


COMMANDS = {"app": app, "test": test, "bench": bench, "lint": lint, "i18n": i18n}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    try:
        COMMANDS[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
