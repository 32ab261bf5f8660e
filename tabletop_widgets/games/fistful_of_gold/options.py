"""The rule readings a game is played with (every "(interpretation)" of the rules page).

>>> Options(hands="fresh").hand_size(2)
7
>>> Options(specials=["six"]).specials
frozenset({'six'})
>>> Options(hands="all")
Traceback (most recent call last):
...
tabletop_widgets.core.errors.PositionError: options.hands: must be one of 'keep', 'fresh', not 'all'
>>> Options.from_json({"colour": "blue"})
Traceback (most recent call last):
...
tabletop_widgets.core.errors.PositionError: options.colour: is not an option of A Fistful of Gold
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from tabletop_widgets.core.errors import PositionError, key_name, shown
from tabletop_widgets.core.i18n import _l
from tabletop_widgets.games.fistful_of_gold.cards import SPECIALS

__all__ = ["CHOICES", "OPTION_NAMES", "Options"]

# Every "(interpretation)" of the rules page is one option: the rules-page
# reading first, then the alternatives (this game's notation.md).
CHOICES: dict[str, tuple[Any, ...]] = {
    "hands": ("keep", "fresh"),
    "dynamite_counts_as": (None, 0, 9),
    "pot_at_round_end": ("lost", "carry"),
    "six_vs_six": ("tie", "split"),
    "green7": ("rest_of_round", "next_round"),
    "equal_round": ("nobody", "both", "duels"),
    "game_tiebreak": ("gold", "draw"),
}
#: Every option, in the order ``to_json`` writes them.
OPTION_NAMES: tuple[str, ...] = (*CHOICES, "specials")


@dataclass(frozen=True)
class Options:
    """Rule readings; the defaults are the rules page's (each one explained in
    this game's notation.md, "Options").

    Fields (the default first, then the other readings):

    * ``hands``: ``"keep"`` (take back the played cards, discard 1 more: hands of 7, 6,
      5) or ``"fresh"`` (every round from all nine cards); FG-2.
    * ``dynamite_counts_as``: None (never blocked by the +1 rule), ``0`` or ``9``; FG-3.
    * ``pot_at_round_end``: ``"lost"`` or ``"carry"`` (the tie pot stays for the next
      round); FG-3.
    * ``six_vs_six``: ``"tie"`` or ``"split"`` (both 6s share the pot); FG-4.
    * ``green7``: ``"rest_of_round"`` or ``"next_round"`` (when its extra gold counts); FG-4.
    * ``equal_round``: ``"nobody"``, ``"both"`` or ``"duels"`` (who wins a round of equal
      gold); FG-2.
    * ``game_tiebreak``: ``"gold"`` or ``"draw"`` (equal round wins after round 3); FG-2.
    * ``specials``: the card powers in play, a subset of ``six``, ``pink7``, ``green7``,
      ``pink8``, ``green8`` (all by default; ``"all"`` and ``"none"`` are read too); FG-1.
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
            _check_choice(name, getattr(self, name), allowed)
        object.__setattr__(self, "specials", _read_specials(self.specials))

    def hand_size(self, round_no: int) -> int:
        """Cards in hand when round ``round_no`` starts, discards done (no reclaim)."""
        return 7 if self.hands == "fresh" else 8 - round_no

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: every option (``specials`` as a sorted list)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["specials"] = sorted(self.specials)
        return data

    @classmethod
    def from_json(cls, data: Any, *, complete: bool = False) -> Options:
        """Options from JSON (or keyword arguments); PositionError names ``options.<name>``.

        With ``complete`` every option must be given (a position's options);
        otherwise a missing one takes the rules page's reading.
        """
        if isinstance(data, Options):
            return data
        if not isinstance(data, Mapping):
            raise PositionError("options", _l("must be an object, not {value}", value=shown(data)))
        for key in data:
            if key not in OPTION_NAMES:
                raise PositionError(
                    f"options.{key_name(key)}", _l("is not an option of A Fistful of Gold")
                )
        if complete:
            for name in OPTION_NAMES:
                if name not in data:
                    raise PositionError(f"options.{name}", _l("is missing"))
        return cls(**data)


def _check_choice(name: str, value: Any, allowed: tuple[Any, ...]) -> None:
    # Same type as well as equal: False must not pass for 0, nor 9.0 for 9.
    if not any(type(value) is type(a) and value == a for a in allowed):
        choices = ", ".join(repr(a) for a in allowed)
        raise PositionError(
            f"options.{name}",
            _l("must be one of {choices}, not {value}", choices=choices, value=shown(value)),
        )


def _read_specials(specials: Any) -> frozenset[str]:
    """The special powers switched on: a list of names, or ``"all"`` / ``"none"``."""
    if specials == "all":
        return SPECIALS
    if specials == "none":
        return frozenset()
    if isinstance(specials, str | Mapping) or not isinstance(specials, Iterable):
        raise PositionError("options.specials", _l("must be a list of special names"))
    names = list(specials)
    if not all(isinstance(name, str) for name in names):
        raise PositionError("options.specials", _l("must be a list of special names"))
    unknown = set(names) - SPECIALS
    if unknown:
        raise PositionError(
            "options.specials",
            _l(
                "unknown special powers: {unknown} (known: {known})",
                unknown=", ".join(sorted(unknown)),
                known=", ".join(sorted(SPECIALS)),
            ),
        )
    return frozenset(names)
