// MatchstickTycoonTable front end: a pure view of what Python sends (no events).
// Any trait may arrive as undefined (a Python None under JupyterLite, or a
// model still filling in), so every read has a default: an empty table is
// `play` = None. Every sentence comes from Python; this file only lays out.

function ttStickIcon() {
  const svg = ttEl("svg", { width: 6, height: 16, viewBox: "0 0 6 16", "aria-hidden": "true" }, null, true);
  svg.appendChild(ttEl("line", { x1: 3, y1: 15, x2: 3, y2: 4, class: "tt-mt-stick-edge", "stroke-width": 2.6 }, null, true));
  svg.appendChild(ttEl("line", { x1: 3, y1: 15, x2: 3, y2: 4, class: "tt-mt-stick-wood", "stroke-width": 1.6 }, null, true));
  svg.appendChild(ttEl("circle", { cx: 3, cy: 3.2, r: 2.6, class: "tt-mt-stick-head" }, null, true));
  return svg;
}

/** The legend of the short way moves are written (explained where it is shown). */
function ttNotationLegend(model) {
  const box = ttEl("details", { class: "tt-mt-legend" });
  box.appendChild(ttEl("summary", {}, ttText(model, "legend")));
  const list = ttEl("ul");
  for (const [code, key] of [
    ["2x8", "legend_2x8"],
    ["6~", "legend_turned"],
    ["0+g", "legend_stick"],
    ["pass", "legend_pass"],
    ["discard", "legend_discard"],
  ]) {
    const words = ttText(model, key);
    const li = ttEl("li");
    li.appendChild(ttEl("code", {}, code));
    li.appendChild(document.createTextNode(`: ${words}`));
    list.appendChild(li);
  }
  box.appendChild(list);
  const p = ttEl("p", {}, `${ttText(model, "legend_segments")} `);
  p.appendChild(ttEl("a", { href: "rules.ipynb#notation", target: "_blank" }, ttText(model, "legend_more")));
  box.appendChild(p);
  return box;
}

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-board tt-mt-table" });
  el.appendChild(root);
  let lastOrder = model.get("order") ?? "normal";

  const seatBox = (s) => {
    const cls = ["tt-mt-seat"];
    if (s.to_move) cls.push("tt-mt-to-move");
    if (s.out) cls.push("tt-mt-out");
    const status = s.status ?? "";
    const box = ttEl("div", { class: cls.join(" "), role: "group", "aria-label": s.label ?? "", "data-seat": s.seat });
    box.appendChild(ttEl("div", { class: "tt-mt-seat-name" }, s.name));
    box.appendChild(ttEl("div", {}, s.cards_text ?? ""));
    const sticks = ttEl("div", { class: "tt-mt-stick-row", title: s.sticks_text ?? "" });
    for (let i = 0; i < Math.min(s.sticks, 12); i++) sticks.appendChild(ttStickIcon());
    sticks.appendChild(ttEl("span", {}, ` ${s.sticks_text ?? ""}`));
    box.appendChild(sticks);
    box.appendChild(ttEl("div", { class: "tt-mt-seat-status" }, status));
    return box;
  };

  const build = () => {
    const geo = model.get("_geometry") ?? {};
    const parts = [];
    const seats = ttEl("div", { class: "tt-mt-seats" });
    for (const s of model.get("seats") ?? []) seats.appendChild(seatBox(s));
    parts.push(seats);

    const play = model.get("play") ?? null;
    const felt = ttEl("div", { class: "tt-mt-felt", role: "region", "aria-label": ttText(model, "felt_aria") });
    if (play) {
      const cards = ttEl("div", { class: "tt-mt-felt-cards" });
      // Cards need the geometry; without it (not synced yet) the text still shows.
      (geo.layout ? play.cards ?? [] : []).forEach((c, i) => {
        cards.appendChild(ttCardSvg(geo, c, { size: model.get("card_size") ?? 54, editable: false,
          prefix: `t${i}`, cardTabindex: -1, model }));
      });
      felt.appendChild(cards);
      const text = ttEl("div", { class: "tt-mt-felt-text" }, `${play.words ?? play.name ?? ""} `);
      text.appendChild(ttEl("code", {}, `(${play.text ?? ""})`));
      felt.appendChild(text);
    } else {
      // The game's end on a discarded stick is said there; otherwise the table is empty.
      const note = model.get("felt_note") ?? "";
      felt.appendChild(ttEl("div", { class: note ? "tt-mt-felt-note" : "tt-mt-felt-empty" },
        note || ttText(model, "empty")));
    }
    parts.push(felt);

    const order = model.get("order") ?? "normal";
    const values = model.get("scale") ?? [];
    const wrap = ttEl("div", { class: "tt-mt-scale-wrap" });
    wrap.appendChild(ttEl("span", {}, ttText(model, order === "reversed" ? "order_turned" : "order")));
    const scale = ttEl("div", { class: "tt-mt-scale" + (order !== lastOrder ? " tt-mt-flipping" : ""),
      role: "img", "aria-label": ttText(model, "scale_aria", { values: values.join(" ") }) });
    lastOrder = order;
    for (const v of values) {
      scale.appendChild(ttEl("span", { class: play?.value === v ? "tt-mt-on-table" : "" }, v));
    }
    wrap.appendChild(scale);
    wrap.appendChild(ttEl("span", {}, ttText(model, "strongest")));
    parts.push(wrap);
    const whatIf = (model.get("log_not_played") ?? -1) >= 0;
    const message = ttEl("div", { class: "tt-mt-message" + (whatIf ? " tt-mt-what-if" : ""),
      "aria-live": "polite" });
    message.replaceChildren(...ttRuleText(model.get("message") ?? ""));  // rule ids link
    parts.push(message);

    // Move numbers are written out (not list markers): 3-digit numbers stay readable.
    const log = ttEl("ol", { class: "tt-mt-log", "aria-label": ttText(model, "log_aria") });
    const lines = model.get("log") ?? [];
    const first = model.get("log_start") ?? 1;
    const notPlayed = model.get("log_not_played") ?? -1;
    lines.forEach((line, i) => {
      const li = ttEl("li", i === notPlayed ? { class: "tt-mt-log-not-played" } : {});
      li.appendChild(ttEl("span", { class: "tt-mt-log-n" }, `${first + i}.`));
      // The review's better move: its line says itself that it was not played.
      li.appendChild(document.createTextNode(` ${line}`));
      log.appendChild(li);
    });
    if (lines.length) parts.push(log);
    parts.push(ttNotationLegend(model));
    parts.push(ttErrorLine(model));
    return parts;
  };

  // Changes only what differs (ttPatch): a room page redraws at every move of every
  // student, and the cards that stay are not drawn again.  The table has no listeners.
  const redraw = () => {
    const open = root.querySelector(".tt-mt-legend")?.open ?? false;
    ttPatch(root, build);
    const legend = root.querySelector(".tt-mt-legend");
    if (legend) legend.open = open;
    const log = root.querySelector(".tt-mt-log");
    if (log) log.scrollTop = log.scrollHeight;
  };
  redraw();
  model.on("change", redraw);
  return () => model.off("change", redraw);
}

export default { render };
