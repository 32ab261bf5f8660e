// BrowserStore: sends back what localStorage keeps for this page, and writes what
// Python saves.  Nothing is shown.  Storage may be off (private windows): then
// nothing is kept and the page works as before.

function ttStorage() {
  try { return window.localStorage; } catch (e) { return null; }
}

function render({ model, el }) {
  el.classList.add("tt-browser-store");
  const store = ttStorage();
  const key = model.get("key") ?? "";
  let kept = "";
  try { kept = (store && key) ? (store.getItem(key) ?? "") : ""; } catch (e) { kept = ""; }
  ttSend(model, "restored", { data: kept });
  const write = () => {
    if (!store || !key) return;
    const value = model.get("value") ?? "";
    try {
      if (value) store.setItem(key, value); else store.removeItem(key);
    } catch (e) { /* full or refused: keep going without it */ }
  };
  model.on("change:writes", write);
  return () => model.off("change:writes", write);
}

export default { render };
