"""The Free Traders' ways on and off the planet: SMUGGLERS WAY IN (001 2.13.08), and their
standing answers SMUGGLERS WAY OUT (2.13.09) and SECRET TUNNELS (2.13.10, their ally's too by
2.13.13).

Way In is their optional decision of the revival round, beside their revival:
``SMUGGLERS WAY IN <territory> [SECTOR <n>]`` or ``SMUGGLERS WAY IN NONE`` (the default): the
forces they revive this round shipped, free, into one territory and sector where they already
have forces (joining the side already there, 2.13.08: "must match the type already present") or
into the Polar Sink, once the round's revivals are done (``way_in``).

Both happen in the middle of another's turn (a faction entering, a battle just won), so by mail
they are answered ahead and stand until changed, riding on the faction's mails of the revival,
movement and battle rounds (``Faction.standing_prompts``): nobody waits for them and they cost
no mail round.

- ``WAY OUT ALL`` or ``WAY OUT NONE`` (the default): when another faction enters a territory
  where the Free Traders have fighters, those fighters go back to their reserves, free.
- ``TUNNELS <n>`` or ``TUNNELS NONE`` (the default): after a battle won with at least one of
  its forces left in the territory, the faction ships from its reserves into it up to ``n``
  forces, no more than the battle sent to the tanks, at one spice each (as much as its spice
  pays), paid to the Guild (the bank without them or for the Guild's own).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..forces import add, add_forces, count_in, plain, remove_forces, take, total
from ..orders.language import OrderKind, OrderProblem, order_kind, read_territory, where
from ..prompt_key import PromptKey
from ..state import POLAR_SINK, State, ally_of, forces_at
from .base import has, karama_power_used

WAY_OUT, TUNNELS = "way-out", "tunnels"       # the kinds of the two standing decisions
WAY_IN = "way-in"                               # the kind of their revival round's decision
EXPOSE = "expose"       # the kind of their Karama power's standing answer (001 1.14.14)
EXPOSING = ("revival", "movement")      # the rounds it rides on, before the battles are found
PHASES = ("revival", "movement", "battle")     # the rounds they ride on
LOST = "tunnels_lost"                          # the step's forces sent to the tanks by a battle


# --- Smugglers Way In (2.13.08)
def way_in_places(game: Any, seat: str) -> dict[str, list[int]]:
    """Territory -> the sectors where their revived forces may go: where they have forces,
    and the Polar Sink."""
    found: dict[str, list[int]] = {}
    for territory, sectors in game["forces"].items():
        for sector, by_faction in sectors.items():
            if seat in by_faction:
                found.setdefault(territory, []).append(int(sector))
    found.setdefault(POLAR_SINK, [0])
    return found


def way_in_prompt(state: State, seat: str) -> Prompt:
    said = "SMUGGLERS WAY IN NONE"
    return Prompt(str(PromptKey(WAY_IN, seat)), seat, WAY_IN, True,
                  "SMUGGLERS WAY IN <territory> [SECTOR <n>] or SMUGGLERS WAY IN NONE: the forces "
                  "you revive this round shipped, free, into one territory and sector where you "
                  "already have forces (joining the side there) or into the Polar Sink (001 "
                  "2.13.08)", None, said, said, optional=True, title="Smugglers Way In",
                  options={"places": way_in_places(state, seat)})


def way_in_chosen(state: State, seat: str, value: list | None) -> list[Event]:
    """Their choice kept with the reserve as it stands before the round's revivals."""
    if value:
        state["step"][WAY_IN] = {"to": list(value),
                                 "reserve": total(state["factions"][seat]["reserve"])}
    return []


def way_in(state: State, seat: str) -> list[Event]:
    """001 2.13.08: once the revivals are done, the forces revived this round shipped where
    they said, if they still have forces there (or to the Polar Sink)."""
    chosen = state["step"].pop(WAY_IN, None)
    if not chosen:
        return []
    territory, sector = chosen["to"]
    reserve = state["factions"][seat]["reserve"]
    count = min(total(reserve) - chosen["reserve"], reserve.get(plain(state, seat), 0))
    if count < 1 or sector not in way_in_places(state, seat).get(territory, ()):
        return []
    forces = {plain(state, seat): count}
    take(reserve, forces)
    add_forces(state, seat, territory, sector, forces)
    return [Event(EventCode.WAY_IN, {"faction": seat, "territory": territory,
                                     "sector": sector, "forces": forces})]


# --- Smugglers Way Out (2.13.09)
def way_out_prompt(state: State, seat: str) -> Prompt:
    now = bool(state["factions"][seat].get("way_out"))
    said = f"WAY OUT {'ALL' if now else 'NONE'}"
    return Prompt(str(PromptKey(WAY_OUT, seat)), seat, WAY_OUT, True,
                  "WAY OUT ALL or WAY OUT NONE: SMUGGLERS WAY OUT, when another faction enters a "
                  "territory where you have fighters, send them back to your reserves for free "
                  f"(001 2.13.09).  It stands until changed; now {said}.  Never waited for.",
                  now, said, said, optional=True, title="Smugglers Way Out")


def way_out(state: State, seat: str, mover: str, territory: str, smugglers: list[str]
            ) -> list[Event]:
    """001 2.13.09: ``mover`` entered ``territory``; their fighters there (not Smugglers) go
    back to their reserves, free, if their standing answer says so."""
    if (mover == seat or not state["factions"][seat].get("way_out")
            or territory in smugglers):
        return []
    back = count_in(state, seat, territory)
    if not total(back):
        return []
    for sector, by_faction in list(forces_at(state, territory).items()):
        if seat in by_faction:
            remove_forces(state, seat, territory, int(sector), dict(by_faction[seat]))
    add(state["factions"][seat]["reserve"], back)
    return [Event(EventCode.WAY_OUT, {"faction": seat, "territory": territory,
                                      "forces": back, "by": mover})]


# --- Secret Tunnels (2.13.10, 2.13.13)
def tunnels_prompt(state: State, seat: str) -> Prompt:
    now = state["factions"][seat].get("tunnels", 0)
    said = f"TUNNELS {now or 'NONE'}"
    return Prompt(str(PromptKey(TUNNELS, seat)), seat, TUNNELS, True,
                  "TUNNELS <n> or TUNNELS NONE: SECRET TUNNELS, after you win a battle with a "
                  "force left there, ship up to n forces from your reserves into that territory, "
                  "no more than the battle sent to the tanks, at 1 spice each, paid to the Guild "
                  f"(001 2.13.10, 2.13.13).  It stands until changed; now {said}.  Never waited "
                  "for.", now, said, said, optional=True, title="Secret Tunnels")


def tunnel(state: State, winner: str, territory: str) -> list[Event]:
    """001 2.13.10: after ``winner``'s battle in ``territory``, its forces shipped there as its
    standing answer says."""
    lost = state["step"].pop(LOST, 0)
    wanted = state["factions"][winner].get("tunnels", 0)
    here = [int(s) for s, by_faction in forces_at(state, territory).items()
            if winner in by_faction]
    kind = plain(state, winner)
    reserve = state["factions"][winner]["reserve"].get(kind, 0)
    count = min(wanted, lost, reserve, state["factions"][winner]["spice"])
    if not here or count < 1:
        return []
    forces = {kind: count}
    take(state["factions"][winner]["reserve"], forces)
    add_forces(state, winner, territory, here[0], forces)
    state["factions"][winner]["spice"] -= count
    to = next((s for s in state["seats"] if s != winner
               and has(state, s, Ability.SHIPMENT_PAYMENTS)), None)    # the Guild, or the bank
    if to is not None:
        state["factions"][to]["spice"] += count
    return [Event(EventCode.SECRET_TUNNELS, {"faction": winner, "territory": territory,
                                             "sector": here[0], "forces": forces,
                                             "cost": count, "to": to})]


def tunnellers(state: State, seat: str) -> list[str]:
    """The Free Traders and their ally (2.13.13)."""
    return [seat, *ally_of(state, seat)]


def battle_lost(state: State, taken: dict[str, dict[str, int]]) -> None:
    """The forces a battle sent to the tanks, every side's, kept for ``tunnel``."""
    state["step"][LOST] = sum(total(kinds) for kinds in taken.values())


# --- their Karama power (1.14.14)
def expose_prompt(state: State, seat: str) -> Prompt:
    now = state["factions"][seat].get("expose")
    said = f"EXPOSE {now}" if now else "EXPOSE NONE"
    return Prompt(str(PromptKey(EXPOSE, seat)), seat, EXPOSE, True,
                  "EXPOSE <territory> or EXPOSE NONE: your Karama power, a Karama card played as "
                  "the battle round opens to flip all your Smugglers in the territory to "
                  f"fighters (001 1.14.14; once a game).  It stands until used or changed; now "
                  f"{said}.  Never waited for.", now, said, said, optional=True,
                  title="your Karama power", options={"places": list(smuggling(state, seat))})


def smuggling(game: Any, seat: str) -> list[str]:
    """The territories of their Smugglers, as every seat sees them."""
    return [t for t in game["factions"][seat].get("coexisting", [])
            if any(seat in by_faction for by_faction in game["forces"].get(t, {}).values())]


def expose(state: State, seat: str) -> list[Event]:
    """001 1.14.14: as the battle round opens, their standing answer's Karama played, their
    Smugglers in the territory flipped to fighters, before the battles are found."""
    territory = state["factions"][seat].get("expose")
    if (not territory or not has(state, seat, Ability.EXPOSE_SMUGGLERS)
            or territory not in smuggling(state, seat) or not karama.playable(state, seat)):
        return []
    events, effective = karama.play(state, seat, "expose-smugglers")
    if not effective:
        return events
    karama_power_used(state, seat)
    state["factions"][seat].pop("expose", None)
    state["factions"][seat]["coexisting"].remove(territory)
    return events + [Event(EventCode.SMUGGLERS_EXPOSED, {"faction": seat,
                                                         "territory": territory})]


# --- the orders
def _read_way_in(state: State, prompt: Prompt, words: list[str]) -> list | None:
    said = [w.upper() for w in words]
    if said[:2] != ["WAY", "IN"] or len(said) < 3:
        raise OrderProblem(ErrorCode.BAD_WAY_IN, "expected SMUGGLERS WAY IN <territory> "
                           "[SECTOR <n>] or SMUGGLERS WAY IN NONE (001 2.13.08)",
                           ("SMUGGLERS WAY IN NONE", "SMUGGLERS WAY IN Polar Sink"))
    if said[2:] == ["NONE"]:
        return None
    territory, sector = read_territory(state, words[2:])
    places = way_in_places(state, prompt.seat)
    if territory.name not in places:
        raise OrderProblem(ErrorCode.BAD_WAY_IN, f"you have no forces in {territory.name}: "
                           "your revived forces go where you have forces, or to the Polar Sink "
                           "(001 2.13.08)", tuple(f"SMUGGLERS WAY IN {t}" for t in places))
    sectors = places[territory.name]
    if sector is None:
        if len(sectors) > 1:
            raise OrderProblem(ErrorCode.SECTOR_NEEDED, f"you have forces in sectors "
                               f"{', '.join(map(str, sectors))} of {territory.name}: add "
                               "SECTOR <n>", tuple(f"SMUGGLERS WAY IN {territory.name} SECTOR "
                                                   f"{s}" for s in sectors))
        sector = sectors[0]
    if sector not in sectors:
        raise OrderProblem(ErrorCode.BAD_WAY_IN, f"you have no forces in sector {sector} of "
                           f"{territory.name} (001 2.13.08)", (prompt.template,))
    return [territory.name, sector]


def _random_way_in(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> list | None:
    places = prompt.options["places"]
    if rng.random() < 0.5:
        return None
    territory = rng.choice(sorted(places))
    return [territory, rng.choice(places[territory])]


def _read_way_out(state: State, prompt: Prompt, words: list[str]) -> bool:
    said = [w.upper() for w in words]
    if said not in (["OUT", "ALL"], ["OUT", "NONE"]):
        raise OrderProblem(ErrorCode.BAD_WAY_OUT, "expected WAY OUT ALL or WAY OUT NONE "
                           "(001 2.13.09)", ("WAY OUT ALL", "WAY OUT NONE"))
    return said[1] == "ALL"


def _read_tunnels(state: State, prompt: Prompt, words: list[str]) -> int:
    said = [w.upper() for w in words]
    if said == ["NONE"]:
        return 0
    if len(said) != 1 or not said[0].isdigit() or not 0 < int(said[0]) <= 20:
        raise OrderProblem(ErrorCode.BAD_TUNNELS, "expected TUNNELS <n> (1 to 20) or TUNNELS "
                           "NONE (001 2.13.10)", ("TUNNELS 3", "TUNNELS NONE"))
    return int(said[0])


def _random_tunnels(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> int:
    return rng.choice([0, 2, 5])


order_kind(OrderKind(WAY_OUT, ("WAY",), _read_way_out,
                     lambda game, v: f"WAY OUT {'ALL' if v else 'NONE'}",
                     random=lambda view, prompt, rng: rng.random() < 0.5))
order_kind(OrderKind(TUNNELS, ("TUNNELS",), _read_tunnels,
                     lambda game, v: f"TUNNELS {v or 'NONE'}", random=_random_tunnels))
order_kind(OrderKind(WAY_IN, ("SMUGGLERS",), _read_way_in,
                     lambda game, v: f"SMUGGLERS WAY IN {where(game, v[0], v[1])}" if v
                     else "SMUGGLERS WAY IN NONE", random=_random_way_in))


def _read_expose(state: State, prompt: Prompt, words: list[str]) -> str | None:
    if [w.upper() for w in words] == ["NONE"]:
        return None
    territory, _sector = read_territory(state, words)
    if territory.name not in smuggling(state, prompt.seat):
        raise OrderProblem(ErrorCode.BAD_WAY_IN, f"you have no Smugglers in {territory.name} "
                           "(001 1.14.14)", ("EXPOSE NONE",))
    return territory.name


order_kind(OrderKind(EXPOSE, ("EXPOSE",), _read_expose,
                     lambda game, v: f"EXPOSE {v}" if v else "EXPOSE NONE",
                     random=lambda view, prompt, rng: (
                         rng.choice(prompt.options["places"])
                         if prompt.options["places"] and rng.random() < 0.3 else None)))
