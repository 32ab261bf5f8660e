// TycoonTable front end: a pure view of what Python sends (no events).
// Any trait may arrive as undefined (a Python None under JupyterLite, or a
// model still filling in), so every read has a default: an empty table is
// `play` = None.

function ttStickIcon() {
  const svg = ttEl("svg", { width: 6, height: 16, viewBox: "0 0 6 16", "aria-hidden": "true" }, null, true);
  svg.appendChild(ttEl("line", { x1: 3, y1: 15, x2: 3, y2: 4, class: "tt-stick-edge", "stroke-width": 2.6 }, null, true));
  svg.appendChild(ttEl("line", { x1: 3, y1: 15, x2: 3, y2: 4, class: "tt-stick-wood", "stroke-width": 1.6 }, null, true));
  svg.appendChild(ttEl("circle", { cx: 3, cy: 3.2, r: 2.6, class: "tt-stick-head" }, null, true));
  return svg;
}

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-table" });
  el.appendChild(root);
  let lastOrder = model.get("order") ?? "normal";

  const seatBox = (s) => {
    const cls = ["tt-seat"];
    if (s.to_move) cls.push("tt-to-move");
    if (s.out) cls.push("tt-out");
    const status = s.out ? `out · ${s.rank}${["st", "nd", "rd"][s.rank - 1] || "th"} place`
      : s.rank ? `last · ${s.rank}th place` : s.to_move ? "▶ to play" : s.passed ? "passed" : "";
    const label = `${s.name}: ${s.cards} card${s.cards === 1 ? "" : "s"}, ${s.sticks} stick${s.sticks === 1 ? "" : "s"}` +
      (status ? `, ${status}` : "");
    const box = ttEl("div", { class: cls.join(" "), role: "group", "aria-label": label, "data-seat": s.seat });
    box.appendChild(ttEl("div", { class: "tt-seat-name" }, (s.to_move ? "▶ " : "") + s.name));
    box.appendChild(ttEl("div", {}, `🂠 ${s.cards} card${s.cards === 1 ? "" : "s"}`));
    const sticks = ttEl("div", { class: "tt-stick-row", title: `${s.sticks} sticks` });
    for (let i = 0; i < Math.min(s.sticks, 12); i++) sticks.appendChild(ttStickIcon());
    sticks.appendChild(ttEl("span", {}, ` ${s.sticks}`));
    box.appendChild(sticks);
    box.appendChild(ttEl("div", { class: "tt-seat-status" }, status));
    return box;
  };

  const build = () => {
    const geo = model.get("_geometry") ?? {};
    const parts = [];
    const seats = ttEl("div", { class: "tt-seats" });
    for (const s of model.get("seats") ?? []) seats.appendChild(seatBox(s));
    parts.push(seats);

    const play = model.get("play") ?? null;
    const felt = ttEl("div", { class: "tt-felt", role: "region", "aria-label": "the table" });
    if (play) {
      const cards = ttEl("div", { class: "tt-felt-cards" });
      // Cards need the geometry; without it (not synced yet) the text still shows.
      (geo.layout ? play.cards ?? [] : []).forEach((c, i) => {
        const label = `card ${c.face}${c.turned ? ", turned over" : ""}${c.added ? ", sticks on " + c.added.split("").join(" ") : ""}, acts as ${play.value}`;
        cards.appendChild(ttCardSvg(geo, { ...c, label }, { size: model.get("card_size") ?? 54, editable: false,
          prefix: `t${i}`, cardTabindex: -1 }));
      });
      felt.appendChild(cards);
      felt.appendChild(ttEl("div", { class: "tt-felt-text" }, `${play.name ?? ""} played ${play.text ?? ""}`));
    } else {
      felt.appendChild(ttEl("div", { class: "tt-felt-empty" }, "The table is empty."));
    }
    parts.push(felt);

    const order = model.get("order") ?? "normal";
    const values = model.get("scale") ?? [];
    const wrap = ttEl("div", { class: "tt-scale-wrap" });
    wrap.appendChild(ttEl("span", {}, order === "reversed" ? "Order (reversed): weakest" : "Order: weakest"));
    const scale = ttEl("div", { class: "tt-scale" + (order !== lastOrder ? " tt-flipping" : ""),
      role: "img", "aria-label": `strength order, weakest first: ${values.join(" ")}` });
    lastOrder = order;
    for (const v of values) {
      scale.appendChild(ttEl("span", { class: play?.value === v ? "tt-on-table" : "" }, v));
    }
    wrap.appendChild(scale);
    wrap.appendChild(ttEl("span", {}, "strongest"));
    parts.push(wrap);
    parts.push(ttEl("div", { class: "tt-message", "aria-live": "polite" }, model.get("message") ?? ""));

    const log = ttEl("ol", { class: "tt-log", "aria-label": "moves so far" });
    const lines = model.get("log") ?? [];
    for (const line of lines) log.appendChild(ttEl("li", {}, line));
    parts.push(log);
    parts.push(ttErrorLine(model));
    return parts;
  };

  const redraw = () => {
    ttRedraw(root, build);
    const log = root.querySelector(".tt-log");
    if (log) log.scrollTop = log.scrollHeight;
  };
  redraw();
  model.on("change", redraw);
  return () => model.off("change", redraw);
}

export default { render };
