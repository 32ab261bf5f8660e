"""Review a saved game in a sandbox: load the file a play page saved, choose a seat, review.

A collapsed section "Review a saved game" (every game's sandbox shows one): the
file the play page's **Save the game** offered, read by the one record reader
(a file of another game, or junk, is refused with a sentence and changes
nothing); the seats that moved, named as the file names them; **Review** shows
the replay stepper over the game's own table (its list as the play page's: moves in
words, headed by round or deal) and the review under it (:class:`~.review.ReviewPanel`).

>>> from tabletop_widgets.core import GAMES, RandomBot
>>> from tabletop_widgets.core.playout import play_out
>>> game = GAMES["chinese_ten"].engine.new(players=2, seed=5, target=None)
>>> _ = play_out(game, [RandomBot(seed=1), RandomBot(seed=2)])
>>> loader = SavedGameReview("chinese_ten")
>>> loader.load(game.to_record(meta={"names": ["Ann", "Bo"]})), loader.seat_input.options
(True, (('Ann', 0), ('Bo', 1)))
>>> loader.load({"game": "fistful_of_gold", "format": 2}), "tt-error" in loader.status.value
(False, True)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import PositionError
from tabletop_widgets.core.i18n import N_, _, _l, after_colon
from tabletop_widgets.core.records import load_record
from tabletop_widgets.core.registry import GAMES

from .actions import ActionButton
from .lazy import LazySection
from .record_files import FileButton, read_upload
from .words import seat_label

__all__ = ["SavedGameReview"]

INTRO = N_(
    "Load a game saved on the play page (Save the game), choose whose moves to look at and "
    "press Review: the coach marks each decision and shows the better moves."
)


class SavedGameReview(LazySection):
    """The section of a sandbox that reviews a saved game of ``key``."""

    def __init__(self, key: str, **review: Any) -> None:
        self.key = key
        self.info = GAMES[key]
        self.game: Any = None
        self.names: list[str] = []
        self.panel: Any = None
        self._review_args = review
        self._status: tuple[Any, bool] | None = None
        self.upload = FileButton(  # its words alone (a FileUpload added "(0)")
            _l("Load a saved game"),
            _l("Choose a game file this page saved before"),
            accept=".json,application/json",
        )
        self.upload.observe(lambda _c: self._read_upload(), "value")
        self.seat_input = w.Dropdown(options=[], layout=w.Layout(width="auto"))
        self.review_button = ActionButton(button_style="info", disabled=True)
        self.review_button.on_click(lambda _b: self.review())
        self.status = w.HTML()
        self.shown = w.VBox()
        super().__init__(_l("Review a saved game"), self._build)  # follows the language
        self._label()

    def _build(self) -> list[w.Widget]:
        return [
            w.HTML(f"<p>{html.escape(_(INTRO))}</p>"),
            w.HBox(
                [self.upload, self.seat_input, self.review_button],
                layout=w.Layout(flex_flow="row wrap", align_items="center"),
            ),
            self.status,
            self.shown,
        ]

    # -- loading ----------------------------------------------------------------------

    def load(self, record: Any) -> bool:
        """Read a saved game (dict); a bad one is refused with a sentence, nothing changes."""
        try:
            if isinstance(record, dict) and record.get("game") not in (None, self.key):
                raise ValueError(_l("That file holds no game of this page."))
            game = load_record(record)
            if game.key != self.key:
                raise ValueError(_l("That file holds no game of this page."))
        except (PositionError, ValueError) as e:
            reason = e.args[0] if len(e.args) == 1 else e
            self._say(
                _l("Could not load that game: {reason}", reason=after_colon(reason)), ok=False
            )
            return False
        meta = record.get("meta", {}) if isinstance(record, dict) else {}
        names = meta.get("names") if isinstance(meta, dict) else None
        ok = isinstance(names, list) and len(names) == game.players
        ok = ok and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
        self.game = game
        self.names = list(names) if ok else [seat_label(s) for s in range(game.players)]
        seats = sorted(set(game.movers))
        self.seat_input.options = [(self.names[s], s) for s in seats]
        self.review_button.disabled = not seats
        moves = len(game.history)
        self._say(_l("Loaded a game at move {n}.", n=moves))
        return True

    def _read_upload(self) -> None:
        if not self.upload.value:
            return
        try:
            data = read_upload(self.upload.value)
        except ValueError as e:
            self._say(e.args[0] if e.args else "", ok=False)
        else:
            self.load(data)
        finally:
            self.upload.value = ()

    # -- reviewing --------------------------------------------------------------------

    def review(self, *, background: bool = True) -> Any:
        """Review the loaded game's decisions of the chosen seat."""
        from .play_screen import play_kit
        from .review import ReviewPanel

        if self.game is None or self.seat_input.value is None:
            self._say(_l("Choose a saved game file first."), ok=False)
            return None
        seat = self.seat_input.value
        kit = play_kit(self.key)
        board = kit.board(names=self.names, interactive=False)
        names = list(self.names)
        # The replay's list as the play page's: its moves in words and its headings ("Round
        # 2", "Deal 2"), which the review's chart draws as lines where each part starts.
        stepper = kit.replay(self.game, names, view=lambda g: board.show(g, seat, reveal=True))
        if self.panel is not None:
            self.panel.cancel()
        self.panel = ReviewPanel(self.game, seat, stepper=stepper, board=board, **self._review_args)
        self.shown.children = (stepper, board, self.panel)
        self.panel.run(background=background)
        return self.panel

    # -- words ------------------------------------------------------------------------

    def _label(self) -> None:
        self.seat_input.description = _("Whose moves")
        self.review_button.description = _("Review")

    def _follow_language(self, _lang: str) -> None:
        super()._follow_language(_lang)  # the section's title
        self._label()
        if self.built:
            self.rebuild()
        self._say(
            self._status[0] if self._status else "", self._status[1] if self._status else True
        )

    def _say(self, text: Any, ok: bool = True) -> None:
        self._status = (text, ok)
        shown = str(text) if text else ""
        kind = "ok" if ok else "error"
        self.status.value = (
            f"<div class='tt-line tt-{kind}' role='status'>{html.escape(shown)}</div>"
            if shown
            else ""
        )
