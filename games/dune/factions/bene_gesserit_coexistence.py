"""The Bene Gesserit on the map among others: coexistence and spiritual advisors (000 XV.B,
lines 498-509; the Bene Gesserit shield 2 and 4, lines 776-786; WBC clarification XV, 000
lines 1295-1329, and 004 XV.1-7).

Coexistence (option ``advantages``, 000 XV.B.4) is attached to the territory (WBC line 1301).
Their sheet's ``coexisting``, ``state["factions"]["bene-gesserit"]["coexisting"]``, lists the
territories where the Bene Gesserit coexist; such forces "are treated as if they are not even
on the board" (``state.occupants`` leaves them out).
``state["step"]["declared"]`` keeps this turn's declarations, which bind for the rest of the
turn (XV.B.5): a territory declared coexisting may never change back this turn (WBC line
1309); one declared not coexisting may change only once every other faction has left it and a
different faction enters (WBC line 1307).

When nothing is declared the rulesets disagree, and each game follows its own: under the AH
rules the Bene Gesserit coexist ("It is assumed you are in coexistence unless you state
otherwise", XV.B.5, line 508); under WBC a territory not declared this turn is not coexisting
(clarification XV, line 1304; 004 XV.4).  So at the start of each movement round the WBC
status is cleared and only what the Bene Gesserit declare stands; the AH status carries over
unless they declare that they no longer coexist (XV.B.5).

By mail the Bene Gesserit give their declarations ahead, in their ``coexistence`` order: for
the territories where they are among others at the start of the round (declared before anyone
moves, WBC line 1305) and for any territory they hold alone, should another faction enter it
(XV.B.5: "you must announce immediately"); what they have not declared takes the default
above.  The prompt names each of their territories with how their forces stand there, and
its template, like its default, declares each so (``standing``): under WBC as the last
movement round left them (``step["coexisted"]``), so that sent back unchanged (or not sent)
advisors stay advisors and fighters fighters; under AH coexisting, as assumed; beside their
ally always coexisting.  Where they move in among others they say it with the move
(``COEXIST`` or ``FIGHT`` after it).  Forced by the rules whatever was ordered: they coexist
with their ally (WBC line 1311), where their ally enters a territory they hold alone (WBC
line 1313), and where their advisors land beside another faction's shipment (XV.B.5: they
"cannot ship with another player (as spiritual advisors) into a territory in which [they] have
stated ... that [they are] not in coexistence").

Spiritual advisors (shield 2; XV.B.3): whenever another faction ships forces onto Dune from
off-planet reserves the Bene Gesserit may send one force from their reserve, free, to the Polar
Sink; with option ``advantages`` to the territory and sector of that shipment instead.  Not
with the Fremen's arrival (WBC line 1319), not with their own shipments (1321), not with the
Guild's shipments from the map (1323); with their ally's, yes (1317); to the Polar Sink when
the territory is not coexisting or they choose so (1315).  Sending them is optional (1313).
By mail their ``ADVISORS`` policy says, per shipping faction or for all, ``SINK`` (the Polar
Sink; the default, a free force on Dune), ``WITH`` (with the shipment, where allowed; the Polar
Sink otherwise) or ``NONE``; with homeworlds, ``TWO``: two to the Polar Sink while Wallach IX
is on its High side, none on its Low side (001 4.10.12 "Wallach IX").  The policy stands from
turn to turn (kept in their sheet, ``advisors``) until a mail with ``ADVISORS`` lines replaces
it: sending an advisor is the Bene Gesserit's choice alone each time a shipment is made (000
XV.B.3, BG shield 2: "you may"; WBC line 1313: optional), and nothing in the rules ties the
choice to a turn, so a choice made ahead may stand (ruling).  Coexistence may not stand so:
under WBC it is declared each turn (line 1304), which the template does for the Bene Gesserit.
A faction's ``KARAMA ADVISOR`` standing ready sends an advisor back once it is announced (WBC
line 1396; ``move_karama``).

GF9 (``BeneGesseritGF9.advisor_sides``, 001 2.02.11-22, advanced): a territory's status is the
side the Bene Gesserit's tokens show there, advisors (coexisting) or fighters, and nothing is
assumed: it changes only by the flips of 001.  Wartime (2.02.18): at the start of the round ``FIGHT
<territory>`` flips the advisors there to fighters, announced.  Intrusion (2.02.16): where they
have fighters, ``COEXIST <territory>`` given ahead flips them to advisors should a faction not
their ally enter.  Their own arrivals (``sides_on_arrival``): shipped forces are fighters
(2.02.14, and never shipped onto their own advisors: ``board.reach``); moved forces keep their
side, but join the side of their forces already there (adaptive force, 2.02.21), become
fighters where nobody else is (enlistment, 2.02.15), and as advisors entering among others
may take up arms with ``FIGHT`` after the move (2.02.17).  No advisor flips to a fighter under
the storm (stormed in, 2.02.20) or beside their ally (peacetime, 2.02.19), nor takes up arms
past the occupancy limit.  The advisor sent with a shipment joins it only where they have no
fighters (2.02.12); advisors alone flip to fighters before the battles (universal stewards,
2.02.22: ``BeneGesserit.before_battles``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..forces import add_forces, count_in, plain, take, total
from ..orders.language import OrderKind, OrderProblem, order_kind, read_faction, read_territory
from ..rules import cite, rules_of
from ..state import (
    POLAR_SINK,
    State,
    ally_of,
    data,
    faction_name,
    factions_in,
    storm_order,
)

if TYPE_CHECKING:
    from .bene_gesserit import BeneGesserit

CHOICES = ("SINK", "WITH", "NONE")
TWO = "TWO"                 # two to the Polar Sink on Wallach IX's High side (001 4.10.12)
ALL = "*"
BENE_GESSERIT = "bene-gesserit"


def stormed_in(state: State, territory: str) -> bool:
    """Some of the Bene Gesserit's forces in the territory lie under the storm, where advisors
    cannot flip to fighters (GF9 stormed in, 001 2.02.20)."""
    storm = state["storm"]["sector"]
    return territory != POLAR_SINK and any(
        int(sector) == storm and BENE_GESSERIT in by_faction
        for sector, by_faction in state["forces"].get(territory, {}).items())
KIND = "coexistence"                  # the kind of the declarations' decision (``prompt``)
KEY = f"{KIND}:{BENE_GESSERIT}"       # and its key


# --- the rules
def coexisting(state: State) -> list[str]:
    """The territories where the Bene Gesserit coexist (000 XV.B.4-5), in board order as
    ``declare`` keeps them; none when they are not in the game."""
    return list(state["factions"].get(BENE_GESSERIT, {}).get("coexisting", []))


def set_coexisting(state: State, territories: list[str]) -> None:
    """The Bene Gesserit coexist in these territories, and nowhere else."""
    state["factions"][BENE_GESSERIT]["coexisting"] = list(territories)


def in_game(state: State) -> bool:
    """The Bene Gesserit are in the game."""
    return BENE_GESSERIT in state["seats"]


def coexistence_allowed(state: State) -> bool:
    """The Bene Gesserit are in the game and may coexist (000 XV.B.4, option advantages)."""
    return in_game(state) and rules_of(state).advantages


def among_others(state: State) -> list[str]:
    """The territories (not the Polar Sink) where the Bene Gesserit share a territory with
    another faction, in board order: only the territories with forces are asked (the others,
    most of the board, share nothing; asked at every movement step)."""
    forces = state["forces"]
    return [t.name for t in data(state).board.territories
            if t.name in forces and t.name != POLAR_SINK
            and BENE_GESSERIT in (here := factions_in(state, t.name)) and len(here) > 1]


def declares_first(state: State, bg: BeneGesserit) -> bool:
    """Whether the Bene Gesserit declare before anyone moves: where they share a territory
    (WBC line 1305), and under GF9 wherever they have advisors (wartime, 001 2.02.18)."""
    if among_others(state):
        return True
    return bg.advisor_sides and any(
        BENE_GESSERIT in factions_in(state, t) for t in coexisting(state))


def start_of_round(state: State, bg: BeneGesserit, wanted: dict[str, bool]) -> list[Event]:
    """The declarations at the start of the movement round (XV.B.5; WBC line 1305): every
    territory among others gets its declared or default status.  Under WBC the Bene Gesserit
    who ended the turn coexisting in a stronghold beside two other factions must stay
    coexisting (clarification VII, line 1134, said of worm riders who entered beside them;
    ruling: however the two others came there)."""
    if bg.advisor_sides:
        return _wartime(state, wanted)
    afresh = bg.coexistence_declared_each_round
    before = set(coexisting(state))
    if afresh and in_game(state):
        set_coexisting(state, [])
    state["step"]["ahead"] = dict(wanted)
    events: list[Event] = []
    for territory in among_others(state):
        coexist = wanted.get(territory, territory in coexisting(state)
                             or bg.coexist_by_default)
        if afresh and territory in before and beside_two(state, territory):
            coexist = True
        events += declare(state, territory, coexist)
    return events


def _wartime(state: State, wanted: dict[str, bool]) -> list[Event]:
    """GF9 wartime (001 2.02.18): the advisors of each territory where ``FIGHT`` is given flip
    to fighters, announced, where they may (``may_take_arms``); the rest of the declarations
    wait for an intrusion (2.02.16)."""
    state["step"]["ahead"] = dict(wanted)
    events: list[Event] = []
    for territory in coexisting(state):
        if (wanted.get(territory) is False and BENE_GESSERIT in factions_in(state, territory)
                and may_take_arms(state, territory)):
            events += flip(state, territory, False)
    return events


def may_take_arms(state: State, territory: str) -> bool:
    """Whether their advisors there may flip to fighters: not under the storm (stormed in, 001
    2.02.20), not beside their ally (peacetime, 2.02.19)."""
    return not stormed_in(state, territory) and not must_coexist(state, territory)


def flip(state: State, territory: str, advisors: bool) -> list[Event]:
    """GF9: the Bene Gesserit's forces in a territory show this side now; one public event
    when the side changes (001 2.02.18: "This change must be publicly announced")."""
    now = set(coexisting(state))
    if (territory in now) == advisors:
        return []
    now ^= {territory}
    set_coexisting(state, [t.name for t in data(state).board.territories if t.name in now])
    return [Event(EventCode.COEXISTENCE, {"territory": territory, "coexist": advisors})]


def sides_on_arrival(state: State, mover: str, territory: str, wish: bool | None,
                     count: int, source: str | None) -> list[Event]:
    """GF9 (001 2.02.14-21): the side of the Bene Gesserit's forces where ``count`` forces of
    ``mover`` have just arrived, shipped (``source`` None) or moved from ``source``."""
    present = factions_in(state, territory)
    if BENE_GESSERIT not in present:
        return []
    advisors = territory in coexisting(state)
    if mover != BENE_GESSERIT:                  # 2.02.16 intrusion: by their word ahead
        if advisors or mover in ally_of(state, BENE_GESSERIT):
            return []
        intrude = (bool(state["step"].get("ahead", {}).get(territory))
                   and not karama.cancelled(state, "intrusion", BENE_GESSERIT)  # 3.01.12.02
                   and territory not in homeworlds.off_planet(state))    # 001 4.10.10
        return flip(state, territory, intrude)
    if own_forces(state, territory) > count:    # 2.02.21 adaptive force
        return []
    arriving = source is not None and source in coexisting(state)   # 2.02.14: shipped fighters
    if len(present) == 1:
        arriving = False                        # 2.02.15 enlistment
    elif (arriving and wish is False and may_take_arms(state, territory)
          and not beside_two(state, territory)):
        arriving = False                        # 2.02.17 take up arms, within the limit
    if len(present) == 1:
        set_coexisting(state, [t for t in coexisting(state) if t != territory])
        return []
    return flip(state, territory, arriving) or [
        Event(EventCode.COEXISTENCE, {"territory": territory, "coexist": arriving})]


def own_forces(state: State, territory: str) -> int:
    """The Bene Gesserit's forces in a territory."""
    return total(count_in(state, BENE_GESSERIT, territory))


def beside_two(state: State, territory: str) -> bool:
    """A stronghold where two factions besides the Bene Gesserit have forces."""
    others = [seat for seat in factions_in(state, territory) if seat != BENE_GESSERIT]
    return data(state).board[territory].is_stronghold and len(others) >= 2


def declare(state: State, territory: str, coexist: bool) -> list[Event]:
    """Set a territory's status, within what this turn's declarations allow (WBC lines
    1307-1313); one public event when it is declared or changes."""
    declared = state["step"].setdefault("declared", {})
    if must_coexist(state, territory):
        coexist = True                          # WBC line 1311: always with their ally
    previous = declared.get(territory)
    if previous is True:
        coexist = True                          # WBC line 1309: never back this turn
    declared[territory] = coexist
    now = set(coexisting(state))
    was = territory in now
    now.discard(territory)
    if coexist:
        now.add(territory)
    set_coexisting(state, [t.name for t in data(state).board.territories if t.name in now])
    if previous is not None and was == coexist:
        return []
    return [Event(EventCode.COEXISTENCE, {"territory": territory, "coexist": coexist})]


def must_coexist(state: State, territory: str) -> bool:
    """The Bene Gesserit must coexist there: their ally has forces there (WBC line 1311)."""
    return any(ally in factions_in(state, territory) for ally in ally_of(state, BENE_GESSERIT))


def on_arrival(state: State, bg: BeneGesserit, mover: str, territory: str, wish: bool | None,
               count: int = 0, source: str | None = None) -> list[Event]:
    """``count`` forces of ``mover`` have just arrived in ``territory`` (shipped, or moved
    from ``source``): the Bene Gesserit declare there if they now share it (XV.B.5: "Anytime
    you end your move in an occupied territory ... or another player moves his tokens into a
    territory only you occupy"); under GF9 their sides follow 001 (``sides_on_arrival``).
    ``wish`` is the Bene Gesserit's own word with their move, if any."""
    if not coexistence_allowed(state) or territory == POLAR_SINK:
        return []
    if bg.advisor_sides:
        return sides_on_arrival(state, mover, territory, wish, count, source)
    present = factions_in(state, territory)
    if BENE_GESSERIT not in present or len(present) < 2:
        return []
    declared = state["step"].setdefault("declared", {})
    if must_coexist(state, territory):
        return declare(state, territory, True)
    if mover == BENE_GESSERIT:
        coexist = bg.coexist_by_default if wish is None else wish
    elif territory in declared and set(present) - {BENE_GESSERIT, mover}:
        return []                              # already shared: the status stands
    else:
        ahead = state["step"].get("ahead", {})
        coexist = ahead.get(territory, bg.coexist_by_default)
        if declared.get(territory) is False and set(present) - {BENE_GESSERIT} == {mover}:
            # WBC line 1307: vacated by all others, then entered by a different faction
            declared.pop(territory)
    return declare(state, territory, coexist)


def advisors_go(state: State, bg: BeneGesserit, shipper: str, territory: str, sector: int
                ) -> list[Event]:
    """The free advisor with another faction's shipment from off-planet (shield 2, XV.B.3),
    by the Bene Gesserit's policy; the caller decides that the shipment qualifies."""
    if (BENE_GESSERIT not in state["seats"] or shipper == BENE_GESSERIT
            or not state["factions"][BENE_GESSERIT]["reserve"].get(
                plain(state, BENE_GESSERIT))
            or homeworlds.lost(state, BENE_GESSERIT, Ability.SPIRITUAL_ADVISORS)):  # 4.10.12
        return []
    policy = standing_policy(state)
    choice = policy.get(shipper, policy.get(ALL, "SINK"))
    if choice == "NONE":
        return []
    where_to, at = POLAR_SINK, 0
    count = (min(homeworlds.advisors(state, BENE_GESSERIT),    # 001 4.10.12 "Wallach IX"
                 state["factions"][BENE_GESSERIT]["reserve"][plain(state, BENE_GESSERIT)])
             if choice == TWO else 1)
    sides = bg.advisor_sides
    if choice == "WITH" and coexistence_allowed(state) and (
            territory not in homeworlds.off_planet(state)) and (     # 001 4.10.10: no homeworld
            no_fighters(state, territory) if sides else _may_join(state, territory)):
        where_to, at = territory, sector
    played, cancelled = _advisor_cancelled(state, shipper)  # player aid B.6.A.3; WBC line 1396
    if cancelled:
        return played
    sent = {plain(state, BENE_GESSERIT): count}
    take(state["factions"][BENE_GESSERIT]["reserve"], sent)
    add_forces(state, BENE_GESSERIT, where_to, at, sent)
    events = [*played, Event(EventCode.ADVISOR_SENT, {"with": shipper, "territory": where_to,
                                                      **({"count": count} if count > 1 else {})})]
    if where_to != POLAR_SINK:
        events += flip(state, where_to, True) if sides else declare(state, where_to, True)
    return events


def no_fighters(state: State, territory: str) -> bool:
    """GF9: the Bene Gesserit have no fighters in the territory, so their advisor may join a
    shipment there (001 2.02.12)."""
    return BENE_GESSERIT not in factions_in(state, territory) or territory in coexisting(state)


def _may_join(state: State, territory: str) -> bool:
    """Advisors may land with a shipment unless the territory was declared, or is declared
    ahead, not coexisting this turn (XV.B.5: "stated (or intend to state when you land)";
    WBC line 1318)."""
    step = state["step"]
    status = step.get("declared", {}).get(territory, step.get("ahead", {}).get(territory))
    return status is not False


# --- the policy between turns
def standing_policy(state: State) -> dict[str, str]:
    """The Bene Gesserit's advisor policy as it stands (shipping faction or ``*`` -> choice);
    empty until they give one: SINK for all."""
    return state["factions"][BENE_GESSERIT].get("advisors", {})


def keep(state: State, value: dict[str, Any]) -> None:
    """The ``ADVISORS`` lines of an answer replace the standing policy; an answer without
    any leaves it standing."""
    if "advisors" in value:
        state["factions"][BENE_GESSERIT]["advisors"] = dict(value["advisors"])


# --- the order
def standing(state: State, bg: BeneGesserit) -> dict[str, bool]:
    """Each territory of the Bene Gesserit (not the Polar Sink) -> whether their forces there
    are advisors as they stand: as the last movement round left them (``coexisted``, kept by
    the movement round before any WBC clearing), always so beside their ally (WBC line
    1311), and everywhere under the AH rules, where coexistence is assumed (XV.B.5)."""
    coexisted = state["step"].get("coexisted", coexisting(state))
    return {t.name: (t.name in coexisted or must_coexist(state, t.name)
                     or bg.coexist_by_default)
            for t in data(state).board.territories
            if t.name != POLAR_SINK and BENE_GESSERIT in factions_in(state, t.name)}


def _territory_line(state: State, territory: str, advisors: bool) -> str:
    """One territory in the prompt: who else is there and how the forces stand."""
    status = "advisors" if advisors else "fighters"
    others = [faction_name(seat, state) for seat in factions_in(state, territory)
              if seat != BENE_GESSERIT]
    if not others:
        return f"{territory}: you alone, {status} should another faction enter"
    ally = " (your ally is there: WBC line 1311)" if must_coexist(state, territory) else ""
    return f"{territory}: with the {', '.join(others)}, {status}{ally}"


def prompt(state: State, bg: BeneGesserit) -> Prompt:
    """The Bene Gesserit's declarations ahead and their advisor policy, for this round: each
    of their territories named with its status, the template and the default keeping each as
    it stands, and the policy as it stands."""
    value: dict[str, Any] = {"advisors": standing_policy(state) or {ALL: "SINK"}}
    parts = []
    if coexistence_allowed(state):
        value["declare"] = standing(state, bg)
        territories = [_territory_line(state, t, advisors)
                       for t, advisors in value["declare"].items()]
        if bg.advisor_sides:
            parts.append(f"Your territories: {'; '.join(territories) or 'none'}. FIGHT "
                         "<territory> flips your advisors there to fighters before the round, "
                         "announced (wartime, 001 2.02.18; not under the storm nor beside your "
                         "ally, 2.02.19-20); COEXIST <territory> flips your fighters there to "
                         "advisors should a faction not your ally enter (intrusion, 2.02.16); a "
                         "territory left out stays as it is")
        else:
            default = "advisors" if bg.coexist_by_default else "fighters"
            parts.append(f"Your territories: {'; '.join(territories) or 'none'}. COEXIST "
                         "<territory> makes your forces there advisors (coexisting), FIGHT "
                         "<territory> fighters, now or should another faction enter (000 "
                         "XV.B.5); "
                         f"a territory left out: {default} "
                         f"({bg.coexistence_rule})")
    if coexistence_allowed(state):
        parts.append("ADVISORS SINK, WITH or NONE [<faction>]: where your free advisor goes "
                     "with another faction's shipment from off-planet: SINK the Polar Sink, "
                     "WITH the same territory, NONE none")
    else:                               # no advisors: a fighter (GF9 basic, 001 2.02.06)
        parts.append("ADVISORS SINK or NONE [<faction>]: whether 1 force goes free from your "
                     "reserves to the Polar Sink with another faction's shipment from "
                     "off-planet: SINK it does, NONE it does not")
    if _two(state):
        parts[-1] += (f"; ADVISORS {TWO} [<faction>]: two to the Polar Sink while Wallach IX "
                      "is on its High side (on its Low side none go: 001 4.10.12)")
    parts[-1] += ("; for every faction unless you name one (default SINK); your policy stands "
                  "from turn to turn until you send ADVISORS lines again")
    template = text(state, value)
    return Prompt(KEY, BENE_GESSERIT, KIND, True,
                  ". ".join(parts) + ".", value, template, template,
                  options={"coexist": coexistence_allowed(state),
                           **({"two": True} if _two(state) else {})})


def _two(game: Any) -> bool:
    """Whether a homeworld of theirs lets them send two advisors (001 4.10.12 "Wallach IX")."""
    return homeworlds.advisors(game, BENE_GESSERIT, any_side=True) > 1


def read_line(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any]:
    """One line: COEXIST <territory>, FIGHT <territory> or ADVISORS <choice> [<faction>]."""
    verb, words = words[0], words[1:]
    if verb in ("COEXIST", "FIGHT"):
        if not coexistence_allowed(state):
            raise OrderProblem(ErrorCode.NO_COEXISTENCE,
                               "coexistence needs the optional advantages "
                               f"({cite(state, '000 XV.B.4')})", ("ADVISORS SINK",))
        territory, _ = read_territory(state, words)
        if territory.name == POLAR_SINK:
            raise OrderProblem(ErrorCode.POLAR_SINK,
                               "there is no battle in the Polar Sink: nothing "
                               "to declare there", ())
        return {"declare": {territory.name: verb == "COEXIST"}}
    choice = (words[0].upper() if words else "")
    taken = 1
    if choice == "POLAR" and len(words) > 1 and words[1].upper() == "SINK":
        choice, taken = "SINK", 2
    valid = (CHOICES if coexistence_allowed(state) else ("SINK", "NONE")) + (
        (TWO,) if _two(state) else ())
    if choice not in valid:
        raise OrderProblem(ErrorCode.ADVISORS, f"ADVISORS takes {', '.join(valid)}, not {choice!r}",
                           tuple(f"ADVISORS {c}" for c in valid))
    rest = words[taken:]
    others = [s for s in state["seats"] if s != BENE_GESSERIT]
    faction = read_faction(state, rest, others) if rest else ALL
    return {"advisors": {faction: choice}}


def combine(state: State, prompt_: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Every line together: the declarations and the advisor policy (later lines win)."""
    value: dict[str, Any] = {}
    for part in parts:
        for key, entries in part.items():
            value.setdefault(key, {}).update(entries)
    return value


def text(game: Any, value: dict[str, Any]) -> str:
    lines = [f"{'COEXIST' if coexist else 'FIGHT'} {territory}"
             for territory, coexist in value.get("declare", {}).items()]
    for faction, choice in sorted(value.get("advisors", {}).items(), key=lambda e: e[0] != ALL):
        lines.append(f"ADVISORS {choice}" + ("" if faction == ALL
                                             else f" {faction_name(faction, game)}"))
    return "\n".join(lines) or "ADVISORS SINK"


def random_value(view: dict[str, Any], prompt_: Prompt, rng: random.Random
                 ) -> dict[str, Any]:
    """A bot's policy: advisors anywhere allowed; each shared territory one way or the other."""
    coexist = prompt_.options["coexist"]
    choices = ["SINK", "NONE"] + (["WITH"] if coexist else []) + (
        [TWO] if prompt_.options.get("two") else [])
    value: dict[str, Any] = {"advisors": {ALL: rng.choice(choices)}}
    mine = [t for t, sectors in view["forces"].items() if t != POLAR_SINK and any(
        BENE_GESSERIT in by_faction for by_faction in sectors.values())] if coexist else []
    if mine:                        # as the text reads back: no declarations, no ``declare``
        value["declare"] = {t: rng.random() < 0.6 for t in mine}
    return value


order_kind(OrderKind("coexistence", ("COEXIST", "FIGHT", "ADVISORS"), read_line, text,
                     combine=combine, random=random_value, with_verb=True))


def _advisor_cancelled(state: State, shipper: str) -> tuple[list[Event], bool]:
    """A faction standing ready sends back the advisor announced with ``shipper``'s shipment:
    the events, and whether it does (its Karama may be stopped as it is played,
    ``karama.play``; WBC line 1396; ``advisors_go``)."""
    ready = state["step"].get("no_advisor", [])
    seat = next((s for s in storm_order(state) if [s, shipper] in ready
                 and karama.playable(state, s)), None)
    if seat is None:
        return [], False
    ready.remove([seat, shipper])
    return karama.play(state, seat, "advisor")
