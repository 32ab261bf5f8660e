// SectionToggle: the header of a collapsible section, a real button (Tab reaches it,
// Enter or Space presses it) that says whether the section is open.  Python opens it.

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-section-head" });
  el.appendChild(root);
  const build = () => {
    const open = Boolean(model.get("expanded"));
    const b = ttEl("button", { type: "button", class: "tt-section-toggle",
      "aria-expanded": open ? "true" : "false", "data-focus": "toggle", "data-tt-action": true });
    b.append(ttEl("span", { class: "tt-section-mark", "aria-hidden": "true" }),
      ttEl("span", { class: "tt-section-title" }, ttText(model, "title")));
    b.addEventListener("click", () => ttSend(model, "toggle"));
    return [b, ttErrorLine(model)];
  };
  return ttLive(model, root, build);
}

export default { render };
