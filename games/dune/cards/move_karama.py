"""Karama cards in the movement round, besides ``KARAMA SHIP`` and the Guild's ``KARAMA STOP``
(player aid B.6.A.3, A.6 and B.5, 000 lines 954, 960 and 972; the Fremen shield's Karama, line
838; WBC clarification XVII, line 1358, and the player-aid clarifications, lines 1396, 1398 and
1408; Q&A XXV.A.8, line 646; WBC house rule 4, line 1045).

By mail they are lines of a faction's turn order (kinds ``move`` and ``guild-move``, read by
``move_orders``), since a faction is asked only for its turn in this round:

- ``KARAMA ADVISOR [<faction>]``: send back the spiritual advisor the Bene Gesserit send with
  that faction's next shipment from off-planet this round (without a faction: one's own)
  (A.3; WBC line 1396: "immediately after the advisor is announced").  It stands ready for the
  rest of the round and the Karama is played only when such an advisor is announced; the
  advisor stays in the Bene Gesserit's reserve.  In the sequential mode a faction can only
  give it in its own turn, so for its own shipment or for a faction that moves after it.
- ``KARAMA GUILD``: the Guild must take their turn in its place in storm order (A.6, optional
  rule; WBC line 1408: "any time before the player who would move after the Guild has begun his
  turn").  Sequential mode: given in the turn of a faction that moves before the Guild's place;
  played when that turn is carried out, the Guild are then no longer asked before other
  factions and move in their place.  Batched mode: any faction's order; played only if the
  Guild's ``TIMING`` would put their turn elsewhere (the first such faction in storm order, WBC
  line 1426), and the Guild then move in storm order.
- ``KARAMA WORM <territory>``: the Fremen's special Karama power (B.5, line 972; shield line
  838; option ``karama_powers``): a worm appears in any territory but the Polar Sink (which no
  worm reaches, line 609) and devours the spice and the forces there, on sand only, but the
  Fremen's and their allies' (lines 828, 840); no Nexus (Q&A XXV.A.8).  The rulesets differ on
  when: "at any time" (shield line 838), "only during the Spice Round or during his own Movement
  phase" (WBC clarification XVII, line 1358), "only during the Spice Round" (004 XVII.8, line
  335).  The ``wbc`` ruleset follows the 2018 clarifications of 000 (as it does for house rule
  5).  By mail the Fremen call it in their own turn, where both readings that allow the
  movement round put it, at the start of the turn, before their shipment and move; the spice
  blow asks the Fremen nothing in most turns, so a worm called there would cost a mail round of
  its own every turn they hold a Karama.  The Fremen's forces in that territory stay where they
  are (their turn's move may take them on): the ride of shield line 828 is the spice blow's.
  The Karama worm counts for the 6th worm of WBC house rule 4 ("counting all worms, even Karama
  worms", line 1045; 004 line 77 says otherwise: the ``wbc`` ruleset follows 000).  Under GF9
  the Karama worm is the spice blow's (001 1.14.04, ``Faction.karama_worm_in_spice_blow``,
  ``spice_blow.summoner``), not a line of the movement turn.
- ``KARAMA WORTHLESS``: stand ready to cancel the Bene Gesserit's worthless card played as a
  Karama this round (``karama``); a ``KARAMA SHIP`` so cancelled ships at the usual rate if the
  Bene Gesserit can pay it, else the plan fails (``moves.ship``).
- GF9: ``KARAMA <WORD> [<faction>]`` against one use of a faction ability (001 3.01.12.02:
  ``MOVEMENT``, ``PAYMENT``, ``HALF-PRICE``...): stands ready until that use (``karama_reach``).

Each line takes a Karama card of its own (WBC line 1386).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from .. import factions
from ..codes import ErrorCode
from ..data import Ability
from ..orders.language import OrderProblem, read_faction, read_territory
from ..phases import spice_blow
from ..rules import cite, rules_of
from ..state import POLAR_SINK, State, data, faction_name, sheet, storm_order
from . import karama, karama_reach

# Each line by its word, as orders and stored games hold it, and offered by ability (``uses``):
# ADVISOR against spiritual_advisors, GUILD against move_out_of_turn, WORM with summon_worm,
# WORTHLESS against worthless_as_karama (``karama``).
TIMING = "guild"   # the word of KARAMA GUILD and the step key of the free mover's time, as
#                    orders and stored games hold them (Guild shield 5, line 868)
LINES = {
    "advisor": "KARAMA ADVISOR [<faction>]",
    TIMING: "KARAMA GUILD",
    "worm": "KARAMA WORM <territory>",
    "worthless": "KARAMA WORTHLESS",
}


def line(use: str) -> str:
    """The order line of a use, with GF9's against an ability (``karama_reach``)."""
    return karama_reach.LINES.get(use) or LINES[use]


# --- what a faction may order
def uses(state: State, seat: str) -> list[str]:
    """The Karama lines open to the faction in this turn order (module docstring)."""
    if not karama.playable(state, seat):
        return []
    step = state["step"]
    found = []
    if factions.holder(state, Ability.SPIRITUAL_ADVISORS) not in (None, seat):
        found.append("advisor")
    mover = _guild_free(state)
    if mover not in (None, seat) and (
            step["mode"] == "batched" or _before_guild(state, seat, mover)):
        found.append(TIMING)
    if (factions.has(state, seat, Ability.SUMMON_WORM)
            and not factions.power(seat, state).karama_worm_in_spice_blow
            and karama.holds(state, seat)):
        found.append("worm")
    if karama.may_cancel_worthless(state, seat):
        found.append("worthless")
    return found + karama_reach.uses(state, seat)


def free_mover(state: State) -> str | None:
    """The faction that chooses when to take its turn (Guild shield 5, line 868: the ability
    ``move_out_of_turn``) while it may: ``step["guild"]``, the key stored games hold, is None
    once a ``KARAMA GUILD`` took the choice away."""
    if state["step"][TIMING] is None:
        return None
    return factions.holder(state, Ability.MOVE_OUT_OF_TURN)


def _guild_free(state: State) -> str | None:
    """The Guild, if they choose when to move and have not moved (Guild shield 5)."""
    mover = free_mover(state)
    return mover if mover not in state["step"]["moved"] else None


def _before_guild(state: State, seat: str, guild: str) -> bool:
    order = storm_order(state)
    return order.index(seat) < order.index(guild)


def read(state: State, seat: str, use: str, words: list[str]) -> list:
    """The words after ``KARAMA ADVISOR``, ``GUILD``, ``WORM`` or ``WORTHLESS``."""
    found = uses(state, seat)
    if use not in found:
        raise OrderProblem(ErrorCode.KARAMA, _refusal(state, seat, use),
                           tuple(line(u) for u in found))
    if use == "advisor":
        advisors = factions.holder(state, Ability.SPIRITUAL_ADVISORS)
        others = [s for s in state["seats"] if s != advisors]
        shipper = read_faction(state, words, others) if words else seat
        if shipper in state["step"]["moved"]:
            raise OrderProblem(ErrorCode.KARAMA,
                               f"the {faction_name(shipper, state)} have taken their turn",
                               ())
        return ["advisor", shipper]
    if use == "worm":
        territory, _ = read_territory(state, words, worm_territories(state))
        return ["worm", territory.name]
    if use in karama_reach.REACHES:
        return karama_reach.read(state, seat, use, words)
    if words:
        raise OrderProblem(ErrorCode.KARAMA, f"{LINES[use]} takes nothing more", (LINES[use],))
    return [use]


def _refusal(state: State, seat: str, use: str) -> str:
    if not karama.playable(state, seat):
        return "you hold no Karama card"
    if use in karama_reach.REACHES:
        return karama_reach.refusal(use)
    return {
        "advisor": "only against the Bene Gesserit's advisors, by another faction",
        TIMING: "only while the Guild may choose their time and before their place in storm "
                 f"order ({cite(state, '000 player aid B.6.A.6; WBC line 1408')})",
        "worm": _worm_refusal(state, seat),
        "worthless": "only with the special Karama powers, a Karama card, while the Bene "
                     f"Gesserit hold a worthless card ({cite(state, '000 player aid B.6.A.3')}), "
                     "once a round",
    }[use]


def _worm_refusal(state: State, seat: str) -> str:
    """Why ``KARAMA WORM`` is refused in a movement turn: under GF9 the power is the spice
    blow's (001 1.14.04), and once a game (1.14.01); else it is not the faction's."""
    rules, own = rules_of(state), state["factions"][seat]
    if sheet(seat, state).karama_power is Ability.SUMMON_WORM and rules.karama_powers:
        if own.get("karama_power_used"):
            return "your special Karama power is used once a game, and you used it (001 1.14.01)"
        if factions.power(seat, rules).karama_worm_in_spice_blow:
            return ("your Karama worm is placed in the Spice Blow and Nexus phase after turn 1, "
                    "not in your movement turn (001 1.14.04): send it there when you are asked, "
                    "or ahead under FOR WORM")
    return (f"only the Fremen, with the special Karama powers and a Karama card "
            f"({cite(state, '000 XVII')})")


def worm_territories(game: Any) -> list[str]:
    """Where the Fremen may call a worm: anywhere on a game's board (a state or a view) but
    the Polar Sink (line 609)."""
    return [t.name for t in data(game).board.territories if t.name != POLAR_SINK]


def random_part(view: Any, seat: str, use: str, rng: random.Random, targets: dict[str, list[str]]
                ) -> list:
    """A bot's Karama line of this use: an advisor with its own shipment, a worm anywhere, an
    ability of one of the ``targets`` it may name (``karama_reach.targets``)."""
    if use in karama_reach.REACHES:
        return [use, rng.choice(targets[use])]
    if use == "advisor":
        return ["advisor", seat]
    if use == "worm":
        return ["worm", rng.choice(worm_territories(view))]
    return [use]


def text(game: Any, part: list) -> str:
    """A Karama line as canonical order text (``game``: a state or a view)."""
    if part[0] == "advisor":
        return f"KARAMA ADVISOR {faction_name(part[1], game)}"
    if part[0] == "worm":
        return f"KARAMA WORM {part[1]}"
    if part[0] in karama_reach.REACHES:
        return karama_reach.text(game, part)
    return LINES[part[0]]


# --- carrying them out
def stand_ready(state: State, seat: str, parts: list[list]) -> None:
    """The lines that wait for their moment: advisors sent back, worthless cards cancelled."""
    step = state["step"]
    for part in parts:
        if part[0] == "advisor" and [seat, part[1]] not in step["no_advisor"]:
            step["no_advisor"].append([seat, part[1]])
        elif part[0] == "worthless" and seat not in step.get("cancel_worthless", []):
            karama.stand_ready(state, seat)
    karama_reach.stand_ready(state, seat, parts)


def turn_start(state: State, seat: str, parts: list[list]) -> list[Event]:
    """The lines played when the faction's turn begins (sequential): the Guild made to move in
    its place, the Fremen's worm."""
    events: list[Event] = []
    for part in parts:
        if (part[0] == TIMING and state["step"]["mode"] == "sequential"
                and _guild_free(state) and karama.playable(state, seat)):
            events += force_guild(state, seat)
        elif part[0] == "worm":
            events += call_worm(state, seat, part[1])
    return events


def force_guild(state: State, seat: str) -> list[Event]:
    """The Guild lose the choice of their time: they move in their place in storm order."""
    guild = free_mover(state)
    assert guild is not None
    played, effective = karama.play(state, seat, TIMING)
    if not effective:                   # stopped as it is played (``karama.play``)
        return played
    step = state["step"]
    step[TIMING] = None
    order = storm_order(state)
    place = order.index(guild)
    later = [s for s in step["queue"] if order.index(s) > place]
    step["queue"] = [s for s in step["queue"] if s not in later] + [guild] + later
    return played


def overrule_timing(state: State, values: dict[str, dict[str, Any]]
                    ) -> tuple[list[Event], bool] | None:
    """Batched, the Guild's TIMING taking them out of their place: the first faction in storm
    order that ordered ``KARAMA GUILD`` plays it (the events, and whether it took effect:
    ``karama.play``), or None if none did."""
    seat = next((s for s in storm_order(state) if [TIMING] in values[s].get("karama", [])
                 and karama.playable(state, s)), None)
    if seat is None:
        return None
    return karama.play(state, seat, TIMING)


def call_worm(state: State, seat: str, territory: str) -> list[Event]:
    """The Fremen's Karama worm devours in the territory; no Nexus (module docstring)."""
    played, effective = karama.play(state, seat, "worm")
    if not effective:                   # stopped as it is played (``karama.play``)
        return played
    factions.karama_power_used(state, seat)
    state["worms"] += 1
    return played + spice_blow.devour(state, {"card": "Karama", "territory": territory,
                                              "controlled": True})
