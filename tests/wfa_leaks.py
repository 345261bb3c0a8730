"""The leak detector of the War for Arrakis mail tests: which secrets a mail shows that its
reader may not know yet, mail by mail, each against the game's state at the step it was
written in (``Mark``: the ticks of a game by mail, each with the last mail it wrote and the
number of steps decided).

Every secret of the game (``view.py`` says who sees what):

- the Planning cards: a seat knows the cards it held, those in the public part of a state (a
  discard pile, a card in play) and those named in the events it may see; any other card's
  name is a leak: another seat's hand (002 PLAYING PLANNING CARDS; in teams each player has a
  hand of their own, 3-4 PLAYERS MODE), a deck's cards, the solo mode's face-down
  Reinforcements (MAHDI SOLO MODE).  Names, so a card with copies is no secret once one is
  shown;
- the Secret Objectives (002 SETUP 14): known to the Atreides' seats once dealt to them, to
  nobody else until the game's end reveals one (``REVEAL``);
- (the Prescience deck holds cards every player knows, and a player may name any of them in
  their orders, CLAIMS: its order is the secret, the differential test's);
- the sietches' ranks (002 SETUP 2): while a sietch is face down, only the Atreides' mail
  may give its rank beside its name;
- the deployment tokens' contents (002 ATREIDES DEPLOYMENT TOKENS; SPECIAL RULES, solo):
  only the Atreides' mail lists a token on the board with what it holds (``t07: ...``);
  nobody's, a token in the Rebels Bag, nor a Harkonnen token of the solo mode (whose ids
  follow the components list, so never shown);
- the stations' symbols and the wormsigns' faces (002 SETUP 7, 10): nobody's mail says them
  while they lie face down;
- a seat's plan, standing choices and what its answers echo: only its own player's mail
  holds its secret part ("== Yours (...)") or its orders echoed ("orders from <seat>").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from pbem.games.war_for_arrakis.data.model import MARKER_NAMES
from pbem.games.war_for_arrakis.legions import area_name
from pbem.games.war_for_arrakis.naming import seat_title
from pbem.games.war_for_arrakis.state import ATREIDES, data, side_of
from pbem.games.war_for_arrakis.view import public_view
from pbem.mail.text import parse_message

REVEAL = "The Atreides' Secret Objective"
FACE_DOWN_RANK = re.compile(r"\(rank \d, secret\)")


@dataclass(frozen=True)
class Mark:
    """After a tick: the last mail written (the outbox's id) and the steps decided."""

    mail: int
    steps: int


def marks_now(store, game_id: str) -> Mark:
    (row,) = store.all("select coalesce(max(id), 0) as last from outbox")
    return Mark(row["last"], len(store.decisions(game_id)))


@dataclass
class Known:
    """What a reader knows by a step: the cards, objectives and Prescience cards."""

    cards: set[str]
    objectives: set[str]
    prescience: set[str]


def _named(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def _named_ids(text: str, ids) -> set[str]:
    """The ids quoted in a JSON text."""
    return {i for i in ids if f'"{i}"' in text}


def knowledge(states, events_by_step, readers: list[str]) -> list[Known]:
    """What ``readers`` (one player's seats) know at each step: what was public, shown to
    them, or theirs at that step or before."""
    known = Known(set(), set(), set())
    found = []
    for step, state in enumerate(states):
        shown = json.dumps(public_view(state))
        seen = json.dumps([event for event in events_by_step[step]
                           if event["to"] is None or set(event["to"]) & set(readers)])
        known.cards |= _named_ids(shown + seen, data().cards)
        known.prescience |= _named_ids(shown + seen, data().prescience)
        for seat in readers:
            known.cards |= set(state["hidden"]["hands"].get(seat, []))
            if side_of(seat) == ATREIDES:
                known.objectives |= set(state["hidden"]["objectives"])
        found.append(Known(set(known.cards), set(known.objectives), set(known.prescience)))
    return found


def leaked(mail: str, readers: list[str], state, known: Known, seats: list[str]) -> set[str]:
    """The secrets ``mail`` (to the player of ``readers``) shows, written at ``state``."""
    d = data()
    mail = re.sub(r"\s+", " ", mail)               # a name wrapped over two lines is one name
    shown = ({d.cards[c].name for c in known.cards} | {d.objectives[o].name for o in
                                                      known.objectives}
             | {d.prescience[p].name for p in known.prescience})
    for name in sorted(shown, key=len, reverse=True):  # a known name holding a secret one
        mail = mail.replace(name, "<known>")           # ("The Voice from the Outer World")
    found = {d.cards[c].name for c in set(d.cards) - known.cards if _named(mail, d.cards[c].name)}
    if REVEAL not in mail:
        found |= {d.objectives[o].name for o in set(d.objectives) - known.objectives
                  if _named(mail, d.objectives[o].name)}
    atreides = any(side_of(seat) == ATREIDES for seat in readers)
    on_board = {t for lg in state["legions"].values() if lg["side"] == ATREIDES
                for t in lg["tokens"]}
    for token in state["hidden"]["tokens"]:
        if not (atreides and token in on_board) and re.search(
                rf"(?<![\w-]){re.escape(token)}(:|(?![\w-]))" if "-" in token
                else rf"\b{re.escape(token)}:", mail):
            found.add(f"deployment token {token}")
    for area, sietch in state["sietches"].items():
        rank = state["hidden"]["sietch_ranks"].get(sietch["token"])
        if sietch["rank"] is None and not atreides and re.search(
                rf"{re.escape(area_name(area))} (\(rank|is revealed: rank) {rank}\b", mail):
            found.add(f"the rank of the sietch of {area}")
    if not atreides and FACE_DOWN_RANK.search(mail):
        found.add("a face-down sietch's rank")
    for area, station in state["stations"].items():
        symbol = MARKER_NAMES[state["hidden"]["stations"][station]]
        if re.search(rf"{re.escape(area_name(area))}\W{{1,3}}{symbol}", mail):
            found.add(f"the station of {area}")
    for area in state["wormsigns"]:
        if f"wormsign in {area_name(area)} is " in mail:
            found.add(f"the wormsign in {area}")
    for seat in set(seats) - set(readers):
        if f"== Yours ({seat_title(seat)})" in mail or f", orders from {seat}" in mail:
            found.add(f"the secret part of {seat}")
    return found


def assert_no_leaks(site, game_id: str, marks: list[Mark]) -> int:
    """No mail of the game shows its reader a secret it may not know at the step it was
    written in (``leaked``); the mails checked."""
    from wfa_mail import record

    store = site.moderator().store
    current = record(site)
    seats = [row["seat"] for row in current.seats]
    states = list(current.replay_states(store))
    events = [[]] + [json.loads(row["events"] or "[]") for row in store.decisions(game_id)]
    assert len(states) == len(events) == marks[-1].steps + 1
    players = _players(site, current)
    knows = {address: knowledge(states, events, readers) for address, readers in players.items()}
    checked = 0
    for row in store.all("select id, recipients, message from outbox where game_id = ? "
                         "order by id", (game_id,)):
        step = next((m.steps for m in marks if row["id"] <= m.mail), marks[-1].steps)
        body = _body(row["message"])
        for address in json.loads(row["recipients"]):
            if address not in players:
                continue                           # the GM's copy: the GM sees everything
            found = leaked(body, players[address], states[step], knows[address][step], seats)
            assert not found, (address, step, found)
            checked += 1
    return checked


def _players(site, current) -> dict[str, list[str]]:
    """Each player's address with the seats whose mail it gets (its own, those it
    commands)."""
    from wfa_mail import WFA

    commanders = WFA.commanders(current.state)
    players: dict[str, list[str]] = {}
    for row in current.seats:
        commander = commanders.get(row["seat"])
        address = row["address"] or next((r["address"] for r in current.seats
                                          if r["seat"] == commander), None)
        if address:
            players.setdefault(address.lower(), []).append(row["seat"])
    return players


def _body(message: bytes) -> str:
    from players import text

    return text(parse_message(message))
