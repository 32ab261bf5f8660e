"""The shared analysis layer: one API for every game, its arguments, reports and plots."""

from __future__ import annotations

import random
import threading

import pytest

from tabletop_widgets.analysis import (
    head_to_head,
    iter_what_if,
    most_promising,
    round_robin,
    simulate,
    what_if,
)
from tabletop_widgets.core import GAMES, RandomBot, load_record
from tabletop_widgets.core.registry import BUILTIN

KEYS = list(BUILTIN)  # the contract tests may register a test-only game in GAMES
SMALL = {"matchstick_tycoon": {"players": 3}, "chinese_ten": {"players": 2}, "fistful_of_gold": {}}


def new(key: str, seed: int = 1):
    return GAMES[key].engine.new(seed=seed, **SMALL[key])


def mover(game) -> int:
    return game.current_players()[0]


# -- the game and the bots, as arguments ---------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_the_game_may_be_a_key_an_info_a_class_or_a_game(key):
    info = GAMES[key]
    reports = [simulate(g, 2, seed=4, options=SMALL[key]) for g in (key, info, info.engine)]
    assert reports[0].seats == reports[1].seats == reports[2].seats
    from_game = simulate(new(key), 2, seed=4)
    assert len(from_game.games) == 2


@pytest.mark.parametrize(
    "bots",
    ["greedy", "medium", "random", RandomBot, RandomBot(seed=1), ["greedy", "random", "easy"]],
    ids=["name", "level", "other name", "class", "instance", "per seat"],
)
def test_bots_in_every_form(bots):
    report = simulate("matchstick_tycoon", 2, bots=bots, options={"players": 3})
    assert len(report.bots) == 3


def test_bot_errors_say_what_was_passed():
    g = new("matchstick_tycoon")
    with pytest.raises(ValueError, match=r"3 seats, not 2 \(\['greedy', 'random'\]\)"):
        what_if(g, bots=["greedy", "random"], playouts=1)
    with pytest.raises(ValueError, match="no bot or level called 'clever'.*greedy.*medium"):
        simulate("matchstick_tycoon", 1, bots="clever")
    with pytest.raises(TypeError, match="not int 7"):
        simulate("chinese_ten", 1, bots=7)
    with pytest.raises(TypeError, match="not a bot class"):
        simulate("chinese_ten", 1, bots=int)
    # A level gets its bot's name in reports.
    assert simulate("chinese_ten", 1, bots="easy").bots[0] == "easy (random)"


def test_a_bot_of_another_game_is_refused_by_name():
    # It used to fail deep in a playout: 'Observation' object has no attribute 'layout'.
    chinese_greedy = GAMES["chinese_ten"].bots["greedy"]
    with pytest.raises(ValueError, match="GreedyBot is a bot of Chinese Ten, not of Matchstick"):
        simulate("matchstick_tycoon", 1, bots=chinese_greedy)
    with pytest.raises(ValueError, match="a bot of Chinese Ten"):
        what_if(new("matchstick_tycoon"), bots=chinese_greedy(seed=1), playouts=1)
    assert simulate("chinese_ten", 1, bots=chinese_greedy).bots == ("greedy",) * 3


def test_game_errors_say_what_was_passed():
    with pytest.raises(TypeError, match=r"needs a game in progress \(e.g. GAMES\['chinese_ten'\]"):
        what_if("chinese_ten")
    with pytest.raises(TypeError, match="from_position"):
        what_if(new("matchstick_tycoon").position)
    with pytest.raises(ValueError, match="no game called 'chess'"):
        simulate("chess", 3)
    with pytest.raises(TypeError, match="a game is a key of GAMES"):
        head_to_head(3.5, "greedy", "random")
    with pytest.raises(ValueError, match="players"):
        simulate("chinese_ten", 1, options={"players": 9})
    with pytest.raises(TypeError, match="n is a whole number, not str '10'"):
        simulate("chinese_ten", "10")
    with pytest.raises(ValueError, match="games must be at least 1"):
        head_to_head("fistful_of_gold", "greedy", "random", games=0)


# -- simulate --------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_simulate_is_seeded_and_keeps_every_game_on_request(key):
    report = simulate(key, 3, seed=7, options=SMALL[key], keep=True)
    again = simulate(key, 3, seed=7, options=SMALL[key])
    assert [g.result for g in report.games] == [g.result for g in again.games]
    for i, played in enumerate(report.games):
        assert played.seed == 7 + i
        # the documented promise: a seed gives the same deal
        assert GAMES[key].engine.new(seed=7 + i, **SMALL[key]).position == played.start
        game = played.game()
        assert game.history == played.moves and game.result == played.result
        assert load_record(played.record).is_over
    assert again.games[0].record is None
    with pytest.raises(ValueError, match="keep=True"):
        again.games[0].game()


def test_simulation_rows_count_seats_from_one():
    report = simulate("matchstick_tycoon", 4, options={"players": 3}, seed=2)
    seats = report.to_records()
    assert [r["seat"] for r in seats] == [1, 2, 3]
    assert sum(r["win share"] for r in seats) == pytest.approx(1.0)
    games = report.to_records(per="game")
    assert len(games) == 12 and {r["seat"] for r in games} == {1, 2, 3}
    text = str(report) + report._repr_html_()
    assert "Seat 1" in text and "Seat 0" not in text and "seat 0" not in text
    assert "<table" in report._repr_html_() and repr(report).startswith("<SimulationReport")
    with pytest.raises(ValueError, match="per is 'seat' or 'game'"):
        report.to_records(per="move")


def test_to_dataframe_or_a_clear_message():
    report = simulate("fistful_of_gold", 2)
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match=r"tabletop-widgets\[explore\]"):
            report.to_dataframe()
    else:
        df = report.to_dataframe(per="game")
        assert list(df["seat"]) == [1, 2, 1, 2]


def test_simulate_stops_early_and_says_so():
    stop = threading.Event()
    stop.set()
    report = simulate("fistful_of_gold", 5, cancel=stop)
    assert report.stopped and not report.games and "stopped after 0 of 5" in str(report)

    def interrupt(done, total):
        if done == 2:
            raise KeyboardInterrupt  # the kernel's ■ button

    report = simulate("fistful_of_gold", 5, progress=interrupt)
    assert report.stopped and len(report.games) == 2


# -- what if ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_what_if_in_every_game(key):
    g = new(key)
    report = what_if(g, seat=mover(g), candidates=3, playouts=4, seed=1)
    assert report.done and len(report) == 3 and report.best.versus_best.mean == 0
    assert all(c.playouts == 4 for c in report)
    assert report.horizon == GAMES[key].value[0] and report.measure == GAMES[key].value[1]
    assert g.history == ()  # the game itself is untouched
    text = str(report)
    assert f"Seat {mover(g) + 1}" in text and "seat 0" not in text.lower()


def test_what_if_pairs_the_moves_on_the_same_re_deals():
    g = new("matchstick_tycoon", seed=3)
    report = what_if(g, candidates=4, playouts=30, seed=2)
    rows = report.to_records(per="playout")
    by_move: dict[str, list[float]] = {}
    for r in rows:
        by_move.setdefault(r["move"], []).append(r["win share"])
    best = by_move[str(report.best.move)]
    for c in report.candidates[1:]:
        diffs = [a - b for a, b in zip(by_move[str(c.move)], best, strict=True)]
        assert c.versus_best.mean == pytest.approx(sum(diffs) / len(diffs))
        assert c.versus_best.low <= c.versus_best.mean <= c.versus_best.high
    for c in report.candidates[1:]:  # any pair: the same pairing as versus_best
        assert report.difference(c.move, report.best.move) == c.versus_best
    with pytest.raises(KeyError, match="not one of the candidates"):
        report.difference("pass", report.best.move)
    # the same move twice gives the same playouts: a difference of exactly 0
    m = report.best.move
    other = next(c.move for c in report.candidates if c.move != m)
    twin = what_if(g, candidates=[other, m], playouts=5, seed=2)
    assert twin.candidate(m).win == what_if(g, candidates=[m], playouts=5, seed=2).candidate(m).win


def test_what_if_is_seeded_and_does_not_depend_on_workers():
    g = new("chinese_ten", seed=4)
    one = what_if(g, candidates=3, playouts=6, seed=5)
    two = what_if(g, candidates=3, playouts=6, seed=5, workers=2)
    assert one.to_records() == two.to_records()
    assert what_if(g, candidates=3, playouts=6, seed=6).to_records() != one.to_records()


def test_what_if_candidates_and_refusals():
    g = new("matchstick_tycoon", seed=3)
    legal = g.legal_moves()
    assert len(what_if(g, playouts=1).moves) == len(legal)
    assert what_if(g, candidates=[str(legal[0]), legal[0]], playouts=1).moves == (legal[0],)
    assert list(what_if(g, candidates=2, playouts=1).moves) == most_promising(g, 2)
    with pytest.raises(ValueError, match="not a legal move now.*MT-5"):
        what_if(g, candidates=["pass"])
    other = (g.to_move + 1) % 3
    with pytest.raises(ValueError, match=rf"seat={other} \(Seat {other + 1}\) is not to move"):
        what_if(g, seat=other)
    with pytest.raises(IndexError, match="not 5"):
        what_if(g, seat=5)
    with pytest.raises(ValueError, match="playouts must be at least 1"):
        what_if(g, playouts=0)
    with pytest.raises(TypeError, match="candidates is None"):
        what_if(g, candidates="2x8")
    with pytest.raises(ValueError, match="no horizon 'deal'"):
        what_if(g, horizon="deal")
    with pytest.raises(ValueError, match="measure is one of"):
        what_if(g, measure="gold")


def test_simultaneous_choices_need_a_seat():
    g = new("fistful_of_gold")
    with pytest.raises(ValueError, match="Seat 1 and Seat 2 choose now: say whose"):
        what_if(g)
    assert what_if(g, seat=1, candidates=2, playouts=2).seat == 1


def test_chinese_ten_horizons_and_measures():
    g = new("chinese_ten", seed=2)
    deal = what_if(g, candidates=2, playouts=3)
    assert deal.horizon == "deal" and deal.measure == "score"
    whole = what_if(g, candidates=2, playouts=2, horizon="game", measure="place")
    assert whole.horizon == "game" and whole.measure == "place"
    assert whole.best.place.mean <= whole.candidates[1].place.mean


def test_what_if_is_anytime_and_cancellable():
    g = new("matchstick_tycoon", seed=3)
    steps = iter_what_if(g, candidates=3, playouts=1000)
    first = next(steps)
    assert not first.done and 0 < first.playouts < 3000
    steps.close()
    cancel = threading.Event()
    reports = []
    for r in iter_what_if(g, candidates=3, playouts=10_000, cancel=cancel):
        reports.append(r)
        if len(reports) == 2:
            cancel.set()
    assert reports[-1].stopped and not reports[-1].done and len(reports) == 3
    timed = what_if(g, candidates=3, playouts=100_000, time_limit=0.3)
    assert timed.stopped and timed.playouts > 0

    def interrupt(done, total):
        if done:
            raise KeyboardInterrupt

    assert what_if(g, candidates=3, playouts=1000, progress=interrupt).stopped


# -- head to head ------------------------------------------------------------------------


def test_head_to_head_rotates_seats_and_scores_the_first_bot():
    r = head_to_head("fistful_of_gold", "greedy", RandomBot, games=8, seed=2)
    seats = [row["first's seat"] for row in r.to_records(per="game")]
    assert seats == [1, 2] * 4
    assert r.wins + r.draws + r.losses == 8 and r.second == "random"
    assert sum(r.seat_wins) == pytest.approx(1.0)
    three = head_to_head("matchstick_tycoon", "greedy", "easy", games=3, options={"players": 3})
    assert [row["first's seat"] for row in three.to_records(per="game")] == [1, 2, 3]
    rr = round_robin("chinese_ten", ["random", "greedy"], games=2, options={"players": 2})
    assert len(rr) == 1 and rr.to_records()[0]["first"] == "random"
    with pytest.raises(TypeError, match="a list of at least two bots"):
        round_robin("chinese_ten", "greedy")


def test_a_matchup_place_interval_stays_within_the_seats():
    from tabletop_widgets.analysis import MatchupReport
    from tabletop_widgets.core import Result

    won, lost = Result((1, 2), (1, 0)), Result((2, 1), (0, 1))
    r = MatchupReport("A Fistful of Gold", "greedy", "random", 0, ((0, won), (0, lost)), 2)
    assert r.place == (1.5, 1, 2)  # two games: the t interval alone is far wider


# -- plots --------------------------------------------------------------------------------


def test_every_plot_is_a_figure_titled_with_seats_from_one():
    from matplotlib.figure import Figure

    g = new("chinese_ten", seed=2)
    figures = [
        what_if(g, candidates=2, playouts=2).plot(),
        simulate("matchstick_tycoon", 3, options={"players": 3}).plot(),
        head_to_head("fistful_of_gold", "greedy", "random", games=2).plot(),
        round_robin("fistful_of_gold", ["random", "greedy", "equilibrium"], games=2).plot(),
    ]
    for fig in figures:
        assert isinstance(fig, Figure)
        assert fig._repr_png_()[:4] == b"\x89PNG"
        texts = [fig.get_suptitle()] + [ax.get_xlabel() for ax in fig.axes]
        texts += [t.get_text() for ax in fig.axes for t in ax.get_xticklabels()]
        assert not any("seat 0" in t.lower() for t in texts)
    assert "Seat 1" in figures[0].get_suptitle()


def test_a_random_bot_instance_is_used_as_it_is():
    bot = RandomBot(seed=3)
    state = bot.rng.getstate()
    simulate("fistful_of_gold", 1, bots=bot)
    assert bot.rng.getstate() != state
    assert random.Random(3).getstate() == state


def test_a_long_what_if_table_shows_the_best_moves_and_says_how_many_more():
    g = new("matchstick_tycoon", seed=3)
    report = what_if(g, playouts=1)
    assert len(report) > 16 and len(report.to_records()) == len(report)
    lines = str(report).splitlines()
    assert len(lines) == 2 + 15 + 1 and f"… {len(report) - 15} more moves" in lines[-1]


def test_a_progress_bar_in_a_notebook_only(monkeypatch):
    from tabletop_widgets.analysis import progress

    shown = []
    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    monkeypatch.setattr("IPython.display.display", lambda w: shown.append(w))
    bar = progress.Progress(True, total=5, label="games")
    bar.update(5)
    bar.close()
    (box,) = shown
    assert box.children[0].value == 5 and "5 of 5" in box.children[1].value
    monkeypatch.setattr(progress, "in_notebook", lambda: False)
    quiet = progress.Progress(True, total=5)
    quiet.update(5)
    assert quiet._bar is None  # a script prints nothing
    with pytest.raises(TypeError, match="progress is None"):
        progress.Progress("yes", total=1)
