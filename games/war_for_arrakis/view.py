"""What a seat may know, built from an allow-list (STYLE.md 10): the public part of the state,
then the seat's own secrets.  A seat sees its own hand, plan and standing choices; the
Atreides' seats see their deployment tokens' contents, their sietches' ranks and their Secret
Objectives (002 ATREIDES DEPLOYMENT TOKENS, SETUP 2 and 14); nobody sees a deck's order, the
Rebels Bag's, the stations' symbols or the wormsigns' faces."""

from __future__ import annotations

import copy
from typing import Any

from .state import ATREIDES, State, data, side_of

PUBLIC = ("game", "rules_version", "ruleset", "options", "seats", "round", "phase", "turns",
          "result", "legions", "sietches", "settlements", "stations", "harvesters", "air",
          "wormsigns", "sandworms", "wild_maker", "atomics", "supremacy", "prescience",
          "imperium", "bans", "spice_reserve", "bene_gesserit", "bene_gesserit_spent",
          "leaders", "tank", "dice", "decks", "discards", "hands", "prescience_row",
          "prescience_removed", "prescience_deck", "claimed", "claims", "attached",
          "objectives", "bag", "cones", "round_harvesters", "round_sietches_lost",
          "round_settlements_lost")
OPTIONAL_PUBLIC = ("old_man", "old_man_worms")     # in a game with the Old Man alone
PUBLIC_STEP = ("turn", "asked", "waiting", "forced", "hunt", "hunted", "vehicles", "spice",
               "stage", "asks")


def public_view(state: State) -> dict[str, Any]:
    view = {key: copy.deepcopy(state[key]) for key in PUBLIC}
    view |= {key: state[key] for key in OPTIONAL_PUBLIC if key in state}
    for legion in view["legions"].values():
        legion["tokens"] = [_face(token) for token in legion["tokens"]]
    view["step"] = {key: copy.deepcopy(value) for key, value in state["step"].items()
                    if key in PUBLIC_STEP}
    view["seat"] = None
    solo = state["hidden"].get("solo", {})
    if solo:
        view["solo"] = {key: copy.deepcopy(solo[key]) for key in ("harvesting", "target",
                                                                  "reinforcements_count",
                                                                  "temporary")
                        if key in solo}
    return view


def _face(token: str) -> str:
    """What a face-down deployment token shows: an Atreides token its id (numbered at random,
    setup.py), a Harkonnen token of the solo mode its colour alone, as its id follows the
    components list and so would tell its units (002 SPECIAL RULES: HARKONNEN DEPLOYMENT
    TOKENS)."""
    return token.split("-")[0]


def seat_view(state: State, seat: str) -> dict[str, Any]:
    view = public_view(state)
    hidden = state["hidden"]
    view["seat"] = seat
    view["hand"] = list(hidden["hands"].get(seat, []))
    view["plan"] = copy.deepcopy(hidden["plans"].get(seat, []))
    view["standing"] = copy.deepcopy(hidden["standing"].get(seat, {}))
    if state["step"].get("asked") == seat:
        view["step"]["reason"] = state["step"].get("reason", "")
    if side_of(seat) == ATREIDES:
        on_board = [t for lg in state["legions"].values() if lg["side"] == ATREIDES
                    for t in lg["tokens"]]
        view["tokens"] = {t: dict(hidden["tokens"][t]) for t in on_board}
        view["sietch_ranks"] = {area: hidden["sietch_ranks"][s["token"]]
                                for area, s in state["sietches"].items()}
        view["objectives"] = list(hidden["objectives"])
    return view


def view(state: State, seat: str | None) -> dict[str, Any]:
    return public_view(state) if seat is None else seat_view(state, seat)


__all__ = ["data"]
