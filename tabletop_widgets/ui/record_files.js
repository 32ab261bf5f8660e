// FileButton: a button that opens the browser's file chooser; the chosen file goes to
// Python as an event with its bytes (at most max_bytes and one more: Python says a larger
// file is too large).  Its label is only the words Python sends (ipywidgets' FileUpload
// added a count of the files chosen: "Load a saved game (0)").

function render({ model, el }) {
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
