"""A replay stepper for any game with a history: ⏮ ◀ ▶ ⏭, autoplay, a slider, the move list.

The stepper never changes the recorded game: it shows ``game.replay(n)``,
a new game object holding the first ``n`` moves.  Any engine of the project
works (``history`` + ``replay``); a ``view`` callback draws the position.

>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> game = MatchstickTycoon.new(players=3, seed=2)
>>> for _ in range(4):
...     _ = game.play(game.legal_moves()[0])
>>> shown = []
>>> s = ReplayStepper(game, view=lambda g: shown.append(len(g.history)))
>>> s.index, s.dispatch({"type": "step", "by": -1}), s.index
(4, True, 3)
>>> s.dispatch({"type": "goto", "n": 99}), s.error
(False, 'There is no move 99: this game has moves 0 to 4.')
>>> s.dispatch({"type": "first"}), s.index, shown
(True, 0, [4, 3, 0])
>>> len(game.history)  # the recorded game is untouched
4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from tabletop_widgets.core.i18n import N_, Message, N_plural, _l, decimal, ngettext

from .event_widget import EventWidget, Refused, handles, widget_css, widget_esm

__all__ = ["ReplayStepper"]

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # moves per second offered for autoplay
#: An autoplay speed in words: "1 move/s", "2 moves/s" ({speed} in the language's numbers).
SPEED_WORDS = N_plural("{speed} move/s", "{speed} moves/s")


class ReplayStepper(EventWidget):
    """Step back and forth through a recorded game.

    Traits: ``moves`` (every move as the list shows it: its notation, or the words of
    ``describe(game, i)`` for ``game.history[i]`` when given), ``notations`` (with
    ``describe``: each move's notation, shown less prominently -- a tooltip), ``headings``
    (``notation=False``: none, the words alone), ``headings``
    (with ``heading``: a line the list shows before each move, "" for none -- "Deal 2"
    before the first move of a match's second deal), ``index``
    (moves shown, 0 = the start), ``playing`` (autoplay on), ``speed`` (moves per second),
    ``title``, ``note`` (a caption over the table: the review's words on the position
    shown, or that it shows the review's better move where the table cannot say so).
    Events: ``first``, ``last``, ``step`` {by}, ``goto`` {n}, ``play`` {on}, ``speed``
    {value}.  Keyboard in the
    browser: ← → step, Home/End jump, Space plays or pauses.

    ``view(game_at_index)`` is called whenever the index changes (and by
    :meth:`redraw`); read the shown game with :attr:`game_at`.
    :meth:`scroll_into_view` brings the replay onto the screen (on a phone the review's
    buttons are far below it).
    """

    _esm = widget_esm(__package__, "stepper.js")
    _css = widget_css(__package__, "stepper.css")
    texts = {
        "group": N_("replay: left and right arrows step, Home and End jump, Space plays"),
        "first": N_("first position"),
        "back": N_("step back"),
        "play": N_("autoplay"),
        "pause": N_("pause"),
        "forward": N_("step forward"),
        "last": N_("last position"),
        "slider": N_("move number"),
        "count": N_("move {n} of {last}"),
        "speed": N_("autoplay speed"),
        "moves": N_("moves: click one to jump there"),
        "start": N_("start"),
    }

    moves = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    notations = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    headings = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    index = traitlets.Int(0, read_only=True).tag(sync=True)
    playing = traitlets.Bool(False, read_only=True).tag(sync=True)
    speed = traitlets.Float(2.0, read_only=True).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    #: Raised by one at each :meth:`scroll_into_view` (the page scrolls when it changes).
    _scroll = traitlets.Int(0, read_only=True).tag(sync=True)
    _speeds = traitlets.List(read_only=True).tag(sync=True)

    def __init__(
        self,
        game: Any,
        *,
        view: Callable[[Any], None] | None = None,
        index: int | None = None,
        title: str | Message = "",
        describe: Callable[[Any, int], str] | None = None,
        heading: Callable[[Any, int], str | None] | None = None,
        notation: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(title=str(title), **kwargs)
        self._title = title
        self._view = view
        #: Move ``i`` of the game in words, in the current language (None: the list shows
        #: the notation); given the game and the index, so it may say who moved.
        self._describe = describe
        #: The line the list shows before move ``i`` (a new deal), in the current language,
        #: or None; given the game and the index (None: no headings).
        self._heading = heading
        #: With ``describe``: whether each move's notation is shown beside its words (False
        #: where the notation only says the words again, in English: A Fistful of Gold's).
        self._notation = notation
        self._game = game
        self._cache: dict[int, Any] = {}
        self.set_trait("_speeds", list(SPEEDS))
        self.load(game, index=index)

    # -- Python API -----------------------------------------------------

    def load(self, game: Any, *, index: int | None = None) -> None:
        """Show another game (or the same game after more moves), at ``index`` or its end."""
        if not hasattr(game, "history") or not hasattr(game, "replay"):
            raise TypeError("the stepper needs a game with .history and .replay(n)")
        self._game = game
        self._cache.clear()
        n = len(game.history) if index is None else index
        if not 0 <= n <= len(game.history):
            raise ValueError(f"index must be 0 to {len(game.history)}")
        unchanged = n == self.index
        self._apply({**self._move_texts(), "index": n, "playing": False, "error": ""})
        if unchanged:  # otherwise the index observer draws it
            self._show()

    def _move_texts(self) -> dict[str, list[str]]:
        """The list's texts: each move in words (``describe``) with its notation aside, or
        its notation alone; and the headings between them (``heading``).

        >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
        >>> g = MatchstickTycoon.new(players=2, seed=1)
        >>> _ = g.play(g.legal_moves()[0]), g.play(g.legal_moves()[0])
        >>> s = ReplayStepper(g, heading=lambda game, i: "Part two" if i == 1 else None)
        >>> s.headings
        ['', 'Part two']
        """
        count = len(self._game.history)
        notations = [str(m) for m in self._game.history]
        headings = (
            [self._heading(self._game, i) or "" for i in range(count)] if self._heading else []
        )
        if self._describe is None:
            return {"moves": notations, "notations": [], "headings": headings}
        moves = [self._describe(self._game, i) for i in range(count)]
        if not self._notation:  # one empty notation a move: no chip, no tooltip
            notations = [""] * count
        return {"moves": moves, "notations": notations, "headings": headings}

    @property
    def game(self) -> Any:
        """The recorded game (never changed by stepping)."""
        return self._game

    @property
    def game_at(self) -> Any:
        """A game object holding the first ``index`` moves."""
        n = self.index
        g = self._cache.get(n)
        if g is None:
            if len(self._cache) > 256:
                self._cache.clear()
            g = self._cache[n] = self._game.replay(n)
        return g

    def go(self, n: int) -> None:
        """Jump to move number ``n`` (0 = the start)."""
        if not self.dispatch({"type": "goto", "n": n}):
            raise ValueError(self.error)

    def redraw(self) -> None:
        """Draw the shown position again (the view drew something else meanwhile)."""
        self._show()

    def scroll_into_view(self) -> None:
        """Have the page scroll the replay into view (smoothly, unless the learner asks for
        reduced motion); nothing happens when its top is on the screen already."""
        self.set_trait("_scroll", self._scroll + 1)

    def on_view(self, view: Callable[[Any], None] | None) -> None:
        """Set the callback that draws the shown position, and call it now."""
        self._view = view
        self._show()

    # -- events ---------------------------------------------------------

    def build_texts(self) -> dict[str, str]:
        """The texts, and each autoplay speed worded with the language's decimal mark
        ("0,5 coups/s"): the front end reads ``speed_<s>`` for speed ``s``."""
        texts = super().build_texts()
        for s in SPEEDS:
            number = decimal(s, 0 if s == int(s) else 1)
            # The plural form by the whole number: 0.5 is plural in English and Catalan,
            # singular in French, as 0 is (gettext's plural rules count whole numbers).
            texts[f"speed_{s:g}"] = ngettext(*SPEED_WORDS, int(s), speed=number)
        return texts

    def language_changed(self) -> None:
        if isinstance(self._title, Message):
            self.title = str(self._title)
        if self._describe is not None or self._heading is not None:  # words: say them again
            self._apply(self._move_texts())

    def _check_n(self, n: int) -> int:
        last = len(self.moves)
        if not 0 <= n <= last:
            raise Refused(
                _l("There is no move {n}: this game has moves 0 to {last}.", n=n, last=last)
            )
        return n

    @handles("goto", n=int)
    def _on_goto(self, n: int) -> dict:
        return {"index": self._check_n(n)}

    @handles("step", by=int)
    def _on_step(self, by: int) -> dict:
        if by not in (-1, 1):
            raise Refused(_l("A step is one move back (-1) or forward (1)."))
        n = self.index + by
        if n > len(self.moves) and self.playing:
            return {"playing": False}  # autoplay ran to the end
        changes: dict[str, Any] = {"index": self._check_n(n)}
        if n == len(self.moves):
            changes["playing"] = False
        return changes

    @handles("first")
    def _on_first(self) -> dict:
        return {"index": 0, "playing": False}

    @handles("last")
    def _on_last(self) -> dict:
        return {"index": len(self.moves), "playing": False}

    @handles("play", on=bool)
    def _on_play(self, on: bool) -> dict:
        if on and self.index >= len(self.moves):
            return {"index": 0, "playing": True}  # play again from the start
        return {"playing": on}

    @handles("speed", value=(int, float))
    def _on_speed(self, value: float) -> dict:
        if value not in SPEEDS:
            speeds = ", ".join(f"{s:g}" for s in SPEEDS)
            raise Refused(_l("Speed must be one of {speeds} moves per second.", speeds=speeds))
        return {"speed": float(value)}

    # -- drawing the position -------------------------------------------

    @traitlets.observe("index")
    def _on_index(self, change: dict) -> None:
        self._show()

    def _show(self) -> None:
        if self._view is not None:
            self._run_callback(self._view, self.game_at)
