"""The leak detector of the War for Arrakis mail tests: which secrets of other seats a seat's
mail shows, mail by mail.

A seat's secrets are the Planning cards in its hand (002 PLAYING PLANNING CARDS: a hand is
held by its player; in the 3-4 players mode each player has a hand of their own, 002 3-4
PLAYERS MODE) and, for the Atreides, their Secret Objectives (002 SETUP 14) until the game's
end reveals them (``victory.py``: "The Atreides' Secret Objective was: ...").  A card once in
the public part of a state (a discard pile, a card in play) or named in an event a seat may
see is no secret to that seat; the detector matches names, so a card with copies is no
secret once one copy is shown.  The sietches' ranks, the deployment tokens' contents and the
hands the GM changes are the differential test's (``test_secrecy_differential.py``).
"""

from __future__ import annotations

import json
import re

from pbem.games.war_for_arrakis.state import ATREIDES, data, side_of
from pbem.games.war_for_arrakis.view import public_view

REVEAL = "The Atreides' Secret Objective"


def secrets_over(states) -> tuple[dict[str, set[str]], set[str], set[str]]:
    """(seat -> the cards it held at some step, the Atreides' Secret Objectives at some step,
    the cards ever in the public part of a state), over the states."""
    held: dict[str, set[str]] = {}
    objectives: set[str] = set()
    public: set[str] = set()
    cards = data().cards
    for state in states:
        for seat, hand in state["hidden"]["hands"].items():
            held.setdefault(seat, set()).update(hand)
        objectives |= set(state["hidden"]["objectives"])
        shown = json.dumps(public_view(state))
        public |= {card for card in cards if f'"{card}"' in shown}
    return held, objectives, public


def shown_to(store, game_id: str, seat: str) -> set[str]:
    """The cards named in the events of the game's log that ``seat`` may see."""
    cards = data().cards
    seen = [event for row in store.decisions(game_id)
            for event in json.loads(row["events"] or "[]")
            if event["to"] is None or seat in event["to"]]
    text = json.dumps(seen)
    return {card for card in cards if f'"{card}"' in text}


def _named(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def leaked(mails: list[str], seat: str, held, objectives, shown) -> set[str]:
    """The other seats' secrets that ``seat``'s mails show (empty: none); ``shown``: the
    cards public or shown to the seat."""
    d = data()
    others = set().union(*(cards for s, cards in held.items() if s != seat))
    secret = {d.cards[card].name for card in others - held.get(seat, set()) - shown}
    hidden_aims = ({d.objectives[o].name for o in objectives}
                   if side_of(seat) != ATREIDES else set())
    found: set[str] = set()
    for mail in mails:
        mail = re.sub(r"\s+", " ", mail)           # a name wrapped over two lines is one name
        found |= {name for name in secret if _named(mail, name)}
        if REVEAL not in mail:
            found |= {name for name in hidden_aims if _named(mail, name)}
    return found


def assert_no_leaks(site, seats, game_id: str) -> None:
    """No mail to any of ``seats`` shows another seat's secret (``leaked``)."""
    from players import addressed_to, text
    from wfa_mail import address, record

    store = site.moderator().store
    held, objectives, public = secrets_over(record(site).replay_states(store))
    sent = site.sent()
    for seat in seats:
        mails = [text(m) for m in addressed_to(sent, address(seat))]
        assert mails, seat
        shown = public | shown_to(store, game_id, seat)
        assert not leaked(mails, seat, held, objectives, shown), seat
