"""Mailing a league's standings: to one player who asks (STANDINGS), to every player when the
GM asks, and to every player after each finished game of the league (``game_finished``, called
where the moderator stores a finished game)."""

from __future__ import annotations

import logging
from datetime import datetime

from pbem import outbox
from pbem.config import Config
from pbem.league.definition import League, leagues_of_game
from pbem.league.results import record_result
from pbem.league.standings import standings, standings_text
from pbem.mail.compose import compose, new_message_id
from pbem.record import GameRecord
from pbem.store import Store

log = logging.getLogger("pbem")


def mail_standings(config: Config, store: Store, league: League, now: datetime,
                   to: list[str] | None = None, why: str = "") -> int:
    """Queue the standings to ``to`` (default: every league player with an address), one
    mail each; returns how many.  Call inside a transaction."""
    text = standings_text(standings(store, league, now))
    if why:
        text = f"{why}\n\n{text}"
    addresses = to if to is not None else [p.address for p in league.players if p.address]
    for address in addresses:
        mail = compose(config.moderator, [address],
                       f"[{league.id}] Standings: {league.title or league.id}", text, now,
                       new_message_id(config.moderator.domain, league.id))
        outbox.enqueue(store, mail, now, "standings")
    return len(addresses)


def game_finished(config: Config, store: Store, record: GameRecord, now: datetime) -> None:
    """Record a game's result the first time it is seen finished, and mail the standings of
    each league it belongs to that asks for it (``mail_standings`` in the league file).

    A fault here is logged and undone (a savepoint), never the game's own step: the result
    is then worked out when the standings first need it."""
    try:
        with store.atomic():
            if not record_result(store, record, now):
                return
            for league in leagues_of_game(store, record.id):
                if league.mail_standings:
                    mail_standings(config, store, league, now,
                                   why=f"Game {record.id} is over: the standings now.")
    except Exception:  # whatever a league or a game's summary raises: the game goes on
        log.exception("game %s: its result or its leagues' standings failed", record.id)
