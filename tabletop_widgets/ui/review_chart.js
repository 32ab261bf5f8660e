// ReviewChart front end: shows the chart Python drew (SVG) and makes each of its marks
// a button that sends `pick` {index}; Python decides what follows.

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-review-chart" });
  el.appendChild(root);

  const build = () => {
    const box = ttEl("div", { class: "tt-review-svg", role: "group",
      "aria-label": ttText(model, "chart") });
    // The SVG is made in Python by matplotlib from the review's own numbers and words
    // (never from anything the browser sent).
    box.innerHTML = model.get("svg") || "";
    const selected = model.get("selected") ?? -1;
    for (const mark of model.get("marks") ?? []) {
      const node = box.querySelector(`[id="tt-mark-${mark.index}"]`);
      if (!node) continue;
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-label", mark.label);
      node.setAttribute("data-focus", `mark-${mark.index}`);
      node.classList.add("tt-review-mark");
      if (mark.index === selected) {
        node.classList.add("tt-review-selected");
        node.setAttribute("aria-pressed", "true");
      }
      const title = ttEl("title", {}, mark.label, true);
      node.insertBefore(title, node.firstChild);
      const pick = () => ttSend(model, "pick", { index: mark.index });
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (ev) => {
        if (ttIsActivate(ev)) { ev.preventDefault(); pick(); }
      });
    }
    return [box, ttErrorLine(model)];
  };
  return ttLive(model, root, build);
}

export default { render };
