"""The shipment and movement round (000 IX.C, lines 321-349; WBC clarification IX, lines
1167-1206: revival first, then the Bene Gesserit's coexistence, then shipment and movement in
player dot order), as mail rounds.

At the start the Atreides look at the top card of the spice deck (Atreides shield 2, line
754): a private event.  Then each faction in storm order takes its turn, a shipment then a
move (``moves``; the order language in ``move_orders``).  The Guild, with the optional
advantages, may take its turn whenever it wishes (Guild shield 5, line 868; XV line 985);
battles still go in player dot order (WBC X, line 1209).

Two ways to play it by mail (game option ``movement``; docs/orders.md, "Mail rounds"):

- ``sequential`` (the default, and the faithful one): one mail round per faction, each
  prompted when its turn comes, knowing every shipment and move before it, as at the table.
  The Guild, when it may choose its time, is asked before each faction's turn whether it goes
  now; it may answer ``DEFER`` (ask again before the next one), ``DEFER <faction>`` (ask again
  just before that faction) or ``DEFER LAST``.  When the Bene Gesserit share a territory with
  another faction at the start of the round they first declare coexistence there, in a round
  of their own (WBC line 1305: before anyone moves).
- ``batched``: one mail round for everyone.  Each faction sends its turn, with fallback plans
  (``ELSE``) for what may have become illegal by the time its turn comes; the turns are carried
  out in storm order, the Guild where its ``TIMING`` puts it.  A plan that has become illegal
  fails with its reason (told to that faction only) and the next one is tried.

The Bene Gesserit's declarations ahead and their advisor policy (``bene_gesserit_coexistence``)
are asked once, in the first mail round of the movement round.  ``SUPPORT`` (allies paying for
each other's shipments, XII.E.4) holds for the rest of the round from the mail that gives it,
and so do the Karamas that wait for their moment (``KARAMA ADVISOR``, ``KARAMA WORTHLESS``); a
``KARAMA GUILD`` or the Fremen's ``KARAMA WORM`` is played when the turn that orders it is
carried out (``move_karama``).  Under GF9 a Karama against an ability (``KARAMA MOVEMENT``,
``HALF-PRICE``...: ``karama_reach``) stands ready until the turn that would use it; played
then, the faction retakes its turn without the ability (001 3.01.12.02): asked again in the
sequential mode, on to its fallback plans in the batched mode.  A Karama against the
Atreides' look at the spice deck is played in the bidding round (``bidding_karama``).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import orjson

from pbem.game import Event, Prompt
from pbem.wording import plural

from .. import factions, main_leaders, tokens, transfers, variants
from ..board import layer, reach
from ..cards import karama, karama_reach, move_karama, sapho
from ..codes import EventCode
from ..data import Ability
from ..forces import Counts, count_in, plain
from ..forces import kinds as force_kinds
from ..orders import move_orders
from ..orders.language import where
from ..prompt_key import PromptKey
from ..rules import cite, rules_of
from ..state import State, ally_of, data, faction_name, storm_order
from ..variants import skill_powers
from ..variants.nexus_cards import EXTRA_SHIPMENT, set_at
from . import moves

PHASE = "movement"     # its name in ``turn.PHASES``: the factions' own decisions asked in it
MOVE = "move"          # the kind of a faction's turn, ``move:<seat>``


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Open the round: the Atreides' look at the spice deck, the order of turns, and the Bene
    Gesserit's opening declarations where the rules need them first."""
    rules = rules_of(state)
    order = storm_order(state)
    mover = factions.holder(state, Ability.MOVE_OUT_OF_TURN)    # Guild shield 5, XV
    state["step"] = {
        "mode": rules.movement,
        "queue": [s for s in main_leaders.playing(state, order) if s != mover],
        move_karama.TIMING: {"until": None, "asked": None} if mover else None,
        "moved": [], "support": {}, "stop": [], "declared": {}, "ahead": {},
        "no_advisor": [], "cancel_worthless": [],
        "coexisted": [t for f in factions.in_play(state, "coexisting")
                      for t in f.coexisting(state)],
        "bg_asked": factions.holder(state, Ability.SPIRITUAL_ADVISORS) is None, "done": False,
        "opening": (rules.movement == "sequential"
                    and any(f.movement_opening(state)
                            for f in factions.in_play(state, "movement_opening"))),
    }
    events = _spice_deck_look(state)
    if not state["step"]["opening"] and rules.movement == "sequential":
        events += [e for f in factions.in_play(state, "movement_begins")
                   for e in f.movement_begins(state)]
    return events


def _spice_deck_look(state: State) -> list[Event]:
    """The Atreides see the top card of the spice deck (shield 2, line 754), unless a Karama
    prevented it this turn (player aid B.6.A.1; WBC line 1388)."""
    seer = factions.holder(state, Ability.PRESCIENCE_SPICE_DECK)
    if (seer is None or not state["decks"]["spice"]
            or karama.prevented(state, Ability.PRESCIENCE_SPICE_DECK)):
        return []
    card = state["decks"]["spice"][-1]
    return [Event(EventCode.SPICE_DECK_TOP, {"card": card}, to=(seer,))]


def prompts(state: State) -> list[Prompt]:
    """The open decisions: the opening declarations, or whose turn it is (sequential), or
    every faction's turn at once (batched)."""
    step = state["step"]
    if step["done"]:
        return []
    asks = factions.decisions(state, PHASE)
    if step["opening"]:
        return asks
    if step["mode"] == "batched":
        return asks + [turn_prompt(state, seat) for seat in _movers(state)]
    return [turn_prompt(state, current(state))] + asks


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, in their order, without working out any turn's reach."""
    step = state["step"]
    if step["done"]:
        return []
    asks = factions.decision_keys(state, PHASE)
    if step["opening"]:
        return asks
    if step["mode"] == "batched":
        return asks + [_turn_key(seat) for seat in _movers(state)]
    return [_turn_key(current(state))] + asks


def _movers(state: State) -> list[str]:
    """The factions that take a turn in a batched round: all in the game (003 "Main
    Leaders": a faction out of it has none)."""
    return main_leaders.playing(state, state["seats"])


def _turn_key(seat: str) -> str:
    return str(PromptKey(MOVE, seat))


def current(state: State) -> str:
    """Whose turn it is (sequential): the next in storm order, unless the Guild is to be asked
    first."""
    step = state["step"]
    mover = move_karama.free_mover(state)
    return mover if mover is not None and guild_asked_now(state, mover) else step["queue"][0]


def guild_asked_now(state: State, mover: str) -> bool:
    """The Guild (``mover``: ``move_karama.free_mover``), free to choose its time, is asked
    before the next faction's turn: unless it has asked to wait past it (DEFER <faction>,
    DEFER LAST), and always once all others moved."""
    guild = state["step"][move_karama.TIMING]
    queue = state["step"]["queue"]
    if guild is None or mover in state["step"]["moved"]:
        return False
    if not queue:
        return True
    fixed = _sapho_fixes(state, mover)
    if fixed is not None:
        return fixed
    if guild["asked"] == queue[0]:
        return False
    return guild["until"] is None or guild["until"] == queue[0]


def _sapho_fixes(state: State, mover: str) -> bool | None:
    """Whether a Juice of Sapho (001 3.03.03, "even superseding Guild") decides now that the
    Guild (``mover``) is asked: not before its player goes first, before its player goes last;
    its own Juice puts it first or last; None where it decides nothing."""
    place = sapho.place(state, PHASE)
    if place is None:
        return None
    holder, first, queue = place["seat"], place["place"] == "first", state["step"]["queue"]
    if holder == mover:
        return first
    if first and holder not in state["step"]["moved"]:
        return False
    return True if not first and queue == [holder] else None


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The round's orders applied: declarations, then the turn (or every turn, batched)."""
    step = state["step"]
    events: list[Event] = []
    for key, value in orders.items():
        if PromptKey.parse(key).kind != MOVE:
            events += _declarations(state, key, value, rng)
    if step["opening"]:
        step["opening"] = False
        return events
    if step["mode"] == "batched":
        return events + _all_turns(state, orders)
    seat = current(state)
    value = orders[f"move:{seat}"]
    if "wait" in value:
        standing(state, seat, value)
        return events + _guild_waits(state, value["wait"])
    events += take_turn(state, seat, value)
    step = state["step"]                      # a new dict: the turn was played on a copy
    step["done"] = not step["queue"] and (step[move_karama.TIMING] is None
                                          or move_karama.free_mover(state) in step["moved"])
    return events


def done(state: State) -> bool:
    return state["step"]["done"]


def _declarations(state: State, key: str, value: dict[str, Any], rng: random.Random
                  ) -> list[Event]:
    """A power's decision of the round carried out (``Faction.decide``: the Bene Gesserit's
    advisor policy and declarations, the Ixians' Karama power on their HMS)."""
    return factions.decide(state, PHASE, key, value, rng)


def _guild_waits(state: State, until: str | None) -> list[Event]:
    """The Guild lets the next faction go first (Guild shield 5)."""
    guild = state["step"][move_karama.TIMING]
    guild["until"] = until
    guild["asked"] = state["step"]["queue"][0]
    return [Event(EventCode.GUILD_WAITS, {"next": state["step"]["queue"][0]})]


def standing(state: State, seat: str, value: dict[str, Any]) -> None:
    """What a mail orders for the rest of the round: its SUPPORT, the Guild's KARAMA STOP
    (to be played on the shipment when it is made: Guild Karama, line 864; WBC line 1354) and
    the Karamas standing ready (``move_karama``)."""
    step = state["step"]
    step["support"][seat] = value.get("support", step["support"].get(seat, 0))
    step["stop"] = step["stop"] + [s for s in value.get("stop", []) if s not in step["stop"]]
    move_karama.stand_ready(state, seat, value.get("karama", []))
    if "mentat" in value:                       # 001 4.07.15.06: the Mentat's standing question
        skill_powers.ask(state, seat, value["mentat"])


def take_turn(state: State, seat: str, value: dict[str, Any]) -> list[Event]:
    """One faction's turn: its support and Karama stops recorded, the Karamas standing ready
    against an ability it would use played (GF9, ``karama_reach``: in the sequential mode it
    then retakes its turn, asked again), its gifts of spice given, its first legal plan carried
    out."""
    standing(state, seat, value)
    step = state["step"]
    retakes = step["mode"] == "sequential" and seat not in step.get("retaken", [])
    cancels, retake = karama_reach.cancel_in_turn(
        state, seat, lambda trial: _carry_out(trial, seat, value), retakes)
    if retake:                                      # 001 3.01.12.02, 2 item 5
        state["step"].setdefault("retaken", []).append(seat)
        return cancels
    events = cancels + _carry_out(state, seat, value)
    karama_reach.lift_turn(state)
    events += [e for f in factions.in_play(state, "turn_taken") for e in f.turn_taken(state, seat)]
    events += variants.turn_taken(state, seat, events)     # 001 4.10.12 "Salusa Secundus"
    state["step"]["moved"].append(seat)
    if seat in state["step"]["queue"]:
        state["step"]["queue"].remove(seat)
    return events


def _carry_out(state: State, seat: str, value: dict[str, Any]) -> list[Event]:
    """The turn itself: gifts, the Karamas of its start, the first legal plan, the alliance
    constraint."""
    events = [Event(EventCode.TURN, {"faction": seat})] + transfers.give(state, seat,
                                                                 value.get("give", []))
    events += move_karama.turn_start(state, seat, value.get("karama", []))
    events += moves.play_turn(state, seat, value["plans"])
    return events + moves.ally_constraint(state, seat)            # 001 1.06.07


def _all_turns(state: State, orders: dict[str, Any]) -> list[Event]:
    """Batched: every turn in storm order, the Guild where its TIMING puts it."""
    values = {seat: orders[f"move:{seat}"] for seat in _movers(state)}
    for seat, value in values.items():
        standing(state, seat, value)
    events: list[Event] = []
    mover = move_karama.free_mover(state)
    timing = values[mover].get("timing") if mover is not None else None
    if timing and batched_order(state, timing) != storm_order(state):
        overruled = move_karama.overrule_timing(state, values)   # KARAMA GUILD
        if overruled is not None:
            events, effective = overruled
            timing = None if effective else timing
    for seat in batched_order(state, timing):
        events += take_turn(state, seat, values[seat])
    state["step"]["done"] = True
    return events


def batched_order(state: State, timing: list[str] | None) -> list[str]:
    """Storm order, with the Guild moved where its TIMING says (Guild shield 5); the factions
    out of the game take no turn (003 "Main Leaders")."""
    order = main_leaders.playing(state, storm_order(state))
    guild = move_karama.free_mover(state)
    place = sapho.place(state, PHASE)
    if place is not None and place["seat"] == guild:
        timing = [place["place"]]               # 001 3.03.03: their own Juice of Sapho
    if not timing or guild is None:
        return order
    order.remove(guild)
    if timing[0] == "first":
        order = [guild, *order]
    elif timing[0] == "last":
        order = [*order, guild]
    else:
        index = order.index(timing[1]) + (timing[0] == "after")
        order = order[:index] + [guild] + order[index:]
    if place is not None and place["seat"] != guild:    # 001 3.03.03: "superseding Guild"
        order.remove(place["seat"])
        order = ([place["seat"], *order] if place["place"] == "first"
                 else [*order, place["seat"]])
    return order


# --- the prompt
def turn_prompt(state: State, seat: str) -> Prompt:
    """A faction's turn: what it may ship and move, worked out, and a template (the text and
    the options worked out when first read, ``_TurnPrompt``)."""
    step = state["step"]
    flexible = seat == move_karama.free_mover(state)
    waits = (flexible and step["mode"] == "sequential" and bool(step["queue"])
             and _sapho_fixes(state, seat) is None)
    kind = move_orders.GUILD_KIND if flexible else move_orders.KIND
    default: dict[str, Any] = {"plans": [{}]}
    default_text = "PASS"
    if waits and _before_home(state):
        default, default_text = {"plans": [{}], "wait": None}, "DEFER"
    prompt = _TurnPrompt(_turn_key(seat), seat, kind, step["mode"] == "batched", "", default,
                         default_text, "")
    for name in _TurnPrompt.LATER:          # the descriptors answer them when first read
        del prompt.__dict__[name]
    object.__setattr__(prompt, "_position", state)      # copied if kept (``keep``)
    object.__setattr__(prompt, "_waits", waits)
    return prompt


def _snapshot(state: State) -> State:
    """A copy of the state, its mappings in their own order: through orjson (issue 20: half a
    pickle's time), or a pickle for a state that is not plain JSON data."""
    try:
        return orjson.loads(orjson.dumps(state))
    except TypeError:
        return pickle.loads(pickle.dumps(state, -1))


class _TurnPrompt(Prompt):
    """A faction's turn (``turn_prompt``) whose text (``legal``, ``template``) and ``options``
    are worked out from the position when first read: every group's reach is costly, and
    resolving a step or reading a mail needs only the decision's key and kind (issue 20).
    ``dataclasses.replace`` makes a plain copy with every field worked out."""

    LATER = ("legal", "template", "options")
    _position: State
    _waits: bool

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As ``Prompt``'s, its texts kept under their own names, where the worked-out ones
        (``LATER``) read them."""
        super().__init__(*args, **kwargs)
        found = self.__dict__
        found["legal"], found["template"] = found.pop("_legal"), found.pop("_template")

    def keep(self) -> None:
        """The position as it is now, in its own order, whatever becomes of the state later
        (a bot reads a prompt at once, ``turn.open_prompts``: no copy)."""
        super().keep()
        object.__setattr__(self, "_position", _snapshot(self._position))

    @cached_property
    def _reaches(self) -> list[GroupReach]:
        return group_reaches(self._position, self.seat)

    @cached_property
    def legal(self) -> str:  # type: ignore[override]
        state, seat, step = self._position, self.seat, self._position["step"]
        flexible = seat == move_karama.free_mover(state)
        lines = [describe(state, seat, self._reaches)]
        if self._waits:
            lines.append("You may take your turn now, before "
                         f"{faction_name(step['queue'][0], state)}, "
                         "or DEFER (asked again before the next faction), DEFER <faction>, "
                         f"DEFER LAST ({cite(state, '000 Guild shield 5')}).")
        if flexible and step["mode"] == "batched":
            lines.append("TIMING FIRST, LAST, BEFORE <faction> or AFTER <faction> places your "
                         f"turn ({cite(state, '000 Guild shield 5')}); without it you go in "
                         "storm order.")
        before = _movers_before(state, seat) if step["mode"] == "batched" else []
        if len(before) > 1 or before and before[0] != move_karama.free_mover(state):
            lines.append("Other factions may move before you: give fallback plans after ELSE.")
        elif before:
            lines.append(f"The {faction_name(before[0], state)} may take its turn before yours "
                         f"({cite(state, '000 Guild shield 5')}): give fallback plans after "
                         "ELSE.")
        return " ".join(lines)

    @cached_property
    def template(self) -> str:  # type: ignore[override]
        return ("".join(f"# {line}\n" for line in examples(self._position, self.seat,
                                                            self._reaches))
                + self.default_text)

    @cached_property
    def options(self) -> dict[str, Any]:  # type: ignore[override]
        return bot_options(self._position, self.seat, self._waits)


def bot_options(state: State, seat: str, waits: bool) -> dict[str, Any]:
    """What a bot needs to choose its turn, from what the seat knows: whether it may DEFER,
    the Karamas of ``move_karama`` open to it, each shipment kind from the reserve it has
    (``reserve``, ``fremen``) with the territories it may land in, their sectors and what 1, 2...
    of its reserve forces cost there, and ``reach``: territory -> sector (text) -> where a group
    there may move, for each of its groups and each place a shipment may land, ornithopters as
    at the start of the move (``reach``), each place of its face-down tokens standing for
    forces (a No-Field moves as one force, 001 2.10.12), for the Planetologist's holder
    ``joins``, where a group may move in a move joining two groups (001 4.07.15.07), and
    ``ornithopter_reach`` as ``reach`` with ornithopters for a holder of the Richese Ornithopter
    (001 3.03.07), and for a faction shipping coexisting forces ``smuggled_reach`` as ``reach``
    without ornithopters, where its Smugglers shipped may move (001 2.13.06), and
    ``extra_shipment`` where its Nexus card is set for a second shipment (001 4.03.07.07).  A
    landing
    place's sectors and costs and a place's reach are worked out when a bot first reads them
    (issue 20: a bot reads its own groups' and the landing it chose, of some seventy)."""
    normal = state["factions"][seat]["reserve"].get(plain(state, seat), 0)
    shipments: dict[str, _Landings] = {}
    kinds = reach.shipment_kinds(state, seat)
    for kind in kinds:
        if kind in ("reserve", reach.NATIVE) and normal:
            shipments[kind] = _Landings(state, seat, kind, normal,
                                        reach.shipment_destinations(state, seat, kind))
    held: dict[str, set[int]] = {}
    for territory, by_sector in state["forces"].items():    # its groups (``reach.groups``)
        mine = [int(sector) for sector, by_faction in by_sector.items() if seat in by_faction]
        if mine:
            held[territory] = set(sorted(mine))
    for token in tokens.face_down_of(state, seat):      # 001 2.10.12: a No-Field moves alone
        held.setdefault(token["territory"], set()).add(token["sector"])
    sectors = _Places([held, *(landings.sectors for landings in shipments.values())])
    ends = reach.destinations_by_place(state, seat, sectors, reach.has_ornithopters(state, seat))
    found = {"defer": waits, "karama": move_karama.uses(state, seat),
             "karama_targets": karama_reach.targets(state, seat), "shipments": shipments,
             "reach": _Reach(ends, sectors)}
    if skill_powers.planetologist_of(state.get("tokens", []), seat) is not None:
        joining = {**state, "step": {**state["step"], skill_powers.JOINING: seat}}
        found["joins"] = _Reach(reach.destinations_by_place(
            joining, seat, sectors, reach.has_ornithopters(state, seat)), sectors)  # 4.07.15.07
    if moves.may_fly(state, seat):  # 001 3.03.07, 4.06.08.05: the Ornithopter's range
        found["ornithopter_reach"] = _Reach(reach.destinations_by_place(
            state, seat, sectors, True), sectors)
    if "cross" in kinds and not reach.guild_cross(state, seat):
        found["cross_from"] = _cross_from(state, seat)      # 001 2.11.17.07 B: its own
    if factions.power(seat, state).ships_coexisting:    # 001 2.13.06: Smugglers fly not
        found["smuggled_reach"] = _Reach(reach.destinations_by_place(
            state, seat, sectors, False), sectors)
    if set_at(state, seat, EXTRA_SHIPMENT):     # 001 4.03.07.07: its own card, seen by it
        found["extra_shipment"] = True
    return found


def _largest_group(state: State, seat: str) -> tuple[str, int] | None:
    """The territory and sector of the seat's largest group on the board (the one a bot ships
    with its Nexus card's CROSS-SHIP, 001 4.03.07.07 B), if any."""
    groups = [(sum(by_faction[seat].values()), territory, int(sector))
              for territory, sectors in sorted(state["forces"].items())
              for sector, by_faction in sectors.items() if by_faction.get(seat)]
    return max(groups)[1:] if groups else None


def _cross_from(state: State, seat: str) -> dict[str, Any] | None:
    """The group its own power ships from the board (001 2.11.17.07 B), or its largest with
    its Nexus card set for CROSS-SHIP (4.03.07.07 B), where it may land and what 1, 2... of
    its forces cost there."""
    at = factions.power(seat, state).cross_from(state) or (
        _largest_group(state, seat) if variants.cross_ships(state, seat) else None)
    if at is None:
        return None
    territory, sector = at
    group = dict(state["forces"][territory][str(sector)][seat])
    count = sum(group.values())
    return {"from": territory, "from_sector": sector, "forces": group,
            "landings": _Landings(state, seat, "cross", count, reach.shipment_destinations(
                state, seat, "cross", territory))}


class _Places(Mapping[str, set[int]]):
    """Territory -> the sectors of ``bot_options``'s places: its groups', its face-down
    tokens' and where a shipment may land (``parts``), joined when a territory is first read
    (issue 20: a bot reads a few of some seventy); read them, never change them."""

    def __init__(self, parts: list[Mapping[str, Collection[int]]]) -> None:
        self._parts = parts
        self._joined: dict[str, set[int]] = {}

    def __getitem__(self, territory: str) -> set[int]:
        if territory not in self._joined:
            if not any(territory in part for part in self._parts):
                raise KeyError(territory)
            self._joined[territory] = {sector for part in self._parts
                                       for sector in part.get(territory, ())}
        return self._joined[territory]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(territory for part in self._parts for territory in part))

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _Landings(Mapping[str, dict[str, Any]]):
    """Territory -> {"sectors": where a shipment of one kind may land in it, "costs": what 1,
    2... of the seat's ``normal`` reserve forces cost there}, of ``bot_options``'s
    ``shipments``, in board order: the costs asked when a territory is first read."""

    def __init__(self, state: State, seat: str, kind: str, normal: int,
                 sectors: dict[str, tuple[int, ...]]) -> None:
        self._state, self._seat, self._kind, self._normal = state, seat, kind, normal
        self.sectors = sectors
        self._found: dict[str, dict[str, Any]] = {}

    def __getitem__(self, territory: str) -> dict[str, Any]:
        if territory not in self._found:
            self._found[territory] = {
                "sectors": list(self.sectors[territory]),
                "costs": reach.shipment_costs(self._state, self._seat, territory, self._normal,
                                              self._kind)}
        return self._found[territory]

    def __iter__(self) -> Iterator[str]:
        return iter(self.sectors)

    def __len__(self) -> int:
        return len(self.sectors)


class _Reach(Mapping[str, "_SectorReach"]):
    """Territory -> ``_SectorReach``, of ``bot_options``'s ``reach``, territories sorted, each
    one's sectors sorted when it is read (``sectors``: territory -> its sectors)."""

    def __init__(self, ends: Mapping[reach.Place, dict[str, tuple[int, ...]]],
                 sectors: Mapping[str, set[int]]) -> None:
        self._ends, self._sectors = ends, sectors

    def __getitem__(self, territory: str) -> _SectorReach:
        return _SectorReach(self._ends, territory,
                            [str(sector) for sector in sorted(self._sectors[territory])])

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._sectors))

    def __len__(self) -> int:
        return len(self._sectors)


class _SectorReach(Mapping[str, dict[str, tuple[int, ...]]]):
    """Sector (text) -> where a group there may move, of one territory of ``bot_options``'s
    ``reach``: read from ``reach.destinations_by_place`` when first asked."""

    def __init__(self, ends: Mapping[reach.Place, dict[str, tuple[int, ...]]], territory: str,
                 sectors: list[str]) -> None:
        self._ends, self._territory, self._sectors = ends, territory, sectors

    def __getitem__(self, sector: str) -> dict[str, tuple[int, ...]]:
        if sector not in self._sectors:
            raise KeyError(sector)
        return self._ends[self._territory, int(sector)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._sectors)

    def __len__(self) -> int:
        return len(self._sectors)


def _movers_before(state: State, seat: str) -> list[str]:
    """The factions that may take their turn before the seat's: those ahead of it in the
    queue of storm order, and one that may move out of turn (the Guild, shield 5) not moved
    yet (the first faction in storm order is told of the Guild alone)."""
    step = state["step"]
    queue = step["queue"]
    ahead = list(queue[:queue.index(seat)] if seat in queue else queue)
    mover = move_karama.free_mover(state)
    if mover not in (None, seat, *ahead) and mover not in step["moved"]:
        ahead.append(mover)
    return ahead


def _before_home(state: State) -> bool:
    """The Guild's own place in storm order is still to come (a DEFER by default)."""
    order = storm_order(state)
    guild = move_karama.free_mover(state)
    return order.index(state["step"]["queue"][0]) < order.index(guild)


def shipping_terms(state: State, seat: str) -> str:
    """What shipping costs the faction and where the spice goes (IX.C.1.b; Guild shield 2-3;
    Fremen shield 2)."""
    kinds = reach.shipment_kinds(state, seat)
    if kinds == (reach.NATIVE,):
        open_ = reach.shipment_destinations(state, seat, reach.NATIVE, None)
        where_ = ", ".join(t if len(layer.readable(state)[t].sectors) <= 1 else
                           f"{t} (sector{'s' if len(s) > 1 else ''} {', '.join(map(str, s))})"
                           for t, s in open_.items())
        return ("You bring forces free onto territories within two of the Great Flat "
                f"({cite(state, '000 Fremen shield 2')}): {where_ or 'none now'}.")
    stronghold, other = (reach.shipment_cost(state, seat, name, 1) for name in
                         ("Arrakeen", "Habbanya Erg"))
    paid = "the Guild" if reach.payee(state, seat) else "the bank"
    rate = (f"{stronghold} spice per force into a stronghold, {other} elsewhere"
            if not reach.guild_rates(state, seat) else
            "half of 1 spice per force into a stronghold, of 2 elsewhere, rounded up")
    terms = f"Shipping from the reserves costs {rate}, paid to {paid}."
    if "cross" in kinds and reach.guild_cross(state, seat):
        terms += (" You may instead ship from one territory to another (SHIP n FROM a TO b) "
                  "or back to your reserves (SHIP n FROM a TO RESERVES) at half a spice per "
                  "force, rounded up.")
    return terms + "".join(f" {text}" for f in factions.in_play(state, "shipping_terms")
                           for text in [f.shipping_terms(state, seat)] if text) + "".join(
        f" {text}" for text in variants.shipping_terms(state, seat))       # 001 4.10.07


def reach_text(state: State, reachable: dict[str, tuple[int, ...]]) -> str:
    """Territories in reach, by name, with the sectors in reach of those lying in several
    (000 IX.C.2.d: a move into one of them ends in a sector of it)."""
    names = []
    for name in sorted(reachable):
        sectors = reachable[name]
        several = len(layer.readable(state)[name].sectors) > 1
        names.append(name + (f" (sector{'s' if len(sectors) > 1 else ''} "
                             f"{', '.join(map(str, sectors))})" if several else ""))
    return ", ".join(names)


@dataclass(frozen=True)
class GroupReach:
    """One of a faction's groups: where it stands (``start``, as order text), its forces,
    and the territories (with sectors) its move may end in."""

    territory: str
    sector: int | None
    start: str
    forces: Counts
    reachable: dict[str, tuple[int, ...]]


def group_reaches(state: State, seat: str) -> list[GroupReach]:
    """Each group of the faction on the board, by territory (and by sector where it stands in
    several sectors of one, Q&A XXV.B.1), with where it may move."""
    found = []
    for territory in sorted(state["forces"]):
        mine = reach.groups(state, seat, territory)
        whole = [(None, count_in(state, seat, territory))] * bool(mine)
        for sector, forces in mine.items() if len(mine) > 1 else whole:
            start = territory if sector is None else where(state, territory, sector)
            found.append(GroupReach(territory, sector, start, forces, reach.move_destinations(
                state, seat, territory, sector)))
    return found


def nowhere(state: State, seat: str, group: GroupReach) -> str:
    """Why a group may move nowhere: the storm over it, the storm across every way out
    (000 IX.C.2.c: "No token may move into, out of, or through a sector in storm"), or no
    territory in reach open to it (IX.C.2.f, XII.E.5)."""
    sectors = [group.sector] if group.sector is not None else list(
        reach.groups(state, seat, group.territory))
    if all(reach.in_storm(state, group.territory, sector) for sector in sectors):
        return "nowhere: it stands in the storm, and no force moves out of the storm"
    calm = {**state, "storm": {**state["storm"], "sector": None}}
    if reach.move_destinations(calm, seat, group.territory, group.sector):
        return "nowhere: the storm closes every way out"
    return "nowhere: no territory in reach is open to you"


def examples(state: State, seat: str, reaches: list[GroupReach]) -> list[str]:
    """The order template's examples, from the faction's own position: a shipment it may
    make (a stronghold first) and a move one of its groups may make; none it could not."""
    lines = []
    first = plain(state, seat)
    normal = state["factions"][seat]["reserve"].get(first, 0)
    kinds = reach.shipment_kinds(state, seat)
    if normal and kinds:
        open_ = reach.shipment_destinations(state, seat, kinds[0])
        if open_:
            name = min(open_, key=lambda name: _stronghold_first(state, name))
            lines.append(f"SHIP {min(normal, 3)} TO {where(state, name, open_[name][0])}")
    for group in reaches:
        if group.forces.get(first) and group.reachable:
            name = min(group.reachable, key=lambda name: _stronghold_first(state, name))
            lines.append(f"MOVE {group.forces[first]} FROM {group.start} TO "
                         f"{where(state, name, group.reachable[name][0])}")
            break
    return lines


def _stronghold_first(state: State, name: str) -> tuple[bool, str]:
    return (not layer.readable(state)[name].is_stronghold, name)


def describe(state: State, seat: str, reaches: list[GroupReach]) -> str:
    """What the faction has and may do this turn, in numbers: spice, reserves, shipping rates,
    ornithopters, and where each of its groups can reach."""
    sheet_ = state["factions"][seat]
    first, *others = force_kinds(state, seat)
    more = "".join(f" and {sheet_['reserve'][k.name]} {k.face}" for k in others
                   if sheet_["reserve"].get(k.name))
    normal = sheet_["reserve"].get(first.name, 0)
    reserve = f"{normal}{more} {first.plural}" if more else plural(normal, first.singular,
                                                                    first.plural)
    parts = [f"Your turn ({cite(state, '000 IX.C')}): you have {sheet_['spice']} spice and "
             f"{reserve} in reserve."]
    parts.append(shipping_terms(state, seat))
    groups = [f"from {group.start}: "
              f"{reach_text(state, group.reachable) or nowhere(state, seat, group)}"
              for group in reaches]
    if groups:
        parts.append(f"Moves (range {reach.move_range(state, seat)}): " + "; ".join(groups)
                     + ".")
    if (rules_of(state).ornithopters_after_shipment and not reach.has_ornithopters(state, seat)
            and sheet_["reserve"] and reach.shipment_kinds(state, seat)):
        cities = " or ".join(t.name for t in data(state).board.territories if t.ornithopters)
        parts.append(f"Forces you ship into {cities} this turn give you ornithopters for its "
                     f"move: range {reach.ORNITHOPTER_RANGE} (001 1.06.05.05).")
    parts.extend(karama_reach.notes(state, seat))
    cards = (["HAJR MOVE"] * bool(moves.extra_move_card(state, seat))
             + ["ORNITHOPTER MOVE (one group up to 3 territories, 001 3.03.07)"]
             * moves.may_fly(state, seat)
             + ["KARAMA SHIP"] * bool(karama.playable(state, seat))
             + [move_karama.line(use) for use in move_karama.uses(state, seat)])
    if cards:
        parts.append("You may also: " + ", ".join(cards) + ".")
    allies = [a for a in ally_of(state, seat) if a not in moves.sharing(state, seat)]
    if allies and rules_of(state).ally_constraint:
        names = " and ".join(faction_name(a, state) for a in allies)
        parts.append(f"At the end of your turn your forces in a territory your ally {names} "
                     "occupies, but the Polar Sink, go to the Tleilaxu Tanks (001 1.06.07).")
    return " ".join(parts)
