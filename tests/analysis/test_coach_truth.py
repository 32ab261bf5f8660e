"""The coach's sentences are true of the move and the position, and its figures agree.

Positions come from the engines (games played by seeded random bots, or the smallest
setup a rule needs); each sentence is checked against what the engine does when the
move is played -- never against hand-typed expected positions."""

from __future__ import annotations

import html
import math
import random

import pytest

from tabletop_widgets.analysis.review import review
from tabletop_widgets.core import GAMES
from tabletop_widgets.core.i18n import _, language
from tabletop_widgets.core.move_values import MEASURES
from tabletop_widgets.ui.coach import Coach, analyser

#: Words a student would not know (programmer's or statistician's words).
JARGON = (
    "playout",
    "determini",
    "interval",
    " ev ",
    " ci ",
    "confidence",
    "monte carlo",
    "sample",
    "estimate",
    "ranges of these",
)


def _positions(key: str, seed: int, *, players: int | None = None, every: int = 1):
    """(game, seat) at every decision with a real choice of a game played by random bots."""
    info = GAMES[key]
    kwargs = {"players": players} if players else {}
    game = info.engine.new(seed=seed, **kwargs)
    rng = random.Random(seed)
    n = 0
    while not game.is_over:
        for seat in list(game.current_players()):
            if game.is_over or seat not in game.current_players():
                continue
            legal = game.legal_moves(seat)
            if len(legal) > 1:
                if n % every == 0:
                    yield game.copy(), seat
                n += 1
            game.play(rng.choice(list(legal)), seat)


# -- Matchstick Tycoon ------------------------------------------------------------------


def test_tycoon_sentences_are_true_of_the_move():
    from tabletop_widgets.games.matchstick_tycoon.coach import reason

    seen = set()
    for seed in range(6):
        for game, seat in _positions("matchstick_tycoon", seed, players=3):
            obs, legal = game.observation(seat), game.legal_moves(seat)
            for move in legal:
                words = reason(obs, move, legal)
                after = game.copy()
                after.play(move, seat)
                now = after.observation(seat)
                assert "cost" not in words, words
                if move.kind == "pass":
                    seen.add("pass")
                    # MT-5.3: passing gives the passer a stick
                    assert now.sticks[seat] == obs.sticks[seat] + 1
                    assert "gives you a stick" in words
                if "you go out" in words:
                    seen.add("out")
                    assert seat in now.out
                if "It spends" in words:
                    seen.add("spends")
                    assert now.sticks[seat] == obs.sticks[seat] - move.cost > -1
                    assert str(move.cost) in words
                if "revolution" in words:
                    assert now.order != obs.order
                if "weakest" in words:
                    seen.add("weakest")
                    plays = [m for m in legal if m.is_play and m.count == move.count]
                    assert obs.strength(move.value) == min(obs.strength(m.value) for m in plays)
                if words.startswith("It sheds"):
                    assert obs.table is None and len(now.hand) == len(obs.hand) - move.count
    assert {"pass", "spends", "weakest"} <= seen


def test_a_tycoon_pass_gives_a_stick_in_the_sentence_and_the_engine():
    from tabletop_widgets.games.matchstick_tycoon import PASS, MatchstickTycoon
    from tabletop_widgets.games.matchstick_tycoon.coach import reason

    g = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [["C", "C", "5", "8"], ["0", "1", "2"]],
            "sticks": [1, 1],
            "table": {"value": "3", "count": 1, "player": 1},
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    words = reason(g.observation(0), PASS, g.legal_moves())
    before = g.observation(0).sticks[0]
    g.play(PASS)
    assert g.observation(0).sticks[0] == before + 1
    assert "gives you a stick" in words and "cost" not in words


# -- Chinese Ten ------------------------------------------------------------------------


def test_chinese_ten_sentences_are_true_of_the_move():
    from tabletop_widgets.games.chinese_ten import capture_options
    from tabletop_widgets.games.chinese_ten.cards import points
    from tabletop_widgets.games.chinese_ten.coach import reason
    from tabletop_widgets.games.chinese_ten.names import the_card

    seen = set()
    for seed in range(4):
        for game, seat in _positions("chinese_ten", seed, players=2):
            obs, legal = game.observation(seat), game.legal_moves(seat)
            for move in legal:
                words = reason(obs, move, legal)
                assert "cannot take more" not in words and "next player" not in words
                after = game.copy()
                after.play(move, seat)
                mine = after.observation(seat)
                if words.startswith("It takes"):
                    seen.add("takes")
                    if mine.deal_number == obs.deal_number:  # (a new deal clears the piles)
                        gained = set(mine.captured[seat]) - set(obs.captured[seat])
                        assert set(move.cards) <= gained
                    n = sum(points(c, obs.scoring, obs.players) for c in move.cards)
                    assert (f"{n} point" in words) == bool(n)
                elif "lays down" in words and "takes nothing now" in words:
                    seen.add("keeps")
                    assert not move.captures
                    kept = [m.card for m in legal if m.captures and not m.stock]
                    assert kept and all(capture_options(c, obs.layout) for c in kept)
                    if mine.deal_number == obs.deal_number:
                        assert move.card not in mine.hand
                        assert all(c in mine.hand for c in kept)
                    for c in kept:
                        assert str(the_card(c)) in words
                elif words.startswith("None of your cards can take anything"):
                    seen.add("none")
                    assert not any(m.captures for m in legal)
                    assert str(the_card(move.card)) in words
                    if "the fewest of your cards" in words or "scores no points" in words:
                        worth = [points(m.card, obs.scoring, obs.players) for m in legal]
                        assert points(move.card, obs.scoring, obs.players) == min(worth)
    assert {"takes", "keeps", "none"} <= seen


# -- A Fistful of Gold ------------------------------------------------------------------


def test_fistful_sentences_are_true_and_depend_on_the_discard():
    from tabletop_widgets.games.fistful_of_gold.coach import _one_apart, _plan, reason
    from tabletop_widgets.games.fistful_of_gold.moves import Discard, Play

    seen = set()
    for seed in range(3):
        for game, seat in _positions("fistful_of_gold", seed, every=2):
            obs, legal = game.observation(seat), game.legal_moves(seat)
            words = {m: reason(obs, m, legal) for m in legal}
            if isinstance(legal[0], Discard):
                seen.add("discard")
                # the hint names the discard in bold: its sentence says what it keeps or
                # does, never the discarded cards again ("It discards your 7 and 8 …")
                assert not any(w.startswith("It discards") for w in words.values())
                for m, w in words.items():
                    kept = [c for c in obs.hand if c not in m.cards]
                    if "+1 rule" in w:
                        seen.add("+1")
                        assert _one_apart(kept, obs) < _one_apart(obs.hand, obs)
                        # comparative, so said only where no other discard does better
                        assert _one_apart(kept, obs) == min(
                            _one_apart([c for c in obs.hand if c not in x.cards], obs)
                            for x in legal
                        )
                    after = game.copy()
                    after.play(m, seat)
                    other = [x for x in after.current_players() if x != seat]
                    if other:  # the discards are shown together
                        after.play(after.legal_moves(other[0])[0], other[0])
                    assert sorted(after.observation(seat).hand) == sorted(kept)
            plays = [m for m in legal if isinstance(m, Play)]
            for w in words.values():
                assert "mix" not in w
                if "% of the time" in w:
                    mix, _values = _plan(obs, plays)
                    assert sum(p >= 0.01 for p in mix) > 1
    assert {"discard", "+1"} <= seen


def test_fistful_sentences_agree_with_the_figures_and_the_list_follows_the_plan():
    """A card the plan does not play but that shows the best figure is not said to do worse;
    a card played every time is not said to beat cards of the same figure; equal figures
    are listed by how often the plan plays the card."""
    from tabletop_widgets.core.move_values import same_shown
    from tabletop_widgets.games.fistful_of_gold.coach import _plan, analyse, reason
    from tabletop_widgets.games.fistful_of_gold.moves import Play

    seen = set()
    with language("en"):
        for seed in range(3):
            for game, seat in _positions("fistful_of_gold", seed):
                legal = game.legal_moves(seat)
                if len(legal) < 2 or not all(isinstance(m, Play) for m in legal):
                    continue
                obs = game.observation(seat)
                mix = dict(zip(legal, _plan(obs, legal)[0], strict=True))
                ranked = list(next(analyse(game, seat)))
                best = ranked[0].value.mean
                for a, b in zip(ranked, ranked[1:], strict=False):
                    assert a.value.mean >= b.value.mean
                    if a.value.mean == b.value.mean:
                        assert mix[a.move] >= mix[b.move], (a, b)
                for c in ranked:
                    words = reason(obs, c.move, legal)
                    if c.value.mean == best:
                        assert "does worse" not in words and "a little worse" not in words
                        if mix[c.move] < 0.01:
                            seen.add("as well, not played")
                            assert "does as well" in words, words
                    else:
                        assert "no other card does better" not in words
                    if same_shown(c.value.mean, best, "win"):  # both "46 %": none is worse
                        assert "worse" not in words, words
                        if c.value.mean != best:
                            seen.add("shown the same")
                    if "no other card does as well" in words:
                        assert sum(same_shown(x.value.mean, best, "win") for x in ranked) == 1
                    if "a little worse" in words:
                        seen.add("a little worse")
                        assert 0 < best - c.value.mean < 0.01
    assert {"as well, not played", "shown the same"} <= seen


def test_fistful_with_one_card_to_play_says_no_mix():
    from tabletop_widgets.games.fistful_of_gold.coach import reason
    from tabletop_widgets.games.fistful_of_gold.moves import Play

    found = 0
    for seed in range(6):
        game = GAMES["fistful_of_gold"].engine.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for seat in list(game.current_players()):
                if seat not in game.current_players():
                    continue
                legal = game.legal_moves(seat)
                if len(legal) == 1 and isinstance(legal[0], Play):
                    words = reason(game.observation(seat), legal[0], legal)
                    assert "mix" not in words and "only card" in words
                    found += 1
                game.play(rng.choice(list(legal)), seat)
    assert found


def test_fistful_figures_are_one_measure_the_same_for_the_same_position():
    """A discard's figure is the chance of the duel that follows it (the 71 % then 26 %
    of one position was the playouts' measure against the plan's), and the seed of an
    evaluation changes nothing."""
    from tabletop_widgets.games.fistful_of_gold.coach import analyse
    from tabletop_widgets.games.fistful_of_gold.moves import Discard

    for seed in (3, 4):
        game = GAMES["fistful_of_gold"].engine.new(seed=seed)
        first = next(analyse(game, 0, seed=1))
        again = next(analyse(game, 0, seed=12345))
        assert [(c.move, c.value) for c in first] == [(c.move, c.value) for c in again]
        best = first.best
        after = game.copy()
        after.play(best.move, 0)
        after.play(next(m for m in after.legal_moves(1) if isinstance(m, Discard)), 1)
        duel = next(analyse(after, 0, seed=7))
        assert duel.measure == first.measure == "win"
        assert abs(duel.best.value.mean - best.value.mean) < 1e-9


# -- the hints and the review -----------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "players"),
    [("matchstick_tycoon", 3), ("chinese_ten", 2), ("fistful_of_gold", None)],
)
def test_hints_are_best_first_and_hint_and_review_share_the_measure(key, players):
    coach = Coach(key, budget=400)
    more = None
    for checked, (game, seat) in enumerate(_positions(key, 5, players=players, every=3)):
        hints = coach.hints(game, seat, seed=1)
        last = None
        for last in analyser(coach.info)(game, seat, budget=400, seed=1):  # noqa: B007
            pass
        more = MEASURES[last.measure]
        means = [h.value.mean for h in hints if math.isfinite(h.value.high - h.value.low)]
        assert means == sorted(means, reverse=more), means
        if checked == 3:
            break
    # the review reads the same measure as the hint
    game = next(iter(_positions(key, 5, players=players)))[0]
    from tabletop_widgets.core import RandomBot
    from tabletop_widgets.core.playout import play_out

    play_out(game, [RandomBot(seed=s) for s in range(game.players)])
    r = review(game, seat=0, budget=60, passes=1, seed=1)
    assert r.measure == last.measure


def test_two_hints_on_one_position_agree_within_their_ranges():
    coach = Coach("matchstick_tycoon", budget=1500)
    game, seat = next(iter(_positions("matchstick_tycoon", 2, players=3)))
    a = {h.move: h.value for h in coach.hints(game, seat, seed=1)}
    b = {h.move: h.value for h in coach.hints(game, seat, seed=2)}
    for move in set(a) & set(b):
        assert a[move].low <= b[move].high and b[move].low <= a[move].high


@pytest.mark.parametrize(
    ("key", "players"),
    [("matchstick_tycoon", 3), ("chinese_ten", 2), ("fistful_of_gold", None)],
)
def test_the_hints_first_choice_is_never_a_mistake_in_the_review(key, players):
    info = GAMES[key]
    coach = Coach(key, budget=300)
    kwargs = {"players": players} if players else {}
    game = info.engine.new(seed=8, **kwargs)
    rng = random.Random(8)
    followed = set()
    while not game.is_over:
        for seat in list(game.current_players()):
            if game.is_over or seat not in game.current_players():
                continue
            legal = game.legal_moves(seat)
            if seat == 0 and len(legal) > 1 and len(followed) < 4:
                hints = coach.hints(game, seat, seed=len(game.history))
                followed.add(len(game.history))
                game.play(hints[0].move, seat)
            else:
                game.play(rng.choice(list(legal)), seat)
    assert followed
    hinted = coach.hinted(game, 0)
    assert set(hinted) == followed
    r = review(game, seat=0, budget=60, passes=1, seed=3, hinted=hinted)
    for d in r.decisions:
        if d.index in followed:
            assert d.verdict not in ("mistake", "blunder"), d
    if key == "fistful_of_gold":  # one plan, one figure: the review agrees on its own
        plain = review(game, seat=0, budget=60, passes=1, seed=3)
        for d in plain.decisions:
            if d.index in followed:
                assert d.verdict == "good", d


# -- what the coach shows ---------------------------------------------------------------


def _shown(coach: Coach, game, seat) -> str:
    coach.show(game, seat, seed=1)
    return coach.output.value


def test_ranges_are_spoken_of_only_when_shown_and_in_plain_words():
    with language("en"):
        fistful = Coach("fistful_of_gold")
        game, seat = next(
            (g, s)
            for g, s in _positions("fistful_of_gold", 4)
            if len(g.legal_moves(s)) > 2 and g.legal_moves(s)[0].__class__.__name__ == "Play"
        )
        text = _shown(fistful, game, seat)
        assert "(" not in text.split("<ol>")[1]  # worked out exactly: no brackets
        assert "bracket" not in text and "range" not in text and "overlap" not in text
        tycoon = Coach("matchstick_tycoon", budget=300)
        game, seat = next(iter(_positions("matchstick_tycoon", 1, players=3)))
        text = _shown(tycoon, game, seat)
        assert ", likely " in text and "The two numbers after “likely” show how sure" in text
        for words in (text,):
            low = f" {words.lower()} "
            assert not any(j in low for j in JARGON), words


def test_what_the_figures_mean_is_said_in_full_once_then_folded():
    """A learner read "the real figure is very likely between them" as their own result: the
    coach says once what the figures are (an average over very many games played on from
    here) and that one game can end far from it; later hints keep it one tap away.  On a
    phone only the best move shows until "Why, and the other moves" is opened (base.css)."""
    with language("en"):
        coach = Coach("matchstick_tycoon", budget=300)
        positions = _positions("matchstick_tycoon", 1, players=3)
        first = _shown(coach, *next(positions))
        about = first.split("<div class='tt-coach-about'>")[1]
        assert about.startswith("<div class='tt-note'>Win chance: how often you would win if")
        assert "A single game, like the one on the table, can be won with a low" in about
        assert "real figure" not in first and "<details class='tt-coach-about'>" not in first
        later = _shown(coach, *next(positions))
        assert "<details class='tt-coach-about'><summary>What the figures mean</summary>" in later
        assert "Win chance: how often" in later  # still there, folded
        # The phone's fold: the best move, then the rest behind one summary.
        assert "<details class='tt-coach-more'>" in later and "Why, and the other moves" in later
        assert "<span class='tt-coach-why'>" in later
    with language("fr"):
        coach._draw()
        assert "Chances de gagner\u00a0: la part des parties" in coach.output.value


def _rigged_hints(monkeypatch, coach: Coach, figures, measure: str = "win"):
    """Make ``coach.hints`` give hints with the next of ``figures`` ((mean, low, high) each,
    best first) at each call, as a search's report would, without searching."""
    from tabletop_widgets.core.stats import Estimate
    from tabletop_widgets.ui.coach import Hint, estimate_words

    figures = iter(figures)
    real = coach.hints

    def hints(game, seat, *, seed=0):
        real(game, seat, seed=seed)  # what the coach keeps of the position (few deals)
        values = [Estimate(*f) for f in next(figures)]
        coach._measure, coach._deals = measure, 40
        return [
            Hint(f"m{i}", f"move {i}", estimate_words(e, measure), "", e, i == 0)
            for i, e in enumerate(values)
        ]

    monkeypatch.setattr(coach, "hints", hints)


def test_what_the_range_means_is_said_only_beside_figures_shown_with_one(monkeypatch):
    """The note on what a figure's range means showed where no figure had one (bounds too
    wide to show: one deal), and, said in full with the first hints only, it was folded the
    first time a range did show (the first hints worked out exactly).  It shows only beside
    figures shown with a range, under them, in full the first time."""
    note = "The two numbers after “likely” show how sure the coach is"
    nan, inf = float("nan"), float("inf")
    coach = Coach("matchstick_tycoon", budget=30)
    _rigged_hints(
        monkeypatch,
        coach,
        [
            [(0.5, 0.5, 0.5), (0.4, 0.4, 0.4)],  # worked out exactly
            [(1.0, -inf, inf), (0.0, nan, nan)],  # one deal: no range to show
            [(0.5, 0.4, 0.6), (0.3, 0.2, 0.4)],
            [(0.5, 0.4, 0.6), (0.3, 0.2, 0.4)],
        ],
    )
    game, seat = next(iter(_positions("matchstick_tycoon", 1, players=3)))
    with language("en"):
        exact = _shown(coach, game, seat)
        assert note not in exact and "every way the cards you cannot see may lie" in exact
        wide = _shown(coach, game, seat)
        assert note not in wide and ", likely" not in wide
        assert "with the cards you cannot see dealt again" in wide  # played out all the same
        first = _shown(coach, game, seat)
        full = first.split("<div class='tt-coach-about'>")[1].split("<details")[0]
        assert note in full and first.index(note) > first.index(", likely ")
        later = _shown(coach, game, seat)
        assert "<div class='tt-coach-about'>" not in later
        assert note in later.split("<details class='tt-coach-about'>")[1]


def test_a_best_move_well_below_a_fair_share_comes_with_one_calm_sentence(monkeypatch):
    """Newcomer finding: "win chance 12 %" beside the coach's best move read as "you are
    doing badly".  Where even the best move's win chance is under half a fair share (100 %
    shared by the players, as shown), one sentence under it says the position is hard
    whatever is played -- and shows on a phone with the best move (it is no folded note).
    A second newcomer read "hard" beside 33 % at 3 players (an equal share) and 27 % at an
    even start of 2 players with draws: nothing is said there now, nor where no move can
    win at all (another player has already won)."""
    calm = "Even the best move wins only 12 % of the time from here, less than an equal share"
    coach = Coach("matchstick_tycoon", budget=30)
    _rigged_hints(
        monkeypatch,
        coach,
        [
            [(0.12, 0.08, 0.16), (0.1, 0.05, 0.15)],
            [(0.17, 0.1, 0.2), (0.1, 0.05, 0.15)],  # 17 % of 3 players: half a share
            [(0.333, 0.3, 0.36), (0.2, 0.1, 0.3)],  # 33 %: an equal share as shown
            [(0.003, 0.0, 0.01), (0.001, 0.0, 0.01)],
            [(0.0, 0.0, 0.0), (0.0, 0.0, 0.0)],  # decided: nobody here can win
        ],
    )
    game, seat = next(iter(_positions("matchstick_tycoon", 1, players=3)))
    assert game.players == 3
    with language("en"):
        text = html.unescape(_shown(coach, game, seat)).replace("\xa0", " ")  # "12 %"
        assert f"<div class='tt-coach-hard'>{calm}: this position is hard, whatever you play." in (
            text
        )
        assert text.index("</ol>") < text.index(calm) < text.index("tt-coach-about")
        assert "tt-coach-hard" not in _shown(coach, game, seat)
        assert "tt-coach-hard" not in _shown(coach, game, seat)
        assert "Even the best move almost never wins from here" in _shown(coach, game, seat)
        assert "tt-coach-hard" not in _shown(coach, game, seat)
    with language("en"):  # expected points have no share every game shares: nothing said
        coach = Coach("chinese_ten", budget=30)
        _rigged_hints(monkeypatch, coach, [[(3.0, 1.0, 5.0), (2.0, 1.0, 3.0)]], measure="score")
        game, seat = next(iter(_positions("chinese_ten", 3, players=2)))
        assert "tt-coach-hard" not in _shown(coach, game, seat)


def test_the_switch_is_labelled_hints_and_off_says_how_to_turn_them_on():
    """ "Coach on" stayed "Coach on" unticked, and the Hint button went without a word; then
    a teacher read "Coach" as a coach commenting live on every move, when it only offers the
    Hint button: the switch is "Allow hints", and the line said unticked names it."""
    game, seat = next(iter(_positions("fistful_of_gold", 4)))
    with language("en"):
        coach = Coach("fistful_of_gold")
        assert coach.switch.description == "Allow hints" and coach.switch.value
        coach.switch.value = False
        assert coach.button.layout.display == "none" and not coach.enabled
        assert "Hints are off. Tick “Allow hints” to turn them back on." in coach.output.value
        assert coach.show(game, seat) == [] and "Hints are off" in coach.output.value
        coach.clear()  # the position changed: the line stays
        assert "Hints are off" in coach.output.value
    with language("ko"):  # the label and the line follow the language
        assert coach.switch.description == _("Allow hints")
        off = html.escape(_("Hints are off. Tick “Allow hints” to turn them back on."))
        assert off in coach.output.value
    with language("en"):
        coach.switch.value = True
        assert coach.button.layout.display is None and coach.output.value == ""
        coach.set_available(False, "There are no hints in a classroom.")
        coach.switch.value = False  # not offered: the room's words, not the switch's
        assert "classroom" in coach.output.value and "Hints are off" not in coach.output.value


def test_only_one_move_is_named():
    from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    from tabletop_widgets.ui.coach import move_words

    g = MatchstickTycoon.from_position(
        {
            "players": 2,
            "expansion": 0,
            "hands": [[], ["0", "1", "2"]],
            "sticks": [2, 1],
            "table": None,
            "order": "normal",
            "to_move": 0,
            "out": [],
            "passed": [],
        }
    )
    (only,) = g.legal_moves(0)
    with language("en"):
        coach = Coach("matchstick_tycoon")
        text = _shown(coach, g, 0)
        # named as something to do, not as a thing ("a discarded stick")
        assert "You have only one move now: discard a stick." in text, text
        assert move_words(coach.info, only) not in text


def test_only_moves_are_actions_and_move_names_are_lower_case_inside_sentences():
    from tabletop_widgets.games.chinese_ten.moves import Move as TenMove
    from tabletop_widgets.games.fistful_of_gold.moves import Play
    from tabletop_widgets.games.matchstick_tycoon import DISCARD, PASS, Move
    from tabletop_widgets.ui.coach import action_words, capital, move_words

    with language("en"):
        tycoon, ten, fistful = (
            GAMES[k] for k in ("matchstick_tycoon", "chinese_ten", "fistful_of_gold")
        )
        assert action_words(tycoon, DISCARD) == "discard a stick"
        assert action_words(tycoon, PASS) == "pass"
        assert action_words(tycoon, Move.play("5", ["5"])).startswith("play a single 5")
        assert action_words(fistful, Play.parse("pink 5")) == "play your 5"
        assert action_words(ten, TenMove.parse("2C")) == "lay down the two of clubs"
        # every game's move names start lower case (mid-sentence) ...
        for info, move in ((tycoon, PASS), (ten, TenMove.parse("7H x 3S")), (tycoon, DISCARD)):
            words = move_words(info, move)
            assert words[:1] == words[:1].lower(), words
        # ... and the coach's list starts each with a capital
        assert capital("play the seven of hearts") == "Play the seven of hearts"
    with language("en"):
        coach = Coach("chinese_ten", budget=60)
        game, seat = next(iter(_positions("chinese_ten", 3, players=2)))
        text = _shown(coach, game, seat)
        items = text.split("<li><b>")[1:]
        assert items and all(i[:1] == i[:1].upper() for i in items), items


def test_no_coach_or_review_sentence_uses_jargon():
    """Every English message of the coach, the review and the games' coach words."""
    from pathlib import Path

    from babel.messages.extract import extract_from_file

    from tabletop_widgets.locale.tools import KEYWORDS

    root = Path(__file__).resolve().parents[2] / "tabletop_widgets"
    files = [
        root / "ui" / "coach.py",
        root / "ui" / "review.py",
        root / "analysis" / "review_plot.py",
        *sorted((root / "games").glob("*/coach.py")),
    ]
    from babel.messages.extract import DEFAULT_KEYWORDS

    keywords = {**DEFAULT_KEYWORDS, **KEYWORDS}
    texts = []
    for f in files:
        for _line, msg, _comments, _ctx in extract_from_file("python", f, keywords=keywords):
            texts.extend([msg] if isinstance(msg, str) else [m for m in msg if m])
    assert len(texts) > 30
    for t in texts:
        low = f" {t.lower()} "
        assert not any(j in low for j in JARGON), t


def _constructed(coach: Coach, figures, *, measure: str = "win", tied: int | None = None):
    """Show hints with the given (mean, low, high) figures, as a search's report would."""
    from tabletop_widgets.core.stats import Estimate
    from tabletop_widgets.ui.coach import Hint, estimate_words

    tied = len(figures) if tied is None else tied
    hints = [
        Hint(f"m{i}", f"move {i}", estimate_words(e, measure), "", e, i < tied)
        for i, e in enumerate(Estimate(*f) for f in figures)
    ]
    coach._measure = measure
    coach._shown = (hints, 40, "")
    coach._draw()
    return coach.output.value


def test_moves_are_called_about_as_good_only_when_their_figures_are_close():
    """Overlapping ranges with figures far apart (64 % and 20 %) mean the coach tried too few
    deals, not that the moves are about as good as each other."""
    from tabletop_widgets.ui.coach import CLOSE

    with language("en"):
        coach = Coach("matchstick_tycoon", budget=60)
        for far in ([(0.64, 0.2, 0.9), (0.20, 0.05, 0.7)], [(0.44, 0.2, 0.7), (0.27, 0.1, 0.5)]):
            text = _constructed(coach, far)
            assert "about as good" not in text and "too close" not in text, text
            assert "not tried enough deals yet to be sure which of these moves is best" in text
            text = _constructed(coach, [*far, (0.05, 0.0, 0.1)], tied=2)
            assert "about as good" not in text
            assert "which of the first 2 moves is best" in text, text
        near = [(0.55, 0.4, 0.7), (0.55 - CLOSE["win"] + 0.001, 0.4, 0.7)]
        text = _constructed(coach, near)
        assert "about as good as each other" in text and "not tried enough" not in text
        text = _constructed(coach, [*near, (0.1, 0.0, 0.2)], tied=2)
        assert "The first 2 moves are about as good as each other" in text
        # expected points: 12 and 19 are not close, 12 and 12.6 are
        text = _constructed(coach, [(12.0, 8.0, 16.0), (19.0, 10.0, 25.0)], measure="score")
        assert "not tried enough deals" in text
        text = _constructed(coach, [(12.0, 8.0, 16.0), (12.6, 8.0, 16.0)], measure="score")
        assert "about as good" in text
        # worked out exactly: equal figures are equally good
        text = _constructed(coach, [(0.5, 0.5, 0.5), (0.5, 0.5, 0.5)])
        assert "These moves are equally good." in text


def test_moves_shown_with_the_same_rounded_figure_are_never_called_one_better():
    """A Fistful hint listed "your 6 -- win chance 46 %" and "your 5 -- win chance 46 %"
    and called the 6 better: worked out exactly, 46.3 % is more than 45.8 %, but a learner
    reads the same figure.  Moves shown with the same rounded figure are about as good."""
    from tabletop_widgets.core.stats import Estimate
    from tabletop_widgets.ui.coach import Hint, estimate_words, tie_note

    def hints(figures, *, tied=1, measure="win"):
        values = [Estimate(*f) for f in figures]
        return [
            Hint(f"m{i}", f"move {i}", estimate_words(e, measure), "", e, i < tied)
            for i, e in enumerate(values)
        ]

    same = "about as good as each other: rounded, their figures are the same."
    with language("en"):
        exact = hints([(0.4633,) * 3, (0.4583,) * 3, (0.30,) * 3])
        chances = [h.chance.replace("\xa0", " ") for h in exact]  # "46 %": a no-break space
        assert chances == ["win chance 46 %"] * 2 + ["win chance 30 %"]
        assert tie_note(exact, "win") == f"The first 2 moves are {same}"
        assert tie_note(exact[:2], "win") == f"These moves are {same}"
        # shown apart (47 % and 46 %), however little: the first is better, nothing to add
        assert tie_note(hints([(0.4651,) * 3, (0.4649,) * 3]), "win") == ""
        # played out: the coach tells them apart (its ranges say so), yet both show 62 %
        played = hints([(0.621, 0.60, 0.64), (0.617, 0.60, 0.64), (0.40, 0.35, 0.45)])
        assert tie_note(played, "win") == f"The first 2 moves are {same}"
        # expected points 12.4 and 11.6 are both shown as 12; places 2.54 and 2.46 as 2.5
        points = hints([(12.4, 10.0, 15.0), (11.6, 9.0, 14.0)], measure="score")
        assert tie_note(points, "score") == f"These moves are {same}"
        places = hints([(2.46, 2.3, 2.6), (2.54, 2.4, 2.7)], measure="place")
        assert tie_note(places, "place") == f"These moves are {same}"
        # the other wordings stand where they did
        assert tie_note(hints([(0.5,) * 3, (0.5,) * 3], tied=2), "win") == (
            "These moves are equally good."
        )
        near = hints([(0.55, 0.4, 0.7), (0.53, 0.4, 0.7)], tied=2)
        assert "too close for the coach to tell" in tie_note(near, "win")
        far = hints([(0.64, 0.2, 0.9), (0.20, 0.05, 0.7)], tied=2)
        assert "not tried enough deals" in tie_note(far, "win")
        assert tie_note(exact[:1], "win") == ""
        # and the coach's panel says it under the list
        coach = Coach("fistful_of_gold")
        coach._measure, coach._shown = "win", (exact, 0, "")
        coach._draw()
        assert f"The first 2 moves are {same}" in coach.output.value
