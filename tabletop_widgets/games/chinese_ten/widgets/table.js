// ChineseTenTable front end: draws the table from the `_view` Python computes
// and sends events (select, capture, lay, move, deselect). Cards are the SVG
// strings of the Python renderer (`_faces`); which cards may be taken, the
// message, the scores -- everything comes from Python. The only thing done
// here is drawing, including the short animations of the last move.
// A Python None (or an empty trait) may arrive as undefined, e.g. under JupyterLite:
// every value read from the model has a default (`?? …`).

const CT_REDUCED = typeof window !== "undefined" && window.matchMedia
  && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A card element from the renderer's SVG; `code` is e.g. "7H" or "back". */
function ctCard(faces, code, attrs = {}) {
  const node = ttEl("div", { class: "tt-ct-card", ...attrs });
  // The SVG strings come from the widget's own Python renderer, never from user input.
  node.innerHTML = faces[code] ?? faces.back ?? "";
  return node;
}

/** A fan of cards (overlapping) with an accessible label. */
function ctFan(faces, codes, cls, label) {
  const fan = ttEl("div", { class: "tt-ct-fan " + cls, role: "img", "aria-label": label });
  (codes ?? []).forEach((code) => fan.appendChild(ctCard(faces, code, { "data-card": code === "back" ? null : code })));
  return fan;
}

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-ct-table" });
  el.appendChild(root);
  let lastN = null;

  const activate = (node, send) => {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.addEventListener("click", send);
    node.addEventListener("keydown", (ev) => {
      if (ttIsActivate(ev)) { ev.preventDefault(); send(); }
    });
  };

  const seatPanel = (faces, view, s) => {
    const mine = s.seat === view.shown;
    const pileCards = s.pile ?? [];
    const count = s.count ?? 0;
    const panel = ttEl("section", { class: "tt-ct-seat" + (mine ? " tt-ct-mine" : "")
      + (s.to_move ? " tt-ct-to-move" : ""), "data-seat": s.seat,
      "aria-label": `${s.name}${s.to_move ? ", to move" : ""}` });
    const head = ttEl("div", { class: "tt-ct-seat-head" });
    head.appendChild(ttEl("span", { class: "tt-ct-name" },
      (s.to_move ? "▶ " : "") + s.name + (s.dealer ? " (dealer)" : "")));
    head.appendChild(ttEl("span", { class: "tt-ct-points", "data-seat": s.seat },
      `${s.points ?? 0} pts this deal · total ${s.total ?? 0}`));
    panel.appendChild(head);

    const body = ttEl("div", { class: "tt-ct-seat-body" });
    const hand = ttEl("div", { class: "tt-ct-hand", "data-seat": s.seat, role: "group",
      "aria-label": `${s.name}'s hand, ${count} card${count === 1 ? "" : "s"}` });
    if (s.hand) {
      s.hand.forEach((code, i) => {
        const selected = mine && view.selected === i;
        const card = ctCard(faces, code, { "data-card": code, "data-index": i,
          class: "tt-ct-card tt-ct-hand-card" + (selected ? " tt-ct-selected" : ""),
          "data-focus": `h-${code}`, "aria-pressed": selected ? "true" : "false" });
        card.insertBefore(ttEl("span", { class: "tt-ct-badge", "aria-hidden": "true" },
          selected ? "▲ selected" : " "), card.firstChild);
        if (mine && view.can_act && view.phase === "hand") {
          activate(card, () => ttSend(model, "select", { index: i }));
          card.setAttribute("aria-label", `${code}${selected ? ", selected" : ""}`);
        }
        hand.appendChild(card);
      });
    } else {
      for (let i = 0; i < count; i++) hand.appendChild(ctCard(faces, "back", { class: "tt-ct-card tt-ct-back" }));
    }
    if (!count) hand.appendChild(ttEl("span", { class: "tt-ct-empty" }, "no cards in hand"));
    body.appendChild(hand);

    const pile = ttEl("div", { class: "tt-ct-pile", "data-seat": s.seat });
    pile.appendChild(ttEl("div", { class: "tt-ct-pile-label" },
      `captured: ${pileCards.length} card${pileCards.length === 1 ? "" : "s"} · ${s.points ?? 0} pts`));
    pile.appendChild(ctFan(faces, pileCards, "tt-ct-pile-cards",
      `${s.name} captured ${pileCards.join(" ") || "nothing yet"}`));
    body.appendChild(pile);
    panel.appendChild(body);
    return panel;
  };

  const centre = (faces, view) => {
    const box = ttEl("section", { class: "tt-ct-centre", "aria-label": "the table" });
    const stock = ttEl("div", { class: "tt-ct-stock" });
    const stockSize = view.stock ?? 0;
    if (stockSize) stock.appendChild(ctCard(faces, "back", { class: "tt-ct-card tt-ct-stock-card" }));
    stock.appendChild(ttEl("div", { class: "tt-ct-count" }, `stock: ${stockSize}`));
    box.appendChild(stock);
    if (view.turned) {
      const slot = ttEl("div", { class: "tt-ct-turned" });
      slot.appendChild(ttEl("div", { class: "tt-ct-count" }, "turned up"));
      slot.appendChild(ctCard(faces, view.turned, { "data-card": view.turned,
        class: "tt-ct-card tt-ct-turned-card" }));
      box.appendChild(slot);
    }
    const cards = view.layout ?? [];
    const targets = view.targets ?? [];
    const layout = ttEl("div", { class: "tt-ct-layout", role: "group",
      "aria-label": `layout: ${cards.join(" ") || "empty"}` });
    cards.forEach((code, i) => {
      const target = targets.includes(i);
      const card = ctCard(faces, code, { "data-card": code, "data-index": i,
        "data-focus": `l-${code}`,
        class: "tt-ct-card tt-ct-layout-card" + (target ? " tt-ct-target" : "") });
      // A text badge as well as the outline: the highlight never relies on colour alone.
      card.insertBefore(ttEl("span", { class: "tt-ct-badge", "aria-hidden": "true" },
        target ? "✓ can take" : " "), card.firstChild);
      if (view.can_act) {
        activate(card, () => ttSend(model, "capture", { index: i }));
        card.setAttribute("aria-label", `${code}${target ? ", can be captured" : ""}`);
      }
      layout.appendChild(card);
    });
    if (!cards.length) layout.appendChild(ttEl("span", { class: "tt-ct-empty" }, "the layout is empty"));
    box.appendChild(layout);
    return box;
  };

  const scores = (view) => {
    const table = ttEl("table", { class: "tt-ct-scores" });
    const head = ttEl("tr");
    head.appendChild(ttEl("th", {}, view.settle ? "deal (settled)" : "deal"));
    view.seats.forEach((s) => head.appendChild(ttEl("th", { scope: "col" }, s.name)));
    table.appendChild(head);
    (view.deal_points ?? []).forEach((pts, d) => {
      const row = ttEl("tr");
      row.appendChild(ttEl("th", { scope: "row" }, String(d + 1)));
      pts.forEach((p) => row.appendChild(ttEl("td", {}, String(p))));
      table.appendChild(row);
    });
    if (view.phase !== "over") {
      const row = ttEl("tr", { class: "tt-ct-now" });
      row.appendChild(ttEl("th", { scope: "row" }, `${(view.deal ?? 0) + 1} (so far)`));
      view.seats.forEach((s) => row.appendChild(ttEl("td", {}, String(s.points ?? 0))));
      table.appendChild(row);
    }
    const total = ttEl("tr", { class: "tt-ct-total" });
    total.appendChild(ttEl("th", { scope: "row" }, "match total"));
    (view.totals ?? []).forEach((t) => total.appendChild(ttEl("td", {}, String(t))));
    table.appendChild(total);
    return table;
  };

  const controls = (view) => {
    const bar = ttEl("div", { class: "tt-ct-bar" });
    bar.appendChild(ttEl("span", { class: "tt-ct-message", "aria-live": "polite" }, view.message ?? ""));
    if (view.can_lay) {
      const lay = ttEl("button", { type: "button", class: "tt-ct-lay", "data-focus": "lay" },
        "Lay it down on the layout");
      lay.addEventListener("click", () => ttSend(model, "lay"));
      bar.appendChild(lay);
    }
    const legal = view.legal ?? [];
    if (view.can_act && legal.length) {
      const list = ttEl("details", { class: "tt-ct-legal" });
      list.appendChild(ttEl("summary", {}, `legal moves (${legal.length})`));
      for (const text of legal) {
        const b = ttEl("button", { type: "button", "data-move": text, "data-focus": `m-${text}` }, text);
        b.addEventListener("click", () => ttSend(model, "move", { text }));
        list.appendChild(b);
      }
      bar.appendChild(list);
    }
    return bar;
  };

  const build = () => {
    const view = model.get("_view") ?? {};
    const faces = model.get("_faces") ?? {};
    if (!view.seats) return [ttEl("div", { class: "tt-ct-empty" }, "No game yet."), ttErrorLine(model)];
    root.style.setProperty("--tt-ct-w", `${view.card_width ?? 64}px`);
    const others = view.seats.filter((s) => s.seat !== view.shown);
    const mine = view.seats.find((s) => s.seat === view.shown);
    const top = ttEl("div", { class: "tt-ct-others" });
    others.forEach((s) => top.appendChild(seatPanel(faces, view, s)));
    const side = ttEl("div", { class: "tt-ct-side" });
    side.appendChild(scores(view));
    const log = ttEl("ol", { class: "tt-ct-log", "aria-label": "what happened" });
    (view.log ?? []).forEach((line) => log.appendChild(ttEl("li", {}, line)));
    side.appendChild(log);
    const main = ttEl("div", { class: "tt-ct-main" });
    main.append(top, centre(faces, view), ...(mine ? [seatPanel(faces, view, mine)] : []),
      controls(view), ttErrorLine(model));
    return [main, side];
  };

  /** Where every card was drawn before a redraw (root-relative), by card code. */
  const snapshot = () => {
    const base = root.getBoundingClientRect();
    const where = {};
    root.querySelectorAll(".tt-ct-main [data-card]").forEach((n) => {
      const r = n.getBoundingClientRect();
      where[n.getAttribute("data-card")] = { x: r.left - base.left, y: r.top - base.top };
    });
    return where;
  };

  const rel = (node) => {
    const base = root.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    return { x: r.left - base.left, y: r.top - base.top };
  };

  /** Fly a copy of `code` from `from` to `to`; `flip` turns it face up first (a stock card). */
  const fly = (faces, code, from, to, delay, flip) => {
    const ghost = ctCard(faces, code, { class: "tt-ct-card tt-ct-ghost" + (flip ? " tt-ct-flipfly" : " tt-ct-fly"),
      "aria-hidden": "true" });
    ghost.style.left = `${from.x}px`;
    ghost.style.top = `${from.y}px`;
    ghost.style.setProperty("--dx", `${to.x - from.x}px`);
    ghost.style.setProperty("--dy", `${to.y - from.y}px`);
    ghost.style.animationDelay = `${delay}s`;
    const done = () => ghost.remove();
    ghost.addEventListener("animationend", done);
    setTimeout(done, (delay + 2) * 1000); // in case the animation never runs
    root.appendChild(ghost);
  };

  /** Animate the events of the last move: captured cards fly to the pile, a stock card flips. */
  const animate = (view, before) => {
    if (CT_REDUCED || !view.last) return;
    const faces = model.get("_faces") ?? {};
    let delay = 0;
    for (const ev of view.last.events ?? []) {
      if (ev.kind !== "play" && ev.kind !== "turn" && ev.kind !== "dealer_takes") continue;
      const flipping = ev.kind === "turn";
      const captures = ev.captures ?? [];
      if (captures.length) {
        const pile = root.querySelector(`.tt-ct-pile[data-seat="${ev.seat}"] .tt-ct-pile-label`);
        if (!pile) continue;
        const to = rel(pile);
        const stock = root.querySelector(".tt-ct-stock");
        const hand = root.querySelector(`.tt-ct-hand[data-seat="${ev.seat}"]`);
        const origin = flipping ? (stock ? rel(stock) : to) : (hand ? rel(hand) : to);
        const cards = ev.card ? [ev.card, ...captures] : captures;
        cards.forEach((code, k) => {
          const own = code === ev.card;
          const from = own && flipping ? origin : (before[code] || origin);
          fly(faces, code, from, to, delay, own && flipping);
        });
      } else if (ev.card) {
        // The card joined the layout (or waits, turned up): flip or slide it in where it lies.
        const node = root.querySelector(`.tt-ct-main [data-card="${ev.card}"]`);
        if (node) {
          node.classList.add(flipping ? "tt-ct-flip" : "tt-ct-arrive");
          node.style.animationDelay = `${delay}s`;
        }
      }
      delay += 0.45;
    }
  };

  const redraw = () => {
    const view = model.get("_view") ?? {};
    const n = view.last?.n ?? null;
    const moved = lastN !== null && n !== lastN;
    const before = moved ? snapshot() : {};
    ttRedraw(root, build);
    if (moved) animate(view, before);
    lastN = n;
  };
  redraw();
  model.on("change", redraw);
  return () => model.off("change", redraw);
}

export default { render };
