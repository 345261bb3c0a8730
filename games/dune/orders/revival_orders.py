"""The revival orders (000 IX.B, IX.D; shields lines 738-889; player aid B.4, B.6.B.6): who is
asked, what each may order with the numbers worked out, the order text, and a bot's choice.

One prompt a faction with something to decide, key ``revival:<seat>``, kind ``revival``;
several lines of one mail add up (docs/orders.md, "Revival"):

- ``REVIVE <forces>``: forces from the tanks to the reserve, a bare number of the faction's
  plain kind, a marked number or a kind's word for the others (``REVIVE 2 1*``; also read:
  ``REVIVE 2 +1*``, ``REVIVE 2+1*``, ``REVIVE 2 1 STARRED``, ``REVIVE 2 +1 SARDAUKAR``,
  ``REVIVE 3 FORCES``: ``language.read_forces``);
- ``REVIVE LEADER <leader>`` (or ``REVIVE <leader>``, or ``REVIVE 2 LEADER <leader>``); the
  Atreides' ``REVIVE LEADER KWISATZ HADERACH`` (``REVIVE KH``);
- ``KARAMA REVIVE <n> [<m>*]`` or ``KARAMA REVIVE LEADER <leader>``: the Emperor's special
  Karama power (000 XVII; ``KARAMA 3`` reads too);
- ``GHOLA <n> [<m>*]`` or ``GHOLA LEADER <leader>``: the Tleilaxu Ghola (``TLEILAXU GHOLA ...``
  and ``GHOLA REVIVE ...`` read too);
- GF9: ``KARAMA FREE-REVIVAL [<faction>]``: a Karama against the free revival of 3 the
  Fremen give their ally (001 2.04.12, 3.01.12.02; ``karama_reach``), played if that ally's
  revival uses it, the ally then retaking its revival;
- GF9: ``WITHHOLD FREE-REVIVAL [<ally>]``: the Fremen withhold this round the free revival of 3
  they may give their ally (001 2.04.12: "At your discretion"); ``GRANT FREE-REVIVAL`` (the
  default) gives it.  The ally then revives its own free number, and what its spice does not
  pay of the forces it ordered is not revived;
- ``SUPPORT <spice> [<ally>]``: the Emperor pays, up to that much, for his ally's forces
  beyond what the ally's own spice pays, and under GF9 for up to 3 forces beyond the ally's
  limit (001 2.03.08);
- ``PASS``: nothing.

An order value is ``{"forces": counts, "leader": name | None, "karama": part | None,
"ghola": part | None, "support": {ally: spice}}``, a card's part being ``{"forces": counts,
"leader": name | None}``, the counts per kind (``forces.Counts``), with a Karama against an
ability ``"against": [[word, seat]]``, and with the Fremen's grant withheld
``"withhold": [ally]``.
``Allowance`` holds what a faction may do, from the state or from its own view alike, so
that the checks, the prompt and the bots agree.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pbem.game import Prompt
from pbem.wording import plural

from .. import factions, leaders, main_leaders, variants
from ..cards import karama, karama_reach, long_live_the_fighters, recruits
from ..codes import ErrorCode
from ..data import Ability, CardType, ForceKind, NameLookupError
from ..factions import duke_vidal
from ..factions.atreides import kwisatz_haderach
from ..forces import Counts, kinds, minus, order_text, plus, spread_up_to, take, total, within
from ..rules import Classic, Rules, rules_of
from ..state import State, data, faction_name, layered_data, sheet
from .language import (
    OrderKind,
    OrderProblem,
    order_kind,
    read_faction,
    read_forces,
    read_number,
)

MOST_FORCES = 3          # 000 IX.B.2: "never ... more than three tokens per turn"
EXTRA_FORCES = 3         # 001 2.03.08: "up to 3 extra of your ally's Forces beyond their limit"
KARAMA_FORCES = 3        # 000 line 974: "up to three tokens or one leader"
GHOLA_FORCES = 5         # 000 line 942: "one leader ... or ... up to 5 tokens"
# GF9 001 2.04.12: "At your discretion, your ally's free revival is 3": granted unless the
# Fremen's revival order withholds it (``WITHHOLD``; rules version 4 always granted it).
ALLY_FREE_REVIVAL = 3
GRANT_WORD = "FREE-REVIVAL"     # WITHHOLD FREE-REVIVAL, GRANT FREE-REVIVAL
CARDS = {"karama": "Karama", "ghola": "Tleilaxu Ghola"}
AGAINST = "free-revival"    # KARAMA FREE-REVIVAL: the word of ``karama_reach`` read here
CARD_FORCES = {"karama": KARAMA_FORCES, "ghola": GHOLA_FORCES}
KWISATZ_HADERACH = "Kwisatz Haderach"
KH_VALUE = 2             # line 762: "its +2 strength"; revived "like any other leader"
ACTIVE_LEADERS = 5       # 001 2.08.09: "for a maximum of five Active Leaders"


def empty() -> dict[str, Any]:
    """The order that revives nothing (PASS)."""
    return {"forces": {}, "leader": None, "karama": None, "ghola": None, "support": {}}


# --- what a faction may do
@dataclass
class Allowance:
    """What one faction may revive now, and with what (never changed once built; not a frozen
    dataclass, whose ``__init__`` sets each of its thirty fields through ``object.__setattr__``,
    four times a plain one's cost: built some 190 times a classic game)."""

    seat: str
    kinds: tuple[ForceKind, ...]  # its kinds of force, its plain kind first
    tanks: Counts
    free: int
    spice: int
    leaders: dict[str, str]
    revived: tuple[str, ...]
    karama: str | None           # the Karama card it may play to revive, if any
    karama_refusal: str          # why not, if not
    ghola: str | None            # its Tleilaxu Ghola, if it holds it
    allies: tuple[str, ...]      # the allies whose forces it may pay for (Emperor, line 810)
    supported: bool              # allied with the Emperor, who may pay for its forces
    until_all_back: bool         # Rules.leader_revival_until_all_back (000 IX.D.1; 001 1.05.04)
    kh: bool = False             # the Atreides' Kwisatz Haderach is in the tanks (line 762)
    extra: int = 0               # forces beyond the limit its Emperor ally pays (001 2.03.08)
    pays_extra: bool = False     # it is that Emperor: it may pay for its allies' extra forces
    grants: tuple[str, ...] = ()  # allies whose free revival of 3 it may withhold (001 2.04.12)
    granted: bool = False        # its free revival is its ally's grant, which may be withheld
    main: str | None = None      # v3: its Main Leader (003 "Main Leaders"), if it has one
    most: int | None = MOST_FORCES  # its forces a turn (``RevivalTerms``; None: no limit)
    half_price: bool = False     # it pays half, rounded up (001 2.08.10, 2.08.16)
    payee: str | None = None     # who is paid for its revival, None the bank (001 2.08.11)
    offers: dict[str, int] = field(default_factory=dict)  # leaders priced by a power (2.08.14)
    most_leaders: int = 1        # leaders a turn for spice (000 IX.D.1; 001 2.08.09)
    any_leader: bool = False     # any of its own in the tanks, whatever 1.05.04-05 (2.08.09)
    rules: Rules = field(default_factory=Classic, compare=False, repr=False)  # cites its rules

    @property
    def dead(self) -> list[str]:
        """Its leaders in the tanks, the Kwisatz Haderach too (cards may revive any of
        them)."""
        return leaders.in_tanks(self.leaders) + ([KWISATZ_HADERACH] if self.kh else [])

    @cached_property
    def normal_leaders(self) -> tuple[str, ...]:
        """The leaders the rules of leader revival let it revive now (000 IX.D.1, IX.D.5);
        with no limit of leaders a turn any in the tanks, face up or down (001 2.08.09: 1.05.04
        and 1.05.05 name it as their exception)."""
        if self.any_leader:
            return tuple(leaders.in_tanks(self.leaders))
        return tuple(leaders.revivable(self.leaders, list(self.revived), self.until_all_back,
                                       self.main))

    @property
    def leader_room(self) -> int:
        """The most leaders it may revive for spice this turn: one (000 IX.D.1), or as many as
        bring its Active Leaders to five (001 2.08.09: ``RevivalTerms.leaders``)."""
        return self.most_leaders

    @property
    def paid_leaders(self) -> list[str]:
        """The leaders it may revive for their value now (000 IX.D.1, IX.D.5; Q&A D.2); the
        Kwisatz Haderach "like any other leader" (line 762), when a leader may be revived."""
        found = list(self.normal_leaders)
        found += [name for name in self.offers if name not in found]    # 001 2.08.14
        if self.kh and (not leaders.available(self.leaders)
                        or leaders.may_revive(self.leaders, list(self.revived),
                                              self.until_all_back, self.main)):
            found.append(KWISATZ_HADERACH)
        return found

    @property
    def limit(self) -> int:
        """The most forces its ordinary revival may take: three (000 IX.B.2; 001 1.05.02), and
        the extra its Emperor ally may pay for (001 2.03.08); with no limit (001 2.08.09),
        what the tanks hold."""
        if self.most is None:
            return sum(kind.revival_weight * n for kind in self.kinds
                       for n in (self.tanks.get(kind.name, 0),))
        return self.most + self.extra

    def cap(self, kind: ForceKind) -> int:
        """The most forces of a kind in the tanks it may revive this turn, however revived
        (its ``per_turn``: 000 lines 806, 982, 1000)."""
        count = self.tanks.get(kind.name, 0)
        return count if kind.revived_per_turn is None else min(count, kind.revived_per_turn)

    def weight(self, forces: Counts) -> int:
        """What ``forces`` count against the limit (a kind's ``weight``: the starred "treated
        as one token in revival", 000 lines 806, 1000)."""
        return sum(kind.revival_weight * forces.get(kind.name, 0) for kind in self.kinds)

    @cached_property
    def most_forces(self) -> int:
        """The most forces its ordinary revival may take, as the tanks allow."""
        room, most = self.limit, 0
        for kind in sorted(self.kinds, key=lambda k: k.revival_weight):
            taken = min(self.cap(kind), room // kind.revival_weight)
            room, most = room - taken * kind.revival_weight, most + taken
        return most

    def cost(self, forces: Counts) -> int:
        """The spice ``forces`` revived cost: the shield's free number (the dearest forces
        first), then each kind's price (000 IX.B.1: 2 each); half of it, rounded up, at half
        price (001 2.08.10)."""
        if len(self.kinds) == 1:                    # one price (asked often: issue 20)
            full = self.kinds[0].revival_cost * max(0, sum(forces.values()) - self.free)
        else:
            prices = sorted((kind.revival_cost for kind in self.kinds
                             for _ in range(forces.get(kind.name, 0))), reverse=True)
            full = sum(prices[self.free:])
        return -(-full // 2) if self.half_price else full

    def leader_price(self, name: str) -> int:
        """What reviving a leader costs it: his value (000 IX.D.2), half of it rounded up at
        half price (001 2.08.10), unless his sheet gives a price of his own (001 2.08.15)."""
        if name in self.offers and name not in self.normal_leaders:
            return self.offers[name]            # the price another set (001 2.08.14)
        if name == KWISATZ_HADERACH:
            value = KH_VALUE
        else:
            leader = layered_data(self.rules.layers).leader(name)  # no ``data``'s lookup
            if leader.revival_cost is not None:
                return leader.revival_cost
            value = leader.strength
        return -(-value // 2) if self.half_price else value

    def extra_cost(self, forces: Counts) -> int:
        """The part of ``cost`` for the forces beyond three, which only its Emperor ally's
        spice pays (001 2.03.08: "You may pay spice for the revival of up to 3 extra"): the
        forces beyond the first three in the order of its kinds."""
        if not self.extra or self.most is None:
            return 0
        return self.cost(forces) - self.cost(spread_up_to(forces, self.most,
                                                          [k.name for k in self.kinds]))

    def affordable(self, spice: int) -> int:
        """The most forces ``spice`` pays for, within the limits."""
        cheapest = min(kind.revival_cost for kind in self.kinds)
        paid = spice * 2 if self.half_price else spice
        return min(self.most_forces, self.free + paid // cheapest if cheapest else
                   self.most_forces)

    def has_decision(self) -> bool:
        """Something to decide: forces or a revivable leader in the tanks, a card that can
        revive, or an ally to pay for."""
        something_dead = bool(self.tanks) or bool(self.dead)
        affordable_leader = any(self.leader_price(name) <= self.spice
                                for name in self.paid_leaders)
        return (bool(self.tanks) or affordable_leader or bool(self.allies and self.spice)
                or bool((self.karama or self.ghola) and something_dead) or bool(self.grants))


def allowance(state: State, seat: str) -> Allowance:
    """What ``seat`` may revive in this state."""
    own = state["factions"][seat]
    withheld = seat in state["step"].get("withheld", [])       # revival.apply, 001 2.04.12
    return _allowance(seat, state["factions"], own["spice"], own["hand"], own["leaders"],
                      own["leaders_revived"], rules_of(state), state["alliances"],
                      kwisatz_haderach(state)["tanks"], own.get("karama_power_used", False),
                      karama.cancelled(state, "free-revival", seat) or withheld, state)


def has_decision(state: State, seat: str) -> bool:
    """``allowance(state, seat).has_decision()``, answered at once for a faction with forces
    in the tanks (it has), and for one with nothing in the tanks, no leader there nor the
    Kwisatz Haderach, and no alliance in the game: it has nothing to revive and nobody to pay
    for (issue 20: asked for every seat several times a step of the revival round)."""
    own = state["factions"][seat]
    if main_leaders.out(state, seat):
        return False                        # out of the game (003 "Main Leaders")
    if own["tanks"]:
        return True                         # forces in the tanks (Allowance.has_decision)
    if (not state["alliances"] and not kwisatz_haderach(state)["tanks"]
            and not leaders.in_tanks(own["leaders"]) and not duke_vidal.in_tanks(state)):
        return False
    return allowance(state, seat).has_decision()


def allowance_of_view(view: dict[str, Any], seat: str) -> Allowance:
    """What ``seat`` may revive, from its own view only (for bots)."""
    own = view["own"]
    return _allowance(seat, view["factions"], own["spice"], own["hand"], own["leaders"],
                      view["factions"][seat]["leaders_revived"], rules_of(view),
                      view["alliances"], view["kwisatz_haderach"]["tanks"],
                      own.get("karama_power_used", False), AGAINST in own.get("cancelled", []),
                      view)


def _most(limit: int | None, free: int, bonus: int) -> int | None:
    """The forces a faction may revive: its limit (None: none), or its free revival where a
    variant's ``bonus`` to it passes the limit (001 4.04.04.07, the Sietch Tabr card)."""
    return limit if limit is None or not bonus else max(limit, free)


def _allowance(seat: str, records: dict[str, dict[str, Any]], spice: int, hand: list[str],
               places: dict[str, str], revived: list[str], rules: Rules,
               alliances: list[list[str]], kh_in_tanks: bool, power_used: bool,
               ally_free_cancelled: bool, game: dict[str, Any]) -> Allowance:
    """``records``: each seat's part of the state or of the view (its ``tanks``); ``game``: the
    state or the seat's view, asked by the powers that change revival."""
    sheets = layered_data(rules.layers).by_seat     # the rules' data, without ``data``'s lookup
    faction = sheets[seat]
    terms = _TERMS
    for power in factions.ordered(game, "revival", "revival_terms"):
        terms = power.revival_terms(game, seat, terms)
    played = variants.in_play(game)         # none asked in a game without variants (issue 29)
    if played:
        terms = variants.revival_terms(game, seat, terms)   # 001 4.03.07.09: a Nexus card
    partners = [s for alliance in alliances if seat in alliance
                for s in alliance if s != seat] if alliances else []
    free = faction.free_revival
    if partners:
        free = max([free] + [ALLY_FREE_REVIVAL for s in partners
                             if Ability.ALLY_FREE_REVIVAL in sheets[s].alliance
                             and not ally_free_cancelled])    # 001 3.01.12.02
        free += sum(1 for s in partners      # 003 house rule "Fremen Alliance": "by one"
                    if Ability.ALLY_EXTRA_FREE_REVIVAL in sheets[s].alliance)
    bonus = variants.free_revival(game, seat) if played else 0  # 001 4.04.04.07, Sietch Tabr
    free += bonus
    if terms.no_free:                               # 001 2.09.08 (A): La La La
        free = bonus = 0
    free, most = recruits.terms(game, free, _most(terms.forces, free, bonus))   # 001 3.04.03
    free, most = long_live_the_fighters.terms(game, seat, free, most)           # 001 3.09.03
    # a leader of no faction's five a power offers it from the tanks (001 2.11.23: Duke Vidal)
    places = ({**places, **{name: leaders.TANKS for name, _ in terms.offers
                            if name not in places}} if terms.offers else dict(places))
    karama = _card(rules, hand, CardType.KARAMA)
    if faction.karama_power is not Ability.REVIVE_FREE:
        refusal = _refusals(rules)[0]
    elif not rules.karama_powers:
        refusal = _refusals(rules)[1]
    elif power_used:
        refusal = "your special Karama power is used once a game, and you used it (001 1.14.01)"
    else:
        refusal = "" if karama else "you hold no Karama card"
    return Allowance(
        seat=seat, kinds=kinds(rules, seat) if terms.force_price is None else tuple(
            replace(kind, revival_cost=terms.force_price) for kind in kinds(rules, seat)),
        tanks=dict(records[seat]["tanks"]), free=free,
        spice=spice, leaders=places, revived=tuple(revived),
        karama=None if refusal else karama, karama_refusal=refusal,
        ghola=_card(rules, hand, CardType.TLEILAXU_GHOLA),
        until_all_back=rules.leader_revival_until_all_back,
        kh=kh_in_tanks and Ability.KWISATZ_HADERACH in faction.optional_abilities,
        most=most, half_price=terms.half_price,
        most_leaders=terms.leaders, any_leader=terms.any_leader,
        payee=factions.payee(game, factions.REVIVAL, seat), offers=dict(terms.offers),
        main=_main_leader(rules, faction.name, places), rules=rules,
        **(_allied(seat, partners, records, rules, free) if partners else _ALONE))


def _refusals(rules: Rules) -> tuple[str, str]:
    """Why a Karama revives nothing, citing the rules: only the Emperor's power does (every
    other faction's allowance says so), or the powers are not in play; written once for the
    rules last asked."""
    if rules is not _last_refusals[0]:
        _last_refusals[:] = [rules, (
            f"only the Emperor's special Karama power revives ({rules.cite('000 XVII, line 974')})",
            f"the special Karama powers ({rules.cite('000 XVII')}) are not in play in this game")]
    return _last_refusals[1]


_last_refusals: list[Any] = [None, None]    # the rules last asked and their ``_refusals``
_TERMS = factions.RevivalTerms()     # the rules' own terms, which the powers change (frozen)


# An Allowance's fields of a faction without allies (``_allied``)
_ALONE: dict[str, Any] = {"allies": (), "supported": False, "extra": 0, "pays_extra": False,
                          "grants": (), "granted": False}


def _allied(seat: str, partners: list[str], records: dict[str, dict[str, Any]], rules: Rules,
            free: int) -> dict[str, Any]:
    """An Allowance's fields that its allies decide (``free``: its free revival worked out)."""
    sheets = layered_data(rules.layers).by_seat
    faction = sheets[seat]
    # 001 2.04.12: the allies whose grant it decides, those with more in the tanks than their
    # own free number (for the others it changes nothing)
    discretion = factions.power(seat, rules).grants_free_revival_at_discretion
    gives = Ability.ALLY_SPICE_GIFTS in faction.alliance
    return {
        "allies": tuple(s for s in partners if gives
                        and total(records[s]["tanks"]) > sheets[s].free_revival),
        "supported": any(Ability.ALLY_SPICE_GIFTS in sheets[s].alliance for s in partners),
        "extra": EXTRA_FORCES if any(Ability.ALLY_EXTRA_REVIVAL in sheets[s].alliance
                                     for s in partners) else 0,
        "pays_extra": Ability.ALLY_EXTRA_REVIVAL in faction.alliance,
        "grants": tuple(s for s in partners if discretion
                        and Ability.ALLY_FREE_REVIVAL in faction.alliance
                        and total(records[s]["tanks"]) > sheets[s].free_revival),
        "granted": free > faction.free_revival and any(
            factions.power(s, rules).grants_free_revival_at_discretion for s in partners)}


def _main_leader(rules: Rules, faction: str, places: dict[str, str]) -> str | None:
    """The faction's Main Leader among its leaders, in a v3 game with them (003)."""
    leader = data(rules).main_leader(faction) if rules.main_leader_gates else None
    return leader.name if leader is not None and leader.name in places else None


def _card(rules: Rules, hand: list[str], kind: CardType) -> str | None:
    """The first card of a type in a hand (a loop, not a generator: asked twice an
    allowance)."""
    ids = layered_data(rules.layers).card_ids(kind)
    for card in hand:
        if card in ids:
            return card
    return None


def value_of(game: Any, leader: str) -> int:
    """A leader's fighting value in a game (a state, a view or its rules), his price in
    revival (000 IX.D.2); the Kwisatz Haderach's is its +2 (line 762)."""
    return KH_VALUE if leader == KWISATZ_HADERACH else data(game).leader(leader).strength


# --- the prompt
def prompt(state: State, seat: str) -> Prompt:
    """The revival decision of one faction, its free revival by default."""
    found = allowance(state, seat)
    default = free_revival(found)
    targets = karama_reach.targets(state, seat).get(AGAINST, [])
    against = ([f"KARAMA FREE-REVIVAL [<faction>]: a Karama against the free revival of 3 the "
                f"Fremen give {' or '.join(faction_name(t, state) for t in targets)} (001 2.04.12, "
                "3.01.12.02), played if that revival uses it."] if targets else [])
    return Prompt(f"revival:{seat}", seat, "revival", True,
                  lambda: " ".join([legal_text(found), *against,
                                    *karama_reach.notes(state, seat)]),
                  default, lambda: revival_text(state, default),
                  lambda: revival_text(state, default),
                  options={"against": targets})


def free_revival(found: Allowance) -> dict[str, Any]:
    """What a faction that sends no order revives: its free number, its last kinds first (a
    starred force is worth more and revives as one, 000 line 982)."""
    left, forces = min(found.free, found.most_forces), {}
    for kind in reversed(found.kinds):
        forces[kind.name] = min(left, found.cap(kind))
        left -= forces[kind.name]
    return {**empty(), "forces": {name: n for name, n in reversed(forces.items()) if n}}


def in_tanks(found: Allowance) -> str:
    """The faction's forces in the tanks in words: ``3 forces and 1 Sardaukar``."""
    first, *others = found.kinds
    return plural(found.tanks.get(first.name, 0), first.singular, first.plural) + "".join(
        f" and {plural(found.tanks[k.name], k.singular, k.plural)}" for k in others
        if found.tanks.get(k.name))


def legal_text(found: Allowance) -> str:
    """What the faction may order, with its numbers."""
    dead = (", and your leaders " + ", ".join(
        name + (" (face down)" if found.leaders.get(name) == leaders.FACE_DOWN else "")
        for name in found.dead)) if found.dead else ""
    parts = [f"Revival ({found.rules.cite('000 IX.B, IX.D')}): in the tanks you have "
             f"{in_tanks(found)}"
             f"{dead}."]
    if found.tanks:
        parts.append(f"REVIVE <forces>: {force_rule(found)}.")
    priced = [f"{name} {found.leader_price(name)}" for name in found.paid_leaders]
    if priced:
        many = ("one a turn" if not found.any_leader else
                f"up to {found.leader_room} this turn, a line each, as many as bring your Active "
                f"Leaders to {ACTIVE_LEADERS} (001 2.08.09)")
        parts.append("REVIVE LEADER <leader>, paying his value "
                     f"({found.rules.cite('000 IX.D.2')}), {many}: "
                     + ", ".join(priced) + ".")
    elif found.dead:
        parts.append(f"No leader may be revived for spice now: {leader_rule(found)}.")
    for card, card_id in (("karama", found.karama), ("ghola", found.ghola)):
        if card_id and (found.tanks or found.dead):
            verb = "KARAMA REVIVE" if card == "karama" else "GHOLA"
            parts.append(f"{verb} <up to {CARD_FORCES[card]} forces> or {verb} LEADER <leader>: "
                         f"free with your {CARDS[card]} card, beyond the limits above.")
    if found.grants:
        names = " or ".join(faction_name(s, found.rules) for s in found.grants)
        parts.append(f"WITHHOLD {GRANT_WORD} [<ally>]: withhold this round the free revival of "
                     f"{ALLY_FREE_REVIVAL} you may give your ally ({names}; 001 2.04.12); "
                     "without it you grant it.")
    if found.allies:
        names = ", ".join(faction_name(s, found.rules) for s in found.allies)
        parts.append(f"SUPPORT <spice> <ally>: pay up to that much for the forces your ally "
                     f"revives this round beyond what its own spice pays ({names}; "
                     f"{support_rule(found)}).")
    default = revival_text(found.rules, free_revival(found)).replace("\n", " / ")
    parts.append("PASS: revive nothing.  Several lines may go in one mail; without an order: "
                 f"{default}.")
    return "  ".join(parts)


def force_rule(found: Allowance) -> str:
    """The forces a faction may revive, in words with its numbers."""
    prices = sorted({kind.revival_cost for kind in found.kinds})
    text = (f"you may revive 0 to {found.most_forces} forces: {found.free} free, then "
            f"{' or '.join(map(str, prices))} spice each; you have {found.spice} spice")
    for kind in found.kinds[1:]:
        if found.tanks.get(kind.name) and kind.revived_per_turn is not None:
            text += (f"; at most {kind.revived_per_turn} "
                     f"{kind.singular if kind.revived_per_turn == 1 else kind.plural} a turn, "
                     f"revived as {_as_forces(kind.revival_weight)} (a {kind.mark} after "
                     f"the number: REVIVE 1 1{kind.mark})")
    if found.supported:
        text += "; your ally the Emperor may pay for forces (SUPPORT), and what nobody pays " \
                "for is not revived"
    if found.extra:
        text += (f"; of these, the forces beyond {MOST_FORCES} only the Emperor's spice pays "
                 "(001 2.03.08)")
    if found.granted:
        text += (f"; {found.free} free by your ally's grant, which it may withhold this round "
                 f"(001 2.04.12): then {sheet(found.seat, found.rules).free_revival} free, and "
                 "what your spice does not pay is not revived")
    return text


def leader_rule(found: Allowance) -> str:
    """Why no leader of the tanks may be revived for spice, in words."""
    if not leaders.may_revive(found.leaders, list(found.revived), found.until_all_back,
                              found.main):
        if not found.until_all_back:
            return ("a leader is revived only when you have no Active Leader, none of your "
                    f"leader discs alive ({found.rules.cite('000 IX.D.1')})")
        return ("a leader is revived only when none of yours is left to fight, then one a turn "
                f"until all are back ({found.rules.cite('000 IX.D.1; Q&A D.2')})")
    waiting = [name for name in found.dead if name not in found.paid_leaders]
    down = leaders.face_down(found.leaders)
    if set(waiting) <= set(down):
        return (f"face down in the tanks, {', '.join(waiting)} may be revived only once no "
                "leader of yours face up there may be (001 2.05.11.02, 1.05.04-05)")
    return (f"{', '.join(waiting)} came back and died again, and wait until your other leaders "
            f"have been revived and killed again ({found.rules.cite('000 IX.D.5')})")


# --- reading the lines
def read_revival(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line of a revival order (``words`` begin with the verb), checked on its own."""
    found = allowance(state, prompt.seat)
    verb, rest = words[0], words[1:]
    if rest and rest[0].upper() == "GHOLA" and verb == "TLEILAXU":
        verb, rest = "GHOLA", rest[1:]
    if rest and rest[0].upper() in ("REVIVE", "REVIVAL") and verb in ("KARAMA", "GHOLA"):
        rest = rest[1:]
    if verb == "KARAMA" and rest and rest[0].lower() == AGAINST:
        return {"against": [_read_against(state, prompt.seat, rest[1:])]}
    if verb in ("WITHHOLD", "GRANT"):
        withheld = _read_grant(found, rest, verb)
        return {"withhold": withheld} if verb == "WITHHOLD" else {}
    if verb == "PASS":
        part: dict[str, Any] = {}
    elif verb == "SUPPORT":
        part = {"support": _read_support(found, rest)}
    elif verb == "REVIVE":
        part = _read_forces_or_leader(found, rest, "REVIVE")
    else:
        card = "karama" if verb == "KARAMA" else "ghola"
        part = {card: _read_card_revival(found, rest, card)}
    check(found, merge([part], found.rules))
    return part


def _read_against(state: State, seat: str, words: list[str]) -> list[str]:
    """``KARAMA FREE-REVIVAL [<faction>]`` (GF9 001 3.01.12.02, ``karama_reach``)."""
    if AGAINST not in karama_reach.uses(state, seat):
        raise OrderProblem(ErrorCode.KARAMA, karama_reach.refusal(AGAINST),
                           tuple(karama_reach.text(state, [AGAINST, target])
                                 for target in karama_reach.targets(state, seat).get(AGAINST, [])))
    return karama_reach.read(state, seat, AGAINST, words)


def _read_grant(found: Allowance, words: list[str], verb: str) -> list[str]:
    """``WITHHOLD FREE-REVIVAL [<ally>]`` or ``GRANT ...``: the ally (GF9 001 2.04.12)."""
    valid = tuple(f"{verb} {GRANT_WORD} {faction_name(s, found.rules)}" for s in found.grants)
    if not found.grants:
        raise OrderProblem(ErrorCode.NO_GRANT, "only the Fremen give their ally a free revival "
                           f"of {ALLY_FREE_REVIVAL} at their discretion (001 2.04.12), and only "
                           "to an ally with more forces in the tanks than its own free revival",
                           ())
    if not words or words[0].upper() != GRANT_WORD:
        raise OrderProblem(ErrorCode.NO_GRANT, f"expected {verb} {GRANT_WORD} [<ally>]", valid)
    if len(words) > 1:
        return [read_faction(found.rules, words[1:], list(found.grants))]
    return list(found.grants)


def combine_revival(state: State, prompt: Prompt, parts: list[dict[str, Any]]
                    ) -> dict[str, Any]:
    """The lines of one mail as one order, checked as a whole: each Karama line takes a card
    of its own."""
    value = merge(parts, rules_of(state))
    check(allowance(state, prompt.seat), value)
    needed = len(value.get("against", [])) + (value["karama"] is not None)
    if value.get("against") and needed > len(karama.playable(state, prompt.seat)):
        raise OrderProblem(ErrorCode.NOT_ENOUGH_CARDS, "each Karama line takes a Karama card of "
                           "its own", ())
    return value


def merge(parts: list[dict[str, Any]], rules: Rules) -> dict[str, Any]:
    """Lines added up: forces summed, one leader, one use of each card, support per ally."""
    value = empty()
    for part in parts:
        if "forces" in part:
            value["forces"] = plus(value["forces"], part["forces"])
        if part.get("leader"):
            if value["leader"] is None:
                value["leader"] = part["leader"]
            elif part["leader"] != value["leader"] and part["leader"] not in value.get("more", []):
                value.setdefault("more", []).append(part["leader"])     # 001 2.08.09
        for card in CARDS:
            if part.get(card):
                if value[card] is not None:
                    raise OrderProblem(ErrorCode.CARD_TWICE, f"one {CARDS[card]} revival a round")
                value[card] = part[card]
        value["support"].update(part.get("support", {}))
        for ally in part.get("withhold", []):
            if ally not in value.setdefault("withhold", []):
                value["withhold"].append(ally)
        for line in part.get("against", []):
            if line not in value.setdefault("against", []):
                value["against"].append(line)
    return value


def _read_forces_or_leader(found: Allowance, words: list[str], verb: str) -> dict[str, Any]:
    upper = [w.upper() for w in words]
    if "LEADER" in upper:
        at = upper.index("LEADER")
        part = {"forces": _read_count(found, words[:at], verb) if at else {}}
        return {**part, "leader": _read_leader(found, words[at + 1:], verb)}
    if words and not re.match(r"[+\d]", words[0]):
        return {"forces": {}, "leader": _read_leader(found, words, verb)}
    return {"forces": _read_count(found, words, verb)}


def _read_card_revival(found: Allowance, words: list[str], card: str) -> dict[str, Any]:
    verb = "KARAMA REVIVE" if card == "karama" else "GHOLA"
    part = _read_forces_or_leader(found, words, verb)
    return {"forces": part["forces"], "leader": part.get("leader")}


def _read_count(found: Allowance, words: list[str], verb: str) -> Counts:
    """``3``, ``2 1*``, ``2 +1*``, ``2+1*``, ``2 1 STARRED``, ``1 SARDAUKAR``: counts per kind
    (``language.read_forces``)."""
    try:
        counts, _ = read_forces(words, found.kinds, whole=True)
    except OrderProblem as problem:
        marked = [f"{verb} 2 1{kind.mark}" for kind in found.kinds[1:]]
        raise OrderProblem(ErrorCode.BAD_FORCES, f"expected {verb} <forces>"
                           + "".join(f" [<{kind.face}>{kind.mark}]" for kind in found.kinds[1:])
                           + f" or {verb} LEADER <leader>, not {' '.join(words)!r}: "
                           + problem.message, (f"{verb} 3", *marked)) from None
    return counts


def _read_leader(found: Allowance, words: list[str], verb: str) -> str:
    own = list(found.leaders)
    valid = tuple(f"{verb} LEADER {name}" for name in found.dead)
    if " ".join(words).upper() in ("KWISATZ HADERACH", "KH", "KWISATZ"):
        if Ability.KWISATZ_HADERACH not in sheet(found.seat, found.rules).optional_abilities:
            raise OrderProblem(ErrorCode.NOT_YOUR_LEADER, "the Kwisatz Haderach is the Atreides' "
                               "(line 762)", valid)
        return KWISATZ_HADERACH
    try:
        name = data(found.rules).leader(" ".join(words)).name
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_LEADER, str(error), valid) from None
    if name not in own:
        raise OrderProblem(ErrorCode.NOT_YOUR_LEADER, f"{name} is not one of your leaders", valid)
    return name


def _read_support(found: Allowance, words: list[str]) -> dict[str, int]:
    if not found.allies:
        raise OrderProblem(ErrorCode.NO_SUPPORT, support_refusal(found))
    partners = list(found.allies)
    numbers = [w for w in words if w.isdigit()]
    if len(numbers) != 1:
        raise OrderProblem(ErrorCode.BAD_SUPPORT, "expected SUPPORT <spice> <ally>",
                           tuple(f"SUPPORT 2 {faction_name(s, found.rules)}" for s in partners))
    amount = read_number(numbers[0], 0, found.spice, "the spice")
    named = [w for w in words if not w.isdigit()]
    if named:
        ally = read_faction(found.rules, named, partners)
    elif len(partners) == 1:
        ally = partners[0]
    else:
        raise OrderProblem(ErrorCode.WHICH_ALLY,
                           "name the ally you pay for: SUPPORT <spice> <ally>",
                           tuple(f"SUPPORT {amount} {faction_name(s, found.rules)}"
                                 for s in partners))
    return {ally: amount}


# --- checking an order against the allowance
def check(found: Allowance, value: dict[str, Any]) -> None:
    """Raise the first problem of the order, saying what is legal."""
    _check_cards(found, value)
    _check_leaders(found, value)
    _check_forces(found, value)
    _check_support(found, value)


def _check_cards(found: Allowance, value: dict[str, Any]) -> None:
    for card, card_id in (("karama", found.karama), ("ghola", found.ghola)):
        part = value[card]
        if part is None:
            continue
        verb = "KARAMA REVIVE" if card == "karama" else "GHOLA"
        if card_id is None:
            reason = (found.karama_refusal if card == "karama"
                      else "you hold no Tleilaxu Ghola")
            raise OrderProblem(ErrorCode(f"no-{card}"), reason)
        count = total(part["forces"])
        most = CARD_FORCES[card]
        if (part["leader"] is None) == (count == 0) or count > most:
            raise OrderProblem(ErrorCode(f"{card}-revival"),
                               f"the {CARDS[card]} revives 1 to {most} "
                               "forces or one leader, not both",
                               (*(f"{verb} {k}" for k in range(
                                   1, min(most, found.tanks.get(found.kinds[0].name, 0)) + 1)),
                                *(f"{verb} LEADER {name}" for name in found.dead)))


def _check_leaders(found: Allowance, value: dict[str, Any]) -> None:
    more = value.get("more", [])
    if more and found.leader_room < 1 + len(more):
        if not found.any_leader:
            raise OrderProblem(ErrorCode.ONE_LEADER, "one leader a turn is revived for spice "
                               f"({found.rules.cite('000 IX.D.1')})",
                               (f"REVIVE LEADER {value['leader']}",))
        raise OrderProblem(ErrorCode.ONE_LEADER, f"at most {found.leader_room} leaders now: "
                           f"no more than {ACTIVE_LEADERS} Active Leaders (001 2.08.09)",
                           (f"REVIVE LEADER {value['leader']}",))
    named = [value["leader"], *more] + [value[c]["leader"] for c in CARDS if value[c]]
    named = [name for name in named if name]
    if len(set(named)) < len(named):
        raise OrderProblem(ErrorCode.LEADER_TWICE, f"{named[0]} is revived only once")
    for name in named:
        if name not in found.dead:
            raise OrderProblem(ErrorCode.LEADER_NOT_IN_TANKS, f"{name} is not in the tanks; yours "
                               f"there: {', '.join(found.dead) or 'none'}",
                               tuple(f"REVIVE LEADER {n}" for n in found.paid_leaders))
    for leader in [value["leader"], *more] if value["leader"] else []:
        _check_paid_leader(found, leader)
    if value["leader"] and leaders_price(found, value) > found.spice:
        raise OrderProblem(ErrorCode.LEADER_COST, f"these leaders cost "
                           f"{leaders_price(found, value)} spice; you have {found.spice}",
                           tuple(f"REVIVE LEADER {n}" for n in found.paid_leaders
                                 if found.leader_price(n) <= found.spice))


def leaders_price(found: Allowance, value: dict[str, Any]) -> int:
    """What the leaders an order revives for spice cost."""
    return sum(found.leader_price(name) for name in [value["leader"], *value.get("more", [])]
               if name)


def _check_paid_leader(found: Allowance, leader: str) -> None:
    if leader not in found.paid_leaders:
        raise OrderProblem(ErrorCode.LEADER_NOT_REVIVABLE, f"{leader} may not be revived now: "
                           f"{leader_rule(found)}",
                           tuple(f"REVIVE LEADER {n}" for n in found.paid_leaders))
    if found.leader_price(leader) > found.spice:
        raise OrderProblem(ErrorCode.LEADER_COST, f"{leader} costs {found.leader_price(leader)} "
                           f"spice ({found.rules.cite('000 IX.D.2')}); you have {found.spice}",
                           tuple(f"REVIVE LEADER {n}" for n in found.paid_leaders
                                 if found.leader_price(n) <= found.spice))


def _check_forces(found: Allowance, value: dict[str, Any]) -> None:
    valid = legal_lines(found)
    if found.weight(value["forces"]) > found.limit:
        raise OrderProblem(ErrorCode.TOO_MANY_FORCES,
                           f"at most {found.limit} forces a turn but by a "
                           f"card ({found.rules.cite('000 IX.B.2')}): {force_rule(found)}", valid)
    ordered = plus(value["forces"], *(value[c]["forces"] for c in CARDS if value[c]))
    if not within(ordered, found.tanks):
        first, *others = found.kinds
        raise OrderProblem(ErrorCode.NOT_IN_TANKS, f"you have {in_tanks(found)} in the tanks; "
                           f"you ordered {ordered.get(first.name, 0)}"
                           + "".join(f" and {ordered[k.name]} {k.face}" for k in others
                                     if ordered.get(k.name)), valid)
    for kind in found.kinds:
        if kind.revived_per_turn is not None and ordered.get(kind.name, 0) > found.cap(kind):
            raise OrderProblem(ErrorCode.REVIVAL_LIMIT,
                               f"{kind.revived_per_turn} "
                               f"{kind.singular if kind.revived_per_turn == 1 else kind.plural}"
                               f" at most revived a turn, as {_as_forces(kind.revival_weight)} "
                               f"each ({found.rules.cite('000 lines 806, 982, 1000')})", valid)
    # An ally of the Emperor may order forces beyond its spice: what nobody pays for is cut.
    spent = 0 if found.supported else found.cost(value["forces"])
    spent += leaders_price(found, value) + sum(value["support"].values())
    if spent > found.spice:
        raise OrderProblem(ErrorCode.SPICE, f"this revival costs {spent} spice: {force_rule(found)}"
                           + (f"; {value['leader']} costs {found.leader_price(value['leader'])}"
                              if value["leader"] else "")
                           + (f"; you pay {sum(value['support'].values())} for your ally"
                              if value["support"] else ""), valid)


def _as_forces(weight: int) -> str:
    """``one force``, ``2 forces``: what one force of a kind counts as in revival."""
    return "one force" if weight == 1 else f"{weight} forces"


def _check_support(found: Allowance, value: dict[str, Any]) -> None:
    for ally in value["support"]:
        if ally not in found.allies:
            raise OrderProblem(ErrorCode.NO_SUPPORT, support_refusal(found),
                               tuple(f"SUPPORT <spice> {faction_name(s, found.rules)}"
                                     for s in found.allies))


def support_rule(found: Allowance) -> str:
    """The rule that lets the Emperor pay for his ally's revival, in words."""
    if found.pays_extra:
        return f"001 2.03.07; and for up to {EXTRA_FORCES} forces beyond its limit, 001 2.03.08"
    return "Emperor shield, line 810"


def support_refusal(found: Allowance) -> str:
    """Why a faction may not pay (for this ally), in words."""
    if Ability.ALLY_SPICE_GIFTS not in sheet(found.seat, found.rules).alliance:
        return "only the Emperor may pay for an ally's revival (Emperor shield, line 810)"
    if not found.allies:
        return "no ally of yours has forces to revive beyond its free revival"
    return ("you may pay only for an ally with forces to revive beyond its free revival: "
            + ", ".join(faction_name(s, found.rules) for s in found.allies))


# --- the order text
def revival_text(game: Any, value: dict[str, Any]) -> str:
    """An order value as canonical lines (``PASS`` for nothing; ``game``: a state, a view or
    its rules)."""
    lines = []
    if value["forces"]:
        lines.append(f"REVIVE {order_text(value['forces'])}")
    if value["leader"]:
        lines.append(f"REVIVE LEADER {value['leader']}")
    lines += [f"REVIVE LEADER {name}" for name in value.get("more", [])]
    for card, verb in (("karama", "KARAMA REVIVE"), ("ghola", "GHOLA")):
        part = value[card]
        if part:
            what = (f"LEADER {part['leader']}" if part["leader"]
                    else order_text(part["forces"]) or "0")
            lines.append(f"{verb} {what}")
    lines += [f"SUPPORT {amount} {faction_name(ally, game)}"
              for ally, amount in value["support"].items()]
    lines += [karama_reach.text(game, line) for line in value.get("against", [])]
    lines += [f"WITHHOLD {GRANT_WORD} {faction_name(ally, game)}"
              for ally in value.get("withhold", [])]
    return "\n".join(lines) or "PASS"


def legal_lines(found: Allowance) -> tuple[str, ...]:
    """The ordinary revivals of forces the faction may order now, as order lines."""
    top = found.most_forces if found.supported else found.affordable(found.spice)
    return ("PASS", *(f"REVIVE {order_text(mix)}" for mix in _mixes(found, top) if mix))


def _mixes(found: Allowance, top: int) -> list[Counts]:
    """Every revival of at most ``top`` forces the tanks and each kind's limit allow, the last
    kind's number changing slowest."""
    mixes: list[Counts] = [{}]
    for kind in reversed(found.kinds):
        mixes = [{**mix, kind.name: n} if n else mix for mix in mixes
                 for n in range(min(found.cap(kind), top - total(mix)) + 1)]
    return [{k.name: mix[k.name] for k in found.kinds if k.name in mix} for mix in mixes]


# --- a bot's order
def random_revival(view: dict[str, Any], prompt: Prompt, rng: random.Random
                   ) -> dict[str, Any]:
    """A random legal revival from the seat's view: forces it can pay for, sometimes a leader,
    sometimes a card, sometimes support for an ally."""
    found = allowance_of_view(view, prompt.seat)
    value = empty()
    if prompt.options.get("against") and rng.random() < 0.3:     # GF9 001 3.01.12.02
        value["against"] = [[AGAINST, rng.choice(prompt.options["against"])]]
    choices = [mix for mix in _mixes(found, found.limit)
               if found.supported or found.cost(mix) <= found.spice]
    value["forces"] = rng.choice(choices)
    budget = found.spice - (0 if found.supported else found.cost(value["forces"]))
    left = minus(found.tanks, value["forces"])
    caps = {k.name: found.cap(k) - value["forces"].get(k.name, 0) for k in found.kinds}
    dead = found.dead
    paid = [name for name in found.paid_leaders if found.leader_price(name) <= budget]
    if paid and rng.random() < 0.5:
        value["leader"] = rng.choice(paid)
        budget -= found.leader_price(value["leader"])
        dead = [name for name in dead if name != value["leader"]]
        # 001 2.08.09: more leaders this turn, where the faction may (no draw for the others)
        while len(value.get("more", [])) + 1 < found.leader_room and rng.random() < 0.5:
            extra = [name for name in paid if name in dead
                     and found.leader_price(name) <= budget]
            if not extra:
                break
            name = rng.choice(extra)
            value.setdefault("more", []).append(name)
            budget -= found.leader_price(name)
            dead = [other for other in dead if other != name]
    first, *others = found.kinds
    for card, card_id in (("karama", found.karama), ("ghola", found.ghola)):
        if card_id is None or (card == "karama" and "against" in value) or rng.random() < 0.7:
            continue
        if dead and rng.random() < 0.5:
            leader = rng.choice(dead)
            dead = [name for name in dead if name != leader]
            value[card] = {"forces": {}, "leader": leader}
            continue
        # One draw for a force of a later kind, whether the faction has one or not: the same
        # draws whatever its kinds (benchmarks/same_games.py).
        special = rng.randint(0, 1)
        part = {}
        for kind in reversed(others):
            part[kind.name] = min(left.get(kind.name, 0), caps[kind.name], special)
            special -= part[kind.name]
        part[first.name] = rng.randint(0, min(left.get(first.name, 0),
                                              CARD_FORCES[card] - total(part)))
        part = {name: n for name, n in part.items() if n}
        if part:
            value[card] = {"forces": part, "leader": None}
            take(left, part)
            for name, n in part.items():
                caps[name] -= n
    if found.allies and rng.random() < 0.5:
        value["support"] = {rng.choice(found.allies): rng.randint(0, budget)}
    if found.grants and rng.random() < 0.3:                     # GF9 001 2.04.12
        value["withhold"] = [rng.choice(found.grants)]
    return value


order_kind(OrderKind("revival", ("REVIVE", "KARAMA", "GHOLA", "TLEILAXU", "SUPPORT", "WITHHOLD",
                                 "GRANT", "PASS"),
                     read_revival, revival_text, combine_revival, random_revival,
                     with_verb=True))
