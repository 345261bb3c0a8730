"""WBC Dune tournament scoring (004_5af1072ca4353687.txt, "Tournament Format and Scoring" to
"Dropouts", lines 107-193): qualification points, performance points, the adjudication of a
heat stopped early, advancement to the final, the final's places and the Best Faction awards.

Everything here reads game results (``pbem.league.results``) and returns plain values; the
league machinery finds it through the game's ``LeagueScoring`` (``league.py``).

Rulings:

- Victory codes.  A stronghold victory, solo or allied, a concession and an adjudication are
  "regular" victories (004 line 136: the adjudicated player "will win a solo victory,
  otherwise that player's alliance shares the victory"); the Guild's and the Fremen's default
  victories are "default" victories, and so is the most-strongholds victory at the end of play
  (it too ends a game nobody won, ``victory.end_of_play``).  A game that ended without a winner
  (``turn-limit``, or the GM's END with none) scores no QPs.
- The QP column: six players or more take the 6-player column, fewer the 5-player one (004
  line 111: games of fewer than five are "at the GM's discretion"; the table has no column for
  them).  The number is the players who started the game, dropouts included (line 193).
- PP normalisation (line 181): by the turns played (the turn ends recorded), and by the number
  of players who started over six in a game of fewer than six (5/6 for five, line 181; the
  same proportion for fewer, at the GM's discretion like the game itself).
- Two simultaneous solo winners each score a solo victory (line 130); each winning party
  scores by its own size.
- Ties that performance points do not break are for a die roll (lines 143, 164); the
  standings keep such players in name order and mark them tied.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pbem.league import TieError

from .performance import turn_points

FINALISTS = 6                    # 004 line 143: "The six highest qualifying player scores"
RULESET = "wbc"                  # 004 "Rule Set": heats are played under the WBC rules
HEAT_TURNS, FINAL_TURNS = 10, 15     # 004 line 134: heats of 10 turns; line 168: the final 15


def game_options(final: bool) -> dict[str, Any]:
    """The options of a drawn game of a heat or of the final."""
    return {"turns": FINAL_TURNS if final else HEAT_TURNS}

# 004 lines 117-128: (6-player game, 5-player game).
QP_TABLE: dict[str, tuple[float, float]] = {
    "solo": (5, 4),
    "alliance-2": (2, 1.5),
    "alliance-3": (1, 0.5),
    "prediction": (5, 4),
    "default-solo": (2.5, 2),
    "default-alliance-2": (1, 0.5),
    "default-alliance-3": (0.5, 0),
    "loss-regular": (-1, -1),
    "loss-prediction": (-1, -1),
    "loss-default": (-0.5, -0.5),
}
REGULAR = ("strongholds", "alliance", "concession", "adjudication")
DEFAULT = ("guild-default", "fremen-default", "most-strongholds")


# --- qualification points
def victory_kind(victory: str) -> str | None:
    """``regular``, ``prediction``, ``default``, or None for a game without a winner."""
    if victory in REGULAR:
        return "regular"
    if victory == "prediction":
        return "prediction"
    return "default" if victory in DEFAULT else None


def qp_row(result: dict[str, Any], seat: str) -> str | None:
    """The row of the QP table that scores ``seat`` in this game (None: no QPs)."""
    kind = victory_kind(result["victory"])
    if kind is None or not result["winners"]:
        return None
    party = next((p for p in result["parties"] if seat in p), None)
    if party is None:
        return f"loss-{kind}"
    if kind == "prediction":
        return "prediction"
    size = "solo" if len(party) == 1 else f"alliance-{min(len(party), 3)}"
    return size if kind == "regular" else f"default-{size}"


def qualification_points(result: dict[str, Any], seat: str) -> float:
    """The QPs ``seat`` earns in the game (004 lines 115-130)."""
    row = qp_row(result, seat)
    if row is None:
        return 0.0
    six, five = QP_TABLE[row]
    return float(six if result["players"] >= 6 else five)


# --- performance points
def performance_points(result: dict[str, Any]) -> dict[str, float]:
    """Seat -> PPs summed over the turn ends of the game (004 lines 174-179)."""
    totals = {seat: 0.0 for seat in result["seats"]}
    for turn in result.get("turns", []):
        for seat, points in turn_points(turn, RULESET).items():
            totals[seat] = totals.get(seat, 0.0) + points
    return {seat: round(total, 6) for seat, total in totals.items()}


def normalise(total: float, turns: int, players: int) -> float:
    """A PP total divided by the turns played, times 5/6 in a 5-player game (004 line 181);
    004 line 185: 9.5 PPs in 7 turns of a 5-player game give 1.131."""
    if turns <= 0:
        return 0.0
    return total / turns * (min(players, 6) / 6)


def normalised_points(result: dict[str, Any]) -> dict[str, float]:
    """Seat -> normalised PP score of the game."""
    turns = len(result.get("turns", []))
    return {seat: normalise(total, turns, result["players"])
            for seat, total in performance_points(result).items()}


# --- a heat stopped early
def adjudicated_winners(result: dict[str, Any]) -> list[str]:
    """The winners of a heat stopped before its end when the players agree on none: the one
    player with the best normalised PPs, with his alliance (004 line 137).  ``result`` needs
    ``seats``, ``players``, ``turns``, ``alliances`` and ``dropouts``."""
    scores = {seat: score for seat, score in normalised_points(result).items()
              if seat not in result.get("dropouts", [])}
    best = max(scores.values())
    tied = sorted(seat for seat, score in scores.items() if abs(score - best) < 1e-9)
    if len(tied) > 1:
        raise TieError(tied)
    alliance = next((a for a in result.get("alliances", []) if tied[0] in a), tied)
    return [seat for seat in result["seats"] if seat in alliance]


# --- advancement to the final
@dataclass(frozen=True)
class Qualifier:
    """A player's heat record: QP total, best single normalised PP, games, disqualified."""

    player: str
    qps: float
    best_pp: float
    games: int
    disqualified: bool


def advancement(qualifiers: Iterable[Qualifier]) -> tuple[list[Qualifier], list[Qualifier],
                                                          set[str]]:
    """The finalists (the six best QP totals, ties by best normalised PP: 004 line 143), the
    alternates in order (line 145), and the players still tied after PPs (a die roll)."""
    eligible = sorted((q for q in qualifiers if not q.disqualified),
                      key=lambda q: (-q.qps, -q.best_pp, q.player))
    tied = {q.player for q in eligible for other in eligible
            if other is not q and (other.qps, other.best_pp) == (q.qps, q.best_pp)}
    return eligible[:FINALISTS], eligible[FINALISTS:], tied


# --- the final
def final_places(result: dict[str, Any]) -> list[str]:
    """The seats of the final in their places, 1st first (004 lines 149-164)."""
    pp = normalised_points(result)
    held = {seat: len(result["strongholds"].get(seat, [])) for seat in result["seats"]}
    places: list[str] = []
    if result["victory"] == "prediction":
        places = list(result["winners"])      # the predictor, who wins alone (``victory``)
        predicted = result.get("predicted")
        if predicted and predicted not in places:
            places.append(predicted)
            places += [s for a in result.get("alliances", []) if predicted in a
                       for s in a if s not in places]
    elif result["winners"]:
        places = _winners_in_order(result, pp, held)
    rest = sorted((s for s in result["seats"] if s not in places),
                  key=lambda s: (-held[s], -pp[s], s))
    return places + rest


def _winners_in_order(result: dict[str, Any], pp: dict[str, float],
                      held: dict[str, int]) -> list[str]:
    """1st among the winners, then his ally (004 lines 151-160)."""
    parties = result["parties"]
    if len(parties) > 1:              # simultaneous victories: the best PP first (line 158)
        parties = sorted(parties, key=lambda p: -max(pp[s] for s in p))
    first_party = parties[0]
    # A faction's default victory is coded ``<seat>-default`` (``victory.end_of_play``).
    default = next((s for s in first_party if result["victory"] == f"{s}-default"), None)
    # Lines 153-154: the defaulting faction; lines 155-156: three against one, else best PP.
    first = (default if default in first_party
             else max(first_party, key=lambda s: (held[s], pp[s])))
    order = [first, *[s for s in first_party if s != first]]
    return order + [s for party in parties[1:] for s in party]


# --- Best Faction awards
def best_factions(entries: Iterable[tuple[str, str, float, str]]
                  ) -> dict[str, list[tuple[str, float, str]]]:
    """Faction -> the best normalised PP score of a heat game by that faction (004 lines
    172-183), as (player, score, game) for each player with it; ``entries`` are (faction,
    player, score, game) of eligible players."""
    best: dict[str, list[tuple[str, float, str]]] = {}
    for faction, player, score, game in entries:
        top = best.get(faction)
        if top is None or score > top[0][1] + 1e-9:
            best[faction] = [(player, score, game)]
        elif abs(score - top[0][1]) < 1e-9:
            top.append((player, score, game))
    return best
