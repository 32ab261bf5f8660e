// Drawing one seven-segment card as SVG, from the geometry Python sends
// (tabletop_widgets.render.seven_segment.geometry(), built from shapes.py).
// No rules here: printed segments are read off the glyph and turn tables.

/** The printed segments of `face` as seen (a Set of letters). */
function ttPrinted(geo, face, turned) {
  const glyph = geo.glyphs[face] || "";
  return new Set([...glyph].map((s) => (turned ? geo.turn[s] : s)));
}

/** A segment's label from the widget's texts (segment_named, seg_a…, segment_<state>);
 *  `short` leaves out what pressing does (a card that cannot be changed). */
function ttSegmentLabel(model, s, state, short = false) {
  const segment = ttText(model, "segment_named", { name: ttText(model, `seg_${s}`), letter: s });
  if (state === "printed") return ttText(model, "segment_printed", { segment });
  const full = ttText(model, state === "stick" ? "segment_stick" : "segment_empty", { segment });
  return short ? full.split(":")[0] : full;
}

/**
 * An SVG card. `card` = {face, turned, added, label}; `opts` = {size, editable,
 * prefix (focus keys), onToggle(segment), turning (play the turn animation), model (the
 * widget's model: its texts name the segments)}.
 */
function ttCardSvg(geo, card, opts) {
  const L = geo.layout;
  const W = L.width, H = L.height;
  const svg = ttEl("svg", {
    class: "tt-mt-card" + (card.turned ? " tt-mt-is-turned" : ""),
    viewBox: `0 0 ${W} ${H}`,
    width: opts.size,
    height: Math.round((opts.size * H) / W),
    role: "group",
    "aria-label": card.label,
    tabindex: opts.cardTabindex ?? 0,
    "data-focus": opts.prefix + "card",
  }, null, true);
  const body = ttEl("g", { class: "tt-mt-card-body" + (opts.turning ? " tt-mt-turning" : "") }, null, true);
  body.style.transformOrigin = `${W / 2}px ${H / 2}px`;
  body.appendChild(ttEl("rect", {
    class: "tt-mt-paper", x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: L.radius,
  }, null, true));

  const printed = ttPrinted(geo, card.face, card.turned);
  const added = new Set(card.added);
  const segs = {};
  for (const s of geo.segments) {
    const [x1, y1, x2, y2] = geo.lines[s];
    const state = added.has(s) ? "stick" : printed.has(s) ? "printed" : "empty";
    const g = ttEl("g", {
      class: `tt-mt-seg tt-mt-${state}`,
      "data-segment": s,
      "data-focus": opts.prefix + "seg-" + s,
    }, null, true);
    if (opts.editable) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "-1");
      g.setAttribute("aria-label", ttSegmentLabel(opts.model, s, state));
      if (state !== "printed") g.setAttribute("aria-pressed", state === "stick" ? "true" : "false");
    } else {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", ttSegmentLabel(opts.model, s, state, true));
    }
    const line = { x1, y1, x2, y2 };
    g.appendChild(ttEl("line", { ...line, class: "tt-mt-bar", "stroke-width": L.stroke }, null, true));
    if (state === "stick") {
      g.appendChild(ttEl("line", { ...line, class: "tt-mt-stick-edge", "stroke-width": L.stick + 0.8 }, null, true));
      g.appendChild(ttEl("line", { ...line, class: "tt-mt-stick-wood", "stroke-width": L.stick }, null, true));
      g.appendChild(ttEl("circle", { class: "tt-mt-stick-head", cx: x2, cy: y2, r: L.head }, null, true));
    }
    // A rectangle hit area: easier to click than the bar, and it has a real
    // box (a bare vertical line is 0 wide to the layout engine).
    const along = L.gap - 0.5, across = L.stroke;
    const horizontal = y1 === y2;
    g.appendChild(ttEl("rect", {
      class: "tt-mt-hit", rx: across / 2,
      x: Math.min(x1, x2) - (horizontal ? along : across),
      y: Math.min(y1, y2) - (horizontal ? across : along),
      width: Math.abs(x2 - x1) + 2 * (horizontal ? along : across),
      height: Math.abs(y2 - y1) + 2 * (horizontal ? across : along),
    }, null, true));
    if (opts.editable) {
      g.addEventListener("click", (ev) => { ev.stopPropagation(); opts.onToggle(s); });
      g.addEventListener("keydown", (ev) => {
        const next = geo.neighbours[s][ev.key];
        if (next) { segs[next].focus(); }
        else if (ttIsActivate(ev)) { opts.onToggle(s); }
        else if (ev.key === "Escape") { svg.focus(); }
        else return;
        ev.preventDefault();
        ev.stopPropagation();
      });
    }
    segs[s] = g;
    body.appendChild(g);
  }
  const [ix, iy, upside] = card.turned ? geo.index.turned : geo.index.upright;
  const index = ttEl("text", { class: "tt-mt-index", x: ix, y: iy, "font-size": L.index_size,
    "text-anchor": "middle", "aria-hidden": "true" }, card.face, true);
  if (upside) index.setAttribute("transform", `rotate(180 ${ix} ${iy - L.index_size * 0.35})`);
  body.appendChild(index);
  svg.appendChild(body);
  if (opts.editable) {
    // Arrow keys on the card step into its segments.
    svg.addEventListener("keydown", (ev) => {
      const keys = opts.enterKeys ?? ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];
      if (ev.target === svg && keys.includes(ev.key)) {
        segs.a.focus();
        ev.preventDefault();
      }
    });
  }
  return svg;
}
