"""The widgets read well in JupyterLab 4's dark theme: every text has contrast ≥ 4.5:1.

JupyterLab runs the notebook ``notebooks/dark_theme.ipynb`` (the seven-segment
card, the hand and the three game tables); the test measures the contrast of
every visible text of every widget against the colour actually behind it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from browser_harness import HarnessError, PageLog, record, start_lab, stop_voila

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WIDGETS = {
    "card": ".tt-mt-card-widget",
    "hand": ".tt-mt-hand-widget",
    "Tycoon table": ".tt-mt-table",
    "Chinese Ten table": ".tt-ct-table",
    "Fistful table": ".tt-fg-table",
}

# For every element with its own visible text: its colour and the colour behind it
# (the backgrounds of its ancestors composited), and the contrast ratio between them.
CONTRAST_JS = """(root) => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g) || [0, 0, 0, 0];
    return [+m[0], +m[1], +m[2], m.length > 3 ? +m[3] : 1]; };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const behind = (el) => { const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let color = [255, 255, 255, 1];
    for (const c of layers.reverse()) color = over(c, color);
    return color; };
  const lum = (c) => { const f = (v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (el instanceof SVGElement) continue;  // cards are paper: dark ink on light faces
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    if (!own.length || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || +style.opacity === 0) continue;
    const bg = behind(el), fg = over(parse(style.color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    out.push({ text: own.map(n => n.textContent.trim()).join(" ").slice(0, 40),
               ratio: (a + 0.05) / (b + 0.05), fg: style.color,
               bg: "rgb(" + bg.slice(0, 3).map(Math.round).join(",") + ")",
               disabled: !!el.closest("button:disabled, [aria-disabled=true]") });
  }
  return out;
}"""


@pytest.fixture(scope="module")
def lab():
    log_dir = Path(tempfile.mkdtemp(prefix="tabletop-lab-"))
    try:
        server = start_lab(NOTEBOOKS, log_dir)
    except HarnessError as e:
        pytest.fail(str(e))
    yield server
    stop_voila(server)


@pytest.mark.browser
def test_widgets_have_readable_text_in_the_dark_theme(lab, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 2400})
    page = context.new_page()
    log = PageLog()
    record(page, log)
    try:
        page.goto(lab.url("dark_theme.ipynb"))
        page.wait_for_function(
            "() => window.jupyterapp && document.querySelector('.jp-Notebook')", timeout=90_000
        )
        assert page.evaluate("document.body.dataset.jpThemeLight") == "false", "not dark"
        page.wait_for_function(
            "() => { const k = document.querySelector('.jp-Notebook-ExecutionIndicator');"
            " return k && k.getAttribute('data-status') === 'idle'; }",
            timeout=90_000,
        )
        # Run the one code cell; a run lost while the kernel connects is run again.
        for _attempt in range(3):
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            try:
                page.wait_for_function(
                    f"() => document.querySelectorAll('.tt-widget').length >= {len(WIDGETS)}",
                    timeout=30_000,
                )
                break
            except Exception:
                continue
        for selector in WIDGETS.values():
            page.wait_for_selector(selector, timeout=10_000)
        page.wait_for_timeout(500)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "dark-theme.png"), full_page=True)
        poor = {}
        for name, selector in WIDGETS.items():
            texts = page.eval_on_selector(selector, CONTRAST_JS)
            assert texts, f"{name}: no text found"
            bad = [t for t in texts if t["ratio"] < 4.5 and not t["disabled"]]
            if bad:
                poor[name] = bad
        assert not poor, f"text below 4.5:1 in the dark theme: {poor}"
    finally:
        context.close()
