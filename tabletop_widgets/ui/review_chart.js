// ReviewChart front end: shows the chart Python drew (SVG) and makes each of its marks
// a button that sends `pick` {index}; Python decides what follows.
// Python draws the chart twice: for a wide page (`svg`) and for a phone (`svg_narrow`,
// about a phone's width, so its words stay 11 px or more once fitted to the screen: the
// wide one shrank to 6 px there).  The chart shows the one its width calls for, and
// changes when its width does.  Each mark gets an invisible disc around it, 28 px across
// on the screen whatever the chart's scale, so a finger can pick it; where two discs
// overlap (close moves on a phone), a tap picks the mark nearest to it.

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

  const pickNode = (node) => {
    const index = Number(node.getAttribute("data-index"));
    if (Number.isInteger(index)) ttSend(model, "pick", { index });
  };
  // The mark whose centre is nearest to (x, y) on the screen, if within TT_TARGET of it.
  const nearest = (box, x, y) => {
    let best = null, distance = Infinity;
    for (const node of box.querySelectorAll(".tt-review-mark")) {
      const r = node.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      const d = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
      if (d < distance) { best = node; distance = d; }
    }
    return distance <= TT_TARGET ? best : null;
  };

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
      node.setAttribute("data-index", String(mark.index));
      const title = ttEl("title", {}, mark.label, true);
      node.insertBefore(title, node.firstChild);
      node.addEventListener("keydown", (ev) => {
        if (ttIsActivate(ev)) { ev.preventDefault(); pickNode(node); }
      });
    }
    // A click or a tap picks the mark nearest to it (within a target's reach), not the
    // one whose target is drawn on top: on a phone two moves' marks sit closer than a
    // finger, their targets overlap, and a tap between them opened the later one even
    // when it was nearer the earlier.  A click with no pointer (a screen reader's) picks
    // the mark it was sent to; Enter or Space on a focused mark picks it (above).
    box.addEventListener("click", (ev) => {
      const own = ev.target?.closest?.(".tt-review-mark");
      if (ev.detail === 0 && own) { pickNode(own); return; }
      const near = nearest(box, ev.clientX, ev.clientY);
      if (near) pickNode(near);
    });
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
