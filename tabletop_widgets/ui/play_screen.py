"""One play screen for every game: new game, seats, undo, save and load files, replay.

A game's play page only adds its table (a *board*) and its options (a
:class:`PlayKit`); everything else is here and works through the engine
contract alone:

* **New game**: the game's options, each seat a person or a bot of a level,
  names, and the seed (a fresh one each game, shown, so a class can share one);
* the board, behind a hot-seat cover when several people share the screen;
* a status line (whose turn, what went wrong, in one sentence);
* **Undo** back to before your last move; **Save** (a file the browser
  downloads) and **Load** (a file you upload);
* the coach: a **Hint** button on the person's turn (the best moves, their chance, why),
  which the learner may switch off (:mod:`.coach`); not offered when only bots play;
* while the bots play move by move (``bot_delay``: each move shown a while; a game of bots
  alone plays to its end at once), the buttons that would act are disabled with the reason
  (a click then would be dropped: the page had not shown the bots' moves yet); a game of
  bots alone never stops for **Continue** (nobody is there to press it);
* a game of bots alone on a page (the kernel's event loop running) plays one move at a
  time on that loop, so the page stays live: **Stop the bots** halts them after the move
  shown, the position stays on the table, New game works again, and **Continue** -- where
  Stop the bots was, under the status line -- lets them play on (:meth:`PlayScreen.stop_bots`);
* when the game ends: the places, a replay stepper over a second board, and **Review my
  game** (every decision of the person, marked, on a chart: :mod:`.review`).  The table
  keeps the final position, where the learner saw the game end; the replay opens at the
  game's start (its first position), so the two tables never show the same position twice
  and the replay's ▶ plays the game from its beginning.

The page around the screen (:func:`play_page`, every game's) has one shape on every screen
(``play_screen.css``): on a phone the screen's parts one under the other, the coach's best
move alone over the table; on a wider screen (1000 px or more) the coach beside the table,
its best move shown and the rest one tap away, and the introduction folded to its first
lines once the learner has started playing -- so the table and the hand are on the first
screen of a laptop.  A game's own stylesheet only fits its table and hand to that.

A board is any widget with ``names``, ``show(game, seat, reveal=False)``
(``seat``: whose hidden cards to show, None for public information only;
``reveal``: everything face up) and ``on_move(callback, remove=False)``.

>>> from tabletop_widgets.ui.move_list_board import MoveListBoard
>>> kit = PlayKit("chinese_ten", MoveListBoard,
...               options=(OptionField("players", "Players", ((2, 2), (3, 3)), 2),),
...               fixed={"target": None})
>>> screen = PlayScreen(kit, seats=["person", "easy"], seed=4)
>>> screen.game.players, screen.seat_kinds, screen.names
(2, ['person', 'easy'], ['You', 'Bea (bot, easy)'])
>>> _ = screen.play(screen.game.legal_moves(0)[0]); screen.game.to_move in (0, None)
True
>>> screen.undo(), len(screen.game.history) <= 1
(True, True)
>>> screen.autoplay(); screen.game.is_over, screen.replay is not None
(True, True)
"""

from __future__ import annotations

import asyncio
import html
import importlib
import json
import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.bots import make_bot
from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.core.i18n import (
    N_,
    _,
    _l,
    after_colon,
    ngettext,
    on_language_change,
    pgettext,
)
from tabletop_widgets.core.playout import bot_move, run_bots
from tabletop_widgets.core.records import load_record
from tabletop_widgets.core.registry import GAMES, GameInfo

from .actions import ActionButton
from .browser_store import BrowserStore
from .coach import Coach
from .event_widget import asset_text
from .guard import friendly, rewind
from .hotseat import HotSeatGate
from .lazy import LazySection
from .move_list_board import MoveListBoard
from .record_files import FileButton, download_link, read_upload
from .rule_links import link_rules
from .stepper import ReplayStepper
from .words import (
    YOU,
    Either,
    bot_mark,
    bot_name,
    by_person,
    listing,
    place,
    plural,
    seat_label,
)

__all__ = ["PAGE_STYLE", "OptionField", "PlayKit", "PlayScreen", "play_kit", "play_page"]

log = logging.getLogger(__name__)

PERSON = "person"
LEVEL_WORDS = {"easy": N_("Bot, easy"), "medium": N_("Bot, medium"), "hard": N_("Bot, hard")}
MAX_NAME = 24
#: The New game form on a phone: a long choice wraps under its label, 40 px touch targets.
FORM_STYLE = (
    "<style>.tt-new-game .widget-dropdown > select, .tt-new-game .widget-text > input "
    "{ min-height: 40px; }</style>"
)
#: The play page's shape on a wide screen (the coach beside the table), every game's.
PAGE_STYLE = f"<style>{asset_text(__package__, 'play_screen.css')}</style>"


@dataclass(frozen=True)
class OptionField:
    """One option of the New game form: the engine option ``name``, a label in the
    learner's words, and the choices as (label, value) pairs.  A value may also be a
    mapping of several engine options (a match length sets ``target`` and ``deals``).
    Labels and help are English marked with ``N_``: the form shows them in the page's
    language.

    >>> f = OptionField("length", "Length", (("One deal", {"target": None}),), {"target": None})
    >>> f.engine_options({"target": 500}), f.index_of({"target": None, "x": 1})
    ({'target': 500}, 0)
    """

    name: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    default: Any
    help: str = ""
    #: A section title (marked with ``N_``) to show the field in a collapsed section of the
    #: form with the others of that title (rule readings under "More rules"); "" : visible.
    section: str = ""
    #: A sentence (marked with ``N_``) shown under the form's options, on any screen (a
    #: touch screen shows no tooltip): what a choice means that its label cannot say.
    note: str = ""

    def engine_options(self, value: Any) -> dict[str, Any]:
        """The engine options a chosen value stands for."""
        return dict(value) if isinstance(value, Mapping) else {self.name: value}

    def index_of(self, options: Mapping[str, Any]) -> int:
        """Which choice ``options`` (a game's options as JSON) shows; the default's if none."""
        for i, (_label, value) in enumerate(self.choices):
            wanted = self.engine_options(value)
            if all(k in options and _same(options[k], v) for k, v in wanted.items()):
                return i
        return next(i for i, (_l, v) in enumerate(self.choices) if _same(v, self.default))


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same type (0 is not None, nor False)."""
    return a == b and type(a) is type(b)


@dataclass(frozen=True)
class PlayKit:
    """What a game adds to the play screen.

    ``board(names=…, interactive=…)`` makes its table; ``options`` are the form's
    fields (a field named ``players`` sets the number of seats); ``fixed`` are
    options always passed; ``seat_labels(players)`` names the seats in the form
    (default Seat 1 …); ``score_noun`` words the score in the final places (None:
    places only; a function of the game: words that depend on its options);
    ``pause(game, names)`` may return a sentence at which the screen stops
    until the person presses Continue (e.g. the scores between deals; a board with a
    ``paused`` trait is told, so it does not say someone is playing; the status line says
    the sentence); a game with no person at the table plays on without stopping;
    ``check(options)`` may refuse a combination of options with a sentence;
    ``end_extras(game, names)`` adds widgets under the replay at the end;
    ``progress(game, names)`` may say where a game of bots alone is (a match's deal and the
    totals towards its target), in the current language: the status line adds it while the
    bots play, move by move; ``replay_words(game, i, names)`` says move ``i`` of the
    game in words, with who made it, for the replay's list (its notation then shows only
    as a tooltip; None: the list shows the notation); ``replay_heading(game, i, names)`` may
    give a line the replay's list shows before move ``i``, in the current language (a match's
    "Deal 2" before the first move of its second deal; None: no line there);
    ``start_words(game, names)`` may say, after "New game (game number …)." in the status
    line, who started and by which rule, in the current language (Matchstick Tycoon's first
    leader is drawn: a bot may have played before the person did anything; None or "":
    nothing);
    ``replay_notation``: whether the replay's list shows each move's notation beside its
    words (False where the notation only says the words again, in English);
    ``end_words(game, names)`` says how the game was won, in the current language, after
    "Game over." in the status line -- the one place the end is said (None: the places);
    ``style`` is CSS fitting the game's table and hand to the page's shape on a wide screen
    (the game's ``screens/play.css``; the shape is every game's: ``play_screen.css``).

    Words: labels are English marked with ``N_`` (shown translated); ``score_noun`` is a
    plural message pair with ``{n}`` (``(N_("{n} point"), N_("{n} points"))``; a pair of
    bare English nouns is still read the old way); ``pause`` and ``check`` may return a
    :class:`~tabletop_widgets.core.i18n.Message` (it is shown again in a new language).
    """

    key: str
    board: Callable[..., Any]
    options: tuple[OptionField, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    seat_labels: Callable[[int], list[str]] | None = None
    score_noun: tuple[str, str] | Callable[[Any], tuple[str, str]] | None = None
    pause: Callable[[Any, list[str]], str | None] | None = None
    check: Callable[[Mapping[str, Any]], str | None] | None = None
    end_extras: Callable[[Any, list[str]], list[Any]] | None = None
    progress: Callable[[Any, list[str]], str | None] | None = None
    replay_words: Callable[[Any, int, list[str]], str] | None = None
    replay_heading: Callable[[Any, int, list[str]], str | None] | None = None
    end_words: Callable[[Any, list[str]], str | None] | None = None
    start_words: Callable[[Any, list[str]], str | None] | None = None
    replay_notation: bool = True
    style: str = ""

    @property
    def info(self) -> GameInfo:
        return GAMES[self.key]

    def replay(
        self,
        game: Any,
        names: Sequence[str] | Callable[[], Sequence[str]],
        **kwargs: Any,
    ) -> ReplayStepper:
        """The replay of ``game`` as every page shows it (the play page, a saved game's
        review, a classroom's finished room): its moves in the kit's words with their
        notation where it teaches something, and its headings ("Deal 2"), ``names`` saying
        who moved (or a function giving them, read each time the list is said: a page's
        bots are named in its language of the moment); ``kwargs`` go to the stepper
        (``view``, ``index``, ``title``)."""
        words, heading = self.replay_words, self.replay_heading
        fixed = None if callable(names) else list(names)

        def named() -> list[str]:
            return list(names()) if fixed is None else fixed

        return ReplayStepper(
            game,
            describe=(lambda g, i: words(g, i, named())) if words else None,
            heading=(lambda g, i: heading(g, i, named())) if heading else None,
            notation=self.replay_notation,
            **kwargs,
        )

    def defaults(self) -> dict[str, Any]:
        """The engine options a new game of this page has unless the form says otherwise
        (benchmarks measure the bots at them).

        >>> KIT = PlayKit("chinese_ten", None, fixed={"target": None})
        >>> KIT.defaults()
        {'target': None}
        """
        opts: dict[str, Any] = {}
        for f in self.options:
            opts.update(f.engine_options(f.default))
        opts.update(self.fixed)
        return opts

    def labels(self, players: int) -> list[str]:
        if self.seat_labels is not None:
            return [_(label) for label in self.seat_labels(players)]
        return [seat_label(s) for s in range(players)]

    # -- options the engine refuses ------------------------------------------------------

    def refusal(self, options: Mapping[str, Any]) -> Any:
        """Why a game cannot be played with ``options`` (the engine options a form makes),
        in words -- the kit's ``check``, or the engine's refusal as :meth:`option_refusal`
        words it; None if the engine deals it.  A message: said in the page's language."""
        if self.check is not None and (why := self.check(options)):
            return why
        try:
            self.info.engine.new(seed=1, **options)
        except PositionError as e:
            return self.option_refusal(e, options)
        return None

    def option_refusal(self, error: PositionError, options: Mapping[str, Any] | None = None) -> Any:
        """An engine's refusal of options in words: the option as the form labels it (not
        the engine's field name), the reason (with its rule id), then -- given the
        ``options`` refused -- the choices of the form that would make a game (each
        changed alone, as :meth:`what_works` finds them with the engine)."""
        name = str(error.field).rsplit(".", 1)[-1]
        label = next(
            (
                f.label
                for f in self.options
                if f.name == name
                or any(isinstance(v, Mapping) and name in v for _label, v in f.choices)
            ),
            None,
        )
        reason = after_colon(error.message)
        if label is None:
            said = _l("These options cannot be played together: {reason}.", reason=reason)
        else:
            said = _l(
                "The choice for {option} cannot be played: {reason}.",
                option=_l(label),
                reason=reason,
            )
        fixes = self.what_works(options) if options is not None else []
        if not fixes:
            return said
        # "Players “2” or “4”": each option and its choices as the form labels them.
        by_field: dict[str, tuple[OptionField, list[Any]]] = {}
        for f, c in fixes:
            by_field.setdefault(f.name, (f, []))[1].append(_l("“{choice}”", choice=_l(c)))
        choices = [
            _l("{option} {choices}", option=_l(f.label), choices=Either(quoted))
            for f, quoted in by_field.values()
        ]
        return _l("{refusal} To play, choose {choices}.", refusal=said, choices=Either(choices))

    def what_works(self, options: Mapping[str, Any]) -> list[tuple[OptionField, str]]:
        """The choices of the form (field, choice label) that, each changed alone in
        ``options``, make a game the engine deals and the kit's ``check`` allows.

        >>> from tabletop_widgets.games.chinese_ten.screens.play import KIT
        >>> opts = {**KIT.defaults(), "scoring": "red_frog_black_frog", "settle": True}
        >>> [(f.name, choice[:8]) for f, choice in KIT.what_works(opts)]
        [('players', '2'), ('scoring', 'Standard'), ('settle', 'Points a')]
        """
        works = []
        for f in self.options:
            for choice, value in f.choices:
                wanted = f.engine_options(value)
                if all(k in options and _same(options[k], v) for k, v in wanted.items()):
                    continue  # the choice made
                if self._playable({**options, **wanted}):
                    works.append((f, choice))
        return works

    def _playable(self, options: Mapping[str, Any]) -> bool:
        if self.check is not None and self.check(options):
            return False
        try:
            self.info.engine.new(seed=1, **options)
        except (PositionError, TypeError):
            return False
        return True


class PlayScreen(w.VBox):
    """A whole play page for the game of ``kit``; ``game`` is the engine's game."""

    def __init__(
        self,
        kit: PlayKit,
        *,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        bot_delay: float = 0.0,
        store_key: str | None = None,
        **options: Any,
    ) -> None:
        self.kit = kit
        self.bot_delay = bot_delay
        self.info = kit.info
        self.game: Any = None
        self.seat_kinds: list[str] = []
        self.names: list[str] = []
        self.bots: dict[int, Any] = {}
        self.replay: ReplayStepper | None = None
        self.replay_board: Any = None
        self.paused: Any = None
        self._given_names: list[str] | None = None
        #: The learner started or loaded a game here: a saved game is no longer offered.
        self._started_here = False
        self._resume_saved: Any = None
        self._status: tuple[Any, bool] = ("", True)
        self._shown: tuple[int | None, bool] | None = None
        #: This page's own game is hidden (a room code in the address: :meth:`show_own_game`).
        self._own_hidden = False
        #: A game of bots alone playing on the kernel's loop: the next move's timer, and
        #: what puts back the buttons held meanwhile (None: not playing so).
        self._bots_timer: asyncio.Handle | None = None
        self._bots_release: Callable[[], None] | None = None
        self._stopped = False  # see ``stopped``
        #: The page's introduction, folded once the learner has started playing, and the
        #: game the page opened with (:meth:`fold_when_started`).
        self._fold: Any = None
        self._opened: Any = None
        safe = self._safe = friendly(self._fail, keep=self._keep)
        self.status = w.HTML()
        self.status.add_class("tt-screen-status")
        self._seed_line = w.HTML()  # this game's number, in the New game form
        self.board = kit.board(names=[], interactive=True)
        self.board.on_move(
            friendly(self._fail, expected=(IllegalMoveError,), keep=self._keep)(self._board_move)
        )
        self.gate = HotSeatGate(self.board, names=["?"])
        self.gate.add_class("tt-play-board")  # the table's place in the page (play_screen.css)
        self.gate.on_reveal(safe(lambda seat: self._show_board()))
        self.continue_button = ActionButton(button_style="primary", layout=w.Layout(display="none"))
        self.continue_button.on_click(safe(lambda _b: self.resume()))
        self.stop_button = ActionButton(button_style="warning", layout=w.Layout(display="none"))
        self.stop_button.on_click(safe(lambda _b: self.stop_bots()))
        #: Where Continue shows: under the status line, where Stop the bots was, once the
        #: learner stopped the bots (under the table it was off the first screen); under
        #: the table for a pause the table says (the scores between deals).
        self._bots_row = w.HBox(
            [self.stop_button], layout=w.Layout(flex_flow="row wrap", align_items="center")
        )
        self._bots_row.add_class("tt-bots-row")
        self._continue_slot = w.Box([self.continue_button])
        self.undo_button = ActionButton(layout=w.Layout(width="auto"))
        self.undo_button.on_click(safe(lambda _b: self.undo()))
        self.coach = Coach(self.info.key)
        self.coach.add_class("tt-play-coach")
        self.coach.on_request(safe(lambda: self.hint()))
        self._hint_at: int | None = None
        self._start_button: ActionButton | None = None  # the New game form's, once built
        self.review: Any = None
        self._review_slot = w.VBox()
        #: At the end: the review's buttons and the replay's title (said again in place
        #: when the language changes).
        self._review_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._replay_title = w.HTML()
        self.download = w.HTML()
        # Its label is its words alone (a FileUpload said "Load a saved game (0)").
        self.upload = FileButton(
            _l("Load a saved game"),
            _l("Choose a game file this page saved before"),
            accept=".json,application/json",
        )
        self.upload.observe(safe(lambda _c: self._load_upload()), "value")
        self.save_button = save = ActionButton()
        save.on_click(safe(lambda _b: self.save()))
        self._label_buttons()
        self.setup = LazySection(_l("New game"), self._build_setup)
        self.setup.add_class("tt-new-game")
        self._after = w.VBox()
        self.tools = w.HBox(
            [self.undo_button, save, self.download, self.upload],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        # A reload or a new kernel offers to go on with the game in progress.
        self.store = BrowserStore(store_key or f"tabletop/play/{self.info.key}")
        self.store.on_restore(self._offer_resume)
        self._resume = w.HBox(layout=w.Layout(display="none", flex_flow="row wrap"))
        self._resume.add_class("tt-resume")
        # Room mode: this page plays one seat of a classroom (classroom/play_room.py).
        from tabletop_widgets.classroom.play_room import RoomMode

        self.room: RoomMode | None = None
        self.room_mode = RoomMode(self)
        super().__init__(
            [
                self._resume,
                self.room_mode.widget,
                self.setup,
                self.status,
                self._bots_row,
                self.coach,
                self.gate,
                self._continue_slot,
                self.tools,
                self._after,
                self.store,
                # The page's shape, and the game's table in it (kept out of view).
                w.HTML(
                    PAGE_STYLE + (f"<style>{kit.style}</style>" if kit.style else ""),
                    layout=w.Layout(display="none"),
                ),
            ]
        )
        self.add_class("tt-play-screen")
        self.new_game(seats=seats, names=names, seed=seed, **options)
        on_language_change(self._follow_language)

    # -- words ----------------------------------------------------------------------

    def _label_buttons(self) -> None:
        self.continue_button.description = _("Continue")
        self.stop_button.description = _("Stop the bots")
        self.stop_button.tooltip = _(
            "The bots stop after the move they are making; the game stays on the table."
        )
        self.undo_button.description = _("Undo my last move")
        self.undo_button.tooltip = _("take back your last move")
        self.save_button.description = _("Save the game")

    def _follow_language(self, _lang: str) -> None:
        """Say everything again in the new language: buttons, names, the form, the status."""
        self._label_buttons()
        if self.room is not None:  # a classroom names its seats (nicknames, its bots)
            self.room.follow_names()
        elif self._given_names is None and self.seat_kinds:
            self.names = self._names(self.seat_kinds, None)
            self.board.names = self.names
            self.gate.names = self.names
            self.gate._draw_cover()
            if self.game is not None:  # the board may have redrawn before its names changed
                said = self._status  # what the status line said stays said (a refusal)
                self._redraw()
                self._status = said
        if self.setup.built:
            kept = self._form_state()
            self.setup.rebuild()
            self._set_form_state(kept)
        if self.replay_board is not None:
            self.replay_board.names = self.names
        if self._resume.children:
            self._offer_resume(self._resume_saved, again=True)
        if self._after.children:  # the end's words, in place: Review my game, the title
            self._review_buttons()
            self._replay_heading()
        self._say(*self._status)

    # -- starting ---------------------------------------------------------------

    def new_game(
        self,
        *,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        """Deal a new game; ``seats``: "person" or a bot level/name per seat."""
        opts: dict[str, Any] = {}
        for f in self.kit.options:
            default = f.engine_options(f.default)
            if not set(default) & set(options):  # a caller's option replaces the whole field
                opts.update(default)
        opts.update(self.kit.fixed)
        opts.update(options)
        if self.kit.check is not None and (why := self.kit.check(opts)):
            raise ValueError(str(why))
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        game = self.info.engine.new(seed=seed, **opts)
        self.start(game, seats=seats, names=names)
        if self.game.is_over:  # bots alone played it to its end, which the status line says
            return
        self._say(lambda: self._new_game_text(seed))

    def _new_game_text(self, seed: int) -> str:
        """The status line of a new game: its number, who started (the kit's
        ``start_words``), whose turn it is."""
        parts = [_("New game (game number {seed}).", seed=seed)]
        if self.kit.start_words is not None:
            parts.append(self.kit.start_words(self.game, list(self.names)) or "")
        parts.append(self._turn_text())
        return " ".join(p for p in parts if p)

    def start(
        self, game: Any, *, seats: Sequence[str] | None = None, names: Sequence[str] | None = None
    ) -> None:
        """Play ``game`` (new or loaded) with these seats and names."""
        kinds = self._check_seats(game.players, seats)
        self._end_bots()  # bots alone still playing the game before: they stop for good
        self.stopped = False
        self.game = game
        self.seat_kinds = kinds
        self._given_names = list(names) if names and len(names) == len(kinds) else None
        self.names = self._names(kinds, names)
        seed = game.seed or 0
        self.bots = {
            s: make_bot(self._bot_name(k), self.info.bots, seed=seed * 31 + s)
            for s, k in enumerate(kinds)
            if k != PERSON
        }
        self.board.names = self.names
        self.gate.names = self.names
        self.gate.seat = None
        self.paused = None
        self.continue_button.layout.display = "none"
        self.replay = self.replay_board = None
        if self.review is not None:
            self.review.detach()
        self.review = None
        self._review_slot.children = ()
        self._after.children = ()
        self.download.value = ""
        self._show_seed()
        self._advance()

    def show_own_game(self, on: bool) -> None:
        """Show this page's own game -- its table, status line, coach, tools and New game
        form -- or hide it all: a page opened with a room code offers no game of its own
        under the room's panel until the student has joined (the room's game then takes the
        table) or chosen to play alone (:mod:`tabletop_widgets.classroom.play_room`)."""
        self._own_hidden = not on
        shown = None if on else "none"
        for part in (self.setup, self.status, self.coach, self.gate, self.tools, self._after):
            if part is self.setup and on and self.room is not None:
                continue  # a classroom's page deals no new game
            part.layout.display = shown
        waiting = self.paused or self.stopped
        self.continue_button.layout.display = None if on and waiting else "none"
        self.stop_button.layout.display = None if on and self.bots_running else "none"
        # A game kept in the browser is offered again with the page's own game.
        self._resume.layout.display = shown if self._resume.children else "none"

    def _check_seats(self, players: int, seats: Sequence[str] | None) -> list[str]:
        kinds = list(seats or [PERSON])[:players]
        default = next(iter(self.info.levels), next(iter(self.info.bots)))
        kinds += [default] * (players - len(kinds))
        for k in kinds:
            if k != PERSON:
                self._bot_name(k)
        return kinds

    def _bot_name(self, kind: str) -> str:
        name = self.info.levels.get(kind, kind)
        if name not in self.info.bots:
            raise ValueError(
                f"a seat is a person or a bot ({', '.join(self.info.levels)}), not {kind!r}"
            )
        return name

    def _names(self, kinds: list[str], names: Sequence[str] | None) -> list[str]:
        if names and len(names) == len(kinds):
            return [str(n)[:MAX_NAME] or seat_label(s) for s, n in enumerate(names)]
        people = [s for s, k in enumerate(kinds) if k == PERSON]
        labels = self.kit.labels(len(kinds))
        # A bot's name says its level ("Bea (bot, hard)"): the table's row of players shows it.
        return [
            (YOU if len(people) == 1 else labels[s]) if k == PERSON else bot_name(s, k)
            for s, k in enumerate(kinds)
        ]

    @property
    def people(self) -> list[int]:
        """The seats played by people at this screen."""
        return [s for s, k in enumerate(self.seat_kinds) if k == PERSON]

    # -- moves ----------------------------------------------------------------------

    @property
    def acting(self) -> int | None:
        """The person's seat that must choose now, if any."""
        g = self.game
        return next((s for s in g.current_players() if s in self.people), None)

    def play(self, move: Any, seat: int | None = None) -> Any:
        """A person's move (object or text) for ``seat`` (default: the person to act).

        Refusals raise IllegalMoveError (the board shows them) and change nothing."""
        if self.room is not None:
            return self.room.play(move)
        if self.paused:
            raise IllegalMoveError("", _l("Press Continue first."))
        seat = self.acting if seat is None else seat
        if seat is None or seat not in self.people:
            raise IllegalMoveError("", _l("It is not your turn."))
        played = self.game.play(move, seat)
        self._advance()
        return played

    def _board_move(self, move: Any) -> None:
        self.play(move, self._shown[0] if self._shown else None)

    def resume(self) -> None:
        """Go on after a pause, or after the bots were stopped (Continue)."""
        self.paused = None
        self.stopped = False
        self.continue_button.layout.display = "none"
        self._advance(check_pause=False)

    def _advance(self, check_pause: bool = True) -> None:
        """Let the bots play, then redraw; stop where the game asks for a pause -- only with
        a person at the table: a game of bots alone plays on (nobody would press Continue)."""
        g = self.game
        pause = self.kit.pause if self.people else None
        if check_pause and pause is not None and pause(g, self.names) is not None:
            self._pause(pause(g, self.names))
        elif self._bots_later():
            self._start_bots()  # one move at a time on the kernel's loop: Stop can reach us
            return
        else:
            stop = (lambda game: pause(game, self.names) is not None) if pause is not None else None
            with self._bots_playing():
                played = run_bots(
                    g, self.bots, until=stop, on_move=self._bot_moved if self.bot_delay else None
                )
            if stop is not None and played and not g.is_over and stop(g):
                self._pause(pause(g, self.names))  # a bot's move asked for it
        self._redraw()

    # -- a game of bots alone, move by move on the kernel's loop ---------------------

    @property
    def stopped(self) -> bool:
        """The learner stopped a game of bots alone (Stop the bots): it waits, not over."""
        return self._stopped

    @stopped.setter
    def stopped(self, on: bool) -> None:
        """Continue goes where the learner looks: stopped, beside where Stop the bots was
        (under the status line: under the table it was off a laptop's first screen);
        otherwise under the table, for a pause the table says."""
        self._stopped = on
        row, slot = self._bots_row, self._continue_slot
        mine = (self.stop_button, self.continue_button) if on else (self.stop_button,)
        if tuple(row.children) != mine:
            if on:
                slot.children = ()
            row.children = mine
            if not on:
                slot.children = (self.continue_button,)

    @property
    def bots_running(self) -> bool:
        """Bots alone are playing the game move by move on the kernel's loop (Stop works)."""
        return self._bots_release is not None

    def _bots_later(self) -> bool:
        """Whether the bots alone play this game one move per turn of the kernel's event
        loop: on a page (the loop runs), shown move by move, nobody at the table.  Elsewhere
        (scripts, tests) they play it to its end now."""
        g = self.game
        if not self.bot_delay or self.people or self.room is not None or g.is_over:
            return False
        if not any(s in self.bots for s in g.current_players()):
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    def _start_bots(self) -> None:
        """Start the bots alone on the kernel's loop: the buttons that act are held (Stop
        is offered), the first move comes at once, each next one ``bot_delay`` later."""
        self._end_bots()
        self._bots_release = self._hold_buttons(stoppable=True)
        self.stop_button.disabled = False
        self.stop_button.layout.display = "none" if self._own_hidden else None
        self._redraw()  # the status line: the bots play (``_turn_text``)
        self._bots_timer = asyncio.get_running_loop().call_soon(self._bots_turn)

    def _bots_turn(self) -> None:
        """One bot move of a game of bots alone, shown; the next one is timed, or the game
        is drawn at its end (or where no bot may move)."""
        self._bots_timer = None
        if not self.bots_running:
            return
        moved = self._safe(self._bots_move)()  # None: it failed, and the status line says so
        if not self.bots_running:
            return
        if moved and self.room is None and self._bots_next():
            loop = asyncio.get_running_loop()
            self._bots_timer = loop.call_later(self.bot_delay, self._bots_turn)
            return
        self._end_bots()
        if moved is None:  # stopped where it failed: Continue tries again
            self.stopped = True
            self.continue_button.layout.display = "none" if self._own_hidden else None
        else:
            self._redraw()  # the end of the game (or a seat no bot plays)

    def _bots_next(self) -> bool:
        """A bot is to move in a game not over."""
        g = self.game
        return not g.is_over and any(s in self.bots for s in g.current_players())

    def _bots_move(self) -> bool:
        """One bot move, shown; False if there was none to make."""
        if self.room is not None or not self._bots_next():
            return False
        if not run_bots(self.game, self.bots, until=lambda _g: True):  # one move
            return False
        self._show_bot_move()
        return True

    def stop_bots(self) -> bool:
        """Stop a game of bots alone after the move shown (Stop the bots): the position stays
        on the table, the buttons work again, the status line says it and Continue lets them
        play on; False if no bots were playing so."""
        if not self.bots_running:
            return False
        self._end_bots()
        self.stopped = True
        self.continue_button.layout.display = "none" if self._own_hidden else None
        self._redraw()
        return True

    def _end_bots(self) -> None:
        """No more bot moves on the loop: the timer cancelled, the buttons given back."""
        if self._bots_timer is not None:
            self._bots_timer.cancel()
            self._bots_timer = None
        release, self._bots_release = self._bots_release, None
        if release is not None:
            release()
        self.stop_button.layout.display = "none"

    def _stopped_text(self) -> str:
        """The status line once the learner stopped the bots: that, where the game stands,
        and what to do next."""
        said = [_("You stopped the bots after move {n}.", n=len(self.game.history))]
        if self.kit.progress is not None and (where := self.kit.progress(self.game, self.names)):
            said.append(str(where))
        said.append(_("Press Continue to let them play on, or open New game to start another."))
        return " ".join(said)

    def _hold_buttons(self, stoppable: bool = False) -> Callable[[], None]:
        """Disable the buttons that act -- Start the new game, Undo, Hint -- each saying why
        (the bots are playing); returns what gives them back as they were."""
        if stoppable:
            why = _("The bots are playing: wait until they have finished, or stop them.")
        else:
            why = _("The bots are playing: wait until they have finished.")
        buttons = [b for b in (self._start_button, self.undo_button, self.coach.button) if b]
        kept = [(b.disabled, b.tooltip) for b in buttons]
        for b in buttons:
            b.disabled, b.tooltip = True, why

        def release() -> None:
            for b, (disabled, tooltip) in zip(buttons, kept, strict=True):
                b.disabled, b.tooltip = disabled, tooltip

        return release

    @contextmanager
    def _bots_playing(self) -> Iterator[None]:
        """While the bots play move by move (each shown ``bot_delay`` seconds), the buttons
        that act -- Start the new game, Undo, Hint -- are disabled and say why: a click made
        meanwhile would reach the kernel only after the bots, on a page that had not shown
        their moves, and be dropped (:mod:`.actions`).  A game of bots alone plays to its
        end now: the status line says so."""
        g = self.game
        bots_next = not g.is_over and any(s in self.bots for s in g.current_players())
        if not self.bot_delay or not bots_next or self.room is not None:
            yield
            return
        release = self._hold_buttons()
        if not self.people:
            self._say(self._bots_text)
        try:
            yield
        finally:
            release()

    def _bots_text(self) -> str:
        """The status line while the bots play a game alone: that, and where the game is
        (the kit's ``progress``: a match's deal and totals), said afresh at each move."""
        said = [_("The bots are playing the whole game.")]
        if self.kit.progress is not None and (where := self.kit.progress(self.game, self.names)):
            said.append(str(where))
        if self.bots_running:
            said.append(_("The buttons work again when they have finished, or when you stop them."))
        else:
            said.append(_("The buttons work again when they have finished."))
        return " ".join(said)

    def _bot_moved(self, seat: int, move: Any) -> None:
        """Show each bot move for ``bot_delay`` seconds (the browser draws it meanwhile)."""
        self._show_bot_move()
        time.sleep(self.bot_delay)

    def _show_bot_move(self) -> None:
        """Draw the game after a bot's move; a game of bots alone says where it stands."""
        shown = self._shown[0] if self._shown else None
        self.board.show(self.game, shown, reveal=False)
        if not self.people and self.kit.progress is not None:
            self._say(self._bots_text)  # a deal ends, the totals change: the line follows

    def _pause(self, message: Any) -> None:
        self.paused = message
        self.continue_button.layout.display = "none" if self._own_hidden else None
        self._say(lambda: str(message or ""))

    def undo(self) -> bool:
        """Take back moves up to and including the last move of a person; False if none.

        With one person at the screen, every card that person could not see is then dealt
        again (``determinize``) and the bots get new seeds: taking a move back must not show
        what was coming (the stock card just turned up, the bot's secret choice).
        """
        if self.room is not None:
            return self.room.refuse("undo")
        g = self.game
        if g.is_over:  # the end showed every card: taking a move back would replay it knowing
            self._say(lambda: _("The game is over: start a new game to play again."), ok=False)
            return False
        mine = [i for i, s in enumerate(g.movers) if s in self.people]
        if not mine:
            self._say(lambda: _("There is no move of yours to take back."), ok=False)
            return False
        while len(g.history) > mine[-1]:
            g.undo()
        note = ""
        if len(self.people) == 1:
            rng = random.Random()
            self.game = g.determinize(self.people[0], rng)
            self.bots = {
                s: make_bot(self._bot_name(k), self.info.bots, seed=rng.randrange(2**31))
                for s, k in enumerate(self.seat_kinds)
                if k != PERSON
            }
            note = N_("The cards you could not see were shuffled again.")
        self.paused = None
        self.continue_button.layout.display = "none"
        self._advance(check_pause=False)
        self._say(
            lambda: " ".join(
                x for x in (_("Move taken back."), _(note) if note else "", self._turn_text()) if x
            )
        )
        return True

    def autoplay(self, level: str | None = None) -> None:
        """Let a bot make every person's choice to the end (demos and tests)."""
        stand_in = make_bot(
            self._bot_name(level or next(iter(self.info.levels))), self.info.bots, seed=12345
        )
        for _round in range(100_000):
            if self.game.is_over:
                break
            if self.paused:
                self.resume()
                continue
            seat = self.acting
            self.play(bot_move(self.game, seat, stand_in), seat)

    # -- the coach and the review -------------------------------------------------------

    def hint(self) -> list[Any]:
        """The coach's best moves for the person to act now (shown under the Hint button)."""
        seat = self.acting
        if seat is None or self.paused or self.room is not None:
            self.coach.show(self.game, -1)
            return []
        g = self.game
        self._hint_at = len(g.history)
        return self.coach.show(g, seat, seed=(g.seed or 0) * 1009 + len(g.history))

    def review_game(
        self, seat: int | None = None, *, background: bool = True, **kwargs: Any
    ) -> Any:
        """Review the finished game's decisions of ``seat`` (default: the one person)."""
        from .review import ReviewPanel

        if not self.game.is_over or self.replay is None:
            raise ValueError(str(_l("The review comes when the game is over.")))
        seat = self.people[0] if seat is None and len(self.people) == 1 else seat
        if seat is None:
            raise ValueError("several people played: say whose game to review with seat=")
        if self.review is not None:
            self.review.detach()  # the old panel must not write over the new one's replay
        kwargs.setdefault("hinted", self.coach.hinted(self.game, seat))
        self.review = ReviewPanel(
            self.game, seat, stepper=self.replay, board=self.replay_board, **kwargs
        )
        self._review_slot.children = (self.review,)
        self.review.run(background=background)
        return self.review

    def _review_buttons(self) -> w.Box:
        """The row of Review buttons (one per person at the table; none for bots alone)."""
        buttons = []
        for seat in self.people:
            words = (
                _("Review my game")
                if len(self.people) == 1
                else _("Review {name}'s game", name=self.names[seat])
            )
            b = ActionButton(description=words, button_style="info", layout=w.Layout(width="auto"))
            b.tooltip = _("the coach looks at each of your moves and marks the mistakes")
            b.on_click(self._safe(lambda _b, s=seat: self.review_game(s)))
            buttons.append(b)
        self._review_row.children = tuple(buttons)
        return self._review_row

    # -- records ---------------------------------------------------------------------

    def save(self) -> dict:
        """The game record (with seats and names); also offered as a file to download."""
        if self.room is not None:
            return self.room.save()
        record = self.game.to_record(meta={"seats": self.seat_kinds, "names": self.names})
        name = f"{self.info.key}-game-{self.game.seed or 'position'}-move-{len(record['moves'])}"
        self.download.value = download_link(record, name + ".json", _("Download the file"))
        self._say(
            lambda: _(
                "Saved. If your browser does not download the file by itself, "
                "use the link next to the button."
            )
        )
        return record

    def load(self, record: Any) -> bool:
        """Load a record (dict or JSON text); a bad one changes nothing and says why."""
        if self.room is not None:
            return self.room.refuse("loading a saved game")
        try:
            data = json.loads(record) if isinstance(record, str | bytes) else record
            # Not a record at all (a JSON list or text), or another game's: said in words.
            if not isinstance(data, Mapping) or data.get("game") not in (None, self.info.key):
                key = data.get("game") if isinstance(data, Mapping) else None
                other = GAMES.get(key) if isinstance(key, str) else None
                here = _(self.info.title)
                if other:
                    why = _l(
                        "That file holds a game of {other}; this page plays {game}.",
                        other=_l(other.title),
                        game=_l(self.info.title),
                    )
                else:
                    why = _l(
                        "That file holds no game of this page; this page plays {game}.", game=here
                    )
                raise ValueError(why)
            game = load_record(data)
        except json.JSONDecodeError:
            self._say(lambda: _("That is not a saved game (it is not JSON text)."), ok=False)
            return False
        except (PositionError, ValueError) as e:
            reason = e.args[0] if len(e.args) == 1 else e
            why = after_colon(reason)
            self._say(lambda: _("Could not load that game: {reason}", reason=why), ok=False)
            return False
        meta = data.get("meta", {})
        seats = meta.get("seats") if isinstance(meta.get("seats"), list) else None
        try:
            seats = self._check_seats(game.players, seats) if seats else None
        except ValueError:
            seats = None
        names = meta.get("names")
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            names = None
        self.start(game, seats=seats, names=names)
        self._started_here = True  # a resume offer arriving now must not replace this game
        self._hide_resume()
        moves = len(game.history)
        self._say(lambda: _("Loaded a game at move {n}.", n=moves) + " " + self._turn_text())
        return True

    def _load_upload(self) -> None:
        if not self.upload.value:
            return
        try:
            data = read_upload(self.upload.value)
        except ValueError as e:
            why = e.args[0] if e.args else ""
            self._say(lambda: str(why), ok=False)
        else:
            self.load(data)
        finally:
            self.upload.value = ()

    # -- the New game form -------------------------------------------------------------

    def _build_setup(self) -> list[w.Widget]:
        g = self.game
        self._option_inputs: dict[str, w.Dropdown] = {}
        opts = g.options.to_json() if hasattr(g.options, "to_json") else {}
        for f in self.kit.options:
            d = w.Dropdown(
                options=[(_(label), i) for i, (label, _v) in enumerate(f.choices)],
                value=f.index_of(opts),
                description=_(f.label),
                style={"description_width": "initial"},
                tooltip=_(f.help) if f.help else "",
                # A long label or choice wraps the choice under its label (phones).
                layout=w.Layout(
                    width="auto", max_width="100%", height="auto", flex_flow="row wrap"
                ),
            )
            self._option_inputs[f.name] = d
        self._seat_box = w.VBox()
        if "players" in self._option_inputs:
            self._option_inputs["players"].observe(
                self._safe(lambda _c: self._seat_inputs()), "value"
            )
        self.seed_input = w.Text(
            value="",
            description=_("Game number"),
            placeholder=_("a new one each game"),
            style={"description_width": "initial"},
        )
        start = ActionButton(description=_("Start the new game"), button_style="success")
        start.on_click(self._safe(lambda _b: self.new_game_from_form()))
        self._start_button = start
        self._seat_rows = []
        self._seat_inputs()
        main, sections = self._option_groups()
        self._show_seed()
        notes = "".join(
            f"<p class='tt-option-note'>{html.escape(_(f.note))}</p>"
            for f in self.kit.options
            if f.note and not f.section
        )
        return [
            w.HTML(FORM_STYLE),
            w.HBox(main, layout=w.Layout(flex_flow="row wrap")),
            *([w.HTML(notes)] if notes else []),
            self._seat_box,
            *sections,
            self._seed_line,
            w.HBox([self.seed_input, start], layout=w.Layout(flex_flow="row wrap")),
        ]

    def _show_seed(self) -> None:
        """Say this game's number in the New game form (type it there to deal it again)."""
        seed = self.game.seed if self.game is not None else None
        text = _("This game is game number {seed}.", seed=seed) if seed is not None else ""
        self._seed_line.value = f"<div class='tt-seed'>{html.escape(text)}</div>" if text else ""

    def _option_groups(self) -> tuple[list[w.Widget], list[w.Widget]]:
        """The options shown at once, and one collapsed section per ``OptionField.section``."""
        main: list[w.Widget] = []
        grouped: dict[str, list[w.Widget]] = {}
        for f in self.kit.options:
            d = self._option_inputs[f.name]
            (grouped.setdefault(f.section, []) if f.section else main).append(d)
        sections = []
        for title, inputs in grouped.items():
            box = LazySection(
                _l(title), lambda inputs=inputs: [w.VBox(inputs, layout=w.Layout(max_width="100%"))]
            )
            box.add_class("tt-more-options")
            sections.append(box)
        return main, sections

    def _seat_inputs(self) -> None:
        players = (
            self._form_options().get("players", self.game.players)
            if "players" in self._option_inputs
            else self.game.players
        )
        labels = self.kit.labels(players)
        choices = [(_("Person"), PERSON)] + [
            (_(LEVEL_WORDS[k]) if k in LEVEL_WORDS else _("Bot, {level}", level=k), k)
            for k in self.info.levels
        ]
        old = [d.value for d, _n in getattr(self, "_seat_rows", [])] or self.seat_kinds
        rows = []
        for s in range(players):
            kind = old[s] if s < len(old) else choices[1][1]
            kind = kind if kind in dict((v, k) for k, v in choices) else choices[1][1]
            d = w.Dropdown(
                options=choices,
                value=kind,
                description=labels[s],
                layout=w.Layout(width="260px", max_width="100%"),
            )
            name = w.Text(
                placeholder=_("name (optional)"),
                layout=w.Layout(width="170px", max_width="100%"),
            )
            rows.append((d, name))
        self._seat_rows = rows
        self._seat_box.children = [
            w.HBox([d, n], layout=w.Layout(flex_flow="row wrap", max_width="100%")) for d, n in rows
        ]

    def new_game_from_form(self) -> None:
        if self.room is not None:
            return self.room.refuse("new game")
        text = self.seed_input.value.strip()
        if text and not text.isdigit():
            shown = repr(text[:20])
            self._say(
                lambda: _("The game number is a whole number, like 42, not {text}.", text=shown),
                ok=False,
            )
            return
        options = self._form_options()
        kinds = [d.value for d, _ in self._seat_rows]
        typed = [n.value.strip() for _, n in self._seat_rows]
        names = None
        if any(typed):
            defaults = self._names(kinds, None)
            # A bot keeps its mark and level when the person names it ("Rex (bot, hard)").
            names = [
                (t if kinds[s] == PERSON else bot_mark(t, kinds[s])) if t else defaults[s]
                for s, t in enumerate(typed)
            ]
        try:
            self.new_game(seats=kinds, names=names, seed=int(text) if text else None, **options)
        except PositionError as e:
            # The engine refuses a choice of options: name it as the form labels it, and
            # say which choices would make a game.
            refusal = self.kit.option_refusal(e, options)
            self._say(lambda: str(refusal), ok=False)
            return
        except ValueError as e:
            why = e.args[0] if e.args else ""
            self._say(lambda: str(why), ok=False)
            return
        self._started_here = True  # a resume offer arriving now must not replace this game
        self._hide_resume()
        self.setup.selected_index = None

    def _form_state(self) -> tuple:
        """What the learner chose in the form (kept across a change of language)."""
        return (
            {k: d.value for k, d in self._option_inputs.items()},
            [(d.value, n.value) for d, n in self._seat_rows],
            self.seed_input.value,
        )

    def _set_form_state(self, state: tuple) -> None:
        options, seats, seed = state
        for k, v in options.items():
            if k in self._option_inputs:
                self._option_inputs[k].value = v
        self._seat_inputs()
        for (d, n), (kind, name) in zip(self._seat_rows, seats, strict=False):
            d.value, n.value = kind, name
        self.seed_input.value = seed

    def _form_options(self) -> dict[str, Any]:
        """The engine options the form's choices stand for."""
        options: dict[str, Any] = {}
        for f in self.kit.options:
            options.update(f.engine_options(f.choices[self._option_inputs[f.name].value][1]))
        return options

    # -- drawing --------------------------------------------------------------------

    def _keep_in_browser(self) -> None:
        """Keep the game in progress in the browser (forgotten once it is over)."""
        g = self.game
        if g.is_over or not any(s in self.people for s in g.movers):
            if g.is_over:
                self.store.clear()
            return
        self.store.save(g.to_record(meta={"seats": self.seat_kinds, "names": self.names}))

    def _offer_resume(self, saved: Any, again: bool = False) -> None:
        """The browser kept a game in progress: offer it, unless a game has begun here."""
        if (
            saved is None
            or self.room is not None
            or (
                not again
                and (self._started_here or any(s in self.people for s in self.game.movers))
            )
        ):
            return
        try:
            game = load_record(saved)
        except (PositionError, ValueError):
            return  # not a game of ours: ignore it, as any other junk from the browser
        if game.key != self.info.key or game.is_over:
            return
        moves = len(game.history)
        text = w.HTML(html.escape(_("You have a game in progress here (move {n}).", n=moves)))
        go_on = ActionButton(description=_("Go on with it"), button_style="primary")
        fresh = ActionButton(description=_("Start a new game"))
        go_on.on_click(self._safe(lambda _b: (self._hide_resume(), self.load(saved))))
        fresh.on_click(self._safe(lambda _b: (self._hide_resume(), self.store.clear())))
        self._resume_saved = saved
        self._resume.children = (text, go_on, fresh)
        if not again and not self._own_hidden:  # else offered once the page's game shows
            self._resume.layout.display = None

    def _hide_resume(self) -> None:
        self._resume.layout.display = "none"
        self._resume.children = ()

    def fold_when_started(self, intro: Any) -> None:
        """Fold ``intro`` (a page's :class:`~.page_intro.PageIntro`) once the learner has
        started playing: a game other than the one the page opened with (New game, a loaded
        or resumed game), or a move by a person at this screen.  Read by then, it gives its
        room to the table and the hand.

        >>> from tabletop_widgets.ui.page_intro import PageIntro
        >>> kit = play_kit("fistful_of_gold")
        >>> screen = PlayScreen(kit, seats=["person", "medium"], seed=5)
        >>> intro = PageIntro("fistful_of_gold", "play", "<p>Play.</p>", prefix="fg")
        >>> screen.fold_when_started(intro); intro.folded
        False
        >>> screen.play(screen.game.legal_moves(0)[0], 0) is not None, intro.folded
        (True, True)
        """
        self._fold, self._opened = intro, self.game
        self._fold_if_started()

    def _fold_if_started(self) -> None:
        # A room's page says what a room is instead, in full (its own introduction).
        if self._fold is None or self._fold.folded or self.game is None or self.room is not None:
            return
        people = set(self.people)
        if self.game is not self._opened or any(s in people for s in self.game.movers):
            self._fold.fold()

    def _redraw(self) -> None:
        self._fold_if_started()
        if self.room is not None:
            self.coach.set_available(False, _("There are no hints in a classroom."))
        elif not self.people:  # a hint is for a person's turn: no Hint to press in vain
            self.coach.set_available(
                False, _l("Only bots play at this table: the coach gives hints on a person's turn.")
            )
        elif self.game.is_over:  # a Hint pressed now could only say it is not your turn
            self.coach.set_available(
                False,
                _l(
                    "The game is over: press “Review my game”, further down the page, to go "
                    "through each move you played."
                ),
            )
        else:
            self.coach.set_available(True)
        if self._hint_at is not None and self._hint_at != len(self.game.history):
            self._hint_at = None
            self.coach.clear()
        # A board that can say it waits for Continue says it (the table agrees with the status).
        if getattr(self.board, "has_trait", lambda _n: False)("paused"):
            self.board.paused = bool(self.paused or self.stopped) and self.room is None
        if self.room is not None:
            return self.room.redraw()
        self._keep_in_browser()
        g = self.game
        seat = self.acting
        people = self.people
        if g.is_over or not people:
            self.gate.show_all()
            self._shown = (None, True)
            self.board.show(g, None, reveal=True)
        elif len(people) == 1:
            self.gate.show_all()
            self._shown = (people[0], False)
            self.board.show(g, people[0], reveal=False)
        else:
            self.gate.turn_to(seat)
            self._show_board()
        # Not after the end: every card is shown then, so a move taken back would be
        # replayed knowing them (a new game starts afresh instead).
        self.undo_button.disabled = g.is_over or not any(s in people for s in g.movers)
        if g.is_over:
            self._show_end()
        elif not self.paused:
            self._say(self._turn_text)

    def _show_board(self) -> None:
        """Show the board from the seat at the screen (nothing private while covered)."""
        g = self.game
        seat = None if self.gate.hidden else self.gate.seat
        self._shown = (seat, False)
        self.board.show(g, seat, reveal=False)

    def _turn_text(self) -> str:
        g = self.game
        if g.is_over:
            return self._places_text()
        if self.paused:  # the game waits for the person's Continue, not for a seat
            return str(self.paused)
        if self.bots_running:  # bots alone, move by move: not "Waiting for Ada (bot)"
            return self._bots_text()
        if self.stopped:
            return self._stopped_text()
        seat = self.acting
        if seat is None:
            waiting = listing([self.names[s] for s in g.current_players()])
            return _("Waiting for {names}.", names=waiting)
        return by_person(self.names[seat], N_("Your turn."), N_("{name}'s turn."))

    def _places_text(self) -> str:
        r = self.game.result
        if r is None:
            return ""
        if self.kit.end_words is not None and (words := self.kit.end_words(self.game, self.names)):
            return _("Game over.") + " " + words  # the game's own words: how it was won
        if r.is_draw:
            return _("Game over. It is a draw.")
        parts = []
        for s in r.ranking:
            name = _("You") if self.names[s] == YOU else self.names[s]
            if r.places.count(r.places[s]) > 1:
                entry = _("shared {place}: {name}", place=place(r.places[s]), name=name)
            else:
                entry = _("{place}: {name}", place=place(r.places[s]), name=name)
            if self.kit.score_noun:
                entry = _("{entry} ({score})", entry=entry, score=self._score(int(r.scores[s])))
            parts.append(entry)
        return _("Game over. {places}.", places=pgettext("places separator", "; ").join(parts))

    def _score(self, n: int) -> str:
        noun = self.kit.score_noun
        if callable(noun):  # the words depend on the game's options (settled points)
            noun = noun(self.game)
        one, many = noun or ("", "")
        if "{n}" in one:
            return ngettext(one, many, n)
        return plural(n, one, many)  # bare English nouns (a kit not yet translated)

    def _show_end(self) -> None:
        self._say(self._places_text)
        if self.replay is not None:
            return
        self.replay_board = self.kit.board(names=self.names, interactive=False)
        mine = self.people[0] if len(self.people) == 1 else None  # the replay from your seat
        # At the start: the table above shows the end already (a replay at its last move
        # showed the final position twice, one table over the other).
        self.replay = self.kit.replay(
            self.game,
            lambda: self.names,  # the bots' names follow the page's language
            index=0,
            view=lambda g: self.replay_board.show(g, mine, reveal=True),
        )
        extras = self.kit.end_extras(self.game, list(self.names)) if self.kit.end_extras else []
        # The review first, right under the result: below a whole replay a learner did not
        # find it.  A pick on its chart brings the replay below into view.
        self._after.children = (
            self._review_buttons(),
            self._review_slot,
            self._replay_heading(),
            self.replay,
            self.replay_board,
            *extras,
        )

    def _replay_heading(self) -> w.HTML:
        title = _("Replay the game")
        self._replay_title.value = f"<h3>{html.escape(title)}</h3>"
        return self._replay_title

    def _say(self, text: Any, ok: bool = True) -> None:
        """Show ``text`` in the status line: a string, or a function giving it in the current
        language (said again when the language changes)."""
        self._status = (text, ok)
        if callable(text):
            text = text()
        kind = "ok" if ok else "error"
        self.status.value = (
            (
                f"<div role='status' aria-live='polite' class='tt-line tt-{kind}'>"
                f"{link_rules(html.escape(text))}</div>"
            )
            if text
            else ""
        )

    def _fail(self, text: Any) -> None:
        self._say(text, ok=False)

    def _keep(self) -> Callable[[], None]:
        """What a callback may change, and the function that puts it back."""
        if self.room is not None:
            return self.room.restore  # the room's game is the store's: read it again
        game, moves = self.game, self.game.history if self.game is not None else ()
        screen = (
            self.seat_kinds,
            self.names,
            self.bots,
            self.paused,
            self.stopped,
            self.replay,
            self.replay_board,
            self._after.children,
        )

        def restore() -> None:
            self.game = game
            (
                self.seat_kinds,
                self.names,
                self.bots,
                self.paused,
                self.stopped,
                self.replay,
                self.replay_board,
                self._after.children,
            ) = screen
            if game is not None:
                rewind(game, moves)
                self._redraw()

        return restore


def play_page(screen: PlayScreen, intro: Any, *after: w.Widget) -> w.VBox:
    """A game's whole play page: its title and introduction (``intro``, a
    :class:`~.page_intro.PageIntro`) over ``screen`` (``page.screen``), then ``after`` (what
    the page offers).  The page has the shape of every game's (``play_screen.css``: the
    coach beside the table on a wide screen), and the introduction folds to its first lines
    once the learner has started playing (:meth:`PlayScreen.fold_when_started`).

    >>> from tabletop_widgets.ui.page_intro import PageIntro
    >>> screen = PlayScreen(play_kit("fistful_of_gold"), seats=["person", "medium"], seed=5)
    >>> page = play_page(screen, PageIntro("fistful_of_gold", "play", "<p>Play.</p>",
    ...                                    prefix="fg"))
    >>> page.screen is screen, "tt-play-page" in page._dom_classes
    (True, True)
    """
    screen.fold_when_started(intro)
    page = w.VBox([intro, screen, *after])
    page.add_class("tt-play-page")
    page.screen = screen
    return page


def play_kit(key: str) -> PlayKit:
    """A game's play kit (its table and options): its play page's ``KIT``, or a plain
    move-list board for a game without one."""
    try:
        module = importlib.import_module(f"tabletop_widgets.games.{key}.screens.play")
        kit = getattr(module, "KIT", None)
        if isinstance(kit, PlayKit):
            return kit
    except ImportError:
        pass
    return PlayKit(key, MoveListBoard)
