"""What leagues ask of Dune (``pbem.game.LeagueScoring``): the scoring systems a league file
may name (each with the ruleset and options of a drawn heat's games), and the words of the
standings.  The result of
a game comes from ``performance.tournament_summary``."""

from __future__ import annotations

from types import ModuleType

from ..state import SeatWords
from . import gf9 as league_gf9
from . import wbc as league_wbc

# 004 WBC qualification and performance points; 001 4.1 GF9 tournament points.
scoring_systems: dict[str, ModuleType] = {"wbc": league_wbc, "gf9": league_gf9}
seat_words = SeatWords()             # every ruleset's seats, a test's overlay's too
victory_words = {
    "strongholds": "stronghold victory", "alliance": "alliance victory",
    "prediction": "Bene Gesserit prediction", "guild-default": "Guild default",
    "fremen-default": "Fremen default", "most-strongholds": "most strongholds",
    "turn-limit": "no winner", "concession": "concession", "adjudication": "adjudication",
}
