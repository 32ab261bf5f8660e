// ReviewChart front end: shows the chart Python drew (SVG) and makes each of its marks
// a button that sends `pick` {index}; Python decides what follows.
// Python draws the chart twice: for a wide page (`svg`) and for a phone (`svg_narrow`,
// about a phone's width, so its words stay 11 px or more once fitted to the screen: the
// wide one shrank to 6 px there).  The chart shows the one its width calls for, and
// changes when its width does.  Each mark gets an invisible disc around it, 28 px across
// on the screen whatever the chart's scale, so a finger can pick it.

const TT_NARROW = 600; // px: a chart narrower than this shows the phone's layout
const TT_TARGET = 14; // px on the screen: the radius of a mark's target

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-review-chart" });
  el.appendChild(root);
  let narrow = null; // the layout shown

  const width = () => root.getBoundingClientRect().width || el.getBoundingClientRect().width
    || window.innerWidth;
  // Python draws only the layout this width calls for while the review runs: it is told.
  let told = null;
  const tell = () => {
    const want = width() < TT_NARROW;
    if (want !== told) { told = want; ttSend(model, "layout", { narrow: want }); }
  };
  const wantsNarrow = () => Boolean(model.get("svg_narrow")) && width() < TT_NARROW;

  const build = () => {
    narrow = wantsNarrow();
    const box = ttEl("div", { class: "tt-review-svg", role: "group",
      "aria-label": ttText(model, "chart"), "data-layout": narrow ? "narrow" : "wide" });
    // The SVG is made in Python by matplotlib from the review's own numbers and words
    // (never from anything the browser sent).
    box.innerHTML = (narrow ? model.get("svg_narrow") : model.get("svg")) || "";
    const selected = model.get("selected") ?? -1;
    for (const mark of model.get("marks") ?? []) {
      const node = box.querySelector(`[id="tt-mark-${mark.index}"]`);
      if (!node) continue;
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", mark.label);
      node.setAttribute("data-focus", `mark-${mark.index}`);
      node.classList.add("tt-review-mark");
      if (mark.index === selected) {
        node.classList.add("tt-review-selected");
        node.setAttribute("aria-pressed", "true");
      }
      const title = ttEl("title", {}, mark.label, true);
      node.insertBefore(title, node.firstChild);
      const pick = () => ttSend(model, "pick", { index: mark.index });
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (ev) => {
        if (ttIsActivate(ev)) { ev.preventDefault(); pick(); }
      });
    }
    return [box, ttErrorLine(model)];
  };

  // The targets: a disc behind each mark, centred on it, sized in the SVG's units so that
  // it is TT_TARGET px in radius on the screen (the chart is scaled to fit its box).  Made
  // once the chart is laid out (a mark's place is known then); sized again on a resize.
  const sizeTargets = () => {
    const svg = root.querySelector(".tt-review-svg svg");
    const shown = svg ? svg.getBoundingClientRect().width : 0;
    const view = svg?.viewBox?.baseVal;
    if (!shown || !view || !view.width) return;
    const r = String((TT_TARGET * view.width) / shown);
    for (const node of svg.querySelectorAll(".tt-review-mark")) {
      let disc = node.querySelector(":scope > .tt-review-target");
      if (!disc) {
        const at = node.getBBox();
        if (!at.width && !at.height) continue;
        disc = ttEl("circle", { class: "tt-review-target", cx: at.x + at.width / 2,
          cy: at.y + at.height / 2, fill: "transparent", "pointer-events": "all" }, null, true);
        node.insertBefore(disc, node.querySelector(":scope > title")?.nextSibling ?? node.firstChild);
      }
      disc.setAttribute("r", r);
    }
  };

  const redraw = () => {
    ttRedraw(root, build);
    sizeTargets();
  };
  const sized = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => { tell(); if (wantsNarrow() !== narrow) redraw(); else sizeTargets(); })
    : null;
  redraw();
  tell();
  if (sized) sized.observe(root);
  model.on("change", redraw);
  return () => {
    if (sized) sized.disconnect();
    model.off("change", redraw);
  };
}

export default { render };
