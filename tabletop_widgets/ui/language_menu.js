// LanguageMenu front end: a <select> of the app's languages.  Choosing one sends an event
// (Python switches every widget of the page); when the language is pinned (it came from the
// address or from this menu) the page's address and its links to the app's other pages
// carry ?lang=… so a reload or the next page keeps it.  Only on Voilà pages: in JupyterLab
// the links belong to JupyterLab.

const TT_IN_VOILA = window.location.pathname.includes("/voila/render/");

/** `href` (as written in the page) with its lang parameter set to `code`, if it is a link
 *  to another page of the app (same site, a notebook); otherwise null. */
function ttWithLang(href, code) {
  if (!href || href.startsWith("#") || /^[a-z]+:/i.test(href) && !href.startsWith(window.location.origin)) return null;
  let url;
  try { url = new URL(href, window.location.href); } catch (e) { return null; }
  if (url.origin !== window.location.origin || !url.pathname.endsWith(".ipynb")) return null;
  const hashAt = href.indexOf("#");
  const hash = hashAt >= 0 ? href.slice(hashAt) : "";
  const noHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = noHash.indexOf("?");
  const path = queryAt >= 0 ? noHash.slice(0, queryAt) : noHash;
  const params = new URLSearchParams(queryAt >= 0 ? noHash.slice(queryAt + 1) : "");
  params.set("lang", code);
  return `${path}?${params.toString()}${hash}`;
}

function ttPinLanguage(code) {
  if (!TT_IN_VOILA) return;
  const here = new URL(window.location.href);
  if (here.searchParams.get("lang") !== code) {
    here.searchParams.set("lang", code);
    window.history.replaceState(window.history.state, "", here.toString());
  }
  for (const a of document.querySelectorAll("a[href]")) {
    const next = ttWithLang(a.getAttribute("href"), code);
    if (next && next !== a.getAttribute("href")) a.setAttribute("href", next);
  }
}

// The page introduction's Read more (ui/page_intro.py) stays as the learner left it when
// the introduction is drawn again -- in a new language, or for a room -- which makes it a
// new <details>, closed: the page remembers the last toggle and opens (or closes) each
// fold drawn after it the same way, before it is painted.  Kept on the window: every
// module loads its own copy of these functions, and the page has one memory.
const TT_FOLD = "details.tt-intro-more";

function ttFoldToggled(ev) {
  const d = ev.target;
  if (d instanceof Element && d.matches(TT_FOLD)) window.ttFoldOpen = d.open;
}

function ttFoldAgain() {
  if (window.ttFoldOpen === undefined) return;
  for (const d of document.querySelectorAll(TT_FOLD)) {
    if (d.open !== window.ttFoldOpen) d.open = window.ttFoldOpen;
  }
}

/** Start keeping the folds (once a page, however many menus it shows); returns the stop. */
function ttKeepFolds() {
  window.ttFoldKeepers = (window.ttFoldKeepers ?? 0) + 1;
  if (window.ttFoldKeepers === 1) {
    window.ttFoldToggled = ttFoldToggled;
    document.addEventListener("toggle", ttFoldToggled, true);  // toggle does not bubble
    window.ttFoldObserver = new MutationObserver(ttFoldAgain);
    window.ttFoldObserver.observe(document.body, { childList: true, subtree: true });
  }
  return () => {
    window.ttFoldKeepers -= 1;
    if (window.ttFoldKeepers === 0) {
      document.removeEventListener("toggle", window.ttFoldToggled, true);
      window.ttFoldObserver.disconnect();
    }
  };
}

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-language-menu" });
  el.appendChild(root);

  const build = () => {
    const lang = model.get("language");
    const choices = model.get("_choices") || [];
    // The page's language, for screen readers and for the choice of system fonts.
    document.documentElement.lang = choices.some(([c]) => c === lang) ? lang : "en";
    const id = `tt-lang-${model.model_id || "menu"}`;
    const label = ttEl("label", { for: id, class: "tt-language-label" }, ttText(model, "label"));
    const select = ttEl("select", { id, "data-focus": "language" });
    const known = choices.some(([c]) => c === lang);
    for (const [code, name] of choices) {
      select.appendChild(ttEl("option", { value: code, lang: code, selected: code === lang }, name));
    }
    if (!known) select.appendChild(ttEl("option", { value: lang, selected: true }, lang));
    select.addEventListener("change", () => ttSend(model, "choose", { code: select.value }));
    return [label, select, ttErrorLine(model)];
  };
  const stop = ttLive(model, root, build);
  const stopFolds = ttKeepFolds();

  const pin = () => { if (model.get("pinned")) ttPinLanguage(model.get("language")); };
  model.on("change:language", pin);
  model.on("change:pinned", pin);
  pin();
  // Links drawn later (the page's other widgets, a new lesson step) get it as they appear.
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued || !model.get("pinned")) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; pin(); });
  });
  if (TT_IN_VOILA) observer.observe(document.body, { childList: true, subtree: true });

  // Links drawn after the choice (a new step, an error line) get it when followed.
  const onClick = (ev) => {
    if (!TT_IN_VOILA || !model.get("pinned")) return;
    const a = ev.target && ev.target.closest ? ev.target.closest("a[href]") : null;
    const next = a ? ttWithLang(a.getAttribute("href"), model.get("language")) : null;
    if (next) a.setAttribute("href", next);
  };
  document.addEventListener("click", onClick, true);

  // The address asks for a language this kernel does not show (a page that did not read
  // its address): choose it now.
  const wanted = new URLSearchParams(window.location.search).get("lang");
  const offered = (model.get("_choices") || []).map(([c]) => c);
  if (TT_IN_VOILA && wanted && wanted !== model.get("language") && offered.includes(wanted)) {
    ttSend(model, "choose", { code: wanted });
  }

  return () => {
    stop();
    stopFolds();
    observer.disconnect();
    model.off("change:language", pin);
    model.off("change:pinned", pin);
    document.removeEventListener("click", onClick, true);
  };
}

export default { render };
