"""The decisions by mail and their orders: the Harkonnen's vehicles (Phase 1), each seat's plan
(Phase 2), the Harkonnen's spice (Phase 4), the Atreides' End of the Round claims, and a hand
over its limit (docs/orders.md, "War for Arrakis").  Each prompt carries a template that reads
as it is: what the rules do when the seat says nothing (the default)."""

from __future__ import annotations

from typing import Any

from pbem.game import DecisionKind, Prompt

from ...common.language import OrderKind, OrderProblem, same_in_every_game
from ..codes import ErrorCode
from ..data import RESULTS, VEHICLES
from ..dice import bene_gesserit_slots, change_candidates
from ..hands import discard_choice
from ..spice import default_spending
from ..state import (
    ATREIDES,
    State,
    data,
    hand,
    hand_limit,
    side_of,
)
from ..vehicles import default_place
from . import LANGUAGE
from . import words as w
from .clauses import show_leader
from .plan import PLAN, plan_text
from .words import Words

DECISION_KINDS = (
    DecisionKind("plan", ("PLAN", "ACTIONS", "ACTION"), "your plan of actions for the round",
                 tuple(PLAN.verbs), needs_map=True),
    DecisionKind("vehicles", ("VEHICLES",), "where your vehicles go",
                 ("HARVESTER", "ORNITHOPTER", "CARRYALL"), needs_map=True),
    DecisionKind("harvest", ("HARVEST", "SPICE"), "how your spice is spent",
                 ("KEEP", "RAISE", "STOCKPILE", "RESERVE", "BAN")),
    DecisionKind("claims", ("CLAIMS",), "the End of the Round Prescience cards you claim",
                 ("CLAIM", "RESHUFFLE")),
    DecisionKind("end", ("END",), "the cards you discard down to your hand's limit",
                 ("DISCARD", "SWAP")),
)


# --- the plan ---------------------------------------------------------------------------------
def plan_prompt(state: State, key: str, seat: str, first: bool) -> Prompt:
    """A seat's plan: the first of the round, or the rest when its plan could not go on."""
    side = side_of(seat)
    dice = state["dice"].get(seat, {})
    pool = sorted(dice.get("pool", []), key=RESULTS.index)
    shown = ", ".join(r.title() for r in pool) or "none"
    lines = [f"Your unused dice: {shown}."]
    if dice.get("changes"):
        lines.append(f"{dice['changes']} die beyond its slots to change: CHANGE to one of "
                     f"{', '.join(r.upper() for r in change_candidates(state, seat))}.")
    if first and state["bene_gesserit"][side] > 0:
        lines.append(f"You may place a Bene Gesserit token: BENE GESSERIT on "
                     f"{' or '.join(r.upper() for r in bene_gesserit_slots(state, seat))}.")
    if not first and state["step"].get("reason"):
        lines.append(f"Asked because {state['step']['reason']}.")
    lines.append("One action a line, in order; OR lines are fallbacks; standing choices "
                 "(CASUALTIES, CONTINUE, RETREAT, CARDS, SPECIALS...) stand until changed.")
    default = default_plan(state, seat)
    return Prompt(key=key, seat=seat, kind="plan", secret=True, legal=" ".join(lines),
                  default=default, default_text=plan_text(default),
                  template=plan_text(default), options={"first": first},
                  title="your actions this round")


def default_plan(state: State, seat: str) -> dict[str, Any]:
    """A seat that sends no plan spends each die doing nothing (the rules' pass)."""
    dice = state["dice"].get(seat, {})
    count = len(dice.get("pool", [])) + dice.get("changes", 0) + \
        (1 if dice.get("bg") and not dice.get("bg_used") else 0)
    entry = {"try": [{"do": "pass", "using": None, "text": "PASS"}]}
    return {"entries": [entry] * max(1, count), "standing": {}, "changes": [],
            "bene_gesserit": None}


# --- vehicles ---------------------------------------------------------------------------------
def vehicles_prompt(state: State, key: str, seat: str, counts: dict[str, int]) -> Prompt:
    placements = []
    probe = {**state, "harvesters": list(state["harvesters"]), "air": dict(state["air"])}
    for kind in VEHICLES:
        for _ in range(counts.get(kind, 0)):
            place = default_place(probe, kind)
            if place is None:
                break
            placements.append({"vehicle": kind, "at": place})
            if kind == "harvester":
                probe["harvesters"].append(place)
            else:
                probe["air"][place] = kind
    legal = ("Place " + ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in counts.items())
             + ": HARVESTER <free Desert area>, ORNITHOPTER <air zone>, CARRYALL <air zone>, "
             "in order of preference: those beyond the count, or no longer free, are left "
             "out; those not named are placed where the rules' default puts them.")
    return Prompt(key=key, seat=seat, kind="vehicles", secret=False, legal=legal,
                  default=placements, default_text=vehicles_text(placements),
                  template=vehicles_text(placements), options={"counts": counts},
                  title="your vehicles")


def vehicles_text(placements: list[dict[str, Any]]) -> str:
    lines = []
    for placement in placements:
        kind = placement["vehicle"]
        at = data().board[placement["at"]].name if kind == "harvester" \
            else data().board.zones[placement["at"]].name
        lines.append(f"{kind.upper()} {at}")
    return "\n".join(lines)


def read_vehicle(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    kind, rest = words[0].lower(), Words(words[1:])
    place = w.area(rest) if kind == "harvester" else w.zone(rest)
    return {"vehicle": kind, "at": place}


def combine_vehicles(state: State, prompt: Prompt, lines: list[dict[str, Any]]) -> list:
    """The placements in order of preference, at most as many of a kind as the most a round
    brings (The Spice Must Flow's last row): a list given ahead fits any round."""
    most = data().rows[-1].vehicles
    for kind in VEHICLES:
        if sum(1 for line in lines if line["vehicle"] == kind) > most[kind]:
            raise OrderProblem(ErrorCode.TOO_MANY, f"a round brings at most {most[kind]} "
                               f"{kind}s")
    return lines


LANGUAGE.order_kind(OrderKind("vehicles", ("HARVESTER", "ORNITHOPTER", "CARRYALL"),
                              read_vehicle, same_in_every_game(vehicles_text),
                              combine=combine_vehicles, with_verb=True))


# --- spice -------------------------------------------------------------------------------------
def harvest_prompt(state: State, key: str, seat: str, spice: int | None) -> Prompt:
    """The Harkonnen's spice: ``spice`` harvested, or None when sent ahead (not known yet)."""
    default = default_spending(state, spice or 0)
    costs = data().costs
    have = "Your spice is not known yet." if spice is None else f"You have {spice} spice."
    legal = (f"{have} In order of priority: KEEP <markers> ({costs['keep']} "
             f"each), RAISE <markers> ({costs['raise']} each), STOCKPILE ({costs['stockpile']}, "
             "a Supremacy point while at 5 or less), RESERVE (keep 1), BAN <marker> (the Ban "
             "chosen among the markers that go down).")
    return Prompt(key=key, seat=seat, kind="harvest", secret=False, legal=legal,
                  default=default, default_text=harvest_text(default),
                  template=harvest_text(default), title="your spice")


def read_spend(state: State, prompt: Prompt, words: list[str]) -> list[str]:
    verb, rest = words[0], Words(words[1:])
    if verb in ("STOCKPILE", "RESERVE"):
        return [verb.lower()]
    markers = []
    if rest.peek() == "ALL":
        rest.next()
        markers = ["choam", "guild", "landsraad"]
    while rest:
        markers.append(w.marker(rest, imperium=True))
    if not markers:
        raise OrderProblem(ErrorCode.MISSING, f"{verb} then markers: CHOAM, GUILD, LANDSRAAD")
    return [f"{verb.lower()}:{m}" for m in markers]


def combine_spends(state: State, prompt: Prompt, lines: list[list[str]]) -> dict[str, Any]:
    spends = [item for line in lines for item in line if not item.startswith("ban:")]
    bans = [item[4:] for line in lines for item in line if item.startswith("ban:")]
    return {"spends": spends, "bans": bans}


def harvest_text(value: dict[str, Any]) -> str:
    lines = []
    for item in value["spends"]:
        verb, _, marker = item.partition(":")
        lines.append(f"{verb.upper()}{' ' + marker.upper() if marker else ''}")
    lines += [f"BAN {m.upper()}" for m in value.get("bans", [])]
    return "\n".join(lines)


LANGUAGE.order_kind(OrderKind("harvest", ("KEEP", "RAISE", "STOCKPILE", "RESERVE", "BAN"),
                              read_spend, same_in_every_game(harvest_text),
                              combine=combine_spends, with_verb=True))


# --- the End of the Round ---------------------------------------------------------------------
def claims_prompt(state: State, key: str, seat: str, claimable: list[str]) -> Prompt:
    names = [data().prescience[c].name for c in claimable]
    default = {"claims": [], "keep": None}
    legal = (f"You may claim: {', '.join(names) or 'none'} (CLAIM <card>, at most "
             f"{data().limits['claims_per_round'] - state['claims']} more this round); "
             "RESHUFFLE <cards>, ALL or NONE: the unclaimed revealed cards shuffled back "
             "(the others are removed from the game; all by default).")
    return Prompt(key=key, seat=seat, kind="claims", secret=False, legal=legal,
                  default=default, default_text=claims_text(default),
                  template="\n".join([f"CLAIM {n}" for n in names] + ["RESHUFFLE ALL"]),
                  options={"claimable": claimable}, title="your End of the Round claims")


def read_claim(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    verb, rest = words[0], Words(words[1:])
    if verb == "CLAIM":
        return {"claim": w.prescience(rest)}
    if rest.peek() == "ALL":
        return {"keep": None}
    if rest.peek() == "NONE":
        return {"keep": []}
    cards = []
    while rest:
        cards.append(w.prescience(rest))
    return {"keep": cards}


def combine_claims(state: State, prompt: Prompt, lines: list[dict[str, Any]]) -> dict[str, Any]:
    value: dict[str, Any] = {"claims": [], "keep": None}
    for line in lines:
        if "claim" in line:
            value["claims"].append(line["claim"])
        else:
            value["keep"] = line["keep"]
    return value


def claims_text(value: dict[str, Any]) -> str:
    lines = [f"CLAIM {data().prescience[c].name}" for c in value["claims"]]
    keep = value.get("keep")
    if keep is None:
        lines.append("RESHUFFLE ALL")
    elif not keep:
        lines.append("RESHUFFLE NONE")
    else:
        lines.append("RESHUFFLE " + ", ".join(data().prescience[c].name for c in keep))
    return "\n".join(lines)


LANGUAGE.order_kind(OrderKind("claims", ("CLAIM", "RESHUFFLE"), read_claim,
                              same_in_every_game(claims_text), combine=combine_claims,
                              with_verb=True))


def end_prompt(state: State, key: str, seat: str) -> Prompt:
    limit = hand_limit(state, seat)
    held = list(hand(state, seat))
    chosen = []
    probe = {**state, "hidden": {**state["hidden"], "hands": {seat: list(held)}}}
    while len(probe["hidden"]["hands"][seat]) > limit:
        card = discard_choice(probe, seat)
        probe["hidden"]["hands"][seat].remove(card)
        chosen.append(card)
    default = {"discard": chosen, "swap": []}
    legal = (f"Your hand holds {len(held)} cards, over its limit of {limit}: DISCARD "
             f"{len(held) - limit} of: {', '.join(data().cards[c].name for c in held)}. "
             "SWAP <named leaders on the board> to replace them with generic ones.")
    return Prompt(key=key, seat=seat, kind="end", secret=True, legal=legal, default=default,
                  default_text=end_text(default), template=end_text(default),
                  title="your End of the Round")


def read_end(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    verb, rest = words[0], Words(words[1:])
    found = []
    while rest:
        found.append(w.card(rest) if verb == "DISCARD" else w.leader(rest))
    return {verb.lower(): found}


def combine_end(state: State, prompt: Prompt, lines: list[dict[str, Any]]) -> dict[str, Any]:
    value: dict[str, Any] = {"discard": [], "swap": []}
    for line in lines:
        for key, found in line.items():
            value[key] += found
    return value


def end_text(value: dict[str, Any]) -> str:
    lines = []
    if value.get("discard"):
        lines.append("DISCARD " + ", ".join(data().cards[c].name for c in value["discard"]))
    if value.get("swap"):
        lines.append("SWAP " + ", ".join(show_leader(lg) for lg in value["swap"]))
    return "\n".join(lines) or "SWAP"


LANGUAGE.order_kind(OrderKind("end", ("DISCARD", "SWAP"), read_end,
                              same_in_every_game(end_text), combine=combine_end,
                              with_verb=True))

__all__ = ["ATREIDES"]
