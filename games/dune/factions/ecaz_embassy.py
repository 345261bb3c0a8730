"""Ecaz's Ambassadors as forces: 001 2.11's text B (the Landsraad revision, option
``ecaz_text_b``, ``Ability.AMBASSADOR_FORCES``).

Each Ambassador is a force kind of one piece of their sheet (``data/ecaz_b``): shipped, moved,
flown, fighting, collecting and controlling as any force (2.11.06 B), sent to their reserve
where it would go to the tanks (``immune``: Diplomatic immunity, 2.11.15 B).  What is theirs
alone is here:

- Set-up (2.11.04 B): the twelve face up in front of their shield (their reserve), one placed
  face up with their starting forces.
- Co-occupation (2.11.07 B): where a face-up Ambassador of theirs lies with forces of the
  faction it depicts, their forces there are co-occupied: they coexist (the sheet's
  ``coexisting``, the seam the Bene Gesserit advisors use: ``state.occupants`` leaves them
  out, so they fight no battle, collect no spice, control nothing and count for no occupancy
  limit); once that faction's forces are gone they are not (Defending Foreign Soil, 2.11.13
  B).  ``settle`` keeps the list true wherever forces come or go (arrivals, losses, battles,
  each phase's end).
- Face down (2.11.08 B): at the end of the revival round they may turn Ambassadors on the
  board face down, normal forces without co-occupation; one shipped or sent again is face up
  (2.11.06 B: "you must ship it face up").
- More than one face-up Ambassador in a territory (not the Polar Sink) outside their own
  shipment and movement: those beyond one back to their reserve (2.11.14 B); the CHOAM
  Ambassador allows one other beside it (2.11.17.10 B).
- Clean Withdraw (2.11.11 B): co-occupied where the others meet the occupancy limit, their
  forces leave only all together or leaving a co-occupying Ambassador there (a move refused
  else, ``leaving_problem``).
- Declare hostility (2.11.12 B): the faction an Ambassador depicts entering its territory,
  Ecaz may turn it face down where their forces would not break the occupancy limit; by mail
  their standing answer (``HOSTILE <faction>, ... | ALL | NONE``, kept in their sheet), never
  waited for.
- The Ecaz Ambassador (2.11.17.12 B): entering a territory with another faction, or another
  entering its, Ecaz may ally with that faction, neither allied and it agreeing: by mail
  Ecaz's standing ``AMBASSADOR ALLIANCE OFFER`` (``NONE`` until they say) and the other's
  consent given ahead (``ecaz_alliance``, as text A's), no mail round; allied so, Duke Vidal
  joins the new ally's leaders for the turn (ruling: always, where he is not in the tanks),
  set aside at the Mentat Pause.
- The abilities built of 2.11.17 B: the Bene Gesserit Ambassador's force sent beside it as
  another faction ships in (.03), the Emperor's two forces' worth (.04, its kind's
  ``strength``), the Fremen's forces spared by the worm and moved after it where their
  standing answer says (.05, ``AMBASSADOR FREMEN TO <territory> | STAY``), the Spacing Guild's
  shipment from the board with the forces beside it (.07), the Ixian's forces moving two
  territories (.08), the Tleilaxu's leader from the tanks in its battle (.09), the
  CHOAM's one other face-up Ambassador (.10), the Richese's three forces shipped to it as one
  (.11), the Moritani's Duke Vidal in its battle (.13; ruling: always taken where he may be,
  until he fights a battle, as text A's Ecaz Ambassador gives him).

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Ecaz"):

- Which Ambassador 2.11.04 B places with the starting forces: their own, the Ecaz Ambassador
  (authored; by mail not asked).
- A face-down Ambassador's face is no secret: every one came to the board face up (2.11.06 B)
  and is turned in everyone's sight at the end of the revival round, so the board shows which
  lie face down, and every seat sees which Ambassador each is.
- Which face-up Ambassadors 2.11.14 B keeps: one that co-occupies first, then the first of
  their sheet's order (authored).
- The Bene Gesserit Ambassador's force (2.11.17.03 B, "you may"): always sent, a free force
  of their reserve, by mail never asked; not where the storm is.
- The Tleilaxu Ambassador's leader (2.11.17.09 B, "you may"): always taken, a leader more to
  choose from in the plan, by mail never asked: the strongest face-up Ecaz or Tleilaxu leader in
  the tanks, not fought elsewhere this turn (a tie: Ecaz's own first, then the sheet's order;
  authored).  Which one is public (the tanks are).
- A faction entering where Ecaz's Ambassador of it lies is judged by the occupancy of the
  territory before it enters (Ecaz counted unless already co-occupied there).
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event, Prompt

from .. import leaders
from ..codes import EventCode
from ..data import Ability
from ..forces import add, add_forces, count_in, kind, plain, remove_forces, take, total
from ..state import (
    POLAR_SINK,
    State,
    ally_of,
    data,
    faction_name,
    factions_in,
    occupants,
    sheet,
)
from . import duke_vidal
from . import ecaz_alliance as alliance
from .base import has
from .ecaz_pieces import (
    PREFIX,
    battling,
    designated,
    face_down,
    face_up,
    is_ambassador,
    karama_cooccupies,
)

OWN = "ambassador_ecaz"             # 2.11.17.12 (B)
CHOAM = "ambassador_choam"          # 2.11.17.10 (B): "one other face up Ambassador"
BENE_GESSERIT = "ambassador_bene_gesserit"  # 2.11.17.03 (B)
FREMEN = "ambassador_fremen"        # 2.11.17.05 (B)
IXIAN = "ambassador_ixians"         # 2.11.17.08 (B)
IXIAN_MOVES = 2                     # 2.11.17.08 (B): "may move two territories"
RICHESE = "ambassador_richese"      # 2.11.17.11 (B)
MORITANI = "ambassador_moritani"    # 2.11.17.13 (B)
TLEILAXU = "ambassador_tleilaxu"    # 2.11.17.09 (B)
GUILD = "ambassador_guild"          # 2.11.17.07 (B)
TANKS_LEADER = "tanks_leader"       # their sheet's leader taken by it: [name, owner]
LEADERS_FROM = ("ecaz", "tleilaxu")     # 2.11.17.09 (B): "an Ecaz or Tleilaxu leader"
RICHESE_FORCES = 3                  # 2.11.17.11 (B): "three Forces ... as if shipping one"
ALL = "*"                           # ``HOSTILE ALL``
KIND = "ambassadors"                # their decision's kind (``ecaz_ambassadors.KIND``)


def depicts(name: str) -> str:
    """The seat of the faction an Ambassador kind depicts."""
    return name.removeprefix(PREFIX).replace("_", "-")


def name_of(name: str) -> str:
    """An Ambassador kind's name in reports: ``Emperor Ambassador``."""
    return kind(name).singular


# --- set-up
def set_up(state: State, seat: str) -> list[Event]:
    """2.11.04 B: "your 12 Ambassador tokens face up in front of your player shield, then
    Place one face up in the same territory and sector as your starting Forces": their own
    (ruling, module docstring)."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return []
    start = sheet(seat, state).start[0]
    territory, sector = start.territories[0], start.sector
    take(state["factions"][seat]["reserve"], {OWN: 1})
    add_forces(state, seat, territory, sector, {OWN: 1})
    settle(state, seat)
    return [Event(EventCode.AMBASSADOR_SET_UP, {"faction": seat, "territory": territory,
                                                "token": name_of(OWN)})]


# --- co-occupation
def cooccupied(game: Any, seat: str) -> list[str]:
    """2.11.07 B: the territories where a face-up Ambassador of theirs "matches another
    Faction's Force(s)": that faction's forces lie there too; 2.11.13 B: once they are gone,
    no longer; 2.11.20 B, ALLIANCE: "You may Co-Occupy with your ally using the Ecaz
    Ambassador" (ruling: always, while it lies face up there); 1.14.12 B, their Karama: the
    territory designated, with every faction there (``karama_cooccupies``)."""
    found = []
    karama_at = designated(game, seat)       # 1.14.12 B: "with all factions"
    if karama_at is not None and karama_cooccupies(game, seat, karama_at):
        found.append(karama_at)
    for name, (territory, _) in face_up(game, seat).items():
        present = factions_in(game, territory)
        if territory not in found and any(s in present for s in partners(game, seat, name)):
            found.append(territory)
    return found


def partners(game: Any, seat: str, name: str) -> list[str]:
    """The seated factions an Ambassador kind co-occupies with where their forces lie: the
    one it depicts (2.11.07 B); for the Ecaz Ambassador, their ally (2.11.20 B, ALLIANCE)."""
    found = ally_of(game, seat) if name == OWN else [depicts(name)]
    return [s for s in found if s != seat and s in game["seats"]]


def settle(state: State, seat: str) -> None:
    """Their co-occupied territories written where ``state.occupants`` reads them, and the
    face-down list kept to those on the board (one back in their reserve is face up, 2.11.06
    B, 2.11.15 B)."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return
    own = state["factions"][seat]
    own["face_down"] = face_down(state, seat)
    own["coexisting"] = cooccupied(state, seat)
    own["own_at"] = face_up(state, seat).get(OWN, (None,))[0]


def extras(state: State, seat: str) -> list[Event]:
    """2.11.14 B: outside their shipment and movement, the face-up Ambassadors beyond one in a
    territory other than the Polar Sink back to their reserve (two where one is the CHOAM
    Ambassador, 2.11.17.10 B); the one kept, one that co-occupies first (ruling)."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return []
    by_territory: dict[str, list[tuple[str, int]]] = {}
    for name, (territory, sector) in face_up(state, seat).items():
        if territory != POLAR_SINK:
            by_territory.setdefault(territory, []).append((name, sector))
    events = []
    for territory, here in by_territory.items():
        allowed = 2 if any(name == CHOAM for name, _ in here) else 1
        if len(here) <= allowed:
            continue
        present = factions_in(state, territory)
        kept = sorted(here, key=lambda each: (
            not set(partners(state, seat, each[0])) & set(present) and each[0] != CHOAM,
            _order(state, seat, each[0])))
        back = kept[allowed:]
        for name, sector in back:
            remove_forces(state, seat, territory, sector, {name: 1})
            add(state["factions"][seat]["reserve"], {name: 1})
        events.append(Event(EventCode.AMBASSADORS_RETURNED, {
            "faction": seat, "territory": territory,
            "tokens": [name_of(name) for name, _ in sorted(back, key=lambda b: b[0])]}))
    settle(state, seat)
    return events


def _order(state: State, seat: str, name: str) -> int:
    return [k for k, _ in sheet(seat, state).kinds].index(name)


# --- face down (2.11.08 B): their decision of the revival round
def decision(state: State, seat: str) -> Prompt | None:
    """Their face-up Ambassadors to turn face down at the end of the revival round, and who
    fights their co-occupied battles (2.11.19): optional, sendable ahead."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return None
    up = sorted(face_up(state, seat), key=lambda n: _order(state, seat, n))
    names = ", ".join(f"{name_of(n)} ({kind(n).mark}) in {face_up(state, seat)[n][0]}"
                      for n in up) or "none"
    hostile = hostility(state, state["factions"][seat].get("hostile", []))
    offer = "OFFER" if state["factions"][seat].get("offers_alliance") else "NONE"
    worm_to = state["factions"][seat].get("worm_to")
    legal = (f"AMBASSADOR <Ambassador> FACE DOWN, a line each: your face-up Ambassadors on the "
             f"board ({names}) turned face down at the end of this revival round, normal "
             f"forces without co-occupation nor ability until shipped or sent again (001 "
             f"2.11.08 B). HOSTILE ALL | NONE | <faction>, ...: your standing answer when the "
             f"faction an Ambassador of yours depicts enters its territory: turned face down "
             f"where the occupancy limit allows (001 2.11.12 B; now: {hostile}). "
             f"AMBASSADOR ALLIANCE OFFER or NONE: your standing offer of alliance when your "
             f"Ecaz Ambassador enters a territory with another faction or another enters "
             f"its, neither allied and it consenting ahead; Duke Vidal then joins its leaders "
             f"for the turn (001 2.11.17.12 B; now: {offer}). AMBASSADOR FREMEN TO <territory> "
             f"or STAY: where your forces with your face-up Fremen Ambassador go after a worm "
             f"appears there, out of the storm, not into a stronghold two others hold (001 "
             f"2.11.17.05 B; now: {worm_to or 'STAY'}). "
             f"FIGHTER ALLY or FIGHTER ECAZ: who fights the battles you and your "
             f"ally share against another faction, your ally's forces dialed either way (001 "
             f"2.11.19-20; ALLY until you say). AMBASSADOR NONE: none of these. Never waited "
             f"for.")
    return Prompt(f"{KIND}:{seat}", seat, KIND, True, legal, {"place": [], "trigger": []},
                  "AMBASSADOR NONE", "AMBASSADOR NONE", optional=True,
                  title="your Ambassadors", options={"face_up": up})


def hostility(game: Any, hostile: list[str]) -> str:
    """A standing hostility in words: ``ALL``, ``NONE`` or the factions (2.11.12 B)."""
    if ALL in hostile:
        return "ALL"
    return ", ".join(faction_name(s, game) for s in hostile) or "NONE"


def read_face_down(game: Any, seat: str, words: list[str]) -> str | None:
    """The Ambassador kind ``<Ambassador> FACE DOWN`` names (its mark or its faction's
    name), or None if these words say no such thing."""
    upper = [w.upper() for w in words]
    if upper[-2:] != ["FACE", "DOWN"] or len(upper) < 3:
        return None
    said = " ".join(upper[:-2]).removesuffix(" AMBASSADOR")
    for name, _ in sheet(seat, game).kinds:
        if is_ambassador(name) and said in (kind(name).mark.upper(),
                                            kind(name).singular.upper().removesuffix(
                                                " AMBASSADOR")):
            return name
    return ""


def turned(state: State, seat: str) -> list[Event]:
    """2.11.08 B: "At the end of Revival you may flip any Ambassadors facedown": those chosen
    still face up on the board."""
    wanted = state["step"].pop("face_down", [])
    up = face_up(state, seat)
    flipped = [name for name in dict.fromkeys(wanted) if name in up]
    if not flipped:
        return []
    state["factions"][seat].setdefault("face_down", []).extend(flipped)
    settle(state, seat)
    return [Event(EventCode.AMBASSADORS_FACE_DOWN, {
        "faction": seat, "tokens": [f"{name_of(n)} in {up[n][0]}" for n in flipped]})]


def _up_here(game: Any, seat: str, name: str, territory: str) -> bool:
    """Whether their face-up Ambassador of this kind lies in the territory."""
    at = face_up(game, seat).get(name)
    return at is not None and at[0] == territory


# --- Clean Withdraw (2.11.11 B)
def leaving_problem(state: State, seat: str, territory: str, forces: dict[str, int]
                    ) -> str | None:
    """2.11.11 B: "When you are Co-Occupied where others factions have met Occupancy Limits in
    that Territory your Forces may only leave the territory if either at least your
    Co-Occupied Ambassador there remains or none of your Forces remain"."""
    if (not has(state, seat, Ability.AMBASSADOR_FORCES) or territory not in cooccupied(
            state, seat) or not data(state).board[territory].is_stronghold
            or len([s for s in occupants(state, territory) if s != seat]) < 2):
        return None
    here = count_in(state, seat, territory)
    if total(forces) >= total(here):
        return None
    present = factions_in(state, territory)
    staying = [n for n in face_up(state, seat) if _up_here(state, seat, n, territory)
               and set(partners(state, seat, n)) & set(present)
               and here.get(n, 0) > forces.get(n, 0)]
    if staying:
        return None
    return (f"you are co-occupied in {territory}, where the others meet the occupancy limit: "
            "your forces leave it all together, or leaving your co-occupying Ambassador there "
            "(001 2.11.11 B, Clean Withdraw)")


# --- what happens as others arrive: Declare hostility (2.11.12 B), the Bene Gesserit
# Ambassador (2.11.17.03 B)
def arrived(state: State, seat: str, mover: str, territory: str, source: str | None
            ) -> list[Event]:
    """Another faction's forces arrived: their standing hostility, the Bene Gesserit
    Ambassador's force; then co-occupation settled."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return []
    events: list[Event] = []
    if mover != seat:
        events += _hostile(state, seat, mover, territory)
        if source is None:
            events += _sent_beside(state, seat, mover, territory)
    events += _offered(state, seat, mover, territory)
    settle(state, seat)
    return events


def _hostile(state: State, seat: str, mover: str, territory: str) -> list[Event]:
    """2.11.12 B: "When another faction matching the marker (other than your ally or
    advisors) enters a territory with an Ambassador, you may flip it face down if your
    Co-Occupied Forces would not break Occupancy Limits"."""
    name = PREFIX + mover.replace("-", "_")
    wanted = state["factions"][seat].get("hostile", [])
    if (not _up_here(state, seat, name, territory) or mover in ally_of(state, seat)
            or not (ALL in wanted or mover in wanted)
            or territory in state["factions"][mover].get("coexisting", ())):   # advisors
        return []
    own = state["factions"][seat]
    own.setdefault("face_down", []).append(name)
    settle(state, seat)
    if data(state).board[territory].is_stronghold and len(occupants(state, territory)) > 2:
        own["face_down"].remove(name)           # the limit would break: not turned
        settle(state, seat)
        return []
    return [Event(EventCode.AMBASSADORS_FACE_DOWN, {
        "faction": seat, "tokens": [f"{name_of(name)} in {territory}"], "by": mover})]


def _sent_beside(state: State, seat: str, mover: str, territory: str) -> list[Event]:
    """2.11.17.03 B: "Every time another Faction Ships Forces here you may Send a Force to this
    territory in the same sector as your Ambassador" (ruling: always, not into the storm)."""
    at = face_up(state, seat).get(BENE_GESSERIT)
    force = plain(state, seat)
    if (at is None or at[0] != territory or not state["factions"][seat]["reserve"].get(force)
            or at[1] == state["storm"]["sector"]):
        return []
    take(state["factions"][seat]["reserve"], {force: 1})
    add_forces(state, seat, territory, at[1], {force: 1})
    return [Event(EventCode.AMBASSADOR_SENT_BESIDE, {"faction": seat, "territory": territory,
                                                     "by": mover})]


# --- the Fremen (2.11.17.05 B) and Ixian (2.11.17.08 B) Ambassadors
def worm_spared(state: State, seat: str, territory: str) -> list[str]:
    """2.11.17.05 B: "Forces in the same territory as this Ambassador are not destroyed by the
    worm"."""
    if has(state, seat, Ability.AMBASSADOR_FORCES) and _up_here(state, seat, FREMEN, territory):
        return [seat]
    return []


def movement(game: Any, seat: str, base: int, territory: str | None) -> int:
    """2.11.17.08 B: "Your Forces in the Territory with this Ambassador may move two
    territories instead of one"."""
    if (territory is not None and has(game, seat, Ability.AMBASSADOR_FORCES)
            and _up_here(game, seat, IXIAN, territory)):
        return max(base, IXIAN_MOVES)
    return base


# --- the Richese Ambassador (2.11.17.11 B)
def shipped_count(state: State, seat: str, forces: dict[str, int], kind: str,
                  destination: str | None) -> int:
    """2.11.17.11 B: "Instead of taking a normal Shipping Action you may ship three Forces to
    the Territory with this Ambassador as if shipping one": a shipment from the reserve of up to
    three forces into its territory paid as one (ruling: fewer than three too)."""
    count = sum(forces.values())
    if (kind == "reserve" and destination is not None and count <= RICHESE_FORCES
            and has(state, seat, Ability.AMBASSADOR_FORCES)
            and _up_here(state, seat, RICHESE, destination)):
        return 1
    return count


# --- the Ecaz Ambassador's alliance (2.11.17.12 B)
# --- the Spacing Guild Ambassador (2.11.17.07 B)
def cross_from(state: State, seat: str) -> tuple[str, int] | None:
    """2.11.17.07 B: "You may ship this Ambassador and any number of Forces from the
    Territory with this Ambassador to any other Territory on the board (subject to storm and
    Occupancy Limit)": with it face up on the board, a cross shipment (``reach``'s ``cross``:
    their shipment of the turn, at the rates of a shipment from the reserve, ruling), from
    where it lies."""
    if not has(state, seat, Ability.AMBASSADOR_FORCES):
        return None
    return face_up(state, seat).get(GUILD)


def cross_problem(state: State, seat: str, source: str, sector: int, forces: dict[str, int]
                  ) -> str | None:
    """Their cross shipment takes the Spacing Guild Ambassador from where it lies, with any
    of their forces beside it (2.11.17.07 B), leaving as Clean Withdraw allows (2.11.11 B), or
    why not."""
    if face_up(state, seat).get(GUILD) == (source, sector) and forces.get(GUILD):
        return leaving_problem(state, seat, source, forces)     # 2.11.11 B, Clean Withdraw
    at = face_up(state, seat).get(GUILD)
    return ("only your face-up Spacing Guild Ambassador ships from the board, with any of your "
            "forces beside it: it goes too (001 2.11.17.07 B)"
            + (f"; it lies in {at[0]}" if at else ""))


def own_up(game: Any, seat: str) -> bool:
    """Whether their own Ambassador lies face up on the board (public): the others' consent
    is asked while it does (``Ecaz.standing_prompts``)."""
    return has(game, seat, Ability.AMBASSADOR_FORCES) and OWN in face_up(game, seat)


def _offered(state: State, seat: str, mover: str, territory: str) -> list[Event]:
    """2.11.17.12 B: "When this Ambassador Enters a Territory with another faction or another
    faction ENTERS the Territory with this Ambassador you may form an alliance with that
    faction (if neither of you are allied and they agree to form an alliance).  You may then
    add Duke Vidal to that faction's Leader Pool for this Turn if they allied with you"."""
    own = state["factions"][seat]
    if not own.get("offers_alliance") or not _up_here(state, seat, OWN, territory):
        return []
    if mover != seat:
        others = [mover]
    elif own.get("own_at") != territory:            # it entered with this move or shipment
        others = [s for s in factions_in(state, territory) if s != seat]
    else:
        return []
    for other in others:
        made = alliance.formed(state, seat, other, territory)
        if made is not None:
            own["vidal_lent"] = other
            return made + duke_vidal.take(state, other, duke_vidal.MENTAT_PAUSE, "ambassador-ally")
    return []


def turn_over(state: State, seat: str) -> list[Event]:
    """The turn Duke Vidal joined their new ally's leaders for is over: set aside, if it still
    holds him."""
    lent = state["factions"][seat].pop("vidal_lent", None)
    if lent is None or duke_vidal.at(state) != lent:
        return []
    return duke_vidal.set_aside(state, "ambassador-ally")


# --- the battle abilities: the Tleilaxu (2.11.17.09 B) and Moritani (2.11.17.13 B) Ambassadors
def battle_opened(state: State, seat: str) -> list[Event]:
    """2.11.16 B: "a battle ability triggered during Battle Plan where the Ambassador is
    battling": their face-up Ambassador in the part of the territory Ecaz fight in.

    - 2.11.17.13 B, the Moritani's: "During Battle Plans with this Ambassador you may add Duke
      Vidal to your Active Leader Pool taking him from anywhere other than the tanks": he
      becomes their leader until he fights a battle (``duke_vidal.fought``, asked by
      ``Ecaz.after_battle``).
    - 2.11.17.09 B, the Tleilaxu's: "with this Ambassador you may take an Ecaz or Tleilaxu
      leader from the tanks, and use it in this battle" (``_from_the_tanks``)."""
    state["factions"][seat].pop(TANKS_LEADER, None)
    battle = state["step"].get("battle")
    if not battle or seat not in (battle["aggressor"], battle["defender"]) or not has(
            state, seat, Ability.AMBASSADOR_FORCES):
        return []
    up = face_up(state, seat)
    events = []
    if battling(battle, up.get(MORITANI)):
        events += duke_vidal.take(state, seat, duke_vidal.BATTLE, "ambassador-moritani")
    if battling(battle, up.get(TLEILAXU)):
        events += _from_the_tanks(state, seat, battle)
    return events


def _from_the_tanks(state: State, seat: str, battle: dict[str, Any]) -> list[Event]:
    """2.11.17.09 B: the strongest face-up Ecaz or Tleilaxu leader in the tanks (ruling,
    module docstring), one of their leaders for this battle (``tanks_leader``)."""
    deck = data(state)
    fought = state["step"].get("fought", {}).get(seat, {})
    found = [(name, owner) for owner in LEADERS_FROM if owner in state["factions"]
             for name, where in state["factions"][owner]["leaders"].items()
             if where == leaders.TANKS and fought.get(name, battle["territory"])
             == battle["territory"]]
    if not found:
        return []
    name, owner = max(found, key=lambda pair: (deck.leader(pair[0]).strength,
                                               pair[1] == seat, -found.index(pair)))
    state["factions"][seat][TANKS_LEADER] = [name, owner]
    return [Event(EventCode.AMBASSADOR_TANKS_LEADER, {"faction": seat, "leader": name,
                                                      "owner": owner})]


def tanks_leader(game: Any, seat: str) -> list[str]:
    """The leader the Tleilaxu Ambassador lets them use in the battle under way (a state or
    a view: public, ``Ecaz.in_front``)."""
    shown = game["factions"][seat]
    taken = shown.get(TANKS_LEADER)
    return [taken[0]] if taken else []


def tanks_leader_killed(state: State, seat: str, name: str) -> str | None:
    """That leader killed in their battle: his owner's, in the tanks already; None: not
    him."""
    taken = state["factions"][seat].get(TANKS_LEADER)
    if not taken or taken[0] != name:
        return None
    del state["factions"][seat][TANKS_LEADER]
    return taken[1]


def tanks_leader_back(state: State, seat: str) -> list[Event]:
    """2.11.17.09 B: "At the end of the battle the taken leader is returned to the tanks"
    (never left them: his place there is kept)."""
    taken = state["factions"][seat].pop(TANKS_LEADER, None)
    if not taken:
        return []
    return [Event(EventCode.AMBASSADOR_TANKS_LEADER_BACK, {"faction": seat,
                                                           "leader": taken[0]})]


def worm_moved(state: State, seat: str, places: dict[str, list[int]]) -> list[Event]:
    """2.11.17.05 B: "after a worm appears in that territory [their forces there] may Move to
    any Territory (subject to storm and Occupancy Limit)": all their forces there to the
    territory of their standing answer (``worm_to``; none: they stay), its first sector out of
    the storm, not a stronghold two others occupy."""
    destination = state["factions"][seat].get("worm_to")
    if not destination or not has(state, seat, Ability.AMBASSADOR_FORCES):
        return []
    events = []
    for territory in places:
        if territory == destination or not _up_here(state, seat, FREMEN, territory):
            continue
        board = data(state).board
        sectors = [s for s in board[destination].sectors or (0,)
                   if destination == POLAR_SINK or s != state["storm"]["sector"]]
        others = [s for s in occupants(state, destination) if s != seat]
        if not sectors or (board[destination].is_stronghold and len(others) >= 2):
            continue
        moved: dict[str, int] = {}
        for sector, by_faction in list(state["forces"].get(territory, {}).items()):
            here = dict(by_faction.get(seat, {}))
            if here:
                remove_forces(state, seat, territory, int(sector), here)
                add(moved, here)
        add_forces(state, seat, destination, sectors[0], moved)
        events.append(Event(EventCode.AMBASSADOR_WORM_MOVED, {
            "faction": seat, "from": territory, "territory": destination,
            "forces": moved}))
    settle(state, seat)
    return events
