// FileButton: a button that opens the browser's file chooser; the chosen file goes to
// Python as an event with its bytes (at most max_bytes and one more: Python says a larger
// file is too large).  Its label is only the words Python sends (ipywidgets' FileUpload
// added a count of the files chosen: "Load a saved game (0)").
//
// The same script downloads a saved game at once: a download link Python puts in the row
// of a FileButton (the play pages' Save and Load row) carries a token new to each save
// (data-tt-start), and the page clicks it as it appears, once per token.  A link already
// on the page when the script starts, or drawn again, is not clicked again.  The link
// stays for a browser that blocks a download the person did not click.  Nothing is sent
// to Python: the file is Python's, whole.

/** Watch the page (once, whichever FileButton comes first) for new download links. */
function ttStartDownloads() {
  const state = (globalThis.ttRecordDownloads ??= { seen: new Set(), observer: null });
  if (state.observer) return;
  const links = (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const sel = "a.tt-download[data-tt-start]";
    return [...(node.matches(sel) ? [node] : []), ...node.querySelectorAll(sel)];
  };
  const start = (a, click) => {
    const token = a.getAttribute("data-tt-start");
    if (!token || state.seen.has(token)) return;
    state.seen.add(token);
    // Only beside a Load button: a link elsewhere (a replay's "Save the game") waits.
    if (click && a.closest(".widget-box")?.querySelector(".tt-file-button")) a.click();
  };
  links(document.body).forEach((a) => start(a, false));
  state.observer = new MutationObserver((records) => {
    for (const r of records) r.addedNodes.forEach((n) => links(n).forEach((a) => start(a, true)));
  });
  state.observer.observe(document.body, { childList: true, subtree: true });
}

function render({ model, el }) {
  ttStartDownloads();
  // The file input stays out of the redrawn part: a redraw must not drop a choice under way.
  const input = ttEl("input", { type: "file", hidden: true, tabindex: "-1", "aria-hidden": "true" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const max = model.get("max_bytes") ?? 1000000;
    const data = await file.slice(0, max + 1).arrayBuffer();
    input.value = "";  // the same file chosen again is a new choice
    model.send({ type: "file", name: file.name.slice(0, 120), size: file.size }, undefined, [data]);
  });
  // The page's other buttons are ipywidgets' own: this one looks as they do (no tt-widget).
  const root = ttEl("div", { class: "tt-file-button" });
  el.append(root, input);
  const build = () => {
    input.accept = model.get("accept") || "";
    const tip = ttText(model, "tooltip");
    const b = ttEl("button", { type: "button", class: "jupyter-widgets jupyter-button widget-button",
      title: tip || null, disabled: Boolean(model.get("disabled")), "data-focus": "choose" },
      ttText(model, "label"));
    b.addEventListener("click", () => input.click());
    return [b, ttErrorLine(model)];
  };
  return ttLive(model, root, build);
}

export default { render };
