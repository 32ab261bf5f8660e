// ReplayStepper front end: controls only. Every action is an event that
// Python checks; the position view is a separate widget Python redraws.

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-stepper", tabindex: 0, role: "group" });
  el.appendChild(root);
  let timer = null;

  const schedule = () => {
    if (timer) { clearInterval(timer); timer = null; }
    if (model.get("playing")) {
      timer = setInterval(() => ttSend(model, "step", { by: 1 }), 1000 / (model.get("speed") || 1));
    }
  };

  // The words are the button's name (aria-label) as well as its visible label: on a
  // phone the label is hidden (display: none leaves it out of the name) and only the
  // icon shows, yet a screen reader or voice control still finds it by those words.
  const button = (icon, words, type, fields, disabled, focusKey) => {
    const b = ttEl("button", { type: "button", "aria-label": words, title: words,
      "data-focus": focusKey, disabled, class: "tt-stepper-button" });
    b.append(ttIcon(icon), ttEl("span", { class: "tt-stepper-words" }, words));
    b.addEventListener("click", () => ttSend(model, type, fields));
    return b;
  };

  const build = () => {
    const moves = model.get("moves") ?? [];
    const n = model.get("index") ?? 0;
    const last = moves.length;
    const playing = model.get("playing");
    const parts = [];
    const t = (key, params) => ttText(model, key, params);
    root.setAttribute("aria-label", t("group"));
    if (model.get("title")) parts.push(ttEl("div", { class: "tt-stepper-title" }, model.get("title")));
    // What the table shows when it is not the game's position (the review's better move).
    if (model.get("note")) {
      parts.push(ttEl("div", { class: "tt-stepper-note", role: "status" }, model.get("note")));
    }
    const bar = ttEl("div", { class: "tt-stepper-bar" });
    bar.append(
      button("first", t("first"), "first", {}, n === 0, "first"),
      button("back", t("back"), "step", { by: -1 }, n === 0, "back"),
      button(playing ? "pause" : "play", t(playing ? "pause" : "play"), "play", { on: !playing }, last === 0, "play"),
      button("forward", t("forward"), "step", { by: 1 }, n === last, "forward"),
      button("last", t("last"), "last", {}, n === last, "last"),
    );
    const slider = ttEl("input", { type: "range", min: 0, max: last, step: 1, value: n,
      "aria-label": t("slider"), "data-focus": "slider" });
    slider.value = String(n);
    slider.addEventListener("change", () => ttSend(model, "goto", { n: Number(slider.value) }));
    bar.appendChild(slider);
    bar.appendChild(ttEl("span", { class: "tt-stepper-count", "aria-live": "polite" },
      t("count", { n, last })));
    const speed = ttEl("select", { "aria-label": t("speed"), "data-focus": "speed" });
    for (const s of model.get("_speeds") ?? []) {
      speed.appendChild(ttEl("option", { value: s, selected: s === model.get("speed") }, t(`speed_${s}`)));
    }
    speed.addEventListener("change", () => ttSend(model, "speed", { value: Number(speed.value) }));
    bar.appendChild(speed);
    parts.push(bar);

    // Moves in words (a game that describes them) read as text; each keeps its notation
    // as a tooltip, for a learner the page has taught it to, and the move shown says it.
    const notations = model.get("notations") ?? [];
    const list = ttEl("ol", { class: notations.length ? "tt-stepper-moves tt-stepper-in-words"
      : "tt-stepper-moves", "aria-label": t("moves") });
    const start = ttEl("li");
    const sb = ttEl("button", { type: "button", class: n === 0 ? "tt-current" : "",
      "aria-current": n === 0 ? "step" : null, "data-focus": "m0" }, t("start"));
    sb.addEventListener("click", () => ttSend(model, "goto", { n: 0 }));
    start.appendChild(sb);
    list.appendChild(start);
    // A line before a move that starts a new part of the game ("Deal 2"): it spans the
    // list's width, so each deal's moves start on a line of their own.
    const headings = model.get("headings") ?? [];
    moves.forEach((text, i) => {
      if (headings[i]) {
        list.appendChild(ttEl("li", { class: "tt-stepper-heading" }, headings[i]));
      }
      const li = ttEl("li");
      const b = ttEl("button", { type: "button", class: n === i + 1 ? "tt-current" : "",
        "aria-current": n === i + 1 ? "step" : null, "data-focus": `m${i + 1}`,
        "data-move": i + 1, title: notations[i] || null });
      b.append(ttEl("span", { class: "tt-num" }, `${i + 1}.`), " ", text);
      // The move shown has its notation written out too: a touch screen shows no tooltip,
      // so a tap on a move shows it as pointing at it does (its name keeps the tooltip).
      if (n === i + 1 && notations[i]) {
        b.append(" ", ttEl("code", { class: "tt-stepper-notation", "aria-hidden": "true" },
          notations[i]));
      }
      b.addEventListener("click", () => ttSend(model, "goto", { n: i + 1 }));
      li.appendChild(b);
      list.appendChild(li);
    });
    parts.push(list);
    parts.push(ttErrorLine(model));
    return parts;
  };

  root.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
    const n = model.get("index") ?? 0;
    const keys = {
      ArrowLeft: ["step", { by: -1 }, n > 0], ArrowRight: ["step", { by: 1 }, n < (model.get("moves") ?? []).length],
      Home: ["first", {}, true], End: ["last", {}, true], " ": ["play", { on: !model.get("playing") }, true],
    };
    const k = keys[ev.key];
    if (!k) return;
    ev.preventDefault();
    if (k[2]) ttSend(model, k[0], k[1]);
  });

  // The current move in view: the list (rebuilt at each redraw, so back at its top) is
  // scrolled to it, and only the list, not the page.  A stepper drawn before it is on the
  // page (the replay appears at the end of a game) has no layout yet, and its chips may
  // reflow after the first draw (a font arriving, the list getting its width) without the
  // root changing size: the list is scrolled again when the root, the list or the current
  // chip changes size, and once more after the next frame's layout.
  //
  // The list's box ends at the bottom of a line of moves, and a scroll stops at the top of
  // one (stepper.css snaps a person's scroll there too): on a phone, with taller rows, a
  // box of the CSS height cut its last row in half.  Rows may differ in height (a heading
  // such as "Round 2", Chinese Ten's sentences of one to three lines): the box then ends
  // at the last row it shows whole from the row at its top, and a margin under it makes up
  // the difference to its tallest, so the table under the list does not move as it scrolls.
  // A list whose rows are sentences (stepper.css: --tt-stepper-rows) shows that many rows
  // at most, the CSS height being a cap: a height in lines of text showed two of Chinese
  // Ten's rows.
  const linesOf = (list) => {
    const top = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
    const lines = new Map();  // a line's top -> its bottom, in the list's scrolled content
    for (const li of list.children) {
      const r = li.getBoundingClientRect();
      const t = Math.round(r.top - top);
      lines.set(t, Math.max(lines.get(t) ?? 0, Math.round(r.bottom - top)));
    }
    return [...lines.entries()].sort((a, b) => a[0] - b[0]);
  };
  const showCurrent = () => {
    const list = root.querySelector(".tt-stepper-moves");
    const cur = list && list.querySelector(".tt-current");
    if (!cur || !list.clientHeight) return;
    list.style.maxHeight = "";
    list.style.marginBottom = "";
    const cs = getComputedStyle(list);
    const limit = parseFloat(cs.maxHeight);
    const padTop = parseFloat(cs.paddingTop) || 0;
    const padBottom = parseFloat(cs.paddingBottom) || 0;
    const borders = list.offsetHeight - list.clientHeight;
    const lines = linesOf(list);
    if (!lines.length) return;
    // The most the box shows of the content (padding included), by the CSS height.
    const cap = !Number.isFinite(limit) ? Infinity
      : cs.boxSizing === "border-box" ? limit - borders : limit + padTop + padBottom;
    const rows = parseInt(cs.getPropertyValue("--tt-stepper-rows"), 10) || Infinity;
    const end = lines.length - 1;
    const start = (k) => Math.max(0, lines[k][0] - padTop);  // the scroll with line k on top
    const lastFrom = (k) => {  // the last line shown whole with line k on top
      let j = k;
      while (j < end && j + 1 - k < rows && lines[j + 1][1] - start(k) + 1 <= cap) j++;
      return j;
    };
    const heightFrom = (k) => {
      const j = lastFrom(k);
      return lines[j][1] - start(k) + (j === end ? padBottom : 1);  // a pixel (the gap) under it
    };
    if (lastFrom(0) === end && heightFrom(0) <= cap) {  // every line fits: no scrolling
      list.scrollTop = 0;
      return;
    }
    // The line of the move shown, and the line on top now (the list is rebuilt at each
    // redraw, so back at its top; a resize keeps the scroll).
    const top = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
    const curTop = cur.getBoundingClientRect().top - top;
    let c = 0;
    while (c < end && lines[c + 1][0] <= curTop + 1) c++;
    let seen = 0;
    lines.forEach((_l, k) => {
      if (Math.abs(start(k) - list.scrollTop) < Math.abs(start(seen) - list.scrollTop)) seen = k;
    });
    let k = seen;
    if (c < seen) {
      k = c;  // its line at the top
    } else if (c > lastFrom(seen)) {
      // Its line the last one shown: the first line on top from which the box reaches it.
      k = seen;
      while (k < c && lastFrom(k) < c) k++;
    }
    let tallest = 0;
    for (let i = 0; i <= end; i++) tallest = Math.max(tallest, heightFrom(i));
    const height = heightFrom(k);
    list.style.maxHeight = `${cs.boxSizing === "border-box" ? height + borders
      : height - padTop - padBottom}px`;
    list.style.marginBottom = `${Math.max(0, tallest - height)}px`;
    const to = Math.round(start(k));
    if (to !== list.scrollTop) list.scrollTop = to;
  };
  const sized = typeof ResizeObserver === "function" ? new ResizeObserver(() => showCurrent()) : null;
  let frame = null;
  const later = () => {
    if (typeof requestAnimationFrame !== "function") return;
    if (frame !== null) cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => { frame = null; showCurrent(); });
  };
  const watch = () => {
    if (!sized) return;
    sized.disconnect();
    sized.observe(root);
    const list = root.querySelector(".tt-stepper-moves");
    if (list) sized.observe(list);
    const cur = list && list.querySelector(".tt-current");
    if (cur) sized.observe(cur);
  };
  const redraw = () => {
    ttRedraw(root, build);
    watch();
    showCurrent();
    later();
  };
  const fonts = typeof document !== "undefined" ? document.fonts : null;
  const onFonts = () => showCurrent();
  if (fonts && fonts.addEventListener) fonts.addEventListener("loadingdone", onFonts);
  const onPlaying = () => schedule();
  // Asked from Python (the review's "Show the better move"): the replay into view, its top
  // (the caption) first; smoothly unless the learner's system asks for reduced motion.
  // Nothing moves when its top is on the screen already.
  const onScroll = () => {
    const box = root.getBoundingClientRect();
    const high = window.innerHeight || document.documentElement.clientHeight;
    if (box.top >= 0 && box.top <= high * 0.6) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    root.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
  };
  redraw();
  schedule();
  model.on("change", redraw);
  model.on("change:playing", onPlaying);
  model.on("change:speed", onPlaying);
  model.on("change:_scroll", onScroll);
  return () => {
    if (timer) clearInterval(timer);
    if (sized) sized.disconnect();
    if (frame !== null) cancelAnimationFrame(frame);
    if (fonts && fonts.removeEventListener) fonts.removeEventListener("loadingdone", onFonts);
    model.off("change", redraw);
    model.off("change:playing", onPlaying);
    model.off("change:speed", onPlaying);
    model.off("change:_scroll", onScroll);
  };
}

export default { render };
