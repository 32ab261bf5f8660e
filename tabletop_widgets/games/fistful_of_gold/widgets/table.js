// FistfulOfGoldTable front end: draws the duel table from `view` and the card
// faces Python rendered (`faces`, SVG text keyed like "P5"), and sends three
// events: select {index, card}, clear, confirm.  No rules live here: which
// cards are legal, the gold and every refusal come from Python.
//
// A Python None (or a value not synced yet) may arrive as undefined or null:
// every field of `view` is read through ttFgView with a default.

const TT_FG_PAIR = (x, d) => [x?.[0] ?? d, x?.[1] ?? d];

/** `view` with every field present (defaults for what is missing, null or undefined). */
function ttFgView(model) {
  const v = model.get("view") ?? {};
  const summary = v.summary ?? {};
  return {
    seat: v.seat ?? null,
    names: TT_FG_PAIR(v.names, "?"),
    labels: TT_FG_PAIR(v.labels ?? v.names, "?"),
    colours: [v.colours?.[0] ?? "pink", v.colours?.[1] ?? "green"],
    phase: v.phase ?? "",
    round: v.round ?? 1,
    duel: v.duel ?? 0,
    duels_in_round: v.duels_in_round ?? 0,
    mode: v.mode ?? "watch",
    need: v.need ?? 0,
    choices: v.choices ?? [],
    hand: v.hand ?? [],
    selected: v.selected ?? [],
    my_choice: v.my_choice ?? null,
    discards: v.discards ?? [],
    opponent: v.opponent ?? null,
    rows: TT_FG_PAIR(v.rows, []),
    row_labels: TT_FG_PAIR(v.row_labels, ""),
    panel_labels: TT_FG_PAIR(v.panel_labels, ""),
    opponent_text: v.opponent_text ?? "",
    hand_title: v.hand_title ?? "",
    rows_round: v.rows_round ?? v.round ?? 1,
    rows_done: v.rows_done ?? false,
    round_end: v.round_end ?? "",
    chosen: TT_FG_PAIR(v.chosen, false),
    chosen_cards: TT_FG_PAIR(v.chosen_cards, 0),
    gold: TT_FG_PAIR(v.gold, 0),
    pot: v.pot ?? 0,
    bonus: TT_FG_PAIR(v.bonus, 0),
    round_wins: TT_FG_PAIR(v.round_wins, 0),
    revealed: v.revealed ?? 0,
    last: v.last ?? "",
    what_if: v.what_if ?? false,
    last_what_if: v.last_what_if ?? "",
    hide_wins: v.hide_wins ?? false,
    duels: v.duels ?? [],
    reclaims: v.reclaims ?? [],
    can_confirm: v.can_confirm ?? false,
    status: v.status ?? "",
    about: v.about ?? "",
    summary: { headers: summary.headers ?? null, rounds: summary.rounds ?? [],
      result: summary.result ?? null },
  };
}

function ttFgCard(model, key, extra = {}) {
  const faces = model.get("faces") ?? {};
  const box = ttEl("div", { class: "tt-fg-card " + (extra.cls || ""), "data-card": key });
  // The SVG comes from the game's own renderer in Python (render.py).
  box.innerHTML = faces[key] || faces.back || "";
  return box;
}

function ttFgPanel(model, v, seat, top) {
  const name = v.labels[seat];  // the name with the colour, said once ("You (pink)")
  const colour = v.colours[seat];
  const panel = ttEl("div", { class: `tt-fg-panel tt-fg-${colour}`, role: "group",
    "aria-label": v.panel_labels[seat], "data-seat": seat });
  panel.appendChild(ttEl("span", { class: "tt-fg-name" }, name));
  panel.appendChild(ttEl("span", { class: "tt-fg-gold", "data-seat": seat },
    ttText(model, "gold", { n: v.gold[seat] })));
  // The review's better move finishing a round: its rounds won are not the game's.
  if (!v.hide_wins) panel.appendChild(ttEl("span", { class: "tt-fg-wins" }, ttText(model, "wins", { n: v.round_wins[seat] })));
  if (v.bonus[seat]) panel.appendChild(ttEl("span", { class: "tt-fg-bonus" }, ttText(model, "bonus")));
  if (top && v.opponent) panel.appendChild(ttEl("span", { class: "tt-fg-count" }, v.opponent_text));
  return panel;
}

function ttFgRow(model, v, seat, flip) {
  const keys = v.rows[seat];
  // A row with nothing to show while discards are chosen takes no room of its own: at
  // 1280 x 800 the hand to discard from was below the screen's edge before a first move.
  const idle = v.phase === "discard" && !keys.length && !v.chosen[seat];
  const row = ttEl("div", { class: `tt-fg-row tt-fg-row-${v.colours[seat]}` + (idle ? " tt-fg-row-idle" : ""),
    "data-seat": seat, "aria-label": v.row_labels[seat] });
  keys.forEach((k, i) => {
    const last = i === keys.length - 1;
    row.appendChild(ttFgCard(model, k, { cls: flip && last ? "tt-fg-flip" : "" }));
  });
  // The secret choice of this duel: a back for the opponent, the face for yourself.
  if (v.chosen[seat]) {
    const mine = seat === v.seat && v.my_choice && v.mode !== "discard";
    const slot = ttEl("div", { class: "tt-fg-slot tt-fg-chosen", "data-seat": seat });
    // A discard chosen (before round 1 and between rounds) is its cards face down.
    const discard = v.phase === "discard";
    if (mine && v.phase === "duel") slot.appendChild(ttFgCard(model, v.my_choice[0], { cls: "tt-fg-mine" }));
    else {
      const backs = discard ? Math.max(1, (v.chosen_cards ?? [])[seat] ?? 1) : 1;
      const cards = ttEl("div", { class: "tt-fg-slot-cards" });
      for (let i = 0; i < backs; i++) cards.appendChild(ttFgCard(model, "back"));
      slot.appendChild(cards);
    }
    slot.appendChild(ttEl("div", { class: "tt-fg-slot-label" }, ttText(model, discard ? "discard_chosen" : "chosen")));
    row.appendChild(slot);
  } else if (v.phase === "duel" && !v.rows_done) {
    row.appendChild(ttEl("div", { class: "tt-fg-slot tt-fg-empty-slot", "data-seat": seat }, "…"));
  }
  return row;
}

function ttFgHand(model, v, explain, explained) {
  const wrap = ttEl("div", { class: "tt-fg-hand-wrap" });
  const title = v.hand_title || ttText(model, "your_hand");
  wrap.appendChild(ttEl("div", { class: "tt-fg-hand-title" }, title));
  const hand = ttEl("div", { class: "tt-fg-hand", role: "group", "aria-label": title });
  const active = (model.get("interactive") ?? false) && ["discard", "play", "reclaim"].includes(v.mode);
  v.choices.forEach((c, i) => {
    const selected = v.selected.includes(i);
    const cls = ["tt-fg-choice"];
    if (selected) cls.push("tt-fg-selected");
    if (!c.legal) cls.push("tt-fg-illegal");
    const words = c.words || c.card;
    const label = words + (selected ? " " + ttText(model, "selected") : "") +
      (c.legal ? "" : " " + ttText(model, "not_allowed", { why: c.why }));
    const btn = ttEl("button", { type: "button", class: cls.join(" "), "data-index": i, "data-card": c.card,
      "data-focus": "c" + i, "aria-pressed": selected ? "true" : "false", "aria-label": label,
      title: c.legal ? words : c.why, disabled: !active });
    btn.appendChild(ttFgCard(model, c.key));
    btn.addEventListener("click", (ev) => {
      // A greyed card tapped on a touch screen: the line under the hand says why already
      // (with its rule); it is marked, and nothing else says it again (Python's refusal
      // on the error line said it twice).  Where that line is hidden (a mouse hovers: the
      // tooltip said it), Python refuses the selection and the error line says why.
      const line = ev.currentTarget.closest(".tt-fg-hand-wrap")?.querySelector(".tt-fg-greyed");
      if (!c.legal && line && line.getClientRects().length) {
        explain(c, true);
        return;
      }
      explain(c.legal ? null : c, false);
      ttSend(model, "select", { index: i, card: c.card });
    });
    hand.appendChild(btn);
  });
  if (v.mode === "reclaim" && v.hand.length) {
    wrap.appendChild(hand);
    wrap.appendChild(ttEl("div", { class: "tt-fg-hand-title" }, ttText(model, "your_hand")));
    const rest = ttEl("div", { class: "tt-fg-hand tt-fg-hand-still" });
    for (const k of v.hand) rest.appendChild(ttFgCard(model, k));
    wrap.appendChild(rest);
    return wrap;
  }
  if (!v.choices.length) hand.appendChild(ttEl("span", { class: "tt-fg-none" }, ttText(model, "no_cards")));
  wrap.appendChild(hand);
  // Why the greyed cards cannot be played, said under the hand (once per reason): a touch
  // screen has no tooltip.  Where a pointer can hover, the tooltip says it (table.css).
  const reasons = [...new Set(v.choices.filter((c) => !c.legal && c.why).map((c) => c.why))];
  if (reasons.length) {
    const greyed = ttEl("div", { class: "tt-fg-greyed" });
    for (const why of reasons) {
      const tapped = explained?.why === why;  // the greyed card last tapped has this reason
      const line = ttEl("div", { class: "tt-fg-greyed-why" + (tapped ? " tt-fg-tapped" : "") });
      line.replaceChildren(...ttRuleText(ttText(model, "not_allowed", { why })));
      greyed.appendChild(line);
    }
    wrap.appendChild(greyed);
  }
  if (v.choices.length) wrap.appendChild(ttFgLegend(model));
  if (v.discards.length && v.mode !== "reclaim") {
    const d = ttEl("div", { class: "tt-fg-discards" });
    d.appendChild(ttEl("span", {}, ttText(model, "your_discards") + " "));
    for (const k of v.discards) d.appendChild(ttFgCard(model, k, { cls: "tt-fg-small" }));
    wrap.appendChild(d);
  }
  return wrap;
}

/** How to read a card: the marks before its two lists, D, and the star of a power. */
function ttFgLegend(model) {
  const faces = model.get("faces") ?? {};
  const legend = ttEl("div", { class: "tt-fg-legend" });
  legend.appendChild(ttEl("span", {}, ttText(model, "on_a_card")));
  const mark = (key, words) => {
    const item = ttEl("span", { class: "tt-fg-mark" });
    const icon = ttEl("span", { class: "tt-fg-icon", "aria-hidden": "true" });
    icon.innerHTML = faces[key] || "";
    item.append(icon, document.createTextNode(words));
    legend.appendChild(item);
  };
  mark("beats", ttText(model, "beats"));
  mark("loses", ttText(model, "loses"));
  legend.appendChild(ttEl("span", { class: "tt-fg-mark" }, ttText(model, "dynamite")));
  mark("power", ttText(model, "power"));
  return legend;
}

function ttFgSummary(model, v) {
  const s = v.summary;
  const box = ttEl("div", { class: "tt-fg-summary" });
  const table = ttEl("table", { class: "tt-fg-rounds" });
  table.appendChild(ttEl("caption", {}, ttText(model, "caption")));
  const head = ttEl("tr");
  for (const h of s.headers ?? ["", v.names[0], v.names[1], "", ""]) {
    head.appendChild(ttEl("th", { scope: "col" }, h));
  }
  table.appendChild(head);
  for (const r of s.rounds) {
    const gold = TT_FG_PAIR(r.gold, 0);
    const cls = (r.done ? "tt-fg-done" : "") + (r.what_if ? " tt-fg-what-if" : "");
    const tr = ttEl("tr", { "data-round": r.round, class: cls.trim() });
    tr.appendChild(ttEl("th", { scope: "row" }, String(r.round ?? "")));
    tr.appendChild(ttEl("td", {}, String(gold[0])));
    tr.appendChild(ttEl("td", {}, String(gold[1])));
    tr.appendChild(ttEl("td", {}, String(r.duels ?? 0)));
    tr.appendChild(ttEl("td", {}, r.verdict ?? ""));
    table.appendChild(tr);
  }
  box.appendChild(table);
  if (s.result) box.appendChild(ttEl("div", { class: "tt-fg-result", role: "status" }, s.result.text ?? ""));
  return box;
}

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-board tt-fg-table" });
  el.appendChild(root);
  let lastRevealed = ttFgView(model).revealed;
  let explained = null;  // the greyed card last tapped: {card, why}, until the view moves on
  let explainedAt = null;
  let explainedHere = false;  // said by the line under the hand (a touch screen), not Python

  const build = () => {
    const v = ttFgView(model);
    const stamp = `${v.revealed}|${v.mode}|${v.selected.join(",")}|${v.phase}`;
    if (explainedAt !== null && explainedAt !== stamp) explained = null;
    explainedAt = explained ? stamp : null;
    if (!explained) explainedHere = false;
    root.style.setProperty("--tt-fg-w", (model.get("card_width") ?? 86) + "px");
    // Flip the newest pair only when exactly one more duel was revealed.
    const flip = v.revealed === lastRevealed + 1;
    lastRevealed = v.revealed;
    const me = v.seat === null ? 0 : v.seat;
    const opp = 1 - me;
    const parts = [];
    // The end of a round (who won it, the gold), said above the next discard's instruction
    // for as long as the finished round is on the table.
    if (v.round_end) {
      const end = ttEl("div", { class: "tt-fg-round-end" + (v.what_if ? " tt-fg-what-if" : ""), role: "status" });
      end.replaceChildren(...ttRuleText(v.round_end));
      parts.push(end);
    }
    const status = ttEl("div", { class: "tt-fg-status" + (v.what_if ? " tt-fg-what-if" : ""), "aria-live": "polite" });
    status.replaceChildren(...ttRuleText(v.status));
    // The review's better move: "not played" is said first, before what it would do.
    if (v.what_if) parts.unshift(status);
    else parts.push(status);
    const felt = ttEl("div", { class: "tt-fg-felt", role: "region", "aria-label": ttText(model, "felt") });
    felt.appendChild(ttFgPanel(model, v, opp, true));
    felt.appendChild(ttFgRow(model, v, opp, flip));
    const mid = ttEl("div", { class: "tt-fg-middle" });
    const where = v.rows_done ? ttText(model, "finished", { round: v.rows_round })
      : v.phase === "discard" ? ttText(model, "discards", { round: v.round })
        : ttText(model, "duel", { round: v.round, duel: v.duel, duels: v.duels_in_round });
    mid.appendChild(ttEl("span", { class: "tt-fg-where" }, where));
    const pot = ttText(model, "pot", { n: v.pot });
    mid.appendChild(ttEl("span", { class: "tt-fg-pot", "aria-label": pot }, pot));
    felt.appendChild(mid);
    felt.appendChild(ttFgRow(model, v, me, flip));
    felt.appendChild(ttFgPanel(model, v, me, false));
    parts.push(felt);
    if (v.last) {
      // The review's better move: its duel is said as not played, not as the last duel.
      const last = v.last_what_if || ttText(model, "last", { text: v.last });
      parts.push(ttEl("div", { class: "tt-fg-last" + (v.last_what_if ? " tt-fg-what-if" : ""), "aria-live": "polite" }, last));
    }
    if (v.seat !== null && v.mode !== "over") {
      const explain = (c, here) => {
        explained = c;
        explainedAt = null;
        explainedHere = Boolean(c) && here;
        if (here) ttRedraw(root, build);  // nothing goes to Python: draw the mark now
      };
      parts.push(ttFgHand(model, v, explain, explained));
      const bar = ttEl("div", { class: "tt-fg-bar" });
      const label = ttText(model, v.mode === "discard" ? "discard" : v.mode === "reclaim" ? "take_back" : "confirm");
      const ok = ttEl("button", { type: "button", class: "tt-fg-confirm", "data-focus": "confirm",
        disabled: !v.can_confirm, "data-tt-action": true }, label);
      ok.addEventListener("click", () => ttSend(model, "confirm"));
      const clear = ttEl("button", { type: "button", class: "tt-fg-clear", "data-focus": "clear",
        disabled: !v.selected.length }, ttText(model, "clear"));
      clear.addEventListener("click", () => ttSend(model, "clear"));
      bar.append(ok, clear);
      // A table that only shows (the replay, the review) offers no buttons: greyed ones
      // made the replay look like a game waiting for a move.
      if (model.get("interactive") ?? false) parts.push(bar);
      // Below the buttons, with its room kept, so a selection never moves them.
      const active = ["discard", "play", "reclaim"].includes(v.mode) && (model.get("interactive") ?? false);
      // A greyed card clicked: the error line below says why, with its rule (not twice);
      // tapped on a touch screen, the line under the hand says it, and this line goes on.
      parts.push(ttEl("div", { class: "tt-fg-about", "aria-live": "polite" },
        explained && !explainedHere ? "" : v.about || (active ? ttText(model, v.mode === "discard" ? "tap_discard" : "tap") : "")));
    }
    // A refusal shows under the buttons (nothing above them moves); a replay has none.
    // While the line under the hand says why the card last tapped is greyed, an earlier
    // refusal is not shown beside it (the tap is the newest thing the learner did).
    const error = ttErrorLine(model);
    if (explained && explainedHere) error.hidden = true;
    parts.push(error);
    if (v.duels.length) {
      const details = ttEl("details", { class: "tt-fg-log" });
      details.appendChild(ttEl("summary", {}, ttText(model, "log", { round: v.rows_round })));
      const ol = ttEl("ol");
      for (const t of v.duels) ol.appendChild(ttEl("li", {}, t));
      details.appendChild(ol);
      parts.push(details);
    }
    for (const r of v.reclaims) parts.push(ttEl("div", { class: "tt-fg-reclaim" }, r));
    parts.push(ttFgSummary(model, v));
    return parts;
  };

  return ttLive(model, root, build);
}

export default { render };
