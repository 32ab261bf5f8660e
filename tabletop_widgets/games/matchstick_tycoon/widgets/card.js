// CardWidget front end: draws the card from face/turned/added and sends
// events (toggle, turn, set_face). Python checks them and sends state back.

function render({ model, el }) {
  const root = ttEl("div", { class: "tt-widget tt-mt-card-widget" });
  el.appendChild(root);
  let lastTurned = model.get("turned") ?? false;
  let lastFace = model.get("face") ?? "";

  const build = () => {
    const geo = model.get("_geometry") ?? {};
    const turned = model.get("turned") ?? false;
    const face = model.get("face") ?? "";
    // Animate only a turn of the same card, not a new face.
    const turning = turned !== lastTurned && face === lastFace;
    lastTurned = turned;
    lastFace = face;
    const editable = model.get("editable") ?? false;
    const parts = [];
    if (geo.layout) {
      parts.push(ttCardSvg(geo, {
        face, turned, added: model.get("added") ?? "", label: model.get("label") ?? "",
      }, {
        size: model.get("size") ?? 110, editable, prefix: "", turning, model,
        onToggle: (segment) => ttSend(model, "toggle", { segment }),
      }));
    }
    parts.push(ttEl("div", { class: "tt-mt-caption", "aria-live": "polite" },
      turned ? ttText(model, "turned_over", { caption: model.get("caption") ?? "" })
        : model.get("caption") ?? ""));
    if (editable) {
      const controls = ttEl("div", { class: "tt-mt-controls" });
      const turn = ttEl("button", { type: "button", class: "tt-mt-turn", "data-focus": "turn",
        "aria-label": ttText(model, "turn_aria") }, ttText(model, "turn_over"));
      turn.addEventListener("click", () => ttSend(model, "turn"));
      controls.appendChild(turn);
      if (model.get("face_picker")) {
        const pick = ttEl("select", { class: "tt-mt-face", "data-focus": "face", "aria-label": ttText(model, "face_aria") });
        for (const f of geo.faces ?? []) {
          pick.appendChild(ttEl("option", { value: f, selected: f === face }, f));
        }
        pick.addEventListener("change", () => ttSend(model, "set_face", { face: pick.value }));
        controls.appendChild(pick);
      }
      parts.push(controls);
      parts.push(ttEl("div", { class: "tt-mt-card-keys" }, ttText(model, "keys")));
    }
    parts.push(ttErrorLine(model));
    return parts;
  };

  return ttLive(model, root, build);
}

export default { render };
