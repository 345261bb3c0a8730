"""The leak detector of the Dune mail tests: which secrets of other seats a seat's mail shows.

A seat's secrets over a game are what only it could see at some step: its hand, its traitors,
its traitor draw during the set-up, the cards up for bid the Atreides saw (000 line 756), the
cards a faction's power shows it alone (the Ixians' pocket cards and supply chain, 001 2.07.04,
2.07.08).  The
treachery discard pile is open to all (000 line 1164), so a card once played openly is no
secret any more, nor is a card revealed in a battle plan (000 X.B.4), which a winner may keep,
nor the name of a leader played in one (whether he is someone's traitor stays secret until
called, but the detector matches names only); a faction's own leaders are no secret to it.
The Fremen's GF9 storm card (001 2.04.14-15), a number, is matched by its wording: another
seat's mail must never say what the face-down card is ("storm card ...: <n>").  A face-down
token's value (the token layer, ``games/dune/tokens.py``) is its owner's secret, matched by the
name of that value ("Amber Probe" of the test overlay's probes, "No-Field 5"); a face-up token
is public.  The Richese cache is theirs to know (001 2.10.04); a card of it is public once
offered (2.10.09.01).  A seat's own REDRAW word (001 2.07.22) names the cards it would discard
if it bought one: its lines are its own choice of words, no other seat's secret.
"""

from __future__ import annotations

import json
import re

from dune_seats import CLASSIC

from pbem.games.dune import tokens
from pbem.games.dune.factions import power
from pbem.games.dune.phases.bidding import cards_seen
from pbem.games.dune.rules import RULESETS
from pbem.games.dune.state import layered_data

# The face-down storm card as the Fremen's mail words it (the view and the storm-deck-seen
# event); the card revealed at the storm is public: "The Fremen's storm card shows 4."
STORM_CARD = re.compile(r"storm card[^.:]*: [1-6]", re.IGNORECASE)
# A line of the seat's own REDRAW word (001 2.07.22, 2.07.23 B: the cards it would discard if
# it bought one), its echo and its template: card names it chose, whoever holds such a card;
# with the indented lines a long echo wraps onto.
OWN_WORD = re.compile(r"^.*\bREDRAW\b.*(?:\n {2,}\S.*)*$", re.MULTILINE)



def every_data():
    """The data of every ruleset, alone and with each of its options' layers (v3's), and of
    GF9 with its expansions' layers: every faction and leader a game can have."""
    for ruleset in RULESETS.values():
        yield layered_data(ruleset.data_layers)
        for layer in ruleset.option_layers.values():
            yield layered_data((*ruleset.data_layers, layer))


def _every_leader():
    """Seat -> the names of its faction's leaders in any ruleset or layer (a Main Leader
    too): a faction's own leaders are no secret to it, wherever the game's data puts them."""
    found = {}
    for dune in every_data():
        for faction in dune.factions:
            found.setdefault(faction.seat, set()).update(
                leader.name for leader in dune.leaders if leader.faction == faction.name)
    return found


NAMES = {faction.seat: faction.name for dune in every_data() for faction in dune.factions}
LEADERS = _every_leader()


def secrets_of(state, seat):
    """What only ``seat`` may know in this state: the Tleilaxu's Face Dancers too (001
    2.08.04), as its traitors are."""
    own = state["factions"][seat]
    found = (set(own["hand"]) | set(own["traitors"]) | set(cards_seen(state, seat))
             | set(own.get("face_dancers", [])))
    if state["phase"] == "setup":
        found |= set(own["traitor_draw"])
    for key, shown in power(seat, state).behind_shield(state).items():  # the Ixians' pocket
        if isinstance(shown, list) and key != "bounty":     # cards and supply chain (001
            found |= {card for card in shown if isinstance(card, str)}    # 2.07.04, .08);
    # not the Moritani's Bounty words, ALIVE and DEAD (001 2.12.19 B), which are no card
    stealing = state["step"].get("stealing") if isinstance(state.get("step"), dict) else None
    if stealing and stealing["faction"] == seat:    # the Harkonnen Karama: the cards taken
        found |= set(state["step"].get("aside", []))    # lie aside, seen by the taker
    return found | face_down_values(state, seat)


def face_down_values(state, seat):
    """The names of the values of ``seat``'s face-down tokens: seen by it alone."""
    return {tokens.spec(state, token).name for token in tokens.of(state)
            if token["owner"] == seat and token["face"] == "down"}


def secrets_over(states, seats):
    """(seat -> every secret it held at some step, the cards played openly) over the states."""
    held = {seat: set() for seat in seats}
    played = set()
    for state in states:
        played |= set(state["decks"]["treachery_discard"]) | set(
            state["decks"]["treachery_removed"])       # Family Atomics, played openly
        played |= {tokens.spec(state, token).name for token in tokens.of(state)
                   if token["face"] == "up"}           # a token once face up is public
        for seat in seats:
            held[seat] |= secrets_of(state, seat)
    return held, played


# The one-of-a-kind cards whose open play is its own event (000 player aid: played openly,
# then discarded); the discard pile may be shuffled into the deck in the same step, so the
# card is never seen there at a step's end.
OPEN_PLAYS = {"weather-control": "Weather Control", "hajr": "Hajr", "ghola-revival": "Ghola",
              "family-atomics": "Family Atomics",
              "amal": "Amal", "harvester": "Harvester", "thumper": "Thumper"}    # 001 3.02


# The Nexus cards' public events that name a card (001 4.03.04-06)
NEXUS_SHOWN = ("nexus-card-played", "nexus-card-discarded", "nexus-card-revealed",
               "nexus-cards-revealed")


def shown_in_events(events):
    """The cards and leaders revealed in battle plans (000 X.B.4: "revealed simultaneously"),
    the leaders the Harkonnen capture (line 884), a Terror token or the Residual Poison kills, by
    name, and the cards played or discarded openly (``OPEN_PLAYS``, Terror tokens), from a
    step's events (as stored: dicts)."""
    shown = set()
    for event in events:
        if event["code"] == "battle-plans":
            shown |= {plan[key] for plan in event["data"]["plans"].values()
                      for key in ("leader", "cheap_hero", "weapon", "defense") if plan[key]}
        # named to the Harkonnen and the owner; if killed, public in the tanks
        if event["code"] == "leader-captured" and event["data"]["leader"]:
            shown.add(event["data"]["leader"])
        if event["code"] in OPEN_PLAYS and event["to"] is None:
            shown.add(OPEN_PLAYS[event["code"]])
        if event["code"] == "offer-made":   # the cache card auctioned is shown (001 2.10.09)
            shown |= {event["data"]["card"], event["data"]["name"]}
        # a leader a Terror token sends to the tanks, a card it or the hand limit discards
        # openly (001 2.12.14.02, .03, .06)
        if event["code"] in ("terror-assassination", "terror-hostage",      # 2.12.14.02 B
                             "hostage-settled") and event["data"]["leader"]:
            shown.add(event["data"]["leader"])
        if event["code"] == "terror-sabotage-b" and event["data"]["discarded"]:
            shown.add(event["data"]["discarded"])                   # 001 2.12.14.06 B
        # a traitor card the Moritani reveal to assassinate its leader (001 2.12.20)
        if event["code"] in ("leader-assassinated", "bounty-cashed"):    # 001 2.12.19 (B)
            shown.add(event["data"]["leader"])
        # a leader the Residual Poison sends to the tanks, told to all (001 3.03.09)
        if event["code"] == "leader-poisoned" and event["to"] is None:
            shown.add(event["data"]["leader"])
        if event["code"] in ("terror-sabotage", "hand-limit-discard") and event["data"]["card"]:
            shown.add(event["data"]["card"])
        # a Nexus card told to all: played, discarded, drawn again and revealed (001 4.03.05:
        # held face down after, but known to every seat), or revealed for the revision's draw
        if event["code"] in NEXUS_SHOWN and event["to"] is None:
            data = event["data"]
            shown |= set(data["cards"]) if "cards" in data else {data["card"]}
    return shown


def shown_in_battles(store, game_id):
    """What ``shown_in_events`` finds over the events of the game's decision log."""
    return set().union(*(shown_in_events(json.loads(row["events"] or "[]"))
                         for row in store.decisions(game_id)))


# Names of which a secret's name is a part: the Terror token Atomics (001 2.12.14.03) is
# neither the treachery card Family Atomics nor the public Atomics Aftermath token.
LONGER_NAMES = {"Atomics": ("Family Atomics", "Atomics Aftermath"),
                # the Tleilaxu's public revival of another's leader "as a Ghola" (001 2.08.17)
                # is no treachery card Ghola
                "Ghola": ("as a Ghola", "your Ghola", "a Ghola of the Tleilaxu")}


def _without(mails: str, secret: str) -> str:
    """The mails without the longer names the secret's name is part of."""
    for name in LONGER_NAMES.get(secret, ()):
        mails = mails.replace(name, "")
    return mails


def leaked(mails: str, seat, held, played, prediction=None, game=CLASSIC):
    """The other seats' secrets that ``seat``'s mail text shows (empty: none); ``game``: the
    data of the game's ruleset, for its board (the classic data by default)."""
    mails = OWN_WORD.sub("", mails)                # the seat's own REDRAW word: its choice
    mails = re.sub(r"\s+", " ", mails)             # a name wrapped over two lines is one name
    for territory in game.board.territories:      # "Gara Kulon" is no card Kulon
        mails = mails.replace(territory.name, "")
    own_leaders = LEADERS.get(seat, set())
    others = set().union(*(held[s] for s in held if s != seat)) - own_leaders - played
    found = {secret for secret in others - held[seat]
             if re.search(rf"\b{re.escape(secret)}\b", _without(mails, secret))}
    if seat != "fremen" and STORM_CARD.search(mails):
        found.add("the Fremen's storm card")
    if (prediction and seat != "bene-gesserit"
            and f"your prediction: {NAMES[prediction['faction']]}".lower()
            in mails.lower()):
        found.add("the Bene Gesserit prediction")
    return found


def seen_in_events(events: list[list[dict]], seat: str) -> set[str]:
    """The cards of other seats the stored events of each step showed ``seat`` alone, theirs
    to know from then on: a card on the Black Market, to its seller and the Atreides (001
    2.10.23, A: "although the Atreides may still look"), the cards an audit saw, to CHOAM or
    the ally it lent the Auditor (001 2.09.18 A, 2.09.21 B)."""
    return {name for step in events for event in step if seat in (event["to"] or ())
            for name in ([event["data"]["name"]] if event["code"] == "market-seen" else
                         event["data"].get("cards", []) if event["code"] == "audit-seen"
                         else [])}


def standing_words(events: list[list[dict]]) -> dict[str, set[str]]:
    """Seat -> the standing words it set over a game (a Semuta word, 001 3.03.10; CHOAM's
    word to lend the Auditor, 2.09.21 B; its Inflation word, 2.09.14 A...), each told to it
    alone as it changed: no other seat's secret to read."""
    found: dict[str, set[str]] = {}
    for step in events:
        for event in step:
            if event["code"] == "standing-set":
                for seat in event["to"]:
                    found.setdefault(seat, set()).add(event["data"]["order"])
    return found


def words_leaked(mails: str, seat: str, words: dict[str, set[str]]) -> set[str]:
    """The standing words of other seats (``standing_words``) that ``seat``'s mail shows, but
    for the words it set itself."""
    mails = re.sub(r"\s+", " ", mails)
    others = set().union(set(), *(w for s, w in words.items() if s != seat))
    return {word for word in others - words.get(seat, set()) if word in mails}


def ambassador_seen(events: list[list[dict]]) -> set[str]:
    """What triggered Ambassadors showed Ecaz over a game (001 2.11.17.02, .06: a hand's cards
    and a traitor), theirs to know from then on: the stored events of each step."""
    seen = {card for step in events for event in step
            if event["code"] == "ambassador-hand-seen" for card in event["data"]["cards"]}
    return seen | {event["data"]["traitor"] for step in events for event in step
                   if event["code"] == "ambassador-traitor-seen" and event["data"]["traitor"]}
