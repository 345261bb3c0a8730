"""Leagues and tournaments: game results, WBC and GF9 scoring, standings, heat draws
(docs/leagues.md).

``results`` records what a finished game gives a league; the game's ``LeagueScoring``
(``pbem.game``; Dune's WBC and GF9 systems are in ``games/dune``) scores it; no module here
imports a game.  ``definition`` reads league files; ``standings`` puts the scores in a
table (text and HTML); ``draw`` deals players to tables and the game's seats for a new heat;
``commands`` are the mail commands (STANDINGS, DROPOUT, ADJUDICATE).
"""


class LeagueError(ValueError):
    """A league that cannot be read or scored; the message says why."""


class TieError(LeagueError):
    """An adjudication the scores do not decide; ``tied`` names the seats."""

    def __init__(self, tied: list[str]):
        self.tied = tied
        super().__init__(f"tied on the scores: {', '.join(tied)}; name the winners with "
                         "END <winners> -- adjudication")
