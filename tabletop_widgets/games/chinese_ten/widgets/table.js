// ChineseTenTable front end: draws the table from the `_view` Python computes
// and sends events (select, capture, lay, move, deselect). Cards are the SVG
// strings of the Python renderer (`_faces`); which cards may be taken, the
// message, the scores, every word (`_texts`, in the page's language) -- everything
// comes from Python. The only thing done here is drawing, including the short
// animations of the last move.
// A Python None (or an empty trait) may arrive as undefined, e.g. under JupyterLite:
// every value read from the model has a default (`?? …`).

const CT_REDUCED = typeof window !== "undefined" && window.matchMedia
  && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Each face's SVG as an image address, made once: a card is then one <img> the browser
 * decodes once per face, not an SVG tree parsed and styled again at every redraw (a room
 * page redraws at every move of every student). */
const CT_URLS = new Map();
function ctSvgUrl(svg) {
  let url = CT_URLS.get(svg);
  if (url === undefined) {
    url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    CT_URLS.set(svg, url);
  }
  return url;
}

/* Faces as bitmaps.  Painting an SVG picture records its whole drawing again at every
 * paint, and a new <img> of it parses the SVG again: in a room, where every page redraws
 * at every move of every student, the SVG faces were most of the browser's work.  So
 * every face is drawn once into a bitmap of the size it is shown at (one after another,
 * as soon as a table has the faces), and the cards show that bitmap; until it is ready a
 * card shows its SVG, and the tables redraw once the bitmaps are ready.  A face that
 * cannot be drawn so keeps its SVG.  Shared by every Chinese Ten table of the page. */
const CT_FACES = (globalThis.__ttChineseTenFaces ??= {
  bitmaps: new Map(),  // svg -> Map(pixels -> the <img> attributes of its bitmap, or null: being made / none)
  tables: new Set(),   // every table's redraw, called when bitmaps become ready
  queue: [],           // [svg, pixels] still to draw
  busy: false,
  keep: [],            // the decoded bitmaps, held so that a new card shows one at once
});
let ctPixels = 0;      // a face's width in device pixels, for the table being built

/** The <img> attributes that show `svg`: its bitmap if made (drawn in the SVG's own
 *  proportions, so a card keeps its size to the fraction of a pixel), else the SVG. */
function ctFaceImage(svg) {
  return CT_FACES.bitmaps.get(svg)?.get(ctPixels) ?? { src: ctSvgUrl(svg) };
}

/** Queue the bitmaps of `faces` at `pixels` wide that are not made yet. */
let ctPrepared = [null, 0];
function ctPrepare(faces, pixels) {
  if (ctPrepared[0] === faces && ctPrepared[1] === pixels) return;
  ctPrepared = [faces, pixels];
  for (const svg of Object.values(faces)) {
    let sizes = CT_FACES.bitmaps.get(svg);
    if (!sizes) CT_FACES.bitmaps.set(svg, (sizes = new Map()));
    if (sizes.has(pixels)) continue;
    sizes.set(pixels, null);
    CT_FACES.queue.push([svg, pixels]);
  }
  if (!CT_FACES.busy && CT_FACES.queue.length) ctDrawQueue();
}

async function ctDrawQueue() {
  CT_FACES.busy = true;
  let made = 0;
  while (CT_FACES.queue.length) {
    const [svg, pixels] = CT_FACES.queue.shift();
    const url = await ctBitmap(svg, pixels);
    if (url) {
      const size = svg.match(/^<svg [^>]*?width="([\d.]+)" height="([\d.]+)"/);
      const style = size ? `aspect-ratio: ${size[1]} / ${size[2]}` : null;
      CT_FACES.bitmaps.get(svg).set(pixels, { src: url, style });
      made += 1;
    }
  }
  CT_FACES.busy = false;
  if (made) CT_FACES.tables.forEach((redraw) => redraw());
}

async function ctBitmap(svg, pixels) {
  try {
    const picture = new Image();
    picture.src = ctSvgUrl(svg);
    await picture.decode();
    const canvas = document.createElement("canvas");
    canvas.width = pixels;
    canvas.height = Math.round((pixels * picture.naturalHeight) / picture.naturalWidth);
    canvas.getContext("2d").drawImage(picture, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((done) => canvas.toBlob(done, "image/png"));
    if (!blob) return null;
    const url = URL.createObjectURL(blob);
    const shown = new Image();
    shown.src = url;
    await shown.decode();
    CT_FACES.keep.push(shown);
    return url;
  } catch (e) {
    return null;
  }
}

/** A card element from the renderer's SVG; `code` is e.g. "7H" or "back". Its name is
 * said by the element that holds it (aria-label), so the picture itself is silent. */
function ctCard(faces, code, attrs = {}) {
  const node = ttEl("div", { class: "tt-ct-card", ...attrs });
  // The SVG strings come from the widget's own Python renderer, never from user input.
  const svg = faces[code] ?? faces.back ?? "";
  if (svg) node.appendChild(ttEl("img", { ...ctFaceImage(svg), alt: "", draggable: "false" }));
  return node;
}

/** A fan of cards (overlapping) with an accessible label. */
function ctFan(faces, codes, cls, label) {
  const fan = ttEl("div", { class: "tt-ct-fan " + cls, role: "img", "aria-label": label });
  (codes ?? []).forEach((code) => fan.appendChild(ctCard(faces, code, { "data-card": code === "back" ? null : code })));
  return fan;
}

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-board tt-ct-table" });
  // This view's own ids (a page may show several tables): the lay button's reason.
  const uid = `tt-ct-${Math.random().toString(36).slice(2, 10)}`;
  el.appendChild(root);
  let lastN = null;
  // The log's newest line as last scrolled into view (its count and text).
  let logNewest = null;
  // Which hand card holds the hand's one Tab stop (arrow keys move it): page state only.
  let handFocus = 0;
  // "All your possible moves" stays open across redraws once opened (a redraw while it was
  // being read closed it): page state only.
  let legalOpen = false;
  // The choice whose capturable layout cards were last brought into view (see showTargets).
  let lastAim = null;
  const nameOf = (code) => (model.get("_card_names") ?? {})[code] ?? code;

  const activate = (node, send) => {
    node.setAttribute("role", "button");
    ttOn(node, "click", send);
    ttOn(node, "keydown", (ev) => {
      if (ttIsActivate(ev)) { ev.preventDefault(); send(); }
    });
  };

  /** The hand is one Tab stop; Left/Right (and Home/End) move between its cards. */
  const rove = (hand) => {
    ttOn(hand, "keydown", (ev) => {
      // The hand on the page (the redraw may have kept its own node, not this build's).
      const cards = [...ev.currentTarget.querySelectorAll(".tt-ct-hand-card[role='button']")];
      const at = cards.indexOf(document.activeElement);
      if (at < 0) return;
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
      let to = null;
      if (step) to = (at + step + cards.length) % cards.length;
      if (ev.key === "Home") to = 0;
      if (ev.key === "End") to = cards.length - 1;
      if (to === null) return;
      ev.preventDefault();
      cards[at].setAttribute("tabindex", "-1");
      cards[to].setAttribute("tabindex", "0");
      cards[to].focus();
      handFocus = to;
    });
  };

  const seatPanel = (faces, view, s) => {
    const mine = s.seat === view.shown;
    const pileCards = s.pile ?? [];
    const count = s.count ?? 0;
    const panel = ttEl("section", { class: "tt-ct-seat" + (mine ? " tt-ct-mine" : "")
      + (s.to_move ? " tt-ct-to-move" : ""), "data-seat": s.seat,
      "aria-label": s.to_move ? ttText(model, "seat_to_play", { name: s.name }) : s.name });
    const head = ttEl("div", { class: "tt-ct-seat-head" });
    const who = ttEl("span", { class: "tt-ct-who" });
    who.appendChild(ttEl("span", { class: "tt-ct-name" },
      s.label ?? (s.dealer ? ttText(model, "dealer", { name: s.name }) : s.name)));
    if (s.to_move && view.phase !== "over") {
      who.appendChild(ttEl("span", { class: "tt-ct-turn" }, ttText(model, "to_play")));
    }
    head.appendChild(who);
    head.appendChild(ttEl("span", { class: "tt-ct-points", "data-seat": s.seat }, s.score ?? ""));
    panel.appendChild(head);

    const body = ttEl("div", { class: "tt-ct-seat-body" });
    // The hand can hold the focus itself (tabindex -1) while the others play.
    const hand = ttEl("div", { class: "tt-ct-hand", "data-seat": s.seat, role: "group",
      "aria-label": s.hand_label ?? "", ...(mine ? { tabindex: "-1", "data-focus": "hand" } : {}) });
    const acting = mine && view.can_act && view.phase === "hand";
    if (s.hand) {
      const n = s.hand.length;
      const tabAt = view.selected ?? Math.min(handFocus, Math.max(n - 1, 0));
      s.hand.forEach((code, i) => {
        const selected = mine && view.selected === i;
        const card = ctCard(faces, code, { "data-card": code, "data-index": i,
          class: "tt-ct-card tt-ct-hand-card" + (selected ? " tt-ct-selected" : ""),
          "data-focus": `h-${code}` });
        card.insertBefore(ttEl("span", { class: "tt-ct-badge", "aria-hidden": "true" },
          selected ? ttText(model, "chosen") : " "), card.firstChild);
        if (acting) {
          activate(card, () => { handFocus = i; ttSend(model, "select", { index: i }); });
          card.setAttribute("tabindex", i === tabAt ? "0" : "-1");
          card.setAttribute("aria-pressed", selected ? "true" : "false");
          card.setAttribute("aria-label", nameOf(code));
        } else if (mine) {
          // While the others play, your cards are still named (to read your hand).
          card.setAttribute("role", "img");
          card.setAttribute("aria-label", nameOf(code));
        }
        hand.appendChild(card);
      });
      if (acting) rove(hand);
    } else {
      for (let i = 0; i < count; i++) hand.appendChild(ctCard(faces, "back", { class: "tt-ct-card tt-ct-back" }));
    }
    if (!count) hand.appendChild(ttEl("span", { class: "tt-ct-empty" }, ttText(model, "no_hand")));
    body.appendChild(hand);

    const pile = ttEl("div", { class: "tt-ct-pile", "data-seat": s.seat });
    pile.appendChild(ttEl("div", { class: "tt-ct-pile-label" }, s.pile_label ?? ""));
    const fan = ctFan(faces, pileCards, "tt-ct-pile-cards", s.pile_words ?? "");
    if (pileCards.length) fan.setAttribute("title", s.pile_words ?? "");
    pile.appendChild(fan);
    body.appendChild(pile);
    panel.appendChild(body);
    return panel;
  };

  const centre = (faces, view) => {
    const box = ttEl("section", { class: "tt-ct-centre", "aria-label": ttText(model, "table") });
    const stock = ttEl("div", { class: "tt-ct-stock" });
    const stockSize = view.stock ?? 0;
    if (stockSize) stock.appendChild(ctCard(faces, "back", { class: "tt-ct-card tt-ct-stock-card" }));
    stock.appendChild(ttEl("div", { class: "tt-ct-count" }, view.stock_label ?? String(stockSize)));
    box.appendChild(stock);
    if (view.turned) {
      const slot = ttEl("div", { class: "tt-ct-turned" });
      slot.appendChild(ttEl("div", { class: "tt-ct-count" }, ttText(model, "turned_up")));
      slot.appendChild(ctCard(faces, view.turned, { "data-card": view.turned,
        class: "tt-ct-card tt-ct-turned-card" }));
      box.appendChild(slot);
    }
    const cards = view.layout ?? [];
    const targets = view.targets ?? [];
    const pool = ttEl("div", { class: "tt-ct-pool" });
    pool.appendChild(ttEl("div", { class: "tt-ct-count" }, view.layout_label ?? ""));
    const layout = ttEl("div", { class: "tt-ct-layout", role: "group",
      "aria-label": ttText(model, cards.length ? "layout" : "layout_empty") });
    cards.forEach((code, i) => {
      const target = targets.includes(i);
      const card = ctCard(faces, code, { "data-card": code, "data-index": i,
        "data-focus": `l-${code}`,
        class: "tt-ct-card tt-ct-layout-card" + (target ? " tt-ct-target" : "") });
      // A text badge as well as the outline: the highlight never relies on colour alone.
      card.insertBefore(ttEl("span", { class: "tt-ct-badge", "aria-hidden": "true" },
        target ? ttText(model, "can_take") : " "), card.firstChild);
      if (view.can_act) {
        // Every layout card answers a click (a wrong one is explained); only the ones
        // that can be taken are Tab stops.
        activate(card, () => ttSend(model, "capture", { index: i }));
        card.setAttribute("data-tt-action", "");  // a double click captures once
        card.setAttribute("tabindex", target ? "0" : "-1");
        card.setAttribute("aria-label",
          target ? ttText(model, "can_be_captured", { card: nameOf(code) }) : nameOf(code));
      } else {
        card.setAttribute("role", "img");
        card.setAttribute("aria-label", nameOf(code));
      }
      layout.appendChild(card);
    });
    pool.appendChild(layout);
    box.appendChild(pool);
    return box;
  };

  const scores = (view) => {
    const table = ttEl("table", { class: "tt-ct-scores" });
    table.appendChild(ttEl("caption", {}, ttText(model, view.settle ? "settled_caption" : "points_caption")));
    const head = ttEl("tr");
    head.appendChild(ttEl("th", { scope: "col" }, ttText(model, "deal")));
    view.seats.forEach((s) => head.appendChild(ttEl("th", { scope: "col" }, s.name)));
    table.appendChild(head);
    // The cells come written from Python: settled, a deal shows what it adds to the
    // total with its points beside it ("−3 (77 points)"), so the rows add up (CT-6).
    const cells = view.score_cells ?? {};
    (cells.rows ?? view.deal_points ?? []).forEach((pts, d) => {
      const row = ttEl("tr");
      row.appendChild(ttEl("th", { scope: "row" }, String(d + 1)));
      pts.forEach((p) => row.appendChild(ttEl("td", {}, String(p))));
      table.appendChild(row);
    });
    if (view.phase !== "over") {
      const row = ttEl("tr", { class: "tt-ct-now" });
      row.appendChild(ttEl("th", { scope: "row" }, ttText(model, "so_far", { number: (view.deal ?? 0) + 1 })));
      view.seats.forEach((s, i) => row.appendChild(
        ttEl("td", {}, String(cells.so_far?.[i] ?? s.points ?? 0))));
      table.appendChild(row);
    }
    const total = ttEl("tr", { class: "tt-ct-total" });
    total.appendChild(ttEl("th", { scope: "row" }, ttText(model, "total")));
    (cells.total ?? view.totals ?? []).forEach((t) => total.appendChild(ttEl("td", {}, String(t))));
    table.appendChild(total);
    return table;
  };

  const controls = (view) => {
    const bar = ttEl("div", { class: "tt-ct-bar" });
    const message = ttEl("p", { class: "tt-ct-message" + (view.what_if ? " tt-ct-what-if" : ""),
      "aria-live": "polite", id: `${uid}-message` });
    message.replaceChildren(...ttRuleText(view.message ?? ""));  // a rule's id links to it
    bar.appendChild(message);
    if (view.shown === null || view.shown === undefined) return bar;
    // The row of buttons keeps its room while others play, so nothing under the table
    // moves when it empties.
    const actions = ttEl("div", { class: "tt-ct-actions" });
    if (view.can_lay && view.lay_refused) {
      // The selected card must capture (CT-3): the button is disabled.  The message above
      // says why, once, with its rule (the button is described by it); only a message that
      // does not say it (the fourth card of a rank, CT-4) has the engine's refusal beside
      // the button (a rule id links to its rule).
      const whyId = view.lay_why ? `${uid}-lay-why` : `${uid}-message`;
      actions.appendChild(ttEl("button", { type: "button", class: "tt-ct-lay", disabled: true,
        "aria-describedby": whyId }, ttText(model, "lay")));
      if (view.lay_why) {
        const why = ttEl("span", { class: "tt-ct-lay-why", id: whyId });
        why.replaceChildren(...ttRuleText(view.lay_why));
        actions.appendChild(why);
      }
    } else if (view.can_lay) {
      const lay = ttEl("button", { type: "button", class: "tt-ct-lay", "data-focus": "lay",
        "data-tt-action": true },
        ttText(model, "lay"));
      ttOn(lay, "click", () => ttSend(model, "lay"));
      actions.appendChild(lay);
    }
    const legal = view.legal ?? [];
    if (view.can_act && legal.length) {
      // Every possible move as one button: a whole move in one click or key press.
      const list = ttEl("details", { class: "tt-ct-legal" });
      list.open = legalOpen;
      ttOn(list, "toggle", () => { legalOpen = list.open; });
      list.appendChild(ttEl("summary", {}, ttText(model, "all_moves", { n: legal.length })));
      const buttons = ttEl("div", { class: "tt-ct-legal-moves" });
      for (const [text, label] of legal) {
        const b = ttEl("button", { type: "button", "data-move": text, "data-focus": `m-${text}`,
          "data-tt-action": true }, label);
        ttOn(b, "click", () => ttSend(model, "move", { text }));
        buttons.appendChild(b);
      }
      list.appendChild(buttons);
      actions.appendChild(list);
    }
    bar.appendChild(actions);
    return bar;
  };

  const build = () => {
    const view = model.get("_view") ?? {};
    const faces = model.get("_faces") ?? {};
    if (!view.seats) return [ttEl("div", { class: "tt-ct-empty" }, ttText(model, "no_game")), ttErrorLine(model)];
    root.style.setProperty("--tt-ct-w", `${view.card_width ?? 64}px`);
    ctPixels = Math.round((view.card_width ?? 64) * (window.devicePixelRatio || 1));
    ctPrepare(faces, ctPixels);
    const others = view.seats.filter((s) => s.seat !== view.shown);
    const mine = view.seats.find((s) => s.seat === view.shown);
    const top = ttEl("div", { class: "tt-ct-others" });
    others.forEach((s) => top.appendChild(seatPanel(faces, view, s)));
    const side = ttEl("div", { class: "tt-ct-side" });
    if (view.match) side.appendChild(scores(view));
    side.appendChild(ttEl("h4", { class: "tt-ct-log-title" }, ttText(model, "log_title")));
    // The whole current deal (Python sends it; the list scrolls, table.css), numbered by
    // move as the replay stepper counts them: a move's first line carries its number; what the move brought about next
    // (the stock's card, a deal's end) continues the same item without one, as do the
    // opening deal's lines before any move.
    const log = ttEl("ol", { class: "tt-ct-log", "aria-label": ttText(model, "log") });
    const numbers = view.log_numbers ?? [];
    let item = null;
    (view.log ?? []).forEach((line, i) => {
      const number = numbers[i] ?? null;
      const text = ttEl("span", { class: "tt-ct-log-line" });
      // A rule id in a line links to its paragraph, as everywhere else on the page.
      text.replaceChildren(...ttRuleText(line));
      if (number !== null || item === null) {
        item = ttEl("li", number !== null ? { value: number } : { class: "tt-ct-log-start" });
        log.appendChild(item);
        if (i === view.log_not_played) {
          // The review's better move: said not played, so "What happened" stays true.
          item.classList.add("tt-ct-log-not-played");
          item.appendChild(ttEl("span", { class: "tt-ct-log-line tt-ct-log-label" },
            ttText(model, "not_played")));
        }
      } else {
        text.classList.add("tt-ct-log-more");
      }
      item.appendChild(text);
    });
    // Room for the last number's digits (table.css): "104." keeps its "1".
    const lastNumber = Math.max(1, ...numbers.filter((n) => n !== null));
    log.style.setProperty("--tt-ct-log-digits", String(Math.max(2, String(lastNumber).length)));
    side.appendChild(log);
    // The newest line in view when there is a new one (after the redraw has put the list
    // in the page).  A redraw for anything else (a card selected) leaves the list where a
    // student scrolled back to; a list not laid out yet (a closed section) tries again.
    const lines = view.log ?? [];
    const newest = `${lines.length}\n${lines.at(-1) ?? ""}`;
    if (newest !== logNewest) {
      logNewest = newest;
      requestAnimationFrame(() => {
        const shown = root.querySelector(".tt-ct-log");  // the page's list (the redraw may keep it)
        if (!shown || !shown.clientHeight) { logNewest = null; return; }
        shown.scrollTop = shown.scrollHeight;
      });
    }
    const main = ttEl("div", { class: "tt-ct-main" });
    // Your hand comes before the layout in the page (and so in the Tab order: first the
    // card to play, then what it takes); CSS draws it below the layout, as at a table.
    // The variant and the scoring in play (the play page, class rooms): first in the page.
    const rules = view.scoring_line
      ? [ttEl("p", { class: "tt-ct-scoring" }, view.scoring_line)] : [];
    main.append(...rules, top, ...(mine ? [seatPanel(faces, view, mine)] : []), centre(faces, view),
      controls(view), ttErrorLine(model));
    if (view.can_act) {
      main.appendChild(ttEl("p", { class: "tt-ct-keys" }, ttText(model, "keys")));
    }
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

  /** The layout cards the chosen card (or the turned-up one) can take, into view when one
   *  is off the screen: on a phone the hand just tapped is low on the screen and the layout
   *  may be above it.  "nearest": the page moves as little as it can, and not at all when
   *  they are on the screen already. */
  const showTargets = () => {
    if (typeof window === "undefined") return;
    const high = window.innerHeight || document.documentElement.clientHeight;
    const off = [...root.querySelectorAll(".tt-ct-layout-card.tt-ct-target")].find((c) => {
      const r = c.getBoundingClientRect();
      return r.height && (r.top < 0 || r.bottom > high);
    });
    if (off) off.scrollIntoView({ block: "nearest", inline: "nearest", behavior: CT_REDUCED ? "auto" : "smooth" });
  };

  const redraw = () => {
    const view = model.get("_view") ?? {};
    const n = view.last?.n ?? null;
    const moved = lastN !== null && n !== lastN;
    // Where the cards were (a forced layout of the whole page): only when they will fly.
    const before = moved && !CT_REDUCED ? snapshot() : {};
    const hadFocus = root.contains(document.activeElement);
    ttPatch(root, build);
    // The focused card was played: keep the keyboard on the table, not the page's top.
    const active = document.activeElement;
    const onHand = active && active.classList?.contains("tt-ct-hand");
    if (hadFocus && (onHand || !root.contains(active))) {
      const next = root.querySelector(".tt-ct-mine .tt-ct-hand-card[tabindex='0']")
        ?? root.querySelector(".tt-ct-layout-card[tabindex='0']")
        ?? root.querySelector(".tt-ct-mine .tt-ct-hand");
      if (next && next !== active) next.focus({ preventScroll: true });
    }
    if (moved) animate(view, before);
    lastN = n;
    // A new choice with cards to take (a hand card tapped, a stock card turned up): once
    // per choice, so a redraw for anything else leaves the page where the learner put it.
    const aim = view.can_act && (view.targets ?? []).length
      ? `${n}|${view.phase}|${view.selected}` : null;
    if (aim !== null && aim !== lastAim) showTargets();
    lastAim = aim;
  };
  redraw();
  model.on("change", redraw);
  CT_FACES.tables.add(redraw);
  return () => {
    model.off("change", redraw);
    CT_FACES.tables.delete(redraw);
  };
}

export default { render };
