"""The tech tokens (001 4.05; the gf9 ruleset's option ``tech_tokens``): Axlotl Tanks,
Heighliners and Spice Production, face up in front of their owners' shields (4.05.01), on the
token layer (``tokens``, kind ``tech``; their data, sources cited, in
``data/gf9/tokens.yaml``).

- Set-up (4.05.04.01): each token goes to its default owner in the game (the Tleilaxu, the
  Ixians, the Fremen); a token whose owner is not seated lies aside (``tokens.set_up``).
- After the first storm has moved (4.05.04.02) the tokens aside are dealt at random, one to
  each faction without one, in storm order (``storm_placed``).
- Income (4.05.05): when a faction does what a token's face names in that token's phase (takes
  free revival in the revival phase, ships forces from off-planet in shipment and movement,
  takes CHOAM Charity), unless it is the faction the face names, 1 spice for every tech token
  its owner holds is put on the token (``acted``); the owner takes it at the end of the phase
  (``phase_ends``).
- Battle (4.05.02): the winner takes one of the loser's tokens, of his choice (``battle_won``).
- Victory (4.05.03): a faction holding all three counts them as one stronghold
  (``victory_points``); allies do not combine them.

Rulings (docs/rules-coverage.md, "001 4.05"):

- "Unless only X did it" is read as "if any faction but X did it": the same outcome, decided at
  the first act by another faction (so treachery.online, ``Shipment.cs``, ``Revival.cs``,
  ``Game_Charity.cs``).  The income is counted then, by the tokens the owner holds (no token
  changes hands in those phases).
- Free revival taken: a faction revives at least one force within its free revival number
  (``revival``); a card's revival (Ghola, Karama) is not free revival.  Shipping from
  off-planet: a shipment from the reserves; not the Fremen's arrival from their reserves on
  Arrakis, nor a Guild shipment between territories or back to the reserves.  CHOAM Charity:
  every faction paid charity (by mail every faction that may is deemed to claim it,
  ``charity``).
- The deal: the tokens aside are shuffled and dealt one each, in storm order, to the factions
  holding none; a token left over (more tokens than factions without one) stays aside all game
  (treachery.online deals no more either, ``StormDialled.cs``).
- The winner's choice is a standing line of his battle plan, ``TECH <token>`` (as the
  Harkonnen's capture), asked only when the opponent holds two or more; without it, or if the
  loser no longer holds that token when the battle ends, the first the loser holds in the
  order Axlotl Tanks, Heighliners, Spice Production.  A battle with no winner (both traitors,
  an explosion) takes no token.
- "Controlling all three" counts for the most strongholds at the end of play too (001 4.05.03:
  "counts as a Stronghold point for winning the game").
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ...common.names import Named, NameIndex
from .. import tokens
from ..codes import EventCode
from ..data import Act, DuneData, TokenKind
from ..state import State, data, sheet, storm_order
from .base import Variant

KIND = "tech"
POINT = "Tech Tokens"                   # 001 4.05.03: "all three Tech Tokens"


def kind(deck: DuneData) -> TokenKind:
    """The tech tokens' kind in a ruleset's data."""
    return deck.token_kind(KIND)


class TechTokens(Variant):
    """001 4.05, as the module docstring says."""

    option = "tech_tokens"

    def storm_placed(self, state: State, rng: random.Random) -> list[Event]:
        """001 4.05.04.02: the tokens aside dealt at random, one to each faction without one,
        in storm order."""
        records = [record for record in tokens.of(state) if record["kind"] == KIND]
        undealt = [record for record in records if record["owner"] is None]
        rng.shuffle(undealt)
        events = []
        for seat in storm_order(state):
            if not undealt:
                break
            if seat in state.get("dropouts", []) or tokens.held(records, seat, KIND):
                continue
            record = undealt.pop()
            tokens.place(record, seat, tokens.FRONT)
            events.append(Event(EventCode.TECH_TOKEN_DEALT, {
                "faction": seat, "token": tokens.spec(state, record).name}))
        return events

    def acted(self, state: State, seat: str, act: Act) -> list[Event]:
        """001 4.05.05.02-04: the first act of its kind this phase by a faction other than the
        token's excluded one puts 1 spice a tech token its owner holds on the token."""
        faction = sheet(seat, state).name
        events = []
        for record in tokens.of(state):
            if record["kind"] != KIND or record["owner"] is None or "spice" in record:
                continue
            income = tokens.spec(state, record).income
            if (income is None or income.act != act or income.phase != state["phase"]
                    or income.excluded == faction):
                continue
            owner = record["owner"]
            record["spice"] = len(tokens.held(tokens.of(state), owner, KIND))
            events.append(Event(EventCode.TECH_INCOME, {
                "token": tokens.spec(state, record).name, "faction": owner, "by": seat,
                "act": str(act), "spice": record["spice"]}))
        return events

    def phase_ends(self, state: State, rng: random.Random) -> list[Event]:
        """001 4.05.05.01: the spice on each token to its owner, at the end of the phase."""
        events = []
        for record in tokens.of(state):
            if record["kind"] == KIND and "spice" in record:
                spice = record.pop("spice")
                state["factions"][record["owner"]]["spice"] += spice
                events.append(Event(EventCode.TECH_INCOME_COLLECTED, {
                    "faction": record["owner"], "token": tokens.spec(state, record).name,
                    "spice": spice}))
        return events

    def battle_won(self, state: State, winner: str, loser: str,
                   plans: dict[str, dict[str, Any]], rng: random.Random) -> list[Event]:
        """001 4.05.02: one of the loser's tokens to the winner, of his choice."""
        choices = to_take(data(state), tokens.of(state), loser)
        if not choices:
            return []
        name = taken(choices, plans[winner].get("tech"))
        value = next(token.value for token in kind(data(state)).tokens if token.name == name)
        tokens.place(tokens.find(state, KIND, value), winner, tokens.FRONT)
        return [Event(EventCode.TECH_TOKEN_TAKEN, {"faction": winner, "from": loser,
                                                   "token": name})]

    def victory_points(self, state: State, seat: str) -> list[str]:
        """001 4.05.03: all three tokens held by one faction count as a stronghold."""
        records = [record for record in tokens.of(state) if record["kind"] == KIND]
        if records and all(record["owner"] == seat for record in records):
            return [POINT]
        return []


# --- the winner's choice (``TECH`` in a battle plan), by the tokens' names
def to_take(deck: DuneData, records: list[dict[str, Any]], loser: str) -> list[str]:
    """The tech tokens the winner of a battle against ``loser`` would take one of, by name in
    the data's order, from a state's records or the tokens of a seat's view (face up: both
    show their values)."""
    held = {record["value"] for record in tokens.held(records, loser, KIND)}
    if not held:
        return []
    return [token.name for token in kind(deck).tokens if token.value in held]


def taken(choices: list[str], wanted: str | None) -> str:
    """The token taken: the one wanted if the loser holds it, else the first (ruling)."""
    return wanted if wanted in choices else choices[0]


def read_choice(choices: list[str], words: list[str]) -> str:
    """``TECH <token>``: one of ``choices``, named loosely ("heigh", "spice production");
    raises ``NameLookupError`` naming what was meant."""
    return NameIndex("tech token", (Named(name, name) for name in choices)).find(" ".join(words))


def choice_lines(choices: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The lines that choose among ``choices``."""
    return tuple(f"TECH {name}" for name in choices)
