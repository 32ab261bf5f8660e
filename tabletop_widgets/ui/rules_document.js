// RulesDocument front end: the document's HTML (made by Python from the game's own text),
// a scroll to the anchor of the address (rules.ipynb#MT-5) once it is there, and the
// reader's place kept when the document is said again in another language (the anchors,
// one per rule, are the same in every language).

/** The id of the last anchor at or above the top of the window: the section being read. */
function ttReadingPlace(root) {
  let place = null;
  for (const a of root.querySelectorAll("[id]")) {
    if (a.getBoundingClientRect().top > 1) break;
    place = a.id;
  }
  return place;
}

function render({ model, el }) {
  const root = ttEl("div", {
    class: "tt-widget tt-rules-document jp-RenderedHTMLCommon jp-RenderedMarkdown",
  });
  el.appendChild(root);
  let landed = false;
  const draw = () => {
    const place = root.childElementCount ? ttReadingPlace(root) : null;
    root.innerHTML = model.get("html");
    if (place) {  // back to the start of the section (whichever element scrolls)
      const again = document.getElementById(place);
      if (again) again.scrollIntoView({ block: "start" });
      return;
    }
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (landed || !id) return;
    landed = true;
    const target = document.getElementById(id);
    if (target) requestAnimationFrame(() => target.scrollIntoView({ block: "start" }));
  };
  model.on("change:html", draw);
  draw();
  return () => model.off("change:html", draw);
}

export default { render };
