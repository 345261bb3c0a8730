"""GF9 tournament scoring (001_877c6631520a1bc9.txt, "Tournament Rules & Procedures",
section 4.1, lines 851-890): points per victory, weighted, the tie-breakers of a player's best
game, and the adjudication of a game that reached its time limit.

Rulings (classic Dune games scored the GF9 way):

- Victory codes to the points list (4.1.11, lines 866-876): an unallied stronghold victory is
  a Solo Stronghold Victory (3), an allied one an Allied Stronghold Victory (2), a prediction a
  Bene Gesserit Prediction (3); a default victory won on its conditions (the result's
  ``challenged``: the Fremen's special victory with the Guild in the game, 001 2.04.10) is the
  Fremen Challenged Special (2 solo, 1 allied), one without (the Guild's, 2.06.09, or the
  Fremen's with no Guild in the game, 1.09.06) the Default Victory (1); the victory of the
  most strongholds at the end is the End Game Victory (1); an adjudication, and a concession
  (which the guide does not know), Adjudicated (0.5).  A loss scores nothing.  A result
  recorded without ``challenged`` takes the classic mapping: the Fremen's default is their
  special victory.
- Tie-breakers (4.1.12, lines 878-890): the issue names five, the guide lists six categories
  and its example scores seven numbers (the game's points, then the six): all six are kept, in
  the guide's order, after the game's points.  They are counted per player; only the
  adjudication combines allies' amounts, and never their win attempts (4.1.10, line 863).
- Found by the league machinery through the game's ``LeagueScoring`` (``league.py``).
- Weighted points (4.1.11): players with equal points are ordered by their victories, the
  heaviest first (the points list's order), compared one by one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pbem.league import TieError

# 001 4.1.11 (lines 867-876), in weight order: (name, points).
CATEGORIES: dict[str, tuple[str, float]] = {
    "solo-stronghold": ("Solo Stronghold Victory", 3),
    "prediction": ("Bene Gesserit Prediction", 3),
    "allied-stronghold": ("Allied Stronghold Victory", 2),
    "solo-fremen": ("Solo Fremen Challenged Special", 2),
    "allied-fremen": ("Allied Fremen Challenged Special", 1),
    "solo-end-game": ("Solo End Game Victory", 1),
    "allied-end-game": ("Allied End Game Victory", 1),
    "solo-default": ("Solo Default Victory", 1),
    "allied-default": ("Allied Default Victory", 1),
    "adjudicated": ("Adjudicated", 0.5),
}
WEIGHT = {key: rank for rank, key in enumerate(CATEGORIES)}
RULESET = "gf9"                  # a GF9 tournament plays the GF9 rules (001 4.1)


def game_options(final: bool) -> dict[str, Any]:
    """The options of a drawn game, the final too: the tournament rules, 10 turns (001 setup
    3, 4.1.13-20; 001 gives the final no other length)."""
    return {"tournament": True}
TIE_BREAKERS = ("win_attempts", "strongholds", "forces", "spice", "cards", "leaders")
_BY_VICTORY = {"strongholds": "stronghold", "alliance": "stronghold", "fremen-default": "fremen",
               "most-strongholds": "end-game", "guild-default": "default"}


def category(result: dict[str, Any], seat: str) -> str | None:
    """The points category of ``seat``'s result in the game (None: a loss)."""
    party = next((p for p in result["parties"] if seat in p), None)
    if party is None:
        return None
    victory = result["victory"]
    if victory == "prediction":
        return "prediction"
    if victory in ("adjudication", "concession"):
        return "adjudicated"
    kind = _BY_VICTORY.get(victory)
    if result.get("challenged") is not None:
        kind = "fremen" if result["challenged"] else "default"
    if kind is None:
        return None
    return f"{'solo' if len(party) == 1 else 'allied'}-{kind}"


def points(result: dict[str, Any], seat: str) -> float:
    """The tournament points ``seat`` earns in the game (001 4.1.11)."""
    found = category(result, seat)
    return float(CATEGORIES[found][1]) if found else 0.0


def game_score(result: dict[str, Any], seat: str) -> tuple[float, ...]:
    """The game's points then the six tie-breakers of 4.1.12, as the guide writes them
    ("2.2.3.8.12.3.3")."""
    counts = result.get("counts", {}).get(seat, {})
    attempts = len(result.get("win_attempts", {}).get(seat, []))
    return (points(result, seat), attempts,
            *(counts.get(name, 0) for name in TIE_BREAKERS[1:]))


def score_text(score: tuple[float, ...]) -> str:
    """``2.2.3.8.12.3.3``."""
    return ".".join(f"{value:g}" for value in score)


@dataclass(frozen=True)
class Record:
    """A player's tournament: points, categories won (weight order) and best game score."""

    player: str
    points: float
    categories: tuple[str, ...]
    best: tuple[float, ...]
    games: int

    @property
    def key(self) -> tuple:
        """Sorting key, best first: points, weight (4.1.11), best game (4.1.12)."""
        return (-self.points, tuple(WEIGHT[c] for c in self.categories),
                tuple(-v for v in self.best), self.player)


def rank(records: Iterable[Record]) -> list[Record]:
    """Players in tournament order (001 4.1.11-12)."""
    return sorted(records, key=lambda r: r.key)


def adjudicated_winners(result: dict[str, Any]) -> list[str]:
    """The winners of a game adjudicated at its time limit (001 4.1.10, line 863): the most win
    attempts, then each next tie-breaker among those still tied, allies' amounts combined
    (but not their win attempts); the winner's ally wins with him."""
    seats = [s for s in result["seats"] if s not in result.get("dropouts", [])]
    alliances = result.get("alliances", [])

    def ally_group(seat: str) -> list[str]:
        return next((a for a in alliances if seat in a), [seat])

    counts = result.get("counts", {})
    standing = list(seats)
    for name in TIE_BREAKERS:
        if name == "win_attempts":
            amounts = {s: len(result.get("win_attempts", {}).get(s, [])) for s in standing}
        else:
            amounts = {s: sum(counts.get(a, {}).get(name, 0) for a in ally_group(s))
                       for s in standing}
        best = max(amounts.values())
        standing = [s for s in standing if amounts[s] == best]
        if len({tuple(ally_group(s)) for s in standing}) == 1:
            break
    groups = {tuple(ally_group(s)) for s in standing}
    if len(groups) > 1:
        raise TieError(sorted(standing))
    (group,) = groups
    return [s for s in result["seats"] if s in group]
