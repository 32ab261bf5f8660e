"""The sandbox page (:class:`FistfulOfGoldSandbox`: the numbers behind the duel) and a duel
sandbox for lessons (:class:`DuelLab`: a scripted start, the learner's table, a scripted
opponent).

Each lesson step of the A Fistful of Gold tutorial needs a small situation:
some cards discarded, maybe a duel already played, and an opponent whose
next card the lesson announces.  :class:`DuelLab` builds it from moves in
notation, lets the learner play on a :class:`FistfulOfGoldTable`, answers with the
planned cards (a greedy bot once the plan runs out or a planned card is not
allowed), and offers a switch per engine option for the rules readings
marked *(interpretation)*: changing one starts the situation again under
that reading.

>>> lab = DuelLab(setup=["discard pink 1 pink 2", "discard green 1 green 3"],
...               plan=["green 2"])
>>> lab.game.position.pending[1] is not None   # green has chosen, in secret
True
>>> lab.play("pink 5"); lab.game.duel_log[-1].gold
(3, 0)
>>> lab = DuelLab(switches={"pot_at_round_end": ("lost", "carry")})
>>> lab.set_option("pot_at_round_end", "carry"); lab.game.options.pot_at_round_end
'carry'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tabletop_widgets.core.errors import IllegalMoveError
from tabletop_widgets.core.i18n import N_, _, on_language_change
from tabletop_widgets.games.fistful_of_gold import FistfulOfGold, Move
from tabletop_widgets.games.fistful_of_gold.bots import GreedyBot
from tabletop_widgets.games.fistful_of_gold.names import the_card
from tabletop_widgets.games.fistful_of_gold.option_words import OPTION_WORDS, choice_words
from tabletop_widgets.games.fistful_of_gold.widgets.table import FistfulOfGoldTable
from tabletop_widgets.ui.actions import ActionButton
from tabletop_widgets.ui.guard import friendly, rewind
from tabletop_widgets.ui.rule_links import link_rules_html

from .intro import PageIntro

__all__ = ["INTRO", "DuelLab", "FistfulOfGoldSandbox", "option_label", "sandbox_page"]

MAX_OPPONENT_MOVES = 50


def option_label(name: str, value: Any) -> str:
    """How a switch shows an option value, in the learner's words and language; the rules
    page's reading is marked.

    >>> option_label("hands", "fresh")
    'start every round with all 9 cards and discard 2'
    >>> option_label("dynamite_counts_as", 9)
    'Dynamite counts as 9 (it may not follow an 8)'
    """
    if name in OPTION_WORDS and value in OPTION_WORDS[name][1]:
        return _(choice_words(name, value))
    return "—" if value is None else str(value)


def _index(values: Sequence[Any], value: Any) -> int:
    """Where ``value`` is in ``values``, by type as well (0 is not None, nor False)."""
    for i, v in enumerate(values):
        if v == value and type(v) is type(value):
            return i
    raise ValueError(f"{value!r} is not one of {list(values)!r}")


class DuelLab(w.VBox):
    """A lesson's playground: ``setup`` moves, the learner's seat, the opponent's ``plan``.

    ``switches`` maps engine option names to the values offered (a dropdown
    each); ``options`` are fixed engine options.  ``game`` is the live game.
    """

    def __init__(
        self,
        *,
        learner: int = 0,
        setup: Sequence[str] = (),
        plan: Sequence[str] = (),
        switches: Mapping[str, Sequence[Any]] | None = None,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        announce: bool = True,
        bot_seed: int = 0,
        card_width: int = 72,
    ) -> None:
        self.learner = learner
        self.setup = list(setup)
        self.plan = list(plan)
        self.announce = announce
        self.bot_seed = bot_seed
        self.options: dict[str, Any] = dict(options or {})
        names = list(names) if names else ["Pink", "Green"]
        names[learner] = "You"  # the table adds the colour: "You (pink)"
        # An unexpected bug in a callback: a sentence in the status line, the lab put back.
        safe = friendly(self._say, keep=self._keep)
        self._quiet = False  # True while the lab puts its switches back (no replay)
        self.table = FistfulOfGoldTable(seat=learner, names=names, card_width=card_width)
        # A refused move (IllegalMoveError) is the table's to show; anything else is a bug.
        self.table.on_move(
            friendly(self._say, expected=(IllegalMoveError,), keep=self._keep)(
                lambda move: self._on_move(move)
            )
        )
        self._plan_note = w.HTML()
        self.status = w.HTML(layout=w.Layout(display="none"))  # hidden until a callback fails
        self._switches: dict[str, w.Dropdown] = {}
        self._values: dict[str, tuple[Any, ...]] = {}
        bar: list[w.Widget] = []
        for name, values in (switches or {}).items():
            self.options.setdefault(name, values[0])
            # Indexes as dropdown values: ipywidgets shows a None value as no selection.
            dd = w.Dropdown(
                options=[(option_label(name, v), i) for i, v in enumerate(values)],
                value=_index(values, self.options[name]),
                description=_(OPTION_WORDS[name][0]) if name in OPTION_WORDS else "",
                style={"description_width": "initial"},
            )
            dd.add_class(f"fg-switch-{name}")
            dd.observe(safe(lambda ch, n=name: self._switched(n, ch["new"])), names="value")
            self._values[name] = tuple(values)
            self._switches[name] = dd
            bar.append(dd)
        again = self._again = ActionButton(description=_("Start again"))
        again.on_click(safe(lambda _b: self.start()))
        bar.append(again)
        super().__init__(
            [
                w.HBox(bar, layout=w.Layout(flex_flow="row wrap")),
                self.status,
                self._plan_note,
                self.table,
            ]
        )
        self.start()
        on_language_change(self._follow_language)

    def _follow_language(self, _lang: str) -> None:
        """Say the switches, the button and the note again."""
        self._again.description = _("Start again")
        for name, dd in self._switches.items():
            chosen = dd.value
            dd.options = [(option_label(name, v), i) for i, v in enumerate(self._values[name])]
            dd.value = chosen
            if name in OPTION_WORDS:
                dd.description = _(OPTION_WORDS[name][0])
        self._note()

    # -- Python API -----------------------------------------------------

    @property
    def game(self) -> FistfulOfGold:
        return self._game

    def start(self) -> None:
        """Set the situation up again (same options)."""
        self._game = FistfulOfGold.new(**self.options)
        for move in self.setup:
            self._game.play(move)
        self._next_plan = 0
        self._bot = GreedyBot(seed=self.bot_seed)
        self._opponent()
        self.table.show(self._game)
        self._note()

    def set_option(self, name: str, value: Any) -> None:
        """Switch a rules reading (an engine option) and start the situation again."""
        if name in self._switches:
            index = _index(self._values[name], value)
            if self._switches[name].value != index:
                self._switches[name].value = index  # its observer calls back here
                return
        self.options[name] = value
        self.start()

    def play(self, move: Move | str) -> None:
        """Play the learner's move as if confirmed on the table (tests, demos)."""
        self._on_move(self._game.parse_move(move, self.learner))
        self.table.refresh()

    # -- wiring ---------------------------------------------------------

    def _switched(self, name: str, index: int) -> None:
        if not self._quiet:
            self.set_option(name, self._values[name][index])

    def _on_move(self, move: Move) -> None:
        self._game.play(move, self.learner)
        self._opponent()
        self._note()

    def _opponent(self) -> None:
        seat = 1 - self.learner
        game = self._game
        for _attempt in range(MAX_OPPONENT_MOVES):
            if game.is_over or seat not in game.current_players():
                return
            move: Move | str | None = None
            if game.position.phase == "duel" and self._next_plan < len(self.plan):
                planned = self.plan[self._next_plan]
                self._next_plan += 1
                if game.is_legal(planned, seat):
                    move = planned
            if move is None:
                move = self._bot.choose(game.observation(seat), game.legal_moves(seat))
            game.play(move, seat)

    def _say(self, text: str) -> None:
        """Show ``text`` (only ever a failure) in the status line; "" hides the line."""
        self.status.value = (
            f"<div class='tt-lesson' role='status'>{html.escape(text)}</div>" if text else ""
        )
        self.status.layout.display = None if text else "none"

    def _keep(self) -> Callable[[], None]:
        """Save what a callback may change; the returned function puts it back."""
        options, game, moves = dict(self.options), self._game, self._game.history
        plan, bot = self._next_plan, self._bot

        def restore() -> None:
            self.options, self._game, self._next_plan, self._bot = options, game, plan, bot
            rewind(game, moves)
            self._quiet = True
            try:  # the switches show the readings in play again
                for name, dd in self._switches.items():
                    dd.value = _index(self._values[name], options[name])
            finally:
                self._quiet = False
            self.table.show(game)
            self._note()

        return restore

    def _note(self) -> None:
        self._say("")
        game = self._game
        seat = 1 - self.learner
        pending = game.position.pending[seat]
        if self.announce and pending is not None and game.position.phase == "duel":
            card = f"<b>{html.escape(str(the_card(pending.cards[0])))}</b>"
            if seat == 0:
                text = _("For this lesson we peek: pink has secretly chosen {card}.", card=card)
            else:
                text = _("For this lesson we peek: green has secretly chosen {card}.", card=card)
        elif game.is_over:
            text = html.escape(_("The game is over. Press “Start again” to replay the situation."))
        else:
            text = ""
        self._plan_note.value = f"<div class='tt-lesson'>{text}</div>" if text else ""


# -- the sandbox page: the numbers behind the duel -------------------------------------------

INTRO = N_(
    "<p>What the numbers say about the duel: the payoff of every card against every card, the "
    "best <i>mixed</i> strategy of a single duel, and how the bots fare against each other.</p>"
)

#: The page's sections: (heading, text), in the learner's words.
MATRIX_TEXT = (
    N_("The duel payoff matrix"),
    N_(
        "<p>Each cell is pink's gold minus green's when pink plays the row card and green the "
        "column card in the first duel (empty tie pot). Differences of at most 3 go to the "
        "higher card, larger ones to the lower card (FG-3); Dynamite beats 1–4 and loses to "
        "5–8 for 3 gold, and the pink 8 beats a green 1 for 3 gold (FG-4). Ties (the diagonal) "
        "put 2 gold in the tie pot and count 0 here.</p>"
    ),
)
MIX_TEXT = (
    N_("The equilibrium of one duel"),
    N_(
        "<p>A duel is a simultaneous choice, so the best play is a probability for each card: "
        "the zero-sum equilibrium, found by linear programming. Its <i>value</i> is what pink "
        "can guarantee on average; the pink 8's power is the only difference between the "
        "colours in the first duel.</p>"
    ),
)
BOTS_TEXT = (
    N_("Bots against each other"),
    N_(
        "<p>Random, greedy (best expected gold in this duel) and equilibrium (samples the "
        "duel's equilibrium mix). Each pairing swaps colours every other game; the bars are 95% "
        "intervals of the first bot's score (a draw counts half). An interval entirely on one "
        "side of 50% means the difference is unlikely to be luck; one that straddles 50% means "
        "these games cannot tell the two bots apart.</p>"
    ),
)
#: The bots of the comparison, in the learner's words.
BOT_WORDS = {
    "random": N_("random bot"),
    "greedy": N_("greedy bot"),
    "equilibrium": N_("equilibrium bot"),
}


def _png(fig: Any, alt: str) -> str:
    """A figure as an inline image with its words as the alternative text."""
    import base64

    from tabletop_widgets.analysis.plots import figure_png

    data = base64.b64encode(figure_png(fig)).decode("ascii")
    return (
        f"<img src='data:image/png;base64,{data}' alt='{html.escape(alt, quote=True)}' "
        "style='max-width: 100%; height: auto'>"
    )


class FistfulOfGoldSandbox(w.VBox):
    """The sandbox page: its introduction, the first duel's payoff matrix, its equilibrium
    (with and without the powers of the 7s and 8s) and, on request, the bots played against
    each other.  Every word follows the page's language (the charts are drawn again).

    >>> box = FistfulOfGoldSandbox()
    >>> "value" in box.mix and round(box.plain["value"], 3)
    0.0
    """

    def __init__(self, *, games: int = 20, seed: int = 1) -> None:
        from tabletop_widgets.games.fistful_of_gold.analysis.plots import (
            equilibrium_mix,
            first_duel_matrix,
        )

        self.games = games
        self.seed = seed
        self.matrix = first_duel_matrix()
        self.mix = equilibrium_mix(*self.matrix)
        self.plain = equilibrium_mix(*first_duel_matrix(specials="none"))
        self.records: list[dict[str, Any]] | None = None
        self.intro = PageIntro("sandbox", INTRO)
        self.matrix_box = w.HTML()
        self.mix_box = w.HTML()
        self.bots_box = w.HTML()
        self.run_button = ActionButton(button_style="primary")
        self.run_button.on_click(lambda _b: self.run_bots())
        self.results = w.HTML()
        from tabletop_widgets.ui.review_loader import SavedGameReview

        self.saved_review = SavedGameReview("fistful_of_gold")
        super().__init__(
            [
                self.intro,
                self.matrix_box,
                self.mix_box,
                self.bots_box,
                self.run_button,
                self.results,
                self.saved_review,
            ]
        )
        self.add_class("fg-sandbox")
        self._draw()
        on_language_change(self._follow_language)

    def run_bots(self) -> list[dict[str, Any]]:
        """Play every pair of bots (``games`` games each) and show the result."""
        from tabletop_widgets.analysis import round_robin

        self.run_button.disabled = True
        playing = _("Playing the games…")
        self.results.value = f"<p>{html.escape(playing)}</p>"
        try:
            report = round_robin(
                "fistful_of_gold", list(BOT_WORDS), games=self.games, seed=self.seed
            )
            self.records = report.to_records()
        finally:
            self.run_button.disabled = False
        self._draw_results()
        return self.records

    def _section(self, words: tuple[str, str], body: str) -> str:
        heading = html.escape(_(words[0]))
        text = link_rules_html(f"{_(words[1])}{body}")  # a rule's id links to its paragraph
        return f"<div class='tt-lesson'><h2>{heading}</h2>{text}</div>"

    def _draw(self) -> None:
        from tabletop_widgets.games.fistful_of_gold.analysis.plots import (
            equilibrium_bars,
            payoff_heatmap,
        )

        heat = payoff_heatmap(*self.matrix)
        self.matrix_box.value = self._section(
            MATRIX_TEXT, _png(heat, _("Gold for pink, first duel (pink rows, green columns)"))
        )
        value = f"{self.mix['value']:+.3f}"
        plain = f"{self.plain['value']:+.3f}"
        said = _("Value for pink: {value} gold per duel.", value=value)
        fair = _(
            "Without the powers of the 7s and 8s both colours are the same and the duel is "
            "fair (value {value}): the other reading of FG-1.",
            value=plain,
        )
        lines = f"<p><b>{html.escape(said)}</b> {html.escape(fair)}</p>"
        bars = equilibrium_bars(self.mix)
        self.mix_box.value = self._section(MIX_TEXT, lines + _png(bars, _("Equilibrium mix")))
        self.bots_box.value = self._section(BOTS_TEXT, "")
        self.run_button.description = _("Play {n} games per pairing", n=self.games)
        self._draw_results()

    def _draw_results(self) -> None:
        if self.records is None:
            self.results.value = ""
            return
        from tabletop_widgets.games.fistful_of_gold.analysis.plots import matchup_bars

        rows = [
            dict(
                r,
                first=_(BOT_WORDS.get(r["first"], r["first"])),
                second=_(BOT_WORDS.get(r["second"], r["second"])),
            )
            for r in self.records
        ]
        head = [_("First bot"), _("Second bot"), _("Games"), _("Won–drawn–lost"), _("Score")]
        cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        body = "".join(
            "<tr>"
            + "".join(
                f"<td>{html.escape(str(x))}</td>"
                for x in (
                    r["first"],
                    r["second"],
                    r["games"],
                    f"{r['wins']}–{r['draws']}–{r['losses']}",
                    f"{100 * r['score']:.0f} %",
                )
            )
            + "</tr>"
            for r in rows
        )
        table = f"<table class='fg-results'><tr>{cells}</tr>{body}</table>"
        chart = _png(matchup_bars(rows), _("Bots against each other (bars: 95% intervals)"))
        self.results.value = table + chart

    def _follow_language(self, _lang: str) -> None:
        self._draw()


def sandbox_page(**kwargs: Any) -> FistfulOfGoldSandbox:
    """The whole sandbox page (its introduction included)."""
    return FistfulOfGoldSandbox(**kwargs)
