// ClickGuard: the page's side of "one click, one action" (ui/actions.py).  Nothing is
// shown.
// * It drops the second click of a double click on an action (an element with the class
//   tt-action or the attribute data-tt-action) before the action's own listener hears
//   it: the browser counts a double click's clicks in event.detail, by the person's own
//   double-click speed.  Keyboard presses (detail 0) and single clicks go through.
// * It answers every action the kernel has sent this page as soon as its changes are
//   here (they arrive in order), so the kernel can drop a click made on the page as it
//   was before.

const TT_ACTION = ".tt-action, [data-tt-action]";

function ttSecondClick(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  if (ev.detail > 1 && target && target.closest(TT_ACTION)) {
    ev.stopImmediatePropagation();
    ev.preventDefault();
  }
}

function render({ model, el }) {
  el.classList.add("tt-click-guard");
  // One listener for the page, however many guards it shows (each module loads its own
  // copy of this function, so the count is kept on the window).
  window.ttClickGuards = (window.ttClickGuards ?? 0) + 1;
  if (window.ttClickGuards === 1) {
    window.ttSecondClick = ttSecondClick;
    document.addEventListener("click", ttSecondClick, true);
  }
  const answer = () => model.send({ type: "received", n: model.get("sent") ?? 0 });
  model.send({ type: "shown" });
  answer();
  model.on("change:sent", answer);
  return () => {
    window.ttClickGuards -= 1;
    if (window.ttClickGuards === 0) {
      document.removeEventListener("click", window.ttSecondClick, true);
    }
    model.off("change:sent", answer);
    model.send({ type: "gone" });
  };
}

export default { render };
