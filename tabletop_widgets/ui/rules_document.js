// RulesDocument front end: the document's HTML (made by Python from the game's own text),
// and a scroll to the anchor of the address (rules.ipynb#MT-5) once it is there.

function render({ model, el }) {
  const root = ttEl("div", {
    class: "tt-widget tt-rules-document jp-RenderedHTMLCommon jp-RenderedMarkdown",
  });
  el.appendChild(root);
  let landed = false;
  const draw = () => {
    root.innerHTML = model.get("html");
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
