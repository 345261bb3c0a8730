"""Ecaz's Ambassadors (001 2.11.04, 2.11.06-10, 2.11.17), text A, by mail.

- Supply (2.11.04): their own Ambassador and five drawn at random, face up in front of their
  shield; the others wait aside.
- AMBASSADORS (2.11.06-07): after the revival round they may place Ambassadors of their supply
  in strongholds not in the storm that hold none, 1 spice for the first of the turn, 2 for the
  second, and so on.  By mail, ``AMBASSADOR <token> IN <stronghold>`` lines, an optional
  decision of the revival round carried out once its revivals are over, in the order given,
  each that is still possible and paid for.
- The trigger (2.11.08): when another faction (not their ally, not Bene Gesserit advisors, not
  the faction the token depicts) enters the stronghold, they may trigger it, and set it aside.
  By mail they decide ahead (``token_triggers``: ``TRIGGER ...`` lines, part of the same
  decision), so a trigger costs the mover no mail round and nobody learns the token from a
  wait.  A triggered Ambassador is turned face up, its effect carried out (2.11.17) and it goes
  aside (Ecaz's own back to the supply, 2.11.17.12); once the five drawn have all been
  triggered, five more are drawn (2.11.09), never the Bene Gesserit's once triggered (out of
  the game, 2.11.17.03).
- Vulnerable (2.11.10): one the storm or a lasgun and shield's explosion reaches goes back to
  the supply, face up (``swept``, asked through ``Faction.swept``).

Rulings (docs/rules-coverage.md, "001 2.11 Ecaz"):

- 2.11.04 puts the supply face up in front of the shield; 2.11.06 does not say how a placed
  Ambassador lies.  It lies face down (the published game's way, and the only way 2.11.08's
  "you may trigger" is a secret worth keeping): the others know which tokens left the supply,
  not which went where.
- The effects that need a choice of Ecaz (Bene Gesserit, Fremen, Spacing Guild, Ixians, CHOAM:
  2.11.17.03, .05, .07, .08, .10) take it from their standing answer's choices
  (``ecaz.CHOICES``: ``TRIGGER Fremen ALL TO Arrakeen FROM Carthag``), else by default: the
  Bene Gesserit's takes the first effect of ``COPY_ORDER`` not in the supply that does
  something; the Fremen's moves their largest group out of the storm into the stronghold
  entered, the Guild's sends four of their reserve there; the Ixians' discards a worthless
  card, CHOAM's every worthless card.
  Nobody is asked in the middle of a move.  An effect with nothing to do (no card to discard,
  no group that may go, a destination full or in the storm) is not triggered: the Ambassador
  stays face down (2.11.08 "you may").  Forces an effect puts on the board arrive as any
  others do (``token_arrivals``: ``moves.arrived`` answers them).
- ALLIANCE (2.11.25): ``FOR ALLY`` at the end of a token's choices gives its effect to their
  ally (while allied), every other choice read for the ally (its forces, its hand).
- Ecaz's own Ambassador (2.11.17.12) makes Duke Vidal one of their Active Leaders until he
  fights a battle (``duke_vidal``), unless he is in the tanks or theirs already; or, where their
  standing answer says ``ALLIANCE``, allies them with the mover, neither allied and the mover's
  consent given ahead (``ecaz_alliance``), Duke Vidal where it cannot; with neither it is not
  triggered.  It goes back to the supply, face up.
- A random pick (the Harkonnen Ambassador's traitor card, a restocked treachery deck, a new
  supply) is made by a generator seeded from the whole state, whose hidden parts (the decks'
  order) no player knows: the trigger comes in the middle of a move, where no step's generator
  reaches.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import leaders, tokens
from ..cards.orange_catholic_bible import only_in_a_plan
from ..codes import EventCode
from ..data import Ability, CardType, TokenKind
from ..decks import draw_treachery
from ..discard_pile import discard
from ..forces import add, add_forces, count_in, plain, remove_forces, spread_up_to, take, total
from ..state import POLAR_SINK, State, ally_of, data, forces_at, occupants, state_rng
from . import duke_vidal
from . import ecaz_alliance as alliance
from .base import hand_limit, has

ROUND = "revival"           # the round whose decision places them (2.11.06: "After Revival")
KIND = "ambassadors"        # the decision's kind, and its key ``ambassadors:ecaz``
TOKEN = "ambassador"        # their kind on the token layer (data/ecaz/tokens.yaml)
DRAWN = 5                   # 2.11.04: "5 random Ambassador tokens"
EMPEROR_SPICE = 5           # 2.11.17.04
GUILD_FORCES = 4            # 2.11.17.07
TLEILAXU_FORCES = 4         # 2.11.17.09
CHOAM_SPICE = 3             # 2.11.17.10
RICHESE_PRICE = 3           # 2.11.17.11
BENE_GESSERIT, OWN = "bene-gesserit", "ecaz"
EVERY = "*"                 # ``DISCARD ALL``: every card of the hand
# The Bene Gesserit Ambassador's default (authored, module docstring): the effects it takes
# first, the surest gain first
COPY_ORDER = ("emperor", "tleilaxu", "choam", "richese", "ixians", "guild", "fremen",
              "atreides", "harkonnen")


def kind_of(game: Any) -> TokenKind:
    """Their kind of token in the game's data."""
    return data(game).token_kind(TOKEN)


def supply(game: Any, seat: str) -> list[str]:
    """The values of the Ambassadors in ``seat``'s supply, in front of its shield (a state or a
    view: public, face up)."""
    return [t["value"] for t in tokens.of(game)
            if t["kind"] == TOKEN and t["owner"] == seat and t["at"] == tokens.FRONT]


def _pool(state: State, seat: str) -> list[str]:
    """The Ambassadors waiting aside to be drawn (not the Bene Gesserit's once it has been
    triggered: out of the game, 2.11.17.03)."""
    gone = state["factions"][seat].get("removed", [])
    return [t["value"] for t in tokens.of(state)
            if t["kind"] == TOKEN and t["at"] == tokens.ASIDE and t["value"] not in gone]


# --- set-up and refreshing the supply
def draw_supply(state: State, seat: str, rng: random.Random) -> list[Event]:
    """2.11.04, 2.11.09: five Ambassadors drawn at random into the supply, face up."""
    if not has(state, seat, Ability.AMBASSADORS) or not tokens.of(state):
        return []
    pool = sorted(_pool(state, seat))
    drawn = rng.sample(pool, min(DRAWN, len(pool)))
    for value in drawn:
        token = tokens.find(state, TOKEN, value)
        tokens.place(token, seat, tokens.FRONT)
        tokens.turn(token, tokens.UP)
    state["factions"][seat]["drawn"] = sorted(drawn)
    state["factions"][seat]["triggered"] = []
    names = [kind_of(state).token(v).name for v in sorted(drawn)]
    return [Event(EventCode.AMBASSADORS_DRAWN, {"faction": seat, "tokens": names})]


# --- the decision of the revival round
def decision(state: State, seat: str, standing: str) -> Prompt | None:
    """Their Ambassadors to place and their standing answers (``standing``: those given, in
    words): optional, sendable ahead."""
    if not has(state, seat, Ability.AMBASSADORS):
        return None
    kind = kind_of(state)
    held = supply(state, seat)
    free = open_strongholds(state)
    names = ", ".join(kind.token(v).name for v in held) or "none"
    legal = (f"AMBASSADOR <token> IN <stronghold>, a line each: Ambassadors of your supply "
             f"({names}) placed face down once this round's revivals are over, in strongholds "
             f"not in the storm that hold none ({', '.join(free) or 'none now'}), 1 spice for "
             f"the first this turn, 2 for the second... (001 2.11.06-07). TRIGGER <token or ALL> "
             f"ALL | NONE | EXCEPT <faction>, ... | ONLY <faction>, ...: your standing answers "
             f"when another faction enters a stronghold with your Ambassador (001 2.11.08), "
             f"after it the choices of an effect (001 2.11.17): Bene Gesserit AS <token>, "
             f"Fremen TO <territory> [FROM <territory>], Guild TO <territory>, Ixian or CHOAM "
             f"DISCARD <card>, ... or ALL; FOR ALLY last: your ally takes the effect "
             f"(001 2.11.25); now: {standing}. FIGHTER ALLY or FIGHTER ECAZ: who fights the "
             f"battles you and your ally share against another faction, your ally's forces "
             f"dialed either way (001 2.11.19-20; ALLY until you say). AMBASSADOR NONE: none "
             f"of these. "
             f"Never waited for.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, legal, empty(), "AMBASSADOR NONE",
                  "AMBASSADOR NONE", optional=True, title="your Ambassadors",
                  options={"supply": held, "strongholds": free,
                           "spice": state["factions"][seat]["spice"]})


def open_strongholds(game: Any) -> list[str]:
    """The strongholds not in the storm that hold no Ambassador (2.11.06)."""
    taken = {t.get("territory") for t in tokens.of(game)
             if t["kind"] == TOKEN and t["at"] == tokens.BOARD}
    storm = game["storm"]["sector"]
    return [s.name for s in data(game).board.strongholds
            if s.name not in taken and storm not in s.sectors]


def empty() -> dict[str, Any]:
    return {"place": [], "trigger": []}


def decided(state: State, value: dict[str, Any]) -> list[Event]:
    """The placements kept for the round's end."""
    if value.get("place"):
        state["step"]["ambassadors"] = list(value["place"])
    return []


# --- placing (after the revival round)
def place_chosen(state: State, seat: str) -> list[Event]:
    """2.11.06-07: the chosen Ambassadors placed in order, each still in the supply, its
    stronghold open and its price paid (1, then 2, ... this turn); face down."""
    wanted = state["step"].pop("ambassadors", [])
    own = state["factions"][seat]
    if own.get("placed_turn") != state["turn"]:
        own["placed_turn"], own["placed"] = state["turn"], 0
    events = []
    for value, territory in wanted:
        price = own["placed"] + 1
        if (value not in supply(state, seat) or territory not in open_strongholds(state)
                or own["spice"] < price):
            continue
        own["spice"] -= price
        own["placed"] = price
        (sector,) = data(state).board[territory].sectors
        token = tokens.find(state, TOKEN, value)
        tokens.place(token, seat, tokens.BOARD, territory, sector)
        tokens.turn(token, tokens.DOWN)
        events.append(Event(EventCode.AMBASSADOR_PLACED, {"faction": seat,
                                                          "territory": territory,
                                                          "cost": price}))
    return events


# --- the trigger (2.11.08) and the effects (2.11.17)
def entered(state: State, seat: str, token: dict[str, Any], mover: str, advisors: bool
            ) -> list[Event]:
    """Another faction entered the stronghold of one of their Ambassadors, and their standing
    answers want it triggered: triggered if the rules let it and its effect does something
    (module docstring)."""
    value = token["value"]
    if (token["kind"] != TOKEN or mover in ally_of(state, seat) or advisors or value == mover
            or value not in EFFECTS or not has(state, seat, Ability.AMBASSADORS)):
        return []
    territory = token["territory"]
    effect = EFFECTS[value](state, _beneficiary(state, seat, value), mover,
                            _Trigger(token, territory))
    if effect is None:
        return []
    tokens.turn(token, tokens.UP)
    events = [Event(EventCode.AMBASSADOR_TRIGGERED, {
        "faction": seat, "token": kind_of(state).token(value).name, "by": mover,
        "territory": territory}), *effect]
    if value == OWN:                    # 2.11.17.12: "This token returns to your supply"
        tokens.place(token, seat, tokens.FRONT)
        return events
    tokens.place(token, None, tokens.ASIDE)
    state["factions"][seat].setdefault("triggered", []).append(value)
    if value == BENE_GESSERIT:          # 2.11.17.03: out of the game
        state["factions"][seat].setdefault("removed", []).append(value)
    return events + _refreshed(state, seat)


def _beneficiary(state: State, seat: str, value: str) -> str:
    """ALLIANCE (2.11.25): who takes the effect, their ally where their standing answer says
    ``FOR ALLY`` (and they are allied), else they."""
    chosen = state["factions"][seat].get("trigger_with", {}).get(value, {})
    allies = ally_of(state, seat)
    if chosen.get("ally") and allies and has(state, seat, Ability.ALLY_AMBASSADOR):
        return allies[0]
    return seat


class _Trigger:
    """Where a token triggered: its stronghold and sector, and its owner's choices."""

    def __init__(self, token: dict[str, Any], territory: str) -> None:
        self.value, self.territory, self.sector = token["value"], territory, token["sector"]
        self.owner = token["owner"]

    def chosen(self, state: State) -> dict[str, Any]:
        """Their standing answer's choices for this token (``token_triggers.parameters``)."""
        return state["factions"][self.owner].get("trigger_with", {}).get(self.value, {})


def swept(state: State, seat: str, places: dict[str, list[int]], why: str) -> list[Event]:
    """2.11.10: "Ambassadors are vulnerable to game effects like storm or explosions, returning
    to your supply": each of theirs in these places back in front of their shield, face up."""
    events = []
    for token in tokens.of(state):
        if (token["kind"] == TOKEN and token["owner"] == seat and token["at"] == tokens.BOARD
                and token["sector"] in places.get(token["territory"], ())):
            territory = token["territory"]
            tokens.place(token, seat, tokens.FRONT)
            tokens.turn(token, tokens.UP)
            events.append(Event(EventCode.AMBASSADOR_RETURNED, {
                "faction": seat, "token": kind_of(state).token(token["value"]).name,
                "territory": territory, "why": why}))
    return events


def _refreshed(state: State, seat: str) -> list[Event]:
    """2.11.09: once the five drawn have all been triggered, five more are drawn."""
    own = state["factions"][seat]
    if not own.get("drawn") or not set(own["drawn"]) <= set(own.get("triggered", [])):
        return []
    return draw_supply(state, seat, state_rng(state))


def _atreides(state: State, seat: str, mover: str, at: _Trigger) -> list[Event]:
    """2.11.17.02: see that faction's hand."""
    return [Event(EventCode.AMBASSADOR_HAND_SEEN, {
        "faction": seat, "of": mover, "cards": sorted(state["factions"][mover]["hand"])},
        to=(seat, mover))]


def _emperor(state: State, seat: str, mover: str, at: _Trigger) -> list[Event]:
    """2.11.17.04: 5 spice from the bank."""
    state["factions"][seat]["spice"] += EMPEROR_SPICE
    return [Event(EventCode.AMBASSADOR_SPICE, {"faction": seat, "spice": EMPEROR_SPICE})]


def _harkonnen(state: State, seat: str, mover: str, at: _Trigger) -> list[Event]:
    """2.11.17.06: look at a random traitor card that faction holds."""
    held = sorted(state["factions"][mover]["traitors"])
    card = state_rng(state).choice(held) if held else None
    return [Event(EventCode.AMBASSADOR_TRAITOR_SEEN, {"faction": seat, "of": mover,
                                                      "traitor": card}, to=(seat, mover))]


def _tleilaxu(state: State, seat: str, mover: str, at: _Trigger) -> list[Event]:
    """2.11.17.09: up to 4 of their forces revived free, or one of their leaders.  Ruling: not
    asked (it comes in the middle of another's move): their forces while any are in the
    tanks, else their strongest leader there, outside the revival round's count of leaders
    (as a card's revival is, ``leaders.note_revived``)."""
    own = state["factions"][seat]
    forces = spread_up_to(own["tanks"], TLEILAXU_FORCES, sorted(own["tanks"]))
    dead = leaders.in_tanks(own["leaders"])
    leader = None
    if forces:
        take(own["tanks"], forces)
        add(own["reserve"], forces)
    elif dead:
        leader = max(sorted(dead), key=lambda name: data(state).leader(name).strength)
        own["leaders"][leader] = leaders.ALIVE
    return [Event(EventCode.AMBASSADOR_REVIVED, {"faction": seat, "forces": total(forces),
                                                 "leader": leader})]


def _richese(state: State, seat: str, mover: str, at: _Trigger) -> list[Event]:
    """2.11.17.11: 3 spice to the bank for the top treachery card, if the hand has room."""
    own = state["factions"][seat]
    if own["spice"] < RICHESE_PRICE or len(own["hand"]) >= hand_limit(state, seat):
        return []
    card, events = draw_treachery(state, state_rng(state))
    if card is None:
        return events
    own["spice"] -= RICHESE_PRICE
    own["hand"].append(card)
    return events + [Event(EventCode.AMBASSADOR_CARD, {"faction": seat, "cost": RICHESE_PRICE}),
                     Event(EventCode.AMBASSADOR_CARD_DRAWN, {"faction": seat, "card": card},
                           to=(seat,))]


def _bene_gesserit(state: State, seat: str, mover: str, at: _Trigger) -> list[Event] | None:
    """2.11.17.03: the effect of any Ambassador not part of their supply (the five drawn and
    their own), with that Ambassador's standing choices: the one named (``AS``) first, then
    ``COPY_ORDER``; the first that does something.  Out of the game after (``entered``)."""
    drawn = set(state["factions"][at.owner].get("drawn", [])) | {OWN, BENE_GESSERIT}
    named = at.chosen(state).get("as")
    for value in ([named] if named else []) + list(COPY_ORDER):
        if value in drawn or value not in EFFECTS:
            continue
        copied = _Trigger({"value": value, "sector": at.sector, "owner": at.owner},
                          at.territory)
        effect = EFFECTS[value](state, seat, mover, copied)
        if effect is not None:
            return [Event(EventCode.AMBASSADOR_COPIED, {
                "faction": seat, "token": kind_of(state).token(value).name}), *effect]
    return None


def _fremen(state: State, seat: str, mover: str, at: _Trigger) -> list[Event] | None:
    """2.11.17.05: a group of their forces on the board moved to any territory, storm and
    occupancy limits kept: the group in ``FROM`` (default: their largest out of the storm,
    first in board order), to ``TO`` (default: the stronghold entered); the forces under the
    storm stay."""
    chosen = at.chosen(state)
    goal = chosen.get("to", at.territory)
    landing = _landing(state, seat, goal, at)
    if landing is None:
        return None
    groups = {t: n for t in _territories(state, seat)
              if t != goal and (n := total(_out_of_storm(state, seat, t)))}
    source = chosen.get("from") or max(sorted(groups), key=lambda t: groups[t], default=None)
    if source not in groups:
        return None
    moved: dict[str, int] = {}
    for sector, by_faction in list(forces_at(state, source).items()):
        if seat in by_faction and not _in_storm(state, source, int(sector)):
            counts = dict(by_faction[seat])
            remove_forces(state, seat, source, int(sector), counts)
            add(moved, counts)
    add_forces(state, seat, goal, landing, moved)
    _arrives(state, seat, goal, total(moved), source)
    return [Event(EventCode.AMBASSADOR_MOVED, {"faction": seat, "from": source,
                                               "territory": goal, "sector": landing,
                                               "forces": total(moved)})]


def _guild(state: State, seat: str, mover: str, at: _Trigger) -> list[Event] | None:
    """2.11.17.07: up to 4 of their reserve sent free (no shipment) to any territory not in
    the storm (``TO``; default: the stronghold entered), occupancy limits kept."""
    goal = at.chosen(state).get("to", at.territory)
    reserve = state["factions"][seat]["reserve"]
    landing = _landing(state, seat, goal, at)
    sent = spread_up_to(reserve, GUILD_FORCES, [plain(state, seat), *sorted(reserve)])
    if landing is None or not sent:
        return None
    take(reserve, sent)
    add_forces(state, seat, goal, landing, sent)
    _arrives(state, seat, goal, total(sent), None)
    return [Event(EventCode.AMBASSADOR_SENT, {"faction": seat, "territory": goal,
                                              "sector": landing, "forces": total(sent)})]


def _ixians(state: State, seat: str, mover: str, at: _Trigger) -> list[Event] | None:
    """2.11.17.08: a treachery card discarded (the first of ``DISCARD`` held, else a
    worthless card), then one drawn from the deck."""
    hand = state["factions"][seat]["hand"]
    card = next(iter(_discards(state, hand, at.chosen(state).get("discard"))), None)
    if card is None:
        return None
    hand.remove(card)
    discard(state, seat, card)
    drawn, events = draw_treachery(state, state_rng(state))
    events.append(Event(EventCode.AMBASSADOR_DISCARDED, {"faction": seat, "cards": [card],
                                                         "spice": 0}))
    if drawn is not None:
        hand.append(drawn)
        events.append(Event(EventCode.AMBASSADOR_CARD_DRAWN, {"faction": seat, "card": drawn},
                            to=(seat,)))
    return events


def _choam(state: State, seat: str, mover: str, at: _Trigger) -> list[Event] | None:
    """2.11.17.10: any of their treachery cards discarded (those of ``DISCARD``, ``ALL``: every
    one; else their worthless cards), 3 spice from the bank for each."""
    own = state["factions"][seat]
    cards = _discards(state, own["hand"], at.chosen(state).get("discard"), every=True)
    if not cards:
        return None
    for card in cards:
        own["hand"].remove(card)
        discard(state, seat, card)
    own["spice"] += CHOAM_SPICE * len(cards)
    return [Event(EventCode.AMBASSADOR_DISCARDED, {"faction": seat, "cards": cards,
                                                   "spice": CHOAM_SPICE * len(cards)})]


def _ecaz(state: State, seat: str, mover: str, at: _Trigger) -> list[Event] | None:
    """2.11.17.12: "Duke Vidal becomes one of your Active Leaders ... or form an alliance with
    the faction triggering the token (if neither of you are allied and they agree ...)": the
    alliance first where their standing answer chose it (``ecaz_alliance.formed``), else Duke
    Vidal until used in a battle, unless he is in the tanks (or theirs already)."""
    if at.chosen(state).get("alliance"):
        made = alliance.formed(state, at.owner, mover, at.territory)
        if made is not None:
            return made
    if duke_vidal.at(state) in (duke_vidal.TANKS, seat):
        return None
    return duke_vidal.take(state, seat, duke_vidal.BATTLE, "ambassador")


EFFECTS = {"atreides": _atreides, "bene-gesserit": _bene_gesserit, "emperor": _emperor,
           "fremen": _fremen, "harkonnen": _harkonnen, "guild": _guild, "ixians": _ixians,
           "tleilaxu": _tleilaxu, "choam": _choam, "richese": _richese, OWN: _ecaz}


# --- what the effects ask of the board and the hand
def _in_storm(state: State, territory: str, sector: int) -> bool:
    return territory != POLAR_SINK and sector == state["storm"]["sector"]


def _territories(state: State, seat: str) -> list[str]:
    """The territories holding their forces, in board order."""
    return [t.name for t in data(state).board.territories if count_in(state, seat, t.name)]


def _out_of_storm(state: State, seat: str, territory: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for sector, by_faction in forces_at(state, territory).items():
        if seat in by_faction and not _in_storm(state, territory, int(sector)):
            add(found, by_faction[seat])
    return found


def _landing(state: State, seat: str, territory: str, at: _Trigger) -> int | None:
    """The sector their forces land in, ``territory``'s first out of the storm (the token's,
    there), or None: a stronghold two other factions occupy (occupancy limit, 000 IX.C.1.c)
    or every sector in the storm."""
    place = data(state).board[territory]
    others = set(occupants(state, territory)) | {
        t["owner"] for t in tokens.occupying(state, territory)}
    if place.is_stronghold and len(others - {seat}) >= 2:
        return None
    sectors = [at.sector] if territory == at.territory else list(place.sectors or (0,))
    return next((s for s in sectors if not _in_storm(state, territory, s)), None)


def _arrives(state: State, seat: str, territory: str, count: int, source: str | None) -> None:
    """Forces an effect put on the board, for the powers that answer arrivals
    (``moves.arrived`` reads ``token_arrivals`` once the trigger is over)."""
    state["step"].setdefault("token_arrivals", []).append([seat, territory, count, source])


def _discards(state: State, hand: list[str], named: list[str] | None, every: bool = False
              ) -> list[str]:
    """The cards of ``hand`` to discard: those ``named`` (their names; ``*``: all), or with
    none named the worthless cards; only the first unless ``every``."""
    if named == [EVERY]:
        found = list(hand)
    elif named:
        found = [c for name in named for c in hand
                 if data(state).treachery_card(c).name == name][:None if every else 1]
        found = list(dict.fromkeys(found))
    else:
        found = [c for c in hand if c in data(state).card_ids(CardType.WORTHLESS)]
    found = [c for c in found if not only_in_a_plan(state, c)]         # 001 3.06.04
    return found if every else found[:1]
