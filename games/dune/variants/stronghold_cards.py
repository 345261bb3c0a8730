"""The stronghold cards (001 4.04; the gf9 ruleset's option ``stronghold_cards``, in the basic or
the advanced game, 4.04.01): a card for each stronghold, kept face up in front of the shield of
the faction controlling it (on the token layer, kind ``stronghold``; their data, sources cited,
in ``data/gf9/tokens.yaml``), whose holder has its abilities "for as long as they have the
card" (4.04.04.01).

- The cards' flow (4.04.02-03): at the Mentat Pause, once no faction has won, at War Continues
  (``war_continues``), a holder no longer controlling the card's stronghold sets it aside, and
  each faction controlling a stronghold takes its card.  Control is what victory counts
  (``victory.strongholds_held``: alone, or only with an ally; the Shield Wall's left side once
  the Shield Wall counts, 4.02.1-2, 4.02.7; the Hidden Mobile Stronghold with the Ixians).
- Arrakeen (4.04.04.02): in a battle in Arrakeen the bank pays 2 of the spice its holder backs
  forces with (``battle_spice_help``: so it may back 2 more than it has); at Battle
  Determination, the start of the battle phase, its holder takes 2 spice from the bank
  (``phase_ends``, the movement phase ending).
- Carthag (4.04.04.03): in a battle in Carthag, if its holder plays no poison weapon, a defense
  it plays that does not stop poison stops it too, as a Snooper (``at_reveal``).  Before anyone's
  shipment and movement action its holder may send one force of its reserve there, free
  (``send``: ``CARTHAG SEND``, an optional decision of the round's first mail, sendable ahead
  with the seat's movement orders, ``FOR MOVEMENT``).
- Habbanya Ridge Sietch (4.04.04.04): its holder wins ties in battles there (``at_reveal``);
  forces starting a move there move two territories further (``movement_bonus``).
- Ixian Hidden Mobile Stronghold (4.04.04.05): through the bidding round its holder may name
  another stronghold card it holds (``HMS COPY <card>``, optional, in any of the round's mails);
  from the round's end to the end of the turn that card's advantage works in the HMS too
  (``advantage``; the choice kept on the HMS card, ``copy``, for every seat to see).
- Shield Wall (4.04.04.06, with the Shield Wall Stronghold, 4.02): its holder ships reserves to
  the Shield Wall at stronghold rates (``stronghold_rate``); a holder arriving as a native (the
  Fremen) may send its reserves there with its shipment (``native_arrivals``), forces that may
  not move that turn (``moves``: the step's ``unmovable``).
- Sietch Tabr (4.04.04.07): its holder winning a battle there takes from the bank the spice of
  the opponent's dial, rounded down (``battle_over``); its free revival is one more, which may
  pass its revival limit, the forces it pays for may not (``free_revival``).
- Tuek's Sietch (4.04.04.08): its holder takes 2 spice from the bank for each worthless card it
  plays in a battle there, and after the battle up to two of its forces lost there go back to
  its reserve instead of the tanks (``battle_over``).

Rulings (docs/rules-coverage.md, "001 4.04"):

- 001 is followed where the printed cards differ (``data/gf9/tokens.yaml`` and
  docs/sources.md): the second ability of Arrakeen, Carthag, Habbanya, Sietch Tabr and Tuek's,
  the Shield Wall's card, and the Hidden Mobile Stronghold's copy "at the end of the Bidding
  Phase" (the printed card: for a battle in the HMS).
- Allies both controlling a stronghold (an ally's advisors do not control): the holder keeps
  its card if it is one of them, else the first of them in storm order takes it.
- Carthag's send: once a round, before the first faction's turn ("Before any player takes
  their Shipment and Movement action": before any of them does), into Carthag as a shipment
  from the reserve could land (not under the storm, within the occupancy limit); a normal
  force first.
- The HMS's copy: of another card its holder holds (4.04.04.05: "any other Stronghold Card you
  Control"); the copied card's advantage "here" read as the HMS (so the printed card, for a
  battle in the HMS); what names no place (Arrakeen's spice at Battle Determination, Sietch
  Tabr's free revival, Carthag's send) is not had twice.
- The Shield Wall's forces that may not move: as many of the holder's forces in the Shield Wall
  as it sent there this turn (forces are alike: the others may move).
- Tuek's Sietch's two forces are taken back from the tanks once the battle's losses are
  counted, normal forces first; a force that never reached the tanks (a winner by a traitor
  loses nothing) is not one of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..codes import ErrorCode, EventCode
from ..data import CardType
from ..forces import Counts, add_forces, plain, take
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..state import State, data, occupants, only_sector, sheet, storm_order
from .base import Variant

KIND = "stronghold"
ARRAKEEN, CARTHAG, HABBANYA = "Arrakeen", "Carthag", "Habbanya Ridge Sietch"
HMS, SHIELD_WALL = "Hidden Mobile Stronghold", "Shield Wall"
SIETCH_TABR, TUEKS = "Sietch Tabr", "Tuek's Sietch"
BANK_PAYS = 2               # 4.04.04.02: "2 spice is paid automatically by the Spice Bank"
DETERMINATION_SPICE = 2     # 4.04.04.02: "collect two Spice from the spice bank"
EXTRA_MOVES = 2             # 4.04.04.04: "an additional two movement"
WORTHLESS_SPICE = 2         # 4.04.04.08: "2 spice ... for each Worthless card"
SAVED = 2                   # 4.04.04.08: "two of your Forces that would have gone to the tanks"
POISON = (CardType.POISON_WEAPON, CardType.POISON_BLADE, CardType.POISON_TOOTH)  # 4.04.04.03
SEND, COPY = "carthag-send", "hms-copy"     # the kinds of the holders' decisions
OCCUPANCY = 2               # 001 1.06.03.06: not into a stronghold two others occupy


# --- who holds what (a state or a seat's view: the cards lie face up for all)
def cards(game: State | dict[str, Any]) -> list[dict[str, Any]]:
    """The stronghold cards' records, in the data's order."""
    return [record for record in tokens.of(game) if record["kind"] == KIND]


def name(game: State | dict[str, Any], record: dict[str, Any]) -> str:
    return tokens.spec(game, record).name


def holder(game: State | dict[str, Any], card: str) -> str | None:
    """The faction holding a stronghold's card, or None (aside, or not in play)."""
    return next((record["owner"] for record in cards(game) if name(game, record) == card), None)


def advantage(game: State | dict[str, Any], seat: str, territory: str, card: str) -> bool:
    """Whether ``seat`` has ``card``'s ability for something happening in ``territory``:
    it holds the card and the territory is the card's stronghold (4.04.04: "here"), or the
    territory is the Hidden Mobile Stronghold whose card it holds and it copies ``card`` this
    turn (4.04.04.05)."""
    if holder(game, card) != seat:
        return False
    return territory == card or (territory == HMS and copied(game, seat) == card)


def copied(game: State | dict[str, Any], seat: str) -> str | None:
    """The card whose advantage the HMS card's holder ``seat`` copies this turn, if any."""
    record = _record(game, HMS)
    return record.get("copy") if record and record["owner"] == seat else None


def _record(game: State | dict[str, Any], card: str) -> dict[str, Any] | None:
    return next((record for record in cards(game) if name(game, record) == card), None)


# --- Carthag's send (4.04.04.03) and the HMS's copy (4.04.04.05): the holders' decisions
def _sender(state: State) -> str | None:
    """Carthag's holder, while it may send a force there: before any faction's shipment and
    movement action (no turn taken yet), once a round (ruling), with a force in reserve, and
    Carthag open to it as to a shipment: not under the storm (001 1.06.03.05), two other
    factions not there already (the occupancy limit, 1.06.03.06)."""
    seat = holder(state, CARTHAG)
    step = state["step"]
    if (seat is None or step.get("moved") or step.get("carthag") is not None
            or not any(state["factions"][seat]["reserve"].values())
            or only_sector(state, CARTHAG) == state["storm"]["sector"]):
        return None
    others = [s for s in occupants(state, CARTHAG) if s != seat]
    return seat if len(others) < OCCUPANCY else None


def _send_prompt(state: State, seat: str) -> Prompt:
    return Prompt(f"{SEND}:{seat}", seat, SEND, True,
                  "CARTHAG SEND or CARTHAG NONE: whether you send a force of your reserve to "
                  "Carthag free, before the first turn of shipment and movement (001 "
                  "4.04.04.03)", False, "CARTHAG NONE", "CARTHAG SEND", optional=True)


def _read_send(state: State, prompt_: Prompt, words: list[str]) -> bool:
    answer = " ".join(words).upper()
    if answer not in ("SEND", "NONE"):
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected CARTHAG SEND or CARTHAG NONE",
                           ("CARTHAG SEND", "CARTHAG NONE"))
    return answer == "SEND"


order_kind(OrderKind(SEND, ("CARTHAG",), _read_send,
                     lambda _, v: "CARTHAG SEND" if v else "CARTHAG NONE",
                     random=lambda view, p, rng: rng.random() < 0.5))


def send(state: State, seat: str, value: bool) -> list[Event]:
    """One force of the reserve (a normal one first) put in Carthag, free (001 glossary
    "Send": no shipment); the decision taken for the round, sent or not."""
    state["step"]["carthag"] = value
    if not value:
        return []
    reserve = state["factions"][seat]["reserve"]
    kind = plain(state, seat) if reserve.get(plain(state, seat)) else next(
        k for k, n in reserve.items() if n)
    take(reserve, {kind: 1})
    add_forces(state, seat, CARTHAG, only_sector(state, CARTHAG), {kind: 1})
    return [Event(EventCode.STRONGHOLD_CARD_SENT, {"faction": seat, "card": CARTHAG,
                                                   "forces": {kind: 1}})]


def _copier(state: State) -> tuple[str, list[str]] | None:
    """The HMS card's holder and the other cards it holds, while it has not chosen this turn
    (the bidding round: its choice applies from the round's end, 4.04.04.05)."""
    seat = holder(state, HMS)
    if seat is None or copied(state, seat) is not None:
        return None
    others = [name(state, r) for r in cards(state) if r["owner"] == seat and name(state, r) != HMS]
    return (seat, others) if others else None


def _copy_prompt(state: State, seat: str, others: list[str]) -> Prompt:
    return Prompt(f"{COPY}:{seat}", seat, COPY, True,
                  "HMS COPY <card>: the stronghold card of yours whose advantage the Hidden "
                  "Mobile Stronghold copies from the end of the bidding until the end of the "
                  "turn, one of: " + ", ".join(others) + " (001 4.04.04.05)",
                  None, "HMS COPY NONE", f"HMS COPY {others[0]}", optional=True,
                  options={"cards": others})


def _read_copy(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    text = " ".join(words)
    if text.upper().startswith("COPY"):
        text = text[4:].strip()
    if text.upper() == "NONE":
        return None
    others = _copier(state)[1] if _copier(state) else []
    found = [card for card in others if card.lower().startswith(text.lower())] if text else []
    if len(found) != 1:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"{text!r} is not a stronghold card of "
                           "yours to copy: " + ", ".join(others), (prompt_.template,))
    return found[0]


order_kind(OrderKind(COPY, ("HMS",), _read_copy,
                     lambda _, v: f"HMS COPY {v or 'NONE'}",
                     random=lambda view, p, rng: rng.choice([None, *p.options["cards"]])))


def copy(state: State, seat: str, card: str | None) -> list[Event]:
    """The choice kept on the HMS card (its ``copy``) until the end of the turn; no choice
    sent leaves the decision open for the round's next mail."""
    if card is None:
        return []
    _record(state, HMS)["copy"] = card
    return [Event(EventCode.STRONGHOLD_CARD_COPIED, {"faction": seat, "card": card})]


class StrongholdCards(Variant):
    """001 4.04, as the module docstring says."""

    option = "stronghold_cards"
    decision_kinds = frozenset({SEND, COPY})

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """Carthag's send at the start of the shipment and movement round; the HMS's copy
        through the bidding round (both optional, so no round waits for them)."""
        if phase == "movement" and (seat := _sender(state)) is not None:
            return [_send_prompt(state, seat)]
        if phase == "bidding" and (found := _copier(state)) is not None:
            return [_copy_prompt(state, *found)]
        return []

    def decide(self, state: State, phase: str, key: Any, value: Any, rng: random.Random
               ) -> list[Event]:
        if key.kind == SEND:
            return send(state, key.seat, value)
        return copy(state, key.seat, value)

    def native_arrivals(self, game: State | dict[str, Any], seat: str) -> frozenset[str]:
        """4.04.04.06: the Shield Wall card's holder arriving as a native (the Fremen) may
        send its reserves to the Shield Wall with its shipment."""
        if holder(game, SHIELD_WALL) == seat and sheet(seat, game).native_arrival is not None:
            return frozenset({SHIELD_WALL})
        return frozenset()

    def phase_ends(self, state: State, rng: random.Random) -> list[Event]:
        """4.04.04.02: at Battle Determination, the battle phase's start, Arrakeen's holder
        takes 2 spice from the bank; 4.04.04.05: the HMS's copy ends with the turn."""
        if state["phase"] == "mentat_pause" and (record := _record(state, HMS)) is not None:
            record.pop("copy", None)
        seat = holder(state, ARRAKEEN)
        if state["phase"] != "movement" or seat is None:
            return []
        state["factions"][seat]["spice"] += DETERMINATION_SPICE
        return [Event(EventCode.STRONGHOLD_CARD_SPICE, {
            "faction": seat, "card": ARRAKEEN, "spice": DETERMINATION_SPICE})]

    def war_continues(self, state: State, held: dict[str, list[str]]) -> list[Event]:
        """4.04.02-03: a card whose holder no longer controls its stronghold set aside; each
        controlled stronghold's card taken by its controller."""
        events = []
        for record in cards(state):
            card = name(state, record)
            controllers = [seat for seat in storm_order(state) if card in held.get(seat, [])]
            owner = record["owner"]
            if owner is not None and owner not in controllers:
                record.pop("copy", None)
                tokens.place(record, None, tokens.ASIDE)
                events.append(Event(EventCode.STRONGHOLD_CARD_SET_ASIDE,
                                    {"faction": owner, "card": card}))
            if controllers and owner not in controllers:
                tokens.place(record, controllers[0], tokens.FRONT)
                events.append(Event(EventCode.STRONGHOLD_CARD_TAKEN,
                                    {"faction": controllers[0], "card": card}))
        return events

    def at_reveal(self, state: State, territory: str, plans: dict[str, dict[str, Any]]
                  ) -> None:
        """Carthag (4.04.04.03) and Habbanya Ridge Sietch (4.04.04.04) mark the revealed plans
        of their holder fighting there: ``snooper``, ``wins_ties`` (``combat.resolve``)."""
        deck = data(state)
        for seat, plan in plans.items():
            poison = plan["weapon"] and deck.card_named(plan["weapon"]).type in POISON
            if advantage(state, seat, territory, CARTHAG) and plan["defense"] and not poison:
                plan["snooper"] = True
            if advantage(state, seat, territory, HABBANYA):
                plan["wins_ties"] = True

    def battle_spice_help(self, game: State | dict[str, Any], seat: str, territory: str) -> int:
        """4.04.04.02: the spice the bank pays of what Arrakeen's holder backs forces with."""
        return BANK_PAYS if advantage(game, seat, territory, ARRAKEEN) else 0

    def battle_over(self, state: State, territory: str, winner: str | None,
                    plans: dict[str, dict[str, Any]], lost: dict[str, Counts],
                    rng: random.Random, dialed: Callable[[str], int]) -> list[Event]:
        """Sietch Tabr (4.04.04.07) and Tuek's Sietch (4.04.04.08) after a battle there."""
        events = []
        for seat, plan in plans.items():
            other = next(s for s in plans if s != seat)
            if seat == winner and advantage(state, seat, territory, SIETCH_TABR):
                spice = int(plans[other]["dial"])
                if spice:
                    state["factions"][seat]["spice"] += spice
                    events.append(Event(EventCode.STRONGHOLD_CARD_SPICE, {
                        "faction": seat, "card": SIETCH_TABR, "spice": spice}))
            if advantage(state, seat, territory, TUEKS):
                events += _tueks(state, seat, plan, lost.get(seat, {}))
        return events

    def free_revival(self, game: State | dict[str, Any], seat: str) -> int:
        """4.04.04.07: Sietch Tabr's holder revives one more force free (not twice by the
        HMS's copy: the copy is of the card's advantage "here", the module's ruling)."""
        return 1 if holder(game, SIETCH_TABR) == seat else 0

    def movement_bonus(self, game: State | dict[str, Any], seat: str, territory: str) -> int:
        """4.04.04.04: forces of Habbanya Ridge Sietch's holder starting a move there."""
        return EXTRA_MOVES if advantage(game, seat, territory, HABBANYA) else 0

    def stronghold_rate(self, game: State | dict[str, Any], seat: str, territory: str) -> bool:
        """4.04.04.06: the Shield Wall card's holder ships there at stronghold rates."""
        return advantage(game, seat, territory, SHIELD_WALL)


def _tueks(state: State, seat: str, plan: dict[str, Any], lost: Counts) -> list[Event]:
    """Tuek's Sietch: 2 spice a worthless card played; up to two forces lost back to the
    reserve, normal forces first (ruling)."""
    deck = data(state)
    events = []
    worthless = [card for card in (plan["weapon"], plan["defense"])
                 if card and deck.card_named(card).type is CardType.WORTHLESS]
    if worthless:
        spice = WORTHLESS_SPICE * len(worthless)
        state["factions"][seat]["spice"] += spice
        events.append(Event(EventCode.STRONGHOLD_CARD_SPICE, {
            "faction": seat, "card": TUEKS, "spice": spice}))
    own = state["factions"][seat]
    saved: Counts = {}
    room = SAVED
    for kind in sorted(lost, key=lambda k: k != plain(state, seat)):
        back = min(room, lost[kind], own["tanks"].get(kind, 0))
        if back:
            own["tanks"][kind] -= back
            if not own["tanks"][kind]:
                del own["tanks"][kind]
            own["reserve"][kind] = own["reserve"].get(kind, 0) + back
            saved[kind] = back
            room -= back
    if saved:
        events.append(Event(EventCode.STRONGHOLD_CARD_SAVED, {
            "faction": seat, "card": TUEKS, "forces": saved}))
    return events
