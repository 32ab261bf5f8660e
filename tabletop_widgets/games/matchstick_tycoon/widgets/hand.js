// HandWidget front end: draws the whole hand from the `_view` Python computes
// and sends events (select, toggle, turn, choose_value, choose_play, play,
// pass, clear). Legality, values and costs all come from Python. A trait that
// arrives as undefined (a Python None, or not synced yet) draws an empty hand.

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-mt-hand-widget" });
  el.appendChild(root);
  let focusIndex = 0; // roving tabindex: the one card reachable with Tab
  let lastTurned = [];
  const roving = {}; // per button group ("v", "p"): the index of its one Tab stop

  /** A row of buttons that is one Tab stop: arrow keys move along it (WAI-ARIA toolbar). */
  const buttonGroup = (key, attrs, buttons, current) => {
    const group = ttEl("div", { role: "toolbar", ...attrs });
    let at = roving[key] ?? current;
    if (!(at >= 0 && at < buttons.length)) at = Math.max(0, current);
    buttons.forEach((b, i) => {
      b.setAttribute("tabindex", i === at ? "0" : "-1");
      b.addEventListener("focus", () => { roving[key] = i; });
      b.addEventListener("keydown", (ev) => {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
        const to = ev.key === "Home" ? 0 : ev.key === "End" ? buttons.length - 1
          : step ? (i + step + buttons.length) % buttons.length : null;
        if (to === null) return;
        ev.preventDefault();
        buttons[i].setAttribute("tabindex", "-1");
        buttons[to].setAttribute("tabindex", "0");
        buttons[to].focus();
      });
      group.appendChild(b);
    });
    return group;
  };

  const focusCard = (i) => {
    const node = root.querySelector(`[data-focus="c${i}-card"]`);
    if (node) node.focus();
  };

  const cardTile = (geo, view, c, i) => {
    const tile = ttEl("div", { class: "tt-mt-hand-card" + (c.selected ? " tt-mt-selected" : "")
      + (c.mark ? " tt-mt-marked" : "") });
    // Text badges, so selection and highlights never rely on colour alone.
    tile.appendChild(ttEl("div", { class: "tt-mt-badge", "aria-hidden": "true" },
      (c.selected ? "✓ " : "") + (c.mark || "") || " "));
    const turning = c.selected && lastTurned[i] !== undefined && lastTurned[i] !== c.turned;
    const svg = ttCardSvg(geo, c, {
      size: view.size, editable: view.editable && c.selected, prefix: `c${i}-`, turning, model,
      cardTabindex: i === focusIndex ? 0 : -1, enterKeys: ["ArrowUp", "ArrowDown"],
      onToggle: (segment) => ttSend(model, "toggle", { index: i, segment }),
    });
    svg.setAttribute("data-index", i);
    // A hand only shown (a replay) has nothing to choose: its cards are not toggles.
    if (view.editable) {
      svg.setAttribute("aria-pressed", c.selected ? "true" : "false");
      svg.addEventListener("click", () => { focusIndex = i; ttSend(model, "select", { index: i }); });
    }
    svg.addEventListener("focus", () => { focusIndex = i; });
    svg.addEventListener("keydown", (ev) => {
      if (ev.target !== svg) return;
      const n = view.cards.length;
      if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
        focusIndex = (i + (ev.key === "ArrowRight" ? 1 : n - 1)) % n;
        focusCard(focusIndex);
      } else if (view.editable && ttIsActivate(ev)) {
        ttSend(model, "select", { index: i });
      } else return;
      ev.preventDefault();
    });
    tile.appendChild(svg);
    if (c.selected && view.editable) {
      // The word, and a sign shown instead where the word does not fit the card's width
      // (a phone's narrow cards: "Retourner" broke as "Reto/urner"); see fitTurns.
      const turn = ttEl("button", { type: "button", class: "tt-mt-turn", "data-focus": `c${i}-turn`,
        "aria-label": ttText(model, "turn_aria", { face: c.face }),
        title: ttText(model, "turn_aria", { face: c.face }) });
      turn.append(ttEl("span", { class: "tt-mt-turn-word" }, ttText(model, "turn")),
        ttEl("span", { class: "tt-mt-turn-sign", "aria-hidden": "true" }, "\u21bb"));
      turn.addEventListener("click", () => ttSend(model, "turn", { index: i }));
      tile.appendChild(turn);
    } else if (view.editable) {
      // The Turn button's place is kept, so selecting a card does not move the row.
      tile.appendChild(ttEl("div", { class: "tt-mt-turn-slot", "aria-hidden": "true" }));
    }
    return tile;
  };

  const build = () => {
    const geo = model.get("_geometry") ?? {};
    const view = { cards: [], values: [], plays: [], ...(model.get("_view") ?? {}) };
    if (focusIndex >= view.cards.length) focusIndex = Math.max(0, view.cards.length - 1);
    const parts = [];
    // The number of cards, for a page that sizes them to share one row (screens/play.css).
    const row = ttEl("div", { class: "tt-mt-hand-row", role: "group",
      "aria-label": view.hand_label ?? "", style: `--tt-mt-cards: ${view.cards.length || 1}` });
    if (!view.cards.length) row.appendChild(ttEl("div", { class: "tt-mt-empty-hand" }, ttText(model, "no_cards")));
    if (geo.layout) view.cards.forEach((c, i) => row.appendChild(cardTile(geo, view, c, i)));
    lastTurned = view.cards.map((c) => c.turned);
    parts.push(row);
    // Says what the sign means where it stands in for the word (a phone has no tooltip).
    if (view.editable && view.cards.some((c) => c.selected)) {
      parts.push(ttEl("div", { class: "tt-mt-turn-help" }, ttText(model, "turn_help", { sign: "\u21bb" })));
    }

    if (view.editable && view.values.length) {
      const row = ttEl("div", { class: "tt-mt-values" });
      row.appendChild(ttEl("span", { class: "tt-mt-label", id: "tt-mt-make-label" }, ttText(model, "make")));
      const values = ["", ...view.values];
      const buttons = values.map((v) => {
        const b = ttEl("button", { type: "button", "data-focus": `v-${v}`, "data-value": v,
          "aria-pressed": v === view.target ? "true" : "false",
          "aria-label": v ? ttText(model, "make_aria", { value: v }) : ttText(model, "any_aria"),
          class: v === view.target ? "tt-mt-on" : "" }, v || ttText(model, "any"));
        b.addEventListener("click", () => ttSend(model, "choose_value", { value: v }));
        return b;
      });
      row.appendChild(buttonGroup("v", { class: "tt-mt-value-buttons",
        "aria-label": ttText(model, "values_aria") },
      buttons, values.indexOf(view.target ?? "")));
      parts.push(row);
    }
    if (view.target) parts.push(ttEl("div", { class: "tt-mt-make-help" }, view.make_help ?? ""));
    if (view.plays.length) {
      const buttons = view.plays.map((p) => {
        const b = ttEl("button", { type: "button", "data-focus": `p-${p.text}`,
          "data-move": p.text, "aria-pressed": p.text === view.play ? "true" : "false",
          class: p.text === view.play ? "tt-mt-on" : "" },
        p.label ?? p.text);
        b.addEventListener("click", () => ttSend(model, "choose_play", { move: p.text }));
        return b;
      });
      parts.push(buttonGroup("p", { class: "tt-mt-plays", "aria-label": ttText(model, "plays_aria") },
        buttons, view.plays.findIndex((p) => p.text === view.play)));
    }
    if (view.editable && view.cards.length) {
      parts.push(ttEl("div", { class: "tt-mt-keys", id: "tt-mt-keys" }, ttText(model, "keys")));
    }
    const bar = ttEl("div", { class: "tt-mt-hand-bar" });
    const status = ttEl("span", { class: "tt-mt-status", "aria-live": "polite" });
    status.replaceChildren(...ttRuleText(view.status ?? ""));  // a rule's id links to it
    bar.appendChild(status);
    if (view.budget !== null && view.budget !== undefined) {
      bar.appendChild(ttEl("span", { class: "tt-mt-budget" },
        ttText(model, "sticks_used", { cost: view.cost, budget: view.budget })));
    }
    // With no cards there is nothing to play, pass or clear (the only move is a discard).
    if (view.editable && view.cards.length) {
      const play = ttEl("button", { type: "button", class: "tt-mt-play", "data-focus": "play",
        disabled: !view.play_ok, "data-tt-action": true }, ttText(model, "play"));
      play.addEventListener("click", () => ttSend(model, "play"));
      bar.appendChild(play);
      if (view.can_pass) {
        const pass = ttEl("button", { type: "button", class: "tt-mt-pass", "data-focus": "pass",
          "data-tt-action": true }, ttText(model, "pass"));
        pass.addEventListener("click", () => ttSend(model, "pass"));
        bar.appendChild(pass);
      }
      const clear = ttEl("button", { type: "button", class: "tt-mt-clear", "data-focus": "clear" }, ttText(model, "clear"));
      clear.addEventListener("click", () => ttSend(model, "clear"));
      bar.appendChild(clear);
    }
    parts.push(bar);
    parts.push(ttErrorLine(model));
    return parts;
  };

  // Another player's move often changes only the status line: then only that line is
  // said again, and the cards are kept (drawing them again at every move of every player
  // was much of a room page's work).
  let drawn = null;  // what the hand was last drawn from, but its status line
  const drawnFrom = () => [model.get("_geometry"), model.get("_texts"), model.get("error"),
    JSON.stringify({ ...(model.get("_view") ?? {}), status: null })];
  const redraw = () => {
    const from = drawnFrom();
    const status = root.querySelector(".tt-mt-status");
    if (status && drawn && from.every((x, i) => x === drawn[i])) {
      status.replaceChildren(...ttRuleText((model.get("_view") ?? {}).status ?? ""));
      return;
    }
    drawn = from;
    // After Play or Pass the buttons are disabled or gone: keep the keyboard in the hand
    // (on its current card) instead of letting focus fall back to the page.
    const had = root.contains(document.activeElement);
    ttRedraw(root, build);
    if (had && !root.contains(document.activeElement)) {
      const card = root.querySelector(`[data-focus="c${focusIndex}-card"]`)
        ?? root.querySelector(".tt-mt-values button[tabindex='0']");
      if (card) card.focus({ preventScroll: true });
    }
  };
  // A Turn button whose word is wider than the button shows the sign instead.
  const fitTurns = () => {
    let short = false;
    root.querySelectorAll(".tt-mt-turn").forEach((b) => {
      b.classList.remove("tt-mt-turn-short");
      if (b.scrollWidth > b.clientWidth + 1) { b.classList.add("tt-mt-turn-short"); short = true; }
    });
    root.classList.toggle("tt-mt-turns-short", short);
  };
  const fitted = () => { redraw(); requestAnimationFrame(fitTurns); };
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fitTurns);
  if (resized) resized.observe(root);
  fitted();
  model.on("change", fitted);
  return () => { model.off("change", fitted); if (resized) resized.disconnect(); };
}

export default { render };
