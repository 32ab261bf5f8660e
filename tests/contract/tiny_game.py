"""A fourth game that exists only in the tests: proof that a new game is one folder.

*Tiny Pile*: 2 or 3 players are dealt ``hand`` cards each from a seeded deck
of twelve (1–6, two of each; the rest is set aside unseen).  In turn each
plays one card onto the pile (``play 4``), or passes once the pile shows a
higher card than any they hold (``pass``).  When every hand is empty the
highest total of played cards wins; equal totals share the place.

It has chance (the deal), hidden cards and a per-seat observation, so it
exercises the whole engine contract.  Rule ids ``TP-1`` … ``TP-3``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from tabletop_widgets.core.bots import RandomBot
from tabletop_widgets.core.contract import Game, seat_index
from tabletop_widgets.core.errors import IllegalMoveError, NotationError, PositionError, shown
from tabletop_widgets.core.registry import GameInfo, Page
from tabletop_widgets.core.result import Result
from tabletop_widgets.core.search import Search, SearchBot

DECK = tuple(v for v in range(1, 7) for _ in range(2))
POSITION_FIELDS = ("players", "hands", "pile", "played", "to_move")


@dataclass(frozen=True)
class Options:
    players: int = 2
    hand: int = 2

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (2, 3):
            raise PositionError("players", f"must be 2 or 3, not {shown(self.players)}")
        if isinstance(self.hand, bool) or self.hand not in (1, 2, 3):
            raise PositionError("hand", f"must be 1, 2 or 3, not {shown(self.hand)}")

    def to_json(self) -> dict:
        return {"players": self.players, "hand": self.hand}

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if not isinstance(data, Mapping):
            raise PositionError("options", "must be an object")
        for k in data:
            if k not in ("players", "hand"):
                raise PositionError(f"options.{k}", "is not an option of Tiny Pile")
        try:
            return cls(**data)
        except PositionError as e:
            raise PositionError(f"options.{e.field}", e.reason) from None


@dataclass(frozen=True)
class TinyMove:
    """``play 4`` or ``pass``; ``card`` 0 is a pass."""

    card: int

    def __str__(self) -> str:
        return "pass" if self.card == 0 else f"play {self.card}"

    @classmethod
    def parse(cls, text: Any) -> TinyMove:
        if isinstance(text, TinyMove):
            return text
        if not isinstance(text, str):
            raise NotationError(f"A move is text like 'play 4', not {type(text).__name__}.")
        words = text.strip().lower().split()
        if words == ["pass"]:
            return cls(0)
        if words and words[0] == "play":
            words = words[1:]
        if len(words) == 1 and words[0] in {str(v) for v in range(1, 7)}:
            return cls(int(words[0]))
        raise NotationError(f"{shown(text)} is not a move; write 'play 4' or 'pass'.")


@dataclass(frozen=True)
class Position:
    players: int
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    played: tuple[int, ...]  # the seat that played each pile card
    to_move: int

    def to_json(self) -> dict:
        return {
            "players": self.players,
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "played": list(self.played),
            "to_move": self.to_move,
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        if isinstance(data, Position):
            return data
        if not isinstance(data, Mapping):
            raise PositionError("position", "must be an object")
        for k in data:
            if k not in POSITION_FIELDS:
                raise PositionError(str(k), "is not a field of a Tiny Pile position")
        for k in POSITION_FIELDS:
            if k not in data:
                raise PositionError(k, "is missing")
        players = data["players"]
        if isinstance(players, bool) or players not in (2, 3):
            raise PositionError("players", f"must be 2 or 3, not {shown(players)}")
        hands = _int_lists(data["hands"], "hands", players)
        pile = _ints(data["pile"], "pile")
        played = _ints(data["played"], "played")
        if len(played) != len(pile):
            raise PositionError("played", "needs one seat for each pile card")
        if any(not 0 <= s < players for s in played):
            raise PositionError("played", "names a seat that is not at the table")
        seen = Counter(pile) + Counter(c for h in hands for c in h)
        for v, n in seen.items():
            if not 1 <= v <= 6 or n > 2:
                raise PositionError(
                    "hands", f"the deck has two cards of each of 1 to 6, not {n} of {v}"
                )
        to_move = data["to_move"]
        if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < players:
            raise PositionError("to_move", f"must be a seat 0 to {players - 1}")
        return cls(players, hands, pile, played, to_move)


def _ints(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise PositionError(field, "must be a list of whole numbers")
    return tuple(value)


def _int_lists(value: Any, field: str, n: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or len(value) != n:
        raise PositionError(field, f"must hold one list per seat ({n})")
    return tuple(tuple(sorted(_ints(h, f"{field}[{i}]"))) for i, h in enumerate(value))


@dataclass(frozen=True)
class Observation:
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile: tuple[int, ...]
    played: tuple[int, ...]
    to_move: int
    history: tuple[TinyMove, ...]

    def to_json(self) -> dict:
        return {"seat": self.seat, "hand": list(self.hand), "pile": list(self.pile)}


class TinyPile(Game):
    key: ClassVar[str] = "tiny_pile"
    title: ClassVar[str] = "Tiny Pile"
    move_type: ClassVar[type] = TinyMove

    def __init__(self, start: Position, options: Options, seed: int | None) -> None:
        self._start, self._options, self._seed = start, options, seed
        self._positions = [start]
        self._history: list[TinyMove] = []
        self._movers: list[int] = []

    @classmethod
    def new(cls, *, seed: int | None = None, **options: Any) -> TinyPile:
        opts = Options.from_json(options)
        if seed is None:
            seed = random.randrange(2**31)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands = tuple(
            tuple(sorted(deck[s * opts.hand : (s + 1) * opts.hand])) for s in range(opts.players)
        )
        return cls(Position(opts.players, hands, (), (), 0), opts, seed)

    @classmethod
    def from_position(cls, data: Any) -> TinyPile:
        pos = Position.from_json(data)
        return cls(pos, Options(pos.players, max(1, max(len(h) for h in pos.hands))), None)

    @classmethod
    def _from_record_fields(cls, record: Mapping[str, Any]) -> TinyPile:
        options = Options.from_json(record.get("options", {}))
        seed = record.get("seed")
        if record.get("start") is None:
            if type(seed) is not int:
                raise PositionError("seed", "must be a whole number when there is no start")
            return cls.new(seed=seed, **options.to_json())
        try:
            start = Position.from_json(record["start"])
        except PositionError as e:
            raise PositionError(f"start.{e.field}", e.reason) from None
        return cls(start, options, None)

    def _record_fields(self) -> dict[str, Any]:
        fresh = self._seed is not None
        return {
            "options": self._options.to_json(),
            "seed": self._seed,
            "start": None if fresh else self._start.to_json(),
        }

    # -- state
    @property
    def options(self) -> Options:
        return self._options

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def players(self) -> int:
        return self._start.players

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def history(self) -> tuple[TinyMove, ...]:
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        return tuple(self._movers)

    @property
    def is_over(self) -> bool:
        return not any(self.position.hands)

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        p = self.position
        totals = [0] * p.players
        for card, seat in zip(p.pile, p.played, strict=True):
            totals[seat] += card
        places = tuple(1 + sum(t > totals[s] for t in totals) for s in range(p.players))
        return Result(places, tuple(totals))

    def current_players(self) -> tuple[int, ...]:
        return () if self.is_over else (self.position.to_move,)

    # -- moves
    def legal_moves(self, seat: int | None = None) -> tuple[TinyMove, ...]:
        p = self.position
        if seat is not None:
            seat_index(seat, p.players)
        if self.is_over or (seat is not None and seat != p.to_move):
            return ()
        hand = p.hands[p.to_move]
        moves = tuple(TinyMove(c) for c in sorted(set(hand)))
        if p.pile and hand and max(hand) < p.pile[-1]:
            moves += (TinyMove(0),)
        return moves

    def parse_move(self, text: Any, seat: int | None = None) -> TinyMove:
        return TinyMove.parse(text)

    def verify(self, move: Any, seat: int | None = None) -> TinyMove:
        m = self.parse_move(move, seat)
        p = self.position
        if self.is_over:
            raise IllegalMoveError("TP-3", "The game is over.")
        if seat is not None and seat_index(seat, p.players) != p.to_move:
            raise IllegalMoveError("TP-2", f"It is seat {p.to_move + 1}'s turn.")
        hand = p.hands[p.to_move]
        if m.card == 0:
            if not p.pile or max(hand) >= p.pile[-1]:
                raise IllegalMoveError(
                    "TP-2",
                    "You may pass only when every card you hold is lower than the top of the pile.",
                )
        elif m.card not in hand:
            raise IllegalMoveError("TP-1", f"You do not hold a {m.card}.")
        return m

    def play(self, move: Any, seat: int | None = None) -> TinyMove:
        m = self.verify(move, seat)
        p = self.position
        s = p.to_move
        hands, pile, played = p.hands, p.pile, p.played
        if m.card:
            hand = list(hands[s])
            hand.remove(m.card)
            hands = tuple(tuple(hand) if i == s else h for i, h in enumerate(hands))
            pile, played = (*pile, m.card), (*played, s)
        nxt = (s + 1) % p.players
        for _ in range(p.players):
            if hands[nxt]:
                break
            nxt = (nxt + 1) % p.players
        self._positions.append(replace(p, hands=hands, pile=pile, played=played, to_move=nxt))
        self._history.append(m)
        self._movers.append(s)
        return m

    def undo(self) -> TinyMove:
        if not self._history:
            raise IndexError("no move to undo")
        self._positions.pop()
        self._movers.pop()
        return self._history.pop()

    def replay(self, n: int) -> TinyPile:
        if not 0 <= n <= len(self._history):
            raise IndexError(f"move number must be 0 to {len(self._history)}")
        g = TinyPile(self._start, self._options, self._seed)
        g._positions = self._positions[: n + 1]
        g._history = self._history[:n]
        g._movers = self._movers[:n]
        return g

    # -- views
    def observation(self, seat: int) -> Observation:
        p = self.position
        seat_index(seat, p.players)
        return Observation(
            seat,
            p.hands[seat],
            tuple(len(h) for h in p.hands),
            p.pile,
            p.played,
            p.to_move,
            self.history,
        )

    def determinize(self, seat: int, rng: random.Random) -> TinyPile:
        p = self.position
        pool = Counter(DECK) - Counter(p.hands[seat]) - Counter(p.pile)
        cards = list(pool.elements())
        rng.shuffle(cards)
        start_hands = []
        for s in range(p.players):
            if s == seat:
                now = list(p.hands[s])
            else:
                now, cards = cards[: len(p.hands[s])], cards[len(p.hands[s]) :]
            mine = [
                m.card
                for m, who in zip(self._history, self._movers, strict=True)
                if who == s and m.card
            ]
            start_hands.append(tuple(sorted(now + mine)))
        g = TinyPile(replace(self._start, hands=tuple(start_hands)), self._options, None)
        for m in self._history:
            g.play(m)
        return g


class TinySearchBot(SearchBot):
    """The generic search, with nothing of this game's own: random playouts."""

    name = "search"
    game = "tiny_pile"
    settings = Search(playout=RandomBot, budget=300)


INFO = GameInfo(
    key="tiny_pile",
    title="Tiny Pile",
    engine=TinyPile,
    pitch="A game that exists only in the tests.",
    pages=(Page("play", "Play", "against a bot"),),
    option_sets=({"players": 2, "hand": 2}, {"players": 3, "hand": 3}),
    bots={"random": RandomBot, "search": TinySearchBot},
    levels={"easy": "random", "hard": "search"},
    players=(2, 3),
)
