"""Leagues and tournaments: game results, WBC and GF9 scoring, standings, heat draws
(docs/leagues.md).

``results`` records what a finished game gives a league; ``wbc`` and ``gf9`` score it;
``definition`` reads league files; ``standings`` puts the scores in a table (text and HTML);
``draw`` deals players to tables and factions for a new heat; ``commands`` are the mail
commands (STANDINGS, DROPOUT, ADJUDICATE).
"""


class LeagueError(ValueError):
    """A league that cannot be read or scored; the message says why."""


class TieError(LeagueError):
    """An adjudication the scores do not decide; ``tied`` names the seats."""

    def __init__(self, tied: list[str]):
        self.tied = tied
        super().__init__(f"tied on the scores: {', '.join(tied)}; name the winners with "
                         "END <winners> -- adjudication")
