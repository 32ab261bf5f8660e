// Shared helpers for every tabletop widget (prepended to each widget module).
// The browser never writes model state: it only sends events that Python
// checks, and redraws from whatever Python sends back.

const TT_SVG_NS = "http://www.w3.org/2000/svg";

/** The document ttEl creates elements in: the page's, except while ttPatch builds. */
let ttDoc = document;
/** A document never shown, where ttPatch builds: its images are not fetched, and most
 *  of what a build makes is dropped for the nodes already on the page.  A node moved
 *  into the page joins the page's document and loads its image then. */
let ttInertDoc = null;

/** Create an element; `attrs` become attributes, `text` its text content. */
function ttEl(tag, attrs = {}, text = null, svg = false) {
  const node = svg ? ttDoc.createElementNS(TT_SVG_NS, tag) : ttDoc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== null) node.textContent = text;
  return node;
}

/** A text of the widget in the page's language: Python sends every text the front end
 *  shows in the `_texts` trait (and sends them again when the language changes);
 *  `{name}` placeholders are filled from `params`.  No text is written in JavaScript. */
function ttText(model, key, params = {}) {
  const texts = model.get("_texts") || {};
  const text = texts[key];
  if (text === undefined) {
    console.warn(`tabletop widget: no text "${key}" in _texts`);
    return "";
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Send one event to Python, e.g. ttSend(model, "toggle", {segment: "b"}).
 *  Events that act on the game carry the version of what this page showed, so Python
 *  can drop one made before the game moved on (the second click of a double click).
 *  The element of such an action has the attribute data-tt-action: the page's guard
 *  (ui/actions.js) drops the second click of a double click on it. */
function ttSend(model, type, fields = {}) {
  const versioned = model.get("_versioned_events") ?? [];
  const extra = versioned.includes(type) ? { version: model.get("version") ?? 0 } : {};
  model.send({ type, ...fields, ...extra });
}

/** Text with every rule id (MT-5, CT-2, FG-3) made a link to its paragraph of the game's
 *  rules page (`rules.ipynb#MT-5`, beside the page), as nodes to append.  `title(rule)`
 *  words the link's tooltip (from the widget's texts: `ttText(model, "rule_link", {rule})`). */
function ttRuleText(text, base = "rules.ipynb", title = null) {
  const out = [];
  const re = /\b([A-Z]{2}-\d+)\b/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(ttDoc.createTextNode(text.slice(last, m.index)));
    out.push(ttEl("a", { href: `${base}#${m[1]}`, class: "tt-rule-link", target: "_blank",
      title: title ? title(m[1]) : m[1] }, m[1]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(ttDoc.createTextNode(text.slice(last)));
  return out;
}

/** The visible error line; Python fills it when it refuses an event. */
function ttErrorLine(model) {
  const line = ttEl("div", { class: "tt-error", role: "alert", "aria-live": "assertive" });
  const msg = model.get("error") || "";
  const title = (rule) => ttText(model, "rule_link", { rule });
  line.replaceChildren(...(msg ? ttRuleText(msg, "rules.ipynb", title) : []));
  line.hidden = !msg;
  return line;
}

/** Redraw `root` with `build()`, keeping keyboard focus on the same logical element. */
function ttRedraw(root, build) {
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const key = active ? active.getAttribute("data-focus") : null;
  root.replaceChildren(...build());
  if (key) {
    const again = root.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** Listen on `node` so that ttPatch can carry the listener over to the node it keeps.
 *  A listener must find its elements through the event (`ev.currentTarget`), not a
 *  variable of the build: the built node may be dropped for the one already on the page. */
function ttOn(node, type, listener) {
  node.addEventListener(type, listener);
  (node.__ttOn ??= []).push([type, listener]);
  return node;
}

/** The key of an element among its siblings: its focus key, else its card. */
function ttKey(node) {
  if (node.nodeType !== 1) return null;
  return node.getAttribute("data-focus") ?? node.getAttribute("data-card");
}

function ttPatchNode(old, fresh) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  for (const [type, fn] of old.__ttOn ?? []) old.removeEventListener(type, fn);
  for (const [type, fn] of fresh.__ttOn ?? []) old.addEventListener(type, fn);
  old.__ttOn = fresh.__ttOn;
  ttPatchChildren(old, [...fresh.childNodes]);
}

function ttPatchChildren(parent, fresh) {
  const keyed = new Map();
  for (const child of parent.childNodes) {
    const key = ttKey(child);
    if (key !== null) keyed.set(key, child);
  }
  let at = parent.firstChild;
  for (const node of fresh) {
    const key = ttKey(node);
    let old = key !== null ? keyed.get(key) : (at && ttKey(at) === null ? at : null);
    if (key !== null) keyed.delete(key);
    if (old && (old.nodeType !== node.nodeType || old.nodeName !== node.nodeName
      || old.namespaceURI !== node.namespaceURI)) old = null;
    if (!old) {
      parent.insertBefore(node, at);
      continue;
    }
    if (old === at) at = at.nextSibling;
    else parent.insertBefore(old, at);
    ttPatchNode(old, node);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

/** Redraw `root` with `build()` by changing only what differs from the page: the nodes
 *  that stay (a card's picture, a button) are not drawn again, which is most of a move's
 *  cost in a page that redraws at every move of every player.  Listeners must be added
 *  with ttOn.  Keyboard focus stays on the same logical element (its data-focus). */
function ttPatch(root, build) {
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const key = active ? active.getAttribute("data-focus") : null;
  ttInertDoc ??= document.implementation.createHTMLDocument("");
  let fresh;
  ttDoc = ttInertDoc;
  try {
    fresh = build();
  } finally {
    ttDoc = document;
  }
  ttPatchChildren(root, fresh);
  if (key && !root.contains(active)) {
    const again = root.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** Activate on Space or Enter (for SVG elements acting as buttons). */
function ttIsActivate(ev) {
  return ev.key === " " || ev.key === "Enter" || ev.key === "Spacebar";
}

/** Draw `root` with `build()` now and after every model change; returns the cleanup. */
function ttLive(model, root, build) {
  const redraw = () => ttRedraw(root, build);
  redraw();
  model.on("change", redraw);
  return () => model.off("change", redraw);
}

/** A small icon drawn in SVG (no icon or emoji font needed): first, back, play, pause,
 *  forward, last. Decorative: the button carrying it has the words. */
// Every icon a distinct shape: on a phone the stepper's buttons show only their icons,
// so "one move on" (a double triangle) must not look like "play" (a single one).
const TT_ICONS = {
  first: "M3 2h2v12H3zM14 2v12L6 8z",
  back: "M8 3v10L2 8zM14 3v10L8 8z",
  play: "M4 2v12l9-6z",
  pause: "M3 2h4v12H3zM9 2h4v12H9z",
  forward: "M2 3v10l6-5zM8 3v10l6-5z",
  last: "M11 2h2v12h-2zM2 2v12l8-6z",
};
function ttIcon(name) {
  const svg = ttEl("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true",
    focusable: "false", class: "tt-icon" }, null, true);
  svg.appendChild(ttEl("path", { d: TT_ICONS[name], fill: "currentColor" }, null, true));
  return svg;
}
