"""Re-deal the hidden hands: full positions and games consistent with what one seat sees.

A seat knows its own hand, every public fact (card counts, sticks, the
table, the order, who is out or has passed) and every card played so far.
The other seats' hands are drawn at random from the cards it has not seen:
the deck minus its own hand minus the played cards.  With 2-3 players some
cards were set aside unseen; they stay in the pool, and the draw (without
replacement) simply leaves some of the pool out.

:class:`Dealer` re-deals the current position (what-if playouts start from
it); :func:`redealt_start` re-deals the start of a game so that its history
replays (``MatchstickTycoon.determinize``).  Both draw from the same pool.

>>> import random
>>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
>>> g = MatchstickTycoon.new(players=4, seed=7)
>>> obs = g.observation(g.to_move)
>>> p = redeal(obs, random.Random(1))
>>> p.hands[obs.seat] == obs.hand, [len(h) for h in p.hands] == list(obs.card_counts)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from . import shapes
from .moves import Move
from .observation import Observation
from .position import Position

__all__ = ["Dealer", "cards_out_of_play", "redeal", "redealt_start", "unseen_cards"]

FACE_ORDER = {f: i for i, f in enumerate(shapes.ALL_FACES)}
_face_key = FACE_ORDER.__getitem__


def unseen_cards(observation: Observation, known_played: Iterable[str] | None = None) -> list[str]:
    """The cards ``observation.seat`` has not seen, in notation order.

    That is the deck minus the seat's own hand minus the faces of every play
    in ``observation.history`` -- or, if ``known_played`` is given, minus
    those faces instead of the history's (for a game that started from a
    mid-game position, whose earlier plays the history does not hold).

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=2, seed=1)
    >>> len(unseen_cards(g.observation(0)))  # 56 cards, 15 in my hand
    41
    """
    if known_played is None:
        known_played = [f for m in observation.history for f in m.faces]
    pool = Counter(shapes.deck(observation.expansion))
    pool.subtract(observation.hand)
    pool.subtract(known_played)
    bad = sorted(f for f, n in pool.items() if n < 0)
    if bad:
        raise ValueError(f"more copies of {' '.join(bad)} seen than the deck holds")
    return sorted(pool.elements(), key=_face_key)


def cards_out_of_play(source: Any) -> list[str] | None:
    """The cards a seat knows have left play, when the history does not say it all.

    An observation, or a game that began at a deal (``MatchstickTycoon.new``,
    or a game re-dealt from one): None, since the history holds every play.
    A position, or a game set up from one (a scenario): the cards missing
    from that position count as played, plus the plays since -- so a re-deal
    shuffles only the cards in the scenario.  (With 2-3 players a real game
    would also have unseen set-aside cards.)

    >>> p = Position.from_json({"players": 2, "expansion": 0, "hands": [["8"], ["1", "0"]],
    ...     "sticks": [1, 1], "table": None, "order": "normal", "to_move": 0,
    ...     "out": [], "passed": []})
    >>> len(cards_out_of_play(p))  # 56 cards, 3 in the scenario
    53
    """
    if isinstance(source, Observation):
        return None
    if isinstance(source, Position):
        start, history = source, ()
    else:  # a game
        if source.dealt:
            return None
        start, history = source.start, source.history
    missing = Counter(shapes.deck(start.expansion))
    for hand in start.hands:
        missing.subtract(hand)
    return list(missing.elements()) + [f for m in history for f in m.faces]


class Dealer:
    """Draws hands consistent with one observation, quickly and repeatedly.

    Holds only plain data (lists, ints, a Position template), so it pickles
    cheaply to worker processes.  Positions are built directly, without
    re-validation: :func:`redeal` documents (and the tests check) that
    ``Position.from_json`` accepts every one.

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> d = Dealer(MatchstickTycoon.new(players=3, seed=2).observation(0))
    >>> d.hidden, len(d.pool)
    ((0, 15, 15), 41)
    """

    def __init__(self, observation: Observation, known_played: Iterable[str] | None = None) -> None:
        obs = observation
        self.seat = obs.seat
        self.pool = unseen_cards(obs, known_played)
        self.hidden = tuple(0 if s == obs.seat else n for s, n in enumerate(obs.card_counts))
        if len(obs.hand) != obs.card_counts[obs.seat]:
            raise ValueError("the observation's hand does not match its card count")
        if sum(self.hidden) > len(self.pool):
            raise ValueError(
                f"the other seats hold {sum(self.hidden)} cards but only "
                f"{len(self.pool)} are unseen (pass known_played to correct the pool)"
            )
        self.own = tuple(sorted(obs.hand, key=_face_key))
        to_move = obs.to_move
        if to_move is None:  # the game is over: the position names the last seat left
            to_move = next(s for s in range(obs.players) if s not in obs.out)
        self.template = Position._of(
            obs.players,
            obs.expansion,
            (),
            tuple(obs.sticks),
            obs.table,
            obs.order,
            to_move,
            tuple(obs.out),
            tuple(obs.passed),
        )

    def hands(self, rng: random.Random) -> tuple[tuple[str, ...], ...]:
        """Every seat's hand now: the seat's own, the others drawn without replacement
        from the pool."""
        drawn = rng.sample(self.pool, sum(self.hidden))
        hands = []
        i = 0
        for s, n in enumerate(self.hidden):
            if s == self.seat:
                hands.append(self.own)
            else:
                hands.append(tuple(sorted(drawn[i : i + n], key=_face_key)))
                i += n
        return tuple(hands)

    def sample(self, rng: random.Random) -> Position:
        """One position: the template with :meth:`hands` drawn."""
        t = self.template
        return Position._of(
            t.players,
            t.expansion,
            self.hands(rng),
            t.sticks,
            t.table,
            t.order,
            t.to_move,
            t.out,
            t.passed,
        )


def redeal(
    observation: Observation,
    rng: random.Random | int | None = None,
    *,
    known_played: Iterable[str] | None = None,
) -> Position:
    """A full position consistent with what ``observation.seat`` can see.

    The seat's hand and everything public are kept; the other hands are drawn
    at random from :func:`unseen_cards`.  ``rng`` may be a ``random.Random``
    or a seed.  The result is a valid position (``Position.from_json``
    accepts its JSON).  For many draws from one observation build a
    :class:`Dealer` once.

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=3, seed=4)
    >>> p = redeal(g.observation(1), 5)
    >>> Position.from_json(p.to_json()) == p
    True
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return Dealer(observation, known_played).sample(rng)


def redealt_start(
    start: Position,
    history: Sequence[Move],
    movers: Sequence[int],
    hands_now: Sequence[Sequence[str]],
) -> Position:
    """The start position whose history ends with ``hands_now``: each seat's start hand
    is its hand now plus the faces it played since (cards only leave a hand by a play).

    >>> from tabletop_widgets.games.matchstick_tycoon import MatchstickTycoon
    >>> g = MatchstickTycoon.new(players=4, seed=2)
    >>> _ = g.play(g.legal_moves()[0])
    >>> redealt_start(g.start, g.history, g.movers, g.position.hands) == g.start
    True
    """
    played: list[list[str]] = [[] for _ in hands_now]
    for m, s in zip(history, movers, strict=True):
        played[s].extend(m.faces)
    hands = tuple(
        tuple(sorted((*now, *extra), key=_face_key))
        for now, extra in zip(hands_now, played, strict=True)
    )
    return Position._of(
        start.players,
        start.expansion,
        hands,
        start.sticks,
        start.table,
        start.order,
        start.to_move,
        start.out,
        start.passed,
    )
