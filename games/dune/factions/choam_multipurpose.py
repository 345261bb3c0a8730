"""CHOAM's MULTIPURPOSE PRODUCT (001 2.09.08 (A), 2.09.11 (B)): a Worthless card discarded for an
effect of its own; under the revision its ally may use it too (2.09.19 (B)).

By mail each use is a standing order riding on any mail round in which the faction is asked
anything (as CHOAM's sale on the Open Market, ``choam_market``), carried out at the end of the
phase it names, so it adds no mail round: ``USE <card> ...``, ``USE NONE``.  The effects:

- Trip to Gamont (A): ``USE TRIP TO GAMONT <faction> <territory>``, "During Mentat Pause Phase,
  for free, Ship any 1 Force belonging to another player to that player's reserves": at the end
  of the Mentat Pause, one of that faction's forces there (its plain kind first) goes back to
  its reserve;
- Trip to Gamont (B): ``USE TRIP TO GAMONT <territory>``, "Send 1 Force for free into a
  Territory you occupy": at the end of the phase, one force of the user's reserve (its plain
  kind first) into that territory, if the user still occupies it (in the sector it holds);
- Kull Wahad (B): ``USE KULL WAHAD``, "During the Spice Blow and NEXUS Phase end your alliance
  with your ally": at the end of that phase the user leaves its alliance;
- Baliset (A, B): ``USE BALISET <faction> <territory>``, "Prevent a player from moving Forces
  into a Territory you Occupy during Shipment and Movement. They may ship in normally";
- Kulon (A, B): ``USE KULON``, "one of your Force movements Move one extra Territory";
- Jubba Cloak (B): ``USE JUBBA CLOAK``, "During your Movement action your Forces may move through
  the Storm, they may not end their movement under the Storm";
- La La La (A): ``USE LA LA LA <faction>``, "Prevent a player's Free Revival ability"; (B):
  ``USE LA LA LA``, "Increase your revival limit by 1";
- Jubba Cloak (A): ``USE JUBBA CLOAK <territory>``, "Prevent a loss from the Storm of your
  Forces in one Territory": carried out when a storm would kill the user's forces there
  (``storm_shelter``), the card discarded then;
- Kull Wahad (A): ``USE KULL WAHAD <faction>``, "Prevent a player from playing a Karama card
  this Phase as they attempt to do so": carried out when that faction next plays a Karama
  (``karama_attempted``, asked by ``karama.play``), the card discarded then.

Rulings (docs/rules-coverage.md): the card is discarded face up, for no spice; a use whose card
is no longer held, or whose effect cannot be had then, lapses, told to the user alone.  An
effect that acts inside a later phase's decisions is carried out as the phase before it ends,
so that every seat knows it before that phase's mail round: Baliset, Kulon and B's Jubba Cloak
at the end of the Revival phase, for the Shipment and Movement phase (Baliset only if the user
occupies the territory then); La La La at the end of the Bidding phase, for the Revival phase.
The effect in force lies in front of CHOAM's shield (public: ``EFFECTS``) until that phase ends;
Kulon's extra territory is its user's first move of the phase.  A's Kull Wahad: the use
stands, secret, until the faction named plays a Karama while the user holds the card (in any
phase); that play has no effect, the Karama card stays in its player's hand (it was not
played: "prevent a player from playing"), and the faction may play no Karama for the rest of
the phase (the effect in force, public, until the phase ends: ``bars_karama``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..discard_pile import discard
from ..forces import add_forces, kinds, plain, remove_forces
from ..orders.language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_territory,
)
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data, faction_name, occupants
from .base import LENT, has, lent

KIND = "multipurpose"
# Lent by the CHOAM Nexus card's Cunning (001 4.03.07.10): one use paid with any card of the
# hand, ``USE <card> ... WITH <card>``
ANY_CARD = "any_card_as_worthless"
WITH = "WITH"
USE = "multipurpose"            # a user's sheet: its use standing
EFFECTS = "worthless_effects"   # CHOAM's sheet: the effects in force, in front of its shield
GAMONT, KULL_WAHAD = "Trip to Gamont", "Kull Wahad"
BALISET, JUBBA, KULON, LA_LA_LA = "Baliset", "Jubba Cloak", "Kulon", "La La La"
MENTAT_PAUSE, SPICE_BLOW = "mentat_pause", "spice_blow"
BIDDING, REVIVAL, MOVEMENT = "bidding", "revival", "movement"
# The phase at whose end an effect acting in the next phase is carried out, and that phase.
LEAD_IN = {BALISET: (REVIVAL, MOVEMENT), KULON: (REVIVAL, MOVEMENT),
           JUBBA: (REVIVAL, MOVEMENT), LA_LA_LA: (BIDDING, REVIVAL)}


def revised(game: Any) -> bool:
    return bool(getattr(rules_of(game), "choam_landsraad", False))


def section(game: Any) -> str:
    return "2.09.11 (B)" if revised(game) else "2.09.08 (A)"


def cards(game: Any) -> tuple[str, ...]:
    """The Worthless cards whose effect is played by mail: all six, under either text."""
    return (BALISET, JUBBA, KULON, LA_LA_LA, GAMONT, KULL_WAHAD)


def users(state: State, choam: str) -> list[str]:
    """Who may use it now: CHOAM with the power, and its ally under the revision (2.09.19)."""
    if choam not in state["seats"] or not has(state, choam, Ability.MULTIPURPOSE_PRODUCT):
        return []
    allies = ally_of(state, choam) if has(state, choam, Ability.ALLY_MULTIPURPOSE) else []
    return [choam, *allies]


def key(seat: str) -> str:
    return str(PromptKey(KIND, seat))


FORMS_A = ("USE BALISET <faction> <territory>: that faction moves no forces into a territory "
           "you occupy in the next Shipment and Movement; USE JUBBA CLOAK <territory>: the "
           "storm kills none of your forces there; USE KULON: your next move one territory "
           "further; USE LA LA LA <faction>: no free revival for that faction in the next "
           "Revival; USE TRIP TO GAMONT <faction> <territory>: at the end of the Mentat Pause "
           "one of that faction's forces there back to its reserve; USE KULL WAHAD <faction>: "
           "the next Karama that faction plays is stopped as it plays it (the card kept), and "
           "it plays none for the rest of that phase")
FORMS_B = ("USE BALISET <faction> <territory>: that faction moves no forces into a territory "
           "you occupy in the next Shipment and Movement; USE JUBBA CLOAK: your moves of the "
           "next Shipment and Movement may pass through the storm; USE KULON: your next move "
           "one territory further; USE LA LA LA: your revival limit one more in the next "
           "Revival; USE TRIP TO GAMONT <territory>: at the end of the phase one of your forces "
           "in reserve free into a territory you occupy; USE KULL WAHAD: at the end of the Spice "
           "Blow and Nexus phase your alliance ends")


def prompt(state: State, seat: str) -> Prompt:
    """A user's optional standing use."""
    now = state["factions"][seat].get(USE)
    forms = FORMS_B if revised(state) else FORMS_A
    legal = (f"{forms} (001 {section(state)} MULTIPURPOSE PRODUCT: the Worthless card "
             "discarded); USE NONE: none.  Now: " + text(state, now) + ".")
    return Prompt(key(seat), seat, KIND, True, legal, now, text(state, now), "USE NONE",
                  optional=True, title="your use of a Worthless card's own effect")


def _wants(state: State, card: str) -> tuple[bool, bool]:
    """Whether the card's use names a faction, and whether it names a territory."""
    if card == BALISET:
        return True, True
    if card == GAMONT:
        return not revised(state), True
    if card == JUBBA:
        return False, not revised(state)
    if card in (LA_LA_LA, KULL_WAHAD):
        return not revised(state), False
    return False, False


def _read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, Any] | None:
    """A use (module docstring); ``WITH <card>`` after it, while the CHOAM card's Cunning is
    lent, names the card of the hand discarded in the Worthless card's place."""
    upper = [word.upper() for word in words]
    if WITH in upper:
        split = upper.index(WITH)
        value = _use(state, prompt_, words[:split], True)
        return _paid_with(state, prompt_.seat, value, " ".join(words[split + 1:]))
    return _use(state, prompt_, words, False)


def _use(state: State, prompt_: Prompt, words: list[str], paying: bool
         ) -> dict[str, Any] | None:
    """The use's words (``paying``: with another card, which need not be held)."""
    said = " ".join(words).upper()
    valid = ("USE NONE", *(f"USE {card.upper()}" for card in cards(state)))
    if said == "NONE":
        return None
    card = next((c for c in cards(state) if said.startswith(c.upper())), None)
    if card is None:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, "expected USE " + " or USE ".join(
            c.upper() for c in cards(state)) + " or USE NONE", valid)
    rest = words[len(card.split()):]
    held = [data(state).treachery_card(c).name for c in state["factions"][prompt_.seat]["hand"]]
    if card not in held and not paying:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {card}", ("USE NONE",))
    faction, place = _wants(state, card)
    others = [s for s in state["seats"] if s != prompt_.seat]
    if faction and not place:
        return {"card": card, "faction": read_faction(state, rest, others)}
    if place and not faction:
        territory, _ = read_territory(state, rest)
        return {"card": card, "territory": territory.name}
    if not place:
        return {"card": card}
    for end in range(len(rest) - 1, 0, -1):          # <faction> <territory>
        try:
            named = read_faction(state, rest[:end], others)
        except OrderProblem:
            continue
        territory, _ = read_territory(state, rest[end:])
        return {"card": card, "faction": named, "territory": territory.name}
    example = f"USE {card.upper()} Harkonnen Carthag"
    raise OrderProblem(ErrorCode.INCOMPLETE, f"expected USE {card.upper()} <faction> "
                       "<territory>", (example,))


def _paid_with(state: State, seat: str, value: dict[str, Any] | None, paid: str
               ) -> dict[str, Any]:
    """001 4.03.07.10, the CHOAM card's Cunning: "You may discard any Treachery Card to use any
    Worthless Card special effect": the card named, of the hand, while the power is lent; not
    for the uses a later moment carries out (A's Jubba Cloak and Kull Wahad).  A use named so
    stands until carried out (``_carried_out``), past the turn the power was lent for: the
    line that says it again as it stands (the prompt's ``Now:``) keeps it."""
    standing = state["factions"][seat].get(USE)
    again = bool(value and standing and standing.get("with", "").upper() == paid.upper()
                 and {**value, "with": standing["with"]} == standing)
    if value is None or not (lent(state, seat, ANY_CARD) or again):
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "USE ... WITH <card> only by the CHOAM Nexus "
                           "card's Cunning (001 4.03.07.10), played first", ("USE NONE",))
    if _when(state, value["card"]) == "never":
        raise OrderProblem(ErrorCode.BAD_SPECIAL, f"the {value['card']}'s use is carried out "
                           "when it is needed: only the card itself pays for it",
                           (text(state, value),))
    names = {data(state).treachery_card(c).name.upper(): data(state).treachery_card(c).name
             for c in state["factions"][seat]["hand"]}
    if paid.upper() not in names:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no {paid}",
                           tuple(f"{text(state, value)} WITH {n}" for n in names.values()))
    return {**value, "with": names[paid.upper()]}


def text(game: Any, value: dict[str, Any] | None) -> str:
    if not value:
        return "USE NONE"
    words = [value["card"].upper()]
    if value.get("faction"):
        words.append(faction_name(value["faction"], game))
    if value.get("territory"):
        words.append(value["territory"])
    if value.get("with"):
        words += [WITH, value["with"]]
    return "USE " + " ".join(words)


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> Any:
    """A random bot keeps its use standing while it holds the card, most of the time; else
    it names one of its Worthless cards a third of the time, on a random faction and a
    territory where it has forces (its other Worthless cards sell on the Open Market)."""
    hand = sorted({data(view).treachery_card(c).name for c in view["own"]["hand"]})
    held = sorted(set(hand) & set(cards(view)))
    now = prompt_.default
    if now and (now.get("with") or now["card"]) in hand and rng.random() < 0.8:
        return now
    if hand and lent(view, prompt_.seat, ANY_CARD) and rng.random() < 0.5:   # 4.03.07.10
        value = use_of(view, rng.choice([c for c in cards(view) if _when(view, c) != "never"]),
                       rng)
        return {**value, "with": rng.choice(hand)} if value else None
    if not held or rng.random() >= 0.3:
        return None
    return use_of(view, rng.choice(held), rng)


def use_of(view: dict[str, Any], card: str, rng: random.Random | None = None
           ) -> dict[str, Any] | None:
    """A use of the card from a seat's view: the faction a random one of the others (rng) or
    the one with the most forces on the board, the territory one where the seat has forces (a
    stronghold first); None where it names a territory and the seat has forces nowhere."""
    seat = view["seat"]
    faction, place = _wants(view, card)
    value: dict[str, Any] = {"card": card}
    if place:
        board = data(view).board        # the planet's: never a homeworld off it (001 4.10)
        mine = sorted({t for t, sectors in view["forces"].items()
                       for by in sectors.values() if seat in by and t in board},
                      key=lambda t: (not board[t].is_stronghold, t))
        if not mine:
            return None
        value["territory"] = rng.choice(mine) if rng else mine[0]
    if faction:
        others = [s for s in view["seats"] if s != seat and s not in ally_of(view, seat)]
        if not others:
            return None
        value["faction"] = rng.choice(others) if rng else max(others, key=lambda s: sum(
            sum(by.get(s, {}).values()) for sectors in view["forces"].values()
            for by in sectors.values()))
    return value


order_kind(OrderKind(KIND, ("USE",), _read, text, random=_random))


def given(state: State, seat: str, value: dict[str, Any] | None) -> list[Event]:
    """The use kept in the user's sheet until carried out, told to it alone."""
    before = state["factions"][seat].get(USE)
    if value:
        state["factions"][seat][USE] = value
    else:
        state["factions"][seat].pop(USE, None)
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


# --- the effects in force (public, in front of CHOAM's shield)
def in_force(game: Any, choam: str) -> list[dict[str, Any]]:
    """The effects in force (a state or a seat's view: CHOAM's public entry)."""
    return list(game["factions"].get(choam, {}).get(EFFECTS, ()))


def _of(game: Any, choam: str, card: str, seat: str | None = None) -> list[dict[str, Any]]:
    return [e for e in in_force(game, choam) if e["card"] == card
            and seat in (None, e.get("user"))]


def moves_barred(game: Any, choam: str, mover: str) -> dict[str, str]:
    """Baliset: territory -> why the mover may not move into it this phase."""
    return {e["territory"]: f"{faction_name(e['user'], game)} played Baliset: you may not move "
            f"forces into {e['territory']} this Shipment and Movement (001 {section(game)}); "
            "you may ship in" for e in _of(game, choam, BALISET) if e["faction"] == mover}


def extra_moves(game: Any, choam: str, mover: str) -> int:
    """Kulon: one territory more for the mover's next move this phase."""
    return 1 if _of(game, choam, KULON, mover) else 0


def through_storm(game: Any, choam: str, mover: str) -> bool:
    """Jubba Cloak (B): the mover's moves this phase may pass through the storm."""
    return bool(_of(game, choam, JUBBA, mover))


def moved(state: State, choam: str, mover: str) -> None:
    """Kulon's extra territory is spent on the mover's first move of the phase."""
    effects = state["factions"][choam].get(EFFECTS)
    if effects and _of(state, choam, KULON, mover):
        state["factions"][choam][EFFECTS] = [
            e for e in effects if not (e["card"] == KULON and e["user"] == mover)]


def revival_terms(game: Any, choam: str, seat: str, terms: Any) -> Any:
    """La La La: no free revival for the faction named (A); one force more for the user (B)."""
    for effect in _of(game, choam, LA_LA_LA):
        if effect.get("faction") == seat:
            terms = replace(terms, no_free=True)
        elif not effect.get("faction") and effect["user"] == seat and terms.forces is not None:
            terms = replace(terms, forces=terms.forces + 1)
    return terms


def storm_shelter(state: State, choam: str, seat: str, territory: str) -> list[Event]:
    """Jubba Cloak (A): the user's standing use on the territory the storm reaches, carried
    out now: the card discarded, none of its forces there lost; else nothing."""
    word = state["factions"][seat].get(USE)
    if (revised(state) or seat not in users(state, choam) or not word
            or word["card"] != JUBBA or word.get("territory") != territory):
        return []
    del state["factions"][seat][USE]
    if not _discard(state, seat, JUBBA):
        return [Event(EventCode.USE_LAPSED, {"order": text(state, word)}, to=(seat,))]
    return [Event(EventCode.WORTHLESS_USED, {"faction": seat, "card": JUBBA,
                                             "territory": territory, "rule": section(state)})]


def phase_ends(state: State, choam: str) -> list[Event]:
    """The effects of the phase ending are over; each standing use carried out at the end of
    the phase it names (module docstring); else it waits, or lapses when it cannot be had or
    its faction may use it no more."""
    own = state["factions"][choam]
    if own.get(EFFECTS):
        own[EFFECTS] = [e for e in own[EFFECTS] if _ends(e) != state["phase"]]
        if not own[EFFECTS]:
            del own[EFFECTS]
    able = users(state, choam)
    events = []
    for seat in state["seats"]:
        word = state["factions"][seat].get(USE)
        if word and seat not in able:
            del state["factions"][seat][USE]
            events.append(Event(EventCode.USE_LAPSED, {"order": text(state, word)}, to=(seat,)))
        elif word:
            events += _carried_out(state, choam, seat, word)
    return events


def _ends(effect: dict[str, Any]) -> str:
    """The phase at whose end an effect in force is over."""
    return effect["until"] if effect["card"] == KULL_WAHAD else LEAD_IN[effect["card"]][1]


def karama_attempted(state: State, choam: str, seat: str, use: str | None) -> list[Event]:
    """Kull Wahad (A): a user's standing use naming ``seat``, carried out as ``seat`` plays a
    Karama: the card discarded, the play stopped, ``seat`` barred for the rest of the phase
    (public); none if nobody stands so with the card in hand (a use whose card is gone lapses
    as the phase ends, ``phase_ends``)."""
    if revised(state):
        return []
    for user in users(state, choam):
        word = state["factions"][user].get(USE)
        if not word or word["card"] != KULL_WAHAD or word.get("faction") != seat:
            continue
        if not _discard(state, user, KULL_WAHAD):
            continue
        del state["factions"][user][USE]
        state["factions"][choam].setdefault(EFFECTS, []).append(
            {"user": user, "card": KULL_WAHAD, "faction": seat, "until": state["phase"]})
        return [Event(EventCode.WORTHLESS_USED, {"faction": user, "card": KULL_WAHAD,
                                                 "target": seat, "use": use,
                                                 "rule": section(state)})]
    return []


def bars_karama(game: Any, choam: str, seat: str) -> bool:
    """Kull Wahad (A): ``seat`` stopped already this phase (a state or a view)."""
    return any(e.get("faction") == seat for e in _of(game, choam, KULL_WAHAD))


def _when(state: State, card: str) -> str | None:
    """The phase at whose end a use is carried out (None: any; the Jubba Cloak and the Kull
    Wahad of A never: the storm, a Karama played, carries it out)."""
    if card in LEAD_IN and not (card == JUBBA and not revised(state)):
        return LEAD_IN[card][0]
    if card == JUBBA or (card == KULL_WAHAD and not revised(state)):
        return "never"
    return SPICE_BLOW if card == KULL_WAHAD else MENTAT_PAUSE if not revised(state) else None


def _discard(state: State, seat: str, card: str) -> bool:
    """The card discarded from the user's hand, face up, for no spice; False if not held."""
    hand = state["factions"][seat]["hand"]
    copy = next((c for c in hand if data(state).treachery_card(c).name == card), None)
    if copy is None:
        return False
    hand.remove(copy)
    discard(state, seat, copy)
    return True


def _carried_out(state: State, choam: str, seat: str, word: dict[str, Any]) -> list[Event]:
    card = word["card"]
    when = _when(state, card)
    held = any(data(state).treachery_card(c).name == card for c in state["factions"][seat]["hand"])
    if card == KULL_WAHAD and when == "never" and not held:
        del state["factions"][seat][USE]            # A: the card gone, the use lapses
        return [Event(EventCode.USE_LAPSED, {"order": text(state, word)}, to=(seat,))]
    if when is not None and state["phase"] != when:
        return []
    del state["factions"][seat][USE]
    paid = word.get("with")
    if paid:            # 001 4.03.07.10: the Cunning's one use, named while it was lent
        held = any(data(state).treachery_card(c).name == paid
                   for c in state["factions"][seat]["hand"])
    effect = _effect(state, choam, seat, word) if held else None
    if effect is None:
        return [Event(EventCode.USE_LAPSED, {"order": text(state, word)}, to=(seat,))]
    _discard(state, seat, paid or card)
    if paid:            # spent: no second use paid so
        state["factions"][seat].get(LENT, {}).pop(ANY_CARD, None)
        if LENT in state["factions"][seat] and not state["factions"][seat][LENT]:
            del state["factions"][seat][LENT]
        shown_paid = {"with": paid}
    else:
        shown_paid = {}
    shown = {"target": word["faction"]} if word.get("faction") else {}
    shown.update({"territory": word["territory"]} if word.get("territory") else {})
    if card in LEAD_IN:
        shown["phase"] = LEAD_IN[card][1]
    return [Event(EventCode.WORTHLESS_USED, {"faction": seat, "card": card,
                                             "rule": section(state), **shown, **shown_paid}),
            *effect()]


def _effect(state: State, choam: str, seat: str, word: dict[str, Any]):
    """The effect as a function to carry it out, or None if it cannot be had now."""
    card = word["card"]
    if card in LEAD_IN:
        if card == BALISET and seat not in occupants(state, word["territory"]):
            return None
        if word.get("faction") and word["faction"] not in state["seats"]:
            return None

        def put_in_force() -> list[Event]:
            state["factions"][choam].setdefault(EFFECTS, []).append({"user": seat, **word})
            return []
        return put_in_force
    if card == KULL_WAHAD:
        alliance = next((a for a in state["alliances"] if seat in a), None)
        if alliance is None:
            return None

        def leave() -> list[Event]:
            rest = [s for s in alliance if s != seat]
            state["alliances"] = [a for a in state["alliances"] if a is not alliance] + (
                [rest] if len(rest) >= 2 else [])
            return [Event(EventCode.ALLIANCE_ENDED, {"alliance": list(alliance)},
                          concerns=tuple(alliance))]
        return leave
    owner = word.get("faction", seat)
    territory = word["territory"]
    sectors = state["forces"].get(territory, {})
    held = [(int(sector), by[owner]) for sector, by in sectors.items() if owner in by]
    if not held:
        return None
    sector, counts = held[0]
    order = [plain(state, owner)] + [k.name for k in kinds(state, owner)]
    if owner != seat:                                # A: back to its owner's reserve
        kind = next(k for k in order if counts.get(k))

        def send_back() -> list[Event]:
            remove_forces(state, owner, territory, sector, {kind: 1})
            reserve = state["factions"][owner]["reserve"]
            reserve[kind] = reserve.get(kind, 0) + 1
            return [Event(EventCode.FORCES_SENT_BACK, {"faction": owner, "by": seat,
                                                       "territory": territory, "count": 1})]
        return send_back
    reserve = state["factions"][seat]["reserve"]
    kind = next((k for k in order if reserve.get(k)), None)
    if kind is None:
        return None

    def send_in() -> list[Event]:
        reserve[kind] -= 1
        if not reserve[kind]:
            del reserve[kind]
        add_forces(state, seat, territory, sector, {kind: 1})
        return [Event(EventCode.FORCES_SENT_IN, {"faction": seat, "territory": territory,
                                                 "count": 1})]
    return send_in
