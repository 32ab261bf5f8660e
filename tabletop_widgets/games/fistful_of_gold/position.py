"""Options, the position, and the gold bookkeeping derived from the cards played.

A :class:`Position` stores only what players did: hands, discards, the rows
of revealed cards (this round and past rounds), the green-8 reclaims and the
secret choices not yet revealed.  Gold, the tie pot, round wins and the
result are *derived* from the revealed rows, so a position can never carry
gold that its cards do not explain, and :meth:`Position.from_json` can
refuse anything that could not arise in a game.

>>> p = Position.initial()
>>> p.phase, p.round, p.to_move, p.to_discard(0)
('discard', 1, (0, 1), 2)
>>> Position.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from tabletop_widgets.core.errors import IllegalMoveError, PositionError
from tabletop_widgets.games.fistful_of_gold.cards import (
    COLOURS,
    GREEN,
    PINK,
    SPECIALS,
    Card,
    compare,
    deck,
)
from tabletop_widgets.games.fistful_of_gold.moves import Discard, Move, Play, Reclaim, parse_move

#: Duels per round (FG-2).
DUELS: tuple[int, int, int] = (6, 5, 4)
#: Gold a tie puts in the tie pot (FG-3).
TIE_GOLD = 2
PHASES = ("discard", "duel", "reclaim", "over")

# Every "(interpretation)" of the rules page is one option: the rules-page
# reading first, then the alternatives (docs/fistful_of_gold_notation.md).
CHOICES: dict[str, tuple[Any, ...]] = {
    "hands": ("keep", "fresh"),
    "dynamite_counts_as": (None, 0, 9),
    "pot_at_round_end": ("lost", "carry"),
    "six_vs_six": ("tie", "split"),
    "green7": ("rest_of_round", "next_round"),
    "equal_round": ("nobody", "both", "duels"),
    "game_tiebreak": ("gold", "draw"),
}


@dataclass(frozen=True)
class Options:
    """Rule readings; the defaults are the rules page's.

    >>> Options(hands="fresh").hand_size(2)
    7
    >>> Options(specials=["six"]).specials
    frozenset({'six'})
    >>> Options(hands="all")
    Traceback (most recent call last):
    ...
    tabletop_widgets.core.errors.PositionError: options.hands: must be one of 'keep', 'fresh'
    """

    hands: str = "keep"
    dynamite_counts_as: int | None = None
    pot_at_round_end: str = "lost"
    six_vs_six: str = "tie"
    green7: str = "rest_of_round"
    equal_round: str = "nobody"
    game_tiebreak: str = "gold"
    specials: frozenset[str] = field(default=SPECIALS)

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            # Same type as well as equal: False must not pass for 0, nor 9.0 for 9.
            if not any(type(value) is type(a) and value == a for a in allowed):
                shown = ", ".join(repr(a) for a in allowed)
                raise PositionError(f"options.{name}", f"must be one of {shown}")
        specials = self.specials
        if specials == "all":
            specials = SPECIALS
        elif specials == "none":
            specials = frozenset()
        if isinstance(specials, str) or not isinstance(specials, Iterable):
            raise PositionError("options.specials", "must be a list of special names")
        specials = list(specials)
        if not all(isinstance(name, str) for name in specials):
            raise PositionError("options.specials", "must be a list of special names")
        specials = frozenset(specials)
        if not specials <= SPECIALS:
            raise PositionError(
                "options.specials", f"unknown special(s) {sorted(map(str, specials - SPECIALS))}"
            )
        object.__setattr__(self, "specials", specials)

    def hand_size(self, round_no: int) -> int:
        """Cards in hand when round ``round_no`` starts, discards done (no reclaim)."""
        return 7 if self.hands == "fresh" else 8 - round_no

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["specials"] = sorted(self.specials)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if not isinstance(data, Mapping):
            raise PositionError("options", "must be an object")
        names = {f.name for f in fields(cls)}
        for key in data:
            if key not in names:
                raise PositionError(f"options.{key}", "unknown option")
        return cls(**data)


def step_value(card: Card, options: Options) -> int | None:
    """The number the +1 restriction sees (FG-3); ``None`` when the card takes no part."""
    return options.dynamite_counts_as if card.is_dynamite else card.value


def blocked(previous: Card | None, card: Card, options: Options) -> bool:
    """True if ``card`` may not follow ``previous`` in the same round (FG-3).

    >>> blocked(Card("pink", "4"), Card("pink", "5"), Options())
    True
    >>> blocked(Card("pink", "D"), Card("pink", "1"), Options(dynamite_counts_as=0))
    True
    """
    if previous is None:
        return False
    before, now = step_value(previous, options), step_value(card, options)
    return before is not None and now is not None and now == before + 1


# --- one duel in its round -------------------------------------------------


@dataclass(frozen=True)
class DuelResult:
    """What one revealed duel did, with a sentence for the learner."""

    round: int
    duel: int
    cards: tuple[Card, Card]
    winner: int | None
    gold: tuple[int, int]  # everything each seat gained: win, green-7 bonus, pot
    bonus: tuple[int, int]
    pot_before: int
    pot_after: int
    pot_taken: tuple[int, int]
    ends_round: bool
    text: str


def resolve_duel(
    options: Options,
    pink: Card,
    green: Card,
    *,
    round_no: int = 1,
    duel: int = 1,
    pot: int = 0,
    bonus: tuple[int, int] = (0, 0),
    sixes_played: tuple[bool, bool] = (False, False),
) -> DuelResult:
    """Resolve one duel: FG-3 first, then the 6 takes the pot, then the 7s.

    >>> r = resolve_duel(Options(), Card("pink", "6"), Card("green", "2"), pot=4)
    >>> r.winner, r.gold, r.pot_after
    (1, (4, 4), 0)
    >>> print(r.text)  # doctest: +NORMALIZE_WHITESPACE
    pink 6 against green 2: difference 4 is more than 3, so the lower card wins 4 gold.
    pink takes the tie pot of 4 gold with the first 6 of the round.
    """
    specials = options.specials
    cards = (pink, green)
    winner, amount = compare(pink, green, specials)
    gold = [0, 0]
    extra = [0, 0]
    taken = [0, 0]
    before = pot
    parts = [f"{pink} against {green}: "]
    if winner is None:
        pot += TIE_GOLD
        parts.append(f"a tie; {TIE_GOLD} gold go into the tie pot.")
    else:
        gold[winner] += amount
        parts.append(_why(pink, green, winner, amount, specials))
        if bonus[winner]:
            extra[winner] = bonus[winner]
            gold[winner] += bonus[winner]
            parts.append(f" The green 7 adds {bonus[winner]} gold.")
    if "six" in specials:
        six = tuple(c.rank == "6" for c in cards)
        if all(six):
            if options.six_vs_six == "split" and pot:
                share = pot // 2
                for s in (0, 1):
                    taken[s] = share
                pot -= 2 * share
                parts.append(f" Both 6s share the tie pot: {share} gold each.")
        else:
            for s in (0, 1):
                if six[s] and not sixes_played[1 - s] and pot:
                    taken[s] = pot
                    parts.append(
                        f" {COLOURS[s]} takes the tie pot of {pot} gold"
                        " with the first 6 of the round."
                    )
                    pot = 0
    for s in (0, 1):
        gold[s] += taken[s]
    ends = "pink7" in specials and pink.rank == "7" and duel >= 3
    if ends:
        parts.append(" The pink 7 in duel 3 or later ends the round.")
    return DuelResult(
        round=round_no,
        duel=duel,
        cards=cards,
        winner=winner,
        gold=(gold[0], gold[1]),
        bonus=(extra[0], extra[1]),
        pot_before=before,
        pot_after=pot,
        pot_taken=(taken[0], taken[1]),
        ends_round=ends,
        text="".join(parts),
    )


def _why(pink: Card, green: Card, winner: int, amount: int, specials: frozenset[str]) -> str:
    name = COLOURS[winner]
    if pink.is_dynamite or green.is_dynamite:
        return f"Dynamite decides; {name} wins {amount} gold."
    if "pink8" in specials and {pink.rank, green.rank} == {"8", "1"} and pink.rank == "8":
        return f"the pink 8 beats a 1 and wins {amount} gold."
    if amount <= 3:
        return f"difference {amount}, so the higher card wins {amount} gold."
    return f"difference {amount} is more than 3, so the lower card wins {amount} gold."


# --- rounds and the game ------------------------------------------------------


@dataclass(frozen=True)
class RoundTally:
    """Gold and pot of one round so far, from its revealed rows."""

    number: int
    duels: tuple[DuelResult, ...]
    gold: tuple[int, int]
    pot: int
    bonus: tuple[int, int]
    duels_won: tuple[int, int]
    next_bonus: tuple[int, int]  # what green7="next_round" hands to the next round


Rows = tuple[tuple[Card, ...], tuple[Card, ...]]


def tally_rounds(options: Options, rounds: Iterable[Rows]) -> tuple[RoundTally, ...]:
    """Replay the revealed rows of each round, carrying pot and bonus as the options say."""
    out: list[RoundTally] = []
    pot = 0
    bonus = (0, 0)
    for number, (pink_row, green_row) in enumerate(rounds, start=1):
        gold, won, nxt, now = [0, 0], [0, 0], [0, 0], list(bonus)
        results = []
        for i, (p, g) in enumerate(zip(pink_row, green_row, strict=True)):
            sixes = (
                any(c.rank == "6" for c in pink_row[:i]),
                any(c.rank == "6" for c in green_row[:i]),
            )
            r = resolve_duel(
                options,
                p,
                g,
                round_no=number,
                duel=i + 1,
                pot=pot,
                bonus=(now[0], now[1]),
                sixes_played=sixes,
            )
            results.append(r)
            pot = r.pot_after
            for s in (0, 1):
                gold[s] += r.gold[s]
            if r.winner is not None:
                won[r.winner] += 1
            for s, c in enumerate((p, g)):
                if c.colour == GREEN and c.rank == "7" and "green7" in options.specials:
                    if options.green7 == "rest_of_round":
                        now[s] = 1
                    else:
                        nxt[s] = 1
        out.append(
            RoundTally(
                number=number,
                duels=tuple(results),
                gold=(gold[0], gold[1]),
                pot=pot,
                bonus=(now[0], now[1]),
                duels_won=(won[0], won[1]),
                next_bonus=(nxt[0], nxt[1]),
            )
        )
        if options.pot_at_round_end == "lost":
            pot = 0
        bonus = (nxt[0], nxt[1])
    return tuple(out)


def round_winners(options: Options, tally: RoundTally) -> tuple[int, ...]:
    """Seats that win a finished round (FG-2): more gold; equal gold as the option says."""
    a, b = tally.gold
    if a != b:
        return (0,) if a > b else (1,)
    if options.equal_round == "both":
        return (0, 1)
    if options.equal_round == "duels" and tally.duels_won[0] != tally.duels_won[1]:
        return (0,) if tally.duels_won[0] > tally.duels_won[1] else (1,)
    return ()


@dataclass(frozen=True)
class Result:
    """The end of the game: ``winner`` is a seat, or ``None`` for a draw."""

    winner: int | None
    round_wins: tuple[int, int]
    round_gold: tuple[tuple[int, int], ...]
    gold: tuple[int, int]  # all rounds together
    decided_by: str  # "rounds", "gold" or "draw"

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        wins = f"{self.round_wins[0]}-{self.round_wins[1]} in rounds"
        if self.winner is None:
            return f"draw ({wins}, gold {self.gold[0]}-{self.gold[1]})"
        how = "on gold" if self.decided_by == "gold" else wins
        return f"{COLOURS[self.winner]} wins ({how})"

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "round_wins": list(self.round_wins),
            "round_gold": [list(g) for g in self.round_gold],
            "gold": list(self.gold),
            "decided_by": self.decided_by,
        }


def game_result(options: Options, finished: tuple[RoundTally, ...]) -> Result | None:
    """The result once the finished rounds end the game (FG-2), else ``None``."""
    wins = [0, 0]
    for t in finished:
        for s in round_winners(options, t):
            wins[s] += 1
    if max(wins) < 2 and len(finished) < 3:
        return None
    gold = (sum(t.gold[0] for t in finished), sum(t.gold[1] for t in finished))
    winner: int | None = None
    decided = "rounds"
    if wins[0] != wins[1]:
        winner = 0 if wins[0] > wins[1] else 1
    elif options.game_tiebreak == "gold" and gold[0] != gold[1]:
        winner, decided = (0 if gold[0] > gold[1] else 1), "gold"
    else:
        decided = "draw"
    return Result(winner, (wins[0], wins[1]), tuple(t.gold for t in finished), gold, decided)


# --- the position ---------------------------------------------------------------

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


def _sorted_pair(pair: Iterable[Iterable[Card]]) -> Hands:
    a, b = (tuple(sorted(x)) for x in pair)
    return a, b


@dataclass(frozen=True)
class Position:
    """Everything on and under the table. Seat 0 is pink, seat 1 green.

    ``rows`` are this round's revealed cards in play order, ``past`` those of
    finished rounds; ``pending`` holds a seat's secret choice until both are in.
    """

    options: Options
    phase: str
    hands: Hands
    discards: Hands
    rows: Rows = ((), ())
    past: tuple[Rows, ...] = ()
    reclaims: tuple[tuple[int, Card], ...] = ()
    pending: tuple[Move | None, Move | None] = (None, None)

    @classmethod
    def initial(cls, options: Options | None = None) -> Position:
        """Before round 1: all nine cards in hand, both players to discard."""
        return cls(options or Options(), "discard", (deck(PINK), deck(GREEN)), ((), ()))

    # -- derived facts ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        """The round being played (the last one once the game is over)."""
        return len(self.past) + (0 if self.is_over else 1)

    @property
    def duels_in_round(self) -> int:
        return DUELS[self.round - 1]

    @property
    def duel(self) -> int:
        """Number of the duel being chosen now (1-based)."""
        return len(self.rows[0]) + 1

    @cached_property
    def tallies(self) -> tuple[RoundTally, ...]:
        rounds = self.past if self.is_over else (*self.past, self.rows)
        return tally_rounds(self.options, rounds)

    @property
    def gold(self) -> tuple[int, int]:
        """Gold of the current round (the last round once over)."""
        return self.tallies[-1].gold

    @property
    def pot(self) -> int:
        return self.tallies[-1].pot

    @property
    def bonus(self) -> tuple[int, int]:
        """Extra gold per duel won now (green 7)."""
        return self.tallies[-1].bonus

    @property
    def duels_won(self) -> tuple[int, int]:
        return self.tallies[-1].duels_won

    @property
    def finished_rounds(self) -> tuple[RoundTally, ...]:
        return self.tallies if self.is_over else self.tallies[:-1]

    @property
    def round_winners(self) -> tuple[tuple[int, ...], ...]:
        return tuple(round_winners(self.options, t) for t in self.finished_rounds)

    @property
    def round_wins(self) -> tuple[int, int]:
        flat = [s for w in self.round_winners for s in w]
        return flat.count(0), flat.count(1)

    @property
    def total_gold(self) -> tuple[int, int]:
        """Gold of all rounds together, the current one included."""
        return sum(t.gold[0] for t in self.tallies), sum(t.gold[1] for t in self.tallies)

    @cached_property
    def result(self) -> Result | None:
        return game_result(self.options, self.finished_rounds) if self.is_over else None

    @property
    def to_move(self) -> tuple[int, ...]:
        """Seats that still have to choose; in the reclaim phase only green."""
        if self.phase in ("discard", "duel"):
            return tuple(s for s in (0, 1) if self.pending[s] is None)
        if self.phase == "reclaim":
            return (1,)
        return ()

    def to_discard(self, seat: int) -> int:
        """How many cards ``seat`` discards in the discard phase (0 otherwise)."""
        if self.phase != "discard":
            return 0
        return len(self.hands[seat]) - self.options.hand_size(self.round)

    def reclaims_in(self, round_no: int, seat: int = 1) -> tuple[Card, ...]:
        return tuple(c for r, c in self.reclaims if r == round_no and c.seat == seat)

    def last_played(self, seat: int) -> Card | None:
        row = self.rows[seat]
        return row[-1] if row else None

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` may play in this duel (hand minus the +1 restriction)."""
        last = self.last_played(seat)
        return tuple(c for c in self.hands[seat] if not blocked(last, c, self.options))

    @property
    def round_complete(self) -> bool:
        """All duels of the round are revealed, or a pink 7 closed it early."""
        return bool(self.rows[0]) and (
            len(self.rows[0]) == self.duels_in_round or self.tallies[-1].duels[-1].ends_round
        )

    # -- JSON ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        def names(cards: Iterable[Card]) -> list[str]:
            return [str(c) for c in cards]

        return {
            "options": self.options.to_json(),
            "phase": self.phase,
            "hands": [names(h) for h in self.hands],
            "discards": [names(d) for d in self.discards],
            "rows": [names(r) for r in self.rows],
            "past_rounds": [[names(r) for r in rows] for rows in self.past],
            "reclaims": [[r, str(c)] for r, c in self.reclaims],
            "pending": [None if m is None else str(m) for m in self.pending],
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read and check a position; PositionError names the first bad field."""
        if not isinstance(data, Mapping):
            raise PositionError("position", "must be an object")
        known = {
            "options",
            "phase",
            "hands",
            "discards",
            "rows",
            "past_rounds",
            "reclaims",
            "pending",
        }
        for key in data:
            if key not in known:
                raise PositionError(str(key), "unknown field")
        for key in ("phase", "hands", "discards"):
            if key not in data:
                raise PositionError(key, "missing")
        options = Options.from_json(data.get("options", {}))
        phase = data["phase"]
        if phase not in PHASES:
            raise PositionError("phase", f"must be one of {', '.join(PHASES)}")
        past_raw = _list(data.get("past_rounds", []), "past_rounds")
        past = tuple(_pair(r, f"past_rounds[{i}]", sort=False) for i, r in enumerate(past_raw))
        reclaims = []
        for i, item in enumerate(_list(data.get("reclaims", []), "reclaims")):
            where = f"reclaims[{i}]"
            if not (isinstance(item, list | tuple) and len(item) == 2):
                raise PositionError(where, "must be [round, card]")
            if isinstance(item[0], bool) or not isinstance(item[0], int):
                raise PositionError(f"{where}[0]", "must be a round number")
            reclaims.append((item[0], _card(item[1], f"{where}[1]", GREEN)))
        pending_raw = _list(data.get("pending", [None, None]), "pending")
        if len(pending_raw) != 2:
            raise PositionError("pending", "must hold one entry per seat")
        pending: list[Move | None] = []
        for s, text in enumerate(pending_raw):
            if text is None:
                pending.append(None)
                continue
            if not isinstance(text, str):
                raise PositionError(f"pending[{s}]", "must be a move or null")
            try:
                move = parse_move(text, colour=COLOURS[s])
            except IllegalMoveError as exc:
                raise PositionError(f"pending[{s}]", exc.reason) from None
            pending.append(move)
        position = cls(
            options=options,
            phase=phase,
            hands=_pair(data["hands"], "hands"),
            discards=_pair(data["discards"], "discards"),
            rows=_pair(data.get("rows", [[], []]), "rows", sort=False),
            past=past,
            reclaims=tuple(reclaims),
            pending=(pending[0], pending[1]),
        )
        position.validate()
        return position

    # -- what could arise ------------------------------------------------------

    def validate(self) -> None:
        """Raise PositionError unless a game could reach this position."""
        _check_position(self)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise PositionError(where, "must be a list")
    return list(value)


def _card(text: Any, where: str, colour: str) -> Card:
    if not isinstance(text, str):
        raise PositionError(where, "must be a card such as 'pink 5'")
    try:
        card = Card.parse(text, colour)
    except ValueError as exc:
        raise PositionError(where, str(exc)) from None
    if card.colour != colour:
        raise PositionError(where, f"{card} is not a {colour} card")
    return card


def _pair(value: Any, where: str, *, sort: bool = True) -> Hands:
    seats = _list(value, where)
    if len(seats) != 2:
        raise PositionError(where, "must hold one list per seat (pink, green)")
    out = []
    for s, cards in enumerate(seats):
        items = _list(cards, f"{where}[{s}]")
        got = [_card(c, f"{where}[{s}][{i}]", COLOURS[s]) for i, c in enumerate(items)]
        out.append(tuple(sorted(got)) if sort else tuple(got))
    return out[0], out[1]


def with_changes(position: Position, **changes: Any) -> Position:
    """A copy with fields replaced (hands and discards re-sorted); derived caches start fresh."""
    for key in ("hands", "discards"):
        if key in changes:
            changes[key] = _sorted_pair(changes[key])
    return replace(position, **changes)


def _check_position(p: Position) -> None:
    """The checks behind :meth:`Position.validate`, in the order a reader would look."""
    opts = p.options
    over = p.is_over
    if len(p.past) > 3 or (over and not p.past) or (not over and len(p.past) == 3):
        raise PositionError("past_rounds", "a game has three rounds at most")
    # Cards: each seat's nine cards, each in exactly one place (FG-1).
    for s, colour in enumerate(COLOURS):
        seen: dict[Card, str] = {}
        for name, cards in (
            ("hands", p.hands[s]),
            ("discards", p.discards[s]),
            ("rows", p.rows[s]),
        ):
            for i, c in enumerate(cards):
                if c.colour != colour:
                    raise PositionError(f"{name}[{s}][{i}]", f"{c} is not a {colour} card")
                if c in seen:
                    raise PositionError(f"{name}[{s}][{i}]", f"{c} is also in {seen[c]}")
                seen[c] = name
        missing = [str(c) for c in deck(colour) if c not in seen]
        if missing:
            raise PositionError(f"hands[{s}]", f"{', '.join(missing)} missing from the game")
    # Rows of every round: same length, the +1 restriction, the round's end (FG-2, FG-3).
    rounds = [*p.past] + ([] if over else [p.rows])
    for k, rows in enumerate(rounds, start=1):
        where = f"past_rounds[{k - 1}]" if k <= len(p.past) else "rows"
        current = where == "rows"
        if len(rows[0]) != len(rows[1]):
            raise PositionError(where, "both rows must have the same number of cards")
        for s in (0, 1):
            row = rows[s]
            if len(set(row)) != len(row):
                raise PositionError(f"{where}[{s}]", "a card is played twice in one round")
            for i in range(1, len(row)):
                if blocked(row[i - 1], row[i], opts):
                    raise PositionError(
                        f"{where}[{s}][{i}]",
                        f"{row[i]} may not follow {row[i - 1]} (FG-3)",
                    )
        closers = [
            i
            for i, c in enumerate(rows[0])
            if "pink7" in opts.specials and c.rank == "7" and i >= 2
        ]
        n = len(rows[0])
        if closers and closers[0] != n - 1:
            raise PositionError(f"{where}[0]", "the round ended with the pink 7 (FG-4)")
        if n > DUELS[k - 1]:
            raise PositionError(where, f"round {k} has {DUELS[k - 1]} duels (FG-2)")
        if not current and n != DUELS[k - 1] and not closers:
            raise PositionError(where, f"round {k} stopped before its {DUELS[k - 1]} duels")
        if current and p.phase == "duel" and (closers or n == DUELS[k - 1]):
            raise PositionError("rows", "this round is already over")
        if current and p.phase == "discard" and n:
            raise PositionError("rows", "no cards are on the table during the discards")
        if current and p.phase == "reclaim" and not n:
            raise PositionError("rows", "a reclaim follows a duel")
    # The game ends exactly when the rounds say so (FG-2).
    tallies = tally_rounds(opts, p.past)
    for k in range(1, len(p.past) + 1):
        ended = game_result(opts, tallies[:k]) is not None
        last = k == len(p.past)
        if ended and not (over and last):
            raise PositionError(
                "past_rounds" if not last else "phase", f"the game was already over after round {k}"
            )
        if over and last and not ended:
            raise PositionError("phase", "the game is not over after these rounds")
    # Green 8 reclaims: one per round in which the green 8 was played (FG-4).
    green8 = Card(GREEN, "8")
    last_round = len(rounds)
    for i, (k, c) in enumerate(p.reclaims):
        if not 1 <= k <= last_round or (i and k < p.reclaims[i - 1][0]):
            raise PositionError(f"reclaims[{i}][0]", "not a round of this game, in order")
        if c == green8:
            raise PositionError(f"reclaims[{i}][1]", "the green 8 cannot take itself back")
    for k, rows in enumerate(rounds, start=1):
        played = "green8" in opts.specials and green8 in rows[1]
        expected = int(played)
        if played and rows[1][-1] == green8 and over and k == last_round:
            expected = 0  # the game ended with that duel: nothing left to reclaim for
        if k == last_round and p.phase == "reclaim":
            expected = 0
        got = p.reclaims_in(k)
        if len(got) != expected:
            raise PositionError(
                "reclaims", f"round {k} needs {expected} reclaim(s), not {len(got)}"
            )
    if not over and p.phase != "discard":
        for c in p.reclaims_in(p.round):
            row = p.rows[1]
            after = row[row.index(green8) + 1 :] if green8 in row else ()
            if c not in p.hands[1] and c not in after:
                raise PositionError("reclaims", f"{c} was taken back into hand this round")
    # Hand sizes: 7/6/5 (or 7 fresh) plus the cards a green 8 brought back (FG-2).
    for s in (0, 1):
        if over:
            k = len(p.past)
            want = opts.hand_size(k) + len(p.reclaims_in(k, s))
            have = len(p.hands[s])
        elif p.phase == "discard":
            k = p.round
            if k == 1 or opts.hands == "fresh":
                want = 9
            else:
                want = opts.hand_size(k) + 1 + len(p.reclaims_in(k - 1, s))
            have = len(p.hands[s])
        else:
            want = opts.hand_size(p.round) + len(p.reclaims_in(p.round, s))
            have = len(p.hands[s]) + len(p.rows[s])
        if have != want:
            raise PositionError(f"hands[{s}]", f"{want} cards expected here, not {have}")
    # Reclaim phase: the green 8 was just played and there is a card to take (FG-4).
    if p.phase == "reclaim":
        if "green8" not in opts.specials or p.rows[1][-1] != green8:
            raise PositionError("phase", "a reclaim follows a green 8")
        if not p.discards[1]:
            raise PositionError("discards[1]", "nothing to reclaim")
        if p.round_complete and game_result(opts, p.tallies) is not None:
            raise PositionError("phase", "this duel ended the game, so there is no reclaim")
    # Secret choices: only for seats still to choose, and only legal ones.
    if all(m is not None for m in p.pending):
        raise PositionError("pending", "both choices are in, so they were revealed")
    for s, move in enumerate(p.pending):
        if move is None:
            continue
        where = f"pending[{s}]"
        if p.phase == "discard":
            if not isinstance(move, Discard) or len(move.cards) != p.to_discard(s):
                raise PositionError(where, f"must discard {p.to_discard(s)} card(s)")
            if not set(move.cards) <= set(p.hands[s]):
                raise PositionError(where, "discards a card not in hand")
        elif p.phase == "duel":
            if not isinstance(move, Play) or move.card not in p.legal_cards(s):
                raise PositionError(where, "not a card this seat may play now")
        else:
            raise PositionError(where, f"no secret choice in the {p.phase} phase")
        if move.seat != s:
            raise PositionError(where, "names the other seat's cards")


__all__ = [
    "CHOICES",
    "DUELS",
    "PHASES",
    "DuelResult",
    "Options",
    "Position",
    "Reclaim",
    "Result",
    "RoundTally",
    "blocked",
    "game_result",
    "resolve_duel",
    "round_winners",
    "tally_rounds",
]
