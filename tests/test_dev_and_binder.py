"""The project's own entry points: dev.py's options and what Binder installs."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_dev():
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_doctests():
    assert doctest.testmod(load_dev()).failed == 0


def test_preheat_option_is_passed_to_voila():
    dev = load_dev()
    out = dev.preheat_option(["--preheat=a.ipynb=3", "--debug", "--preheat", "b/c.ipynb=30"])
    assert out[0] == "--debug"
    assert out[1] == (
        "--VoilaKernelManager.kernel_pools_config="
        '{"a.ipynb": {"pool_size": 3}, "b/c.ipynb": {"pool_size": 30}}'
    )


def test_the_app_command_lets_the_server_listen_where_asked_and_say_so(monkeypatch, capsys):
    """``dev.py app --Voila.ip=0.0.0.0`` (the README's way to let a class in) reaches the
    server as the one ip option, and dev.py prints no 127.0.0.1 address of its own."""
    dev = load_dev()
    ran = []
    monkeypatch.setattr(dev, "ensure_venv", lambda extras: None)
    monkeypatch.setattr(dev.os, "chdir", lambda path: None)
    monkeypatch.setattr(dev.os, "execv", lambda exe, argv: ran.append(argv))
    monkeypatch.setenv("TABLETOP_DATA", str(ROOT / ".tabletop-data"))
    dev.app(["--Voila.ip=0.0.0.0"])
    argv = ran[0]
    assert [a for a in argv if "ip=" in a] == ["--Voila.ip=0.0.0.0"]
    assert "127.0.0.1" not in capsys.readouterr().out
    from tabletop_widgets.app.server import TabletopVoila

    server = TabletopVoila()
    server.parse_command_line(argv[argv.index("notebooks") :])
    assert server.ip == "0.0.0.0" and server.port == 8866


def test_the_server_prints_the_class_address_when_it_listens_beyond_this_machine(
    monkeypatch, capsys
):
    from voila.app import Voila

    from tabletop_widgets.app import server

    monkeypatch.setattr(server, "class_addresses", lambda port: [f"http://192.168.1.20:{port}/"])
    monkeypatch.setattr(Voila, "start", lambda self: None)  # (no server is started)
    for ip in ("0.0.0.0", "127.0.0.1"):
        app = server.TabletopVoila()
        app.parse_command_line(["notebooks", f"--Voila.ip={ip}", "--port=8870"])
        app.start()
        printed = capsys.readouterr().out
        if ip == "0.0.0.0":
            assert "Give your class this address: http://192.168.1.20:8870/" in printed
            assert "http://127.0.0.1:8870/" in printed  # and the teacher's own
        else:
            assert "Give your class" not in printed and "http://127.0.0.1:8870/" in printed
    lines = server.address_lines("192.168.1.5", 8866, found=lambda port: [])
    assert lines[-1] == "Give your class this address: http://192.168.1.5:8866/"
    assert server.address_lines("::", 8866, found=lambda port: [])[-1].endswith(
        "http://<this machine>:8866/"
    )


def test_binder_installs_the_project_with_its_app():
    lines = [
        ln.strip()
        for ln in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
        if ln.strip() and not ln.startswith("#")
    ]
    assert lines == [".[app]"]
    # the template the app's voila.json names is shipped with the package
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"share/jupyter/voila/templates/offline"' in pyproject
    assert (ROOT / "share/jupyter/voila/templates/offline/index.html.j2").exists()


def test_binder_requirements_resolve_for_pip(tmp_path):
    """pip can resolve binder/requirements.txt from the repository root, as Binder runs it."""
    import subprocess

    report = tmp_path / "report.json"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--quiet",
            "--no-deps",
            "--report",
            str(report),
            "-r",
            "binder/requirements.txt",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert "tabletop-widgets" in report.read_text() or "tabletop_widgets" in report.read_text()


def test_repo2docker_reads_the_binder_folder():
    """repo2docker (what mybinder.org builds with) turns binder/ into a Dockerfile that
    uses the Python we test with and installs the project after copying the repository."""
    import subprocess

    r = subprocess.run(
        [
            str(Path(sys.executable).with_name("repo2docker")),
            "--no-build",
            "--no-run",
            "--debug",
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    dockerfile = r.stdout + r.stderr
    assert "python=3.11" in dockerfile or "python-3.11" in dockerfile
    copy_repo = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    install = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    assert copy_repo < install  # ".[app]" needs the repository in place
