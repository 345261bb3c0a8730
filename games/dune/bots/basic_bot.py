"""A simple heuristic player (``bot: basic``), from its own seat's view only.

Where it has a rule of thumb it plays it; elsewhere it plays as the random bot does (the
``random`` of each order kind), or the prompt's default:

- bidding: a bid of up to a third of its spice (at least 1, at most its spice) on each card,
  since treachery cards win battles but spice ships forces; no Karama;
- revival: the free revival (the prompt's default);
- shipment and movement: with forces in reserve and the spice for it, ships up to five of
  them (and at most half its spice) into the stronghold it can reach that fewest others hold
  (one it does not hold yet first),
  then moves its largest group outside the strongholds into a stronghold in reach, else onto
  the richest spice in reach; never where its ally is (but the Polar Sink: GF9 001 1.06.07);
- battles: its battles in strongholds first, then where it has the most forces; in each
  plan its best leader free to fight (a captured leader never against his owner, who may
  always call him a traitor: WBC X, line 1266), else a cheap hero; a weapon and a defense it
  holds, the lasgun only when it has no other weapon and never with its own shield (player aid
  A.5: the explosion), a worthless card where a slot would stay empty (A.7: the only way to be
  rid of it), and so Harass and Withdraw or Reinforcements where the rules let it (001
  3.04.02, 3.04.04); the Kwisatz Haderach when it may; a third of its spice backing forces in
  advanced combat, and a dial of half of what its forces and that spice support; it always
  calls traitors and keeps its cards; the Harkonnen kill a captured leader for 2 spice, but
  keep him while fewer than three of their own leaders are alive (line 884); against a faction
  holding two or more tech tokens it takes the one whose income comes soonest (001 4.05.02,
  4.05.05); a plan sent
  ahead for a later battle (``ahead``) has a fallback after ``ELSE`` with its next leader,
  should the first have fought by then (000 X.A.4: a leader fights once a turn);
- CHOAM (001 2.09.07, 1.14.10): every Worthless card sold on the Open Market, two or more with
  its Karama power (A), but one kept for its own effect (2.09.08 (A), 2.09.11 (B): Kulon, La La
  La, B's Jubba Cloak or Baliset, ``_worthless_use``, by CHOAM and its ally under B); its
  Karama flip of the Elite Mercenaries where most turn up (B); up to a third of its spice
  paid for its ally's forces in each battle (2.09.16, 2.09.20);
- Richese's No-Fields (001 2.10.11): its strongest in supply shipped with its forces (text
  B) or instead of them (text A), where it ships; with no group to move, a No-Field lying
  outside the strongholds moved alone into one in reach, a bluff (2.10.12);
- Richese's No-Field in the Polar Sink (text B, 001 2.10.03): the 0; revealed at will
  (2.10.13): never, a hidden No-Field keeping the table guessing (the storm, a worm or a
  battle opens it anyway); a Richese card given to the ally (2.10.21) or a No-Field lent
  (2.10.20): never;
- Richese's disrupted supply chain (001 2.10.22 B): the card of the two that serves best in
  battle, last in the row;
- Richese's cache (001 2.10.06-09): the card it would least rather keep, by silent auction,
  last in the round; on a card offered, a bid as on the row's, never on its own;
- Richese's Black Market (001 2.10.22-24 A): a worthless card of their hand, the normal way,
  nothing announced;
- Ecaz's Ambassadors (001 2.11.06-08): one a turn at the price of 1, while 4 spice remain
  after it, in a stronghold it does not hold; every token triggers; under text B their Karama
  power (001 1.14.12 B) on the first stronghold where their forces lie beside another's;
- the Moritani's Terror tokens (001 2.12.08-09): at War Continues one placed a turn, Atomics
  last, in the first open stronghold another faction (not their ally) occupies, else the first
  open one; every token triggers, Robbery takes the spice;
- a swap at a Nexus of two players (v3, 003 "Playing with two or three"): it gives the allied
  faction that holds the fewest control points and forces on the board, keeping what wins;
- everything else: as the random bot.

Its orders are order text, read by the parser like a player's mail.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from pbem.game import Prompt

from .. import combat, factions, leaders, tokens
from ..board import homeworlds, layer, reach
from ..cards import residual_poison
from ..data import CardType, Effect, Slot
from ..factions import ONCE_AROUND
from ..factions import choam_multipurpose as multipurpose
from ..factions import ecaz_ambassadors as ambassadors
from ..factions import ecaz_embassy as embassy
from ..factions import harkonnen_capture as capture
from ..factions import moritani_terror as terror
from ..forces import order_text, plain, total
from ..orders import battle_orders, battle_plan, plan_conditions
from ..orders.language import where
from ..rules import rules_of
from ..state import POLAR_SINK, ally_of, data, faction_name, occupants
from ..variants import leader_skills, skill_powers, tech_tokens
from ..variants.skill_powers import BANKER_MOST
from . import move_bot

# 001 3.04: the Special-Battle cards, played in an empty place of a plan, as a worthless card is
SPECIAL_BATTLE = frozenset({Effect.WITHDRAWS_UNDIALED, Effect.REINFORCES})
Strategy = Callable[[dict[str, Any], Prompt, random.Random], str | None]


def basic_order(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str | None:
    """The basic bot's order text for a prompt, or None where it has no rule of thumb."""
    strategy = STRATEGIES.get(prompt.kind)
    return strategy(view, prompt, rng) if strategy else None


def standing_orders(view: dict[str, Any]) -> list[str]:
    """The standing orders (``SET STANDING`` lines' text) a player who knows the game leaves
    with its first mail, from its view: Richese's cache offer (001 2.10.06), the first card
    of the cache by silent auction last in the round, so that no bidding round waits for
    their offer (issue 30, "Mail rounds stay few")."""
    return ["CACHE ANY SILENT LAST"] if view["own"].get("cache") else []


# --- bidding
def _most(view: dict[str, Any]) -> int:
    spice = view["own"]["spice"]
    return min(spice, max(1, spice // 3))


def _bid(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    most = _most(view)
    return f"BID {most}" if most else "PASS"


def _bids(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    most = _most(view)
    return f"BID {most}\nBUDGET {most}" if most else "PASS"


def _revival(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    return prompt.default_text


# --- shipment and movement
def _turn(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    lines = []
    shipment = _shipment(view, prompt.options)
    if shipment:
        lines.append(shipment)
    step = _move(view, prompt.options, bool(shipment))
    if step:
        lines.append(step)
    if skill_powers.mentat_of(tokens.of(view), view["seat"]) is not None:
        lines.append(f"MENTAT {_feared(view)}")                  # 001 4.07.15.06
    return "\n".join(lines) or "PASS"


def _feared(view: dict[str, Any]) -> str:
    """The weapon its Mentat asks for: the Lasgun, which no defense stops, if the deck has it,
    else the first weapon by name."""
    found = skill_powers.weapons(view)
    lasguns = [n for n in found if data(view).card_named(n).type is CardType.LASGUN]
    return (lasguns or found)[0]


def _shipment(view: dict[str, Any], options: dict[str, Any]) -> str | None:
    """Up to five forces, for at most half the spice, into the least held stronghold open."""
    kinds = options["shipments"]
    kind = reach.NATIVE if reach.NATIVE in kinds else "reserve" if "reserve" in kinds else None
    reserve = view["own"]["reserve"].get(plain(view, view["seat"]), 0)
    if kind is None or not reserve:
        return None
    places = kinds[kind]
    empty = _empty_homeworld(view, places) if kind == "reserve" else None
    if empty:
        return f"SHIP 1 TO {empty}"
    smuggled = _smugglers(view, places, reserve) if kind == "reserve" else None
    if smuggled:
        return smuggled
    strongholds = sorted((t for t in places if layer.board(view)[t].is_stronghold
                          and not _ally_held(view, t)),
                         key=lambda t: (len(_others(view, t)),
                                        view["seat"] in occupants(view, t), t))
    for territory in strongholds:
        count = min(reserve, 5)
        budget = view["own"]["spice"] // 2
        while count and places[territory]["costs"][count - 1] > budget:
            count -= 1
        if count:
            target = where(view, territory, places[territory]['sectors'][0])
            carried = move_bot.shippable_tokens(view) if kind == "reserve" else []
            if carried:             # its strongest No-Field, 001 2.10.11: one force's price
                shipment = {"to": territory, "forces": {plain(view, view["seat"]): count}}
                found = move_bot.with_token(view, options, shipment, carried[-1])
                if found:
                    forces = f"{found['forces'][plain(view, view['seat'])]} " \
                        if found["forces"] else ""
                    return f"SHIP {forces}NOFIELD {carried[-1]} TO {target}"
            return f"SHIP {_with_ambassador(view, places, territory, count, budget)} TO {target}"
    return None


def _with_ambassador(view: dict[str, Any], places: dict[str, Any], territory: str, count: int,
                     budget: int) -> str:
    """The forces of a shipment: Ecaz under text B send along the Ambassador of a faction
    holding the stronghold, to co-occupy with it in peace (001 2.11.06-07 B), else none; in
    place of a force where the budget allows no more."""
    present = [s for s in occupants(view, territory) if s != view["seat"]]
    held = {n for n, k in view["own"]["reserve"].items() if k and embassy.is_ambassador(n)}
    along = sorted(n for n in held if embassy.depicts(n) in present)
    if not along:
        return str(count)
    costs = places[territory]["costs"]
    forces = count if count < len(costs) and costs[count] <= budget else count - 1
    return order_text({plain(view, view["seat"]): forces, along[0]: 1})


def _smugglers(view: dict[str, Any], places: dict[str, Any], reserve: int) -> str | None:
    """Smugglers (001 2.13.06), one spice a force: up to five, for at most half the spice,
    onto the richest spice open to them that nobody occupies, where the seat's forces are
    none or Smugglers (2.13.08), to collect it (2.13.11)."""
    count = min(reserve, 5, view["own"]["spice"] // 2)
    rich = sorted((t for t in places if view["spice"].get(t) and not occupants(view, t)
                   and move_bot.smuggles(view, t)), key=lambda t: (-view["spice"][t], t))
    if not count or not rich:
        return None
    return f"SHIP {count} TO {where(view, rich[0], places[rich[0]]['sectors'][0])} COEXIST"


def _auction(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """A worthless card of its hand auctioned in the Black Market Auction (001 2.13.05), or
    none."""
    worthless = [c for c in view["own"]["hand"]
                 if data(view).treachery_card(c).type is CardType.WORTHLESS]
    return (f"AUCTION {data(view).treachery_card(worthless[0]).name}" if worthless
            else "AUCTION NONE")


def _empty_homeworld(view: dict[str, Any], places: dict[str, Any]) -> str | None:
    """A homeworld open to the shipment that its faction has left empty and nobody holds,
    whose occupier takes an income (001 4.10.12.08-09), if one force costs at most half the
    spice."""
    for world in homeworlds.public(view):
        if (world["name"] in places and not world["natives"] and not world["invaders"]
                and world["occupier_income"]
                and places[world["name"]]["costs"][0] <= view["own"]["spice"] // 2):
            return world["name"]
    return None


def _move(view: dict[str, Any], options: dict[str, Any], shipped: bool = False) -> str | None:
    """The largest group outside the strongholds, to a stronghold in reach, else onto the
    richest spice in reach, else by a face-down discovery token (001 4.06.06.02); with the
    Richese Ornithopter (001 3.03.07), a stronghold only its
    range of three reaches before spice in the usual reach."""
    flown = options.get("ornithopter_reach")
    step = _move_in(view, flown, strongholds_only=True) if flown else None
    if step:
        return f"ORNITHOPTER {step}"
    return _move_in(view, options["reach"]) or _bluff(view, options, shipped)


def _move_in(view: dict[str, Any], reaches: Any, strongholds_only: bool = False) -> str | None:
    mine = move_bot.own_groups(view)
    groups = sorted(((total(forces), territory, sector)
                     for (territory, sector), forces in mine.items()
                     if not layer.board(view)[territory].is_stronghold), reverse=True)
    for _, territory, sector in groups:
        ends = reaches[territory][str(sector)]
        ends = {t: sectors for t, sectors in ends.items() if not _ally_held(view, t)}
        goals = sorted((t for t in ends if layer.board(view)[t].is_stronghold),
                       key=lambda t: len(_others(view, t)))
        if not strongholds_only:
            goals = goals or sorted((t for t in ends if view["spice"].get(t)),
                                    key=lambda t: -view["spice"][t]) or sorted(
                t for t in ends if t != territory and _discovery(view, t))
        if goals:
            forces = order_text(mine[territory, sector])
            return (f"MOVE {forces} FROM {where(view, territory, sector)} TO "
                    f"{where(view, goals[0], ends[goals[0]][0])}")
    return None


def _discovery(view: dict[str, Any], territory: str) -> bool:
    """Whether a face-down discovery token lies in the territory (001 4.06.06.02: forces there
    look at it and may reveal it before Spice Collection), as the public board shows it."""
    return any(t["at"] == tokens.BOARD and t["face"] == tokens.DOWN
               and t.get("territory") == territory and t["kind"] in ("hiereg", "smuggler")
               for t in view.get("tokens", ()))


def _bluff(view: dict[str, Any], options: dict[str, Any], shipped: bool = False) -> str | None:
    """With no group to move, a face-down No-Field lying outside the strongholds moved alone
    into the stronghold in reach that fewest others hold (001 2.10.12: it moves as one force),
    where nobody knows what it stands for until it opens; none while Richese's homeworld on
    its Low side keeps them still (001 4.10.12 "Richese"), nor after a shipment (``shipped``)
    where such a homeworld may turn Low as the forces leave it: the side is judged at the
    move."""
    for token in tokens.face_down_of(view, view["seat"]):
        territory, sector = token["territory"], token["sector"]
        if (layer.board(view)[territory].is_stronghold
                or homeworlds.unmoved(view, view["seat"], token["kind"])
                or (shipped and any(p.homeworld and p.homeworld.low_unmoved == token["kind"]
                                    for p in homeworlds.of(view, view["seat"])))):
            continue
        ends = options["reach"][territory][str(sector)]
        goals = sorted((t for t in ends if layer.board(view)[t].is_stronghold
                        and not _ally_held(view, t)), key=lambda t: (len(_others(view, t)), t))
        if goals:
            return (f"MOVE NOFIELD {token['value']} FROM {where(view, territory, sector)} TO "
                    f"{where(view, goals[0], ends[goals[0]][0])}")
    return None


def _ally_held(view: dict[str, Any], territory: str) -> bool:
    """Whether an ally occupies the territory (but the Polar Sink) under GF9, where forces
    ending a turn there go to the tanks (001 1.06.07); elsewhere the options leave out what
    allies may not enter (000 XII.E.5)."""
    if not rules_of(view).ally_constraint:
        return False
    seat = view["seat"]
    allies = [a for a in ally_of(view, seat)          # 001 2.11.18: Ecaz's OCCUPY spares them
              if not any(power.occupies_with_ally(view, seat, a)
                         for power in factions.in_play(view, "occupies_with_ally"))]
    return territory != POLAR_SINK and any(a in occupants(view, territory) for a in allies)


def _others(view: dict[str, Any], territory: str) -> list[str]:
    """The other factions occupying the territory, as the public board shows them."""
    return [s for s in occupants(view, territory) if s != view["seat"]]


# --- battles
def _battle_order(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Its battles in strongholds first, then where it has the most forces."""
    def rank(pair: list[str | None]) -> tuple[bool, int]:
        territory = str(pair[0])
        mine = sum(total(by_faction.get(prompt.seat, {}))
                   for by_faction in view["forces"].get(territory, {}).values())
        return (not layer.board(view)[territory].is_stronghold, -mine)
    return battle_orders.order_text(view, sorted(prompt.default, key=rank))


def _battle_plan(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str | None:
    """Its best leader, its cards, a dial of half its strength; sent ahead, a fallback with
    its next leader (module docstring)."""
    first = _plan(view, prompt)
    if "battle" not in prompt.options or first is None:     # not a battle to come
        return first
    leader = first.splitlines()[0]
    if not leader.startswith("LEADER "):
        return first
    second = _plan(view, prompt, leader.removeprefix("LEADER "))
    if second is None or second.splitlines()[0] == leader:
        return first
    return f"{first}\nELSE\n{second}"


def _plan(view: dict[str, Any], prompt: Prompt, fought: str = "") -> str | None:
    """Its plan, ``fought`` left out of its leaders."""
    side = battle_plan.side_of_view(view, prompt.seat)
    plan = battle_plan.empty_plan()
    owners = view["own"].get("captured", {})
    ranked = sorted((n for n in side.leaders if n != fought),
                    key=lambda n: (owners.get(n) == side.opponent,
                                   -data(view).leader(n).strength, n))
    if ranked:
        plan["leader"] = ranked[0]
    elif side.cheap_heroes:
        plan["cheap_hero"] = side.cheap_heroes[0]
    if side.must_lead:
        plan["weapon"], plan["defense"] = _cards(side, plan["leader"])
        battle_plan.fitted(side, plan)                              # 001 3.02.05, 3.02.14
        if plan["weapon"] in battle_orders.withholdable(side):      # 001 3.02.09
            plan["tooth"] = combat.IF_IT_KILLS
    plan["kh"] = side.kh and side.must_lead
    strength = side.strength
    plan["spice"] = min(strength.most_spice(side.spice), side.spice // 3)
    top = strength.most(plan["spice"])
    plan["dial"] = combat.number(max(0, min(math.floor(top), math.ceil(top / 2))))
    weapon = side.card(plan["weapon"]).effects if plan["weapon"] else frozenset()
    if weapon & {Effect.UNDIALED_DECIDE, Effect.LEADERS_DECIDE}:   # 001 3.03.11-12: the
        plan["dial"], plan["spice"] = 0, 0      # dial counts nothing, or against the side
        led = plan["leader"] and data(view).leader(plan["leader"]).strength > 2
        if Effect.MAY_BURN_LEADERS in weapon and not led:
            plan["burn"] = True
    if residual_poison.card_in(side.rules, side.hand):     # 001 3.03.09, whenever it may
        plan["poison"] = True
    if battle_orders.juice(side) and not side.aggressor:    # 001 3.03.03, when it defends
        plan["juice"] = True
    if battle_orders.cibus_hood(side) and len(ranked) > 1 and plan["leader"]:  # 001 3.09.02:
        plan["leader"], plan["hood"] = ranked[1], ranked[0]     # its best revealed last
    plan = battle_orders.lines_apart(side, plan)
    if side.captures:
        own = leaders.available(view["own"]["leaders"])
        plan["capture"] = capture.KEEP if len(own) < 3 else capture.KILL
    if side.takes:
        plan["tech"] = _soonest_income(side)
    if plan["leader"] and plan["leader"] == side.diplomat:        # 001 4.07.15.03
        places = leader_skills.retreats(view, side.territory)
        plan["retreat"] = places[0][0] if places else None
    if plan["leader"] and plan["leader"] == side.banker:          # 001 4.07.15.12
        plan["banker"] = min(BANKER_MOST, side.spice - plan["spice"]) or None
    if battle_plan.problems(side, plan):
        return None
    return battle_orders.plan_text(view, plan_conditions.fit(view, prompt, side, plan))


def _soonest_income(side: battle_plan.Side) -> str:
    """Of the opponent's tech tokens, the one whose income phase comes soonest after the
    battles (001 4.05.05: each earns in its own phase)."""
    phases = side.rules.phases
    after = phases.index("battle") if "battle" in phases else 0
    incomes = {token.name: token.income for token in tech_tokens.kind(side.deck).tokens}

    def wait(name: str) -> int:
        income = incomes[name]
        return (phases.index(income.phase) - after) % len(phases) if income else len(phases)
    return min(side.takes, key=wait)


def _cards(side: battle_plan.Side, leader: str | None) -> tuple[str | None, str | None]:
    """A weapon and a defense: real ones first (the lasgun last, never with a shield or a card
    that counts as one), then, with the Planetologist as ``leader``, a green card but a Karama
    (001 4.07.15.07), then worthless cards to be rid of; a card that fits both places of a
    plan as the kind it is alone (001 3.02.05, 3.02.14)."""
    def worthless(name: str) -> bool:     # and the Special-Battle cards (001 3.04): last
        return (side.card(name).type is CardType.WORTHLESS
                or bool(side.card(name).effects & SPECIAL_BATTLE))

    def playable(name: str) -> bool:      # 001 3.04.02, 3.04.04
        return side.refusal(name) is None

    def lasgun(name: str) -> bool:
        return Effect.EXPLODES_WITH_SHIELD in side.card(name).effects

    def green(name: str) -> bool:       # 001 4.07.15.07: his alone, never a Karama spent so
        return skill_powers.green(side.rules, name)

    weapons = sorted((n for n in side.cards(Slot.WEAPON) if playable(n) and (not green(n) or (
        leader == side.planetologist and side.card(n).type is not CardType.KARAMA))),
        key=lambda n: (worthless(n), green(n), lasgun(n), n))
    weapon = weapons[0] if weapons else None
    defenses = [n for n in side.cards(Slot.DEFENSE)
                if (n != weapon or side.count(n) > 1) and playable(n)
                and not (weapon and lasgun(weapon)
                         and Effect.COUNTS_AS_SHIELD in side.card(n).effects)]
    defense = sorted(defenses, key=lambda n: (worthless(n), n))[0] if defenses else None
    return weapon, defense


# --- set-up and the storm
def _pocket(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Of the pocket cards (001 2.07.04), a weapon first, then a defence, then any."""
    best = min(view["own"]["pocket"], key=lambda c: _usefulness(view, c))
    return f"POCKET {data(view).treachery_card(best).name}"


def _supply(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Of the SUPPLY CHAIN's cards (001 2.07.08), a worthless card to the bottom of the deck,
    else the card least useful to the Ixians (the last by the pocket's ranking); the cards of
    the prompt, the chooser's alone (the occupier of Ix's too, 001 4.10.12 "Ix")."""
    cards = prompt.options["row"]
    worst = max(cards, key=lambda c: _usefulness(view, c))
    return f"SUPPLY {data(view).treachery_card(worst).name} BOTTOM"


def _technology(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """TECHNOLOGY (001 2.07.23): the row's most useful card for their least useful one, when
    it is better."""
    best = min(view["own"]["stock"], key=lambda c: _usefulness(view, c))
    worst = max(view["own"]["hand"], key=lambda c: _usefulness(view, c))
    if _usefulness(view, best) >= _usefulness(view, worst):
        return "TECHNOLOGY NONE"
    name = data(view).treachery_card
    return f"TECHNOLOGY {name(best).name} WITH {name(worst).name}"


def _redraw(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """A card bought discarded for the deck's top card (001 2.07.22, 2.07.23 text B) when it is
    worthless: any other card is worth more than a draw's chance."""
    worthless = prompt.options.get("worthless", [])
    return f"REDRAW {', '.join(worthless)}" if worthless else "REDRAW NONE"


def _usefulness(view: dict[str, Any], card: str) -> int:
    """How little a card serves in battle: a weapon 0, a defence 1, a worthless card 3."""
    kind = data(view).treachery_card(card).type
    return {CardType.PROJECTILE_WEAPON: 0, CardType.POISON_WEAPON: 0, CardType.LASGUN: 0,
            CardType.SHIELD: 1, CardType.SNOOPER: 1, CardType.WORTHLESS: 3,
            CardType.SEMUTA_DRUG: 3}.get(kind, 2)


def _hms(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """The HMS (001 2.07.05, 2.07.19) pointed at the territory in reach with the most spice,
    which it collects passing (2.07.20); moved only to reach spice."""
    places = prompt.options["places"]
    spice = view["spice"]
    rich = sorted(places, key=lambda t: (-spice.get(t, 0), t))
    if prompt.kind != "hms-placement" and (not rich or not spice.get(rich[0], 0)):
        return "HMS STAY"
    territory = rich[0]
    return f"HMS {where(view, territory, places[territory][0])}"


def _cooccupy(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Ecaz's Karama (001 1.14.12 B): the first stronghold where their forces lie beside
    another faction's, its control then theirs too; else kept."""
    board = layer.board(view)
    shared = [t for t in prompt.options["territories"] if t in board and board[t].is_stronghold]
    return f"COOCCUPY {shared[0]}" if shared else prompt.default_text


# --- the swap of a two-player Nexus (v3)
def _swap(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Give the allied faction worth least on the board: its strongholds held, then its
    forces there (the public view's)."""
    def worth(seat: str) -> tuple[int, int]:
        forces = sum(total(counts) for sectors in view["forces"].values()
                     for by_faction in sectors.values()
                     for faction, counts in by_faction.items() if faction == seat)
        return len(view["strongholds"].get(seat, [])), forces
    seat = min(prompt.options["factions"], key=worth)
    return f"SWAP {view['factions'][seat]['name']}"


def _reveal(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Every Face Dancer that wins for another faction is revealed (001 2.08.06): his forces
    become the Tleilaxu's and he goes to the tanks."""
    return "REVEAL ALL"


def _market(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """CHOAM sells every Worthless card at the end of each phase (001 2.09.07, 2.09.10): it
    has no other use for them by mail; holding two or more and a Karama, it sells them with
    its Karama power for 3 each instead (001 1.14.10 (A))."""
    kept = _worthless_use(view)
    worthless = [name for name in prompt.options.get("cards", [])
                 if name in _worthless_names(view) and (not kept or name != kept["card"])]
    held = [data(view).treachery_card(card).name for card in view["own"]["hand"]]
    sale = "SELL WORTHLESS" if not kept else (
        f"SELL {', '.join(worthless)}" if worthless else "SELL NONE")
    if prompt.options.get("karama") and sum(held.count(name) for name in worthless) >= 2:
        return f"{sale}\nSELL WITH KARAMA {', '.join(worthless)}"
    return sale


def _worthless_use(view: dict[str, Any]) -> dict[str, Any] | None:
    """The Worthless card it keeps for its own effect (001 2.09.08 (A), 2.09.11 (B)), and its
    use: Kulon (a move one territory further), La La La (A: no free revival for the faction
    with the most forces on the board; B: one force more revived), B's Jubba Cloak (moves
    through the storm), Baliset (that faction kept out of a stronghold it holds), the first
    of these it holds; none of the others (sold on the Open Market)."""
    held = {data(view).treachery_card(card).name for card in view["own"]["hand"]}
    order = (multipurpose.KULON, multipurpose.LA_LA_LA, multipurpose.BALISET)
    if multipurpose.revised(view):
        order = (*order[:2], multipurpose.JUBBA, order[2])
    for card in order:
        value = multipurpose.use_of(view, card) if card in held else None
        if value:
            return value
    return None


def _use(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    return multipurpose.text(view, _worthless_use(view))


def _fund(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """CHOAM pays up to a third of its spice for its ally's forces in each battle (001
    2.09.16, 2.09.20), as it bids a third on a card."""
    return f"FUND {view['own']['spice'] // 3}"


def _flip(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """CHOAM turns its plain-side two-sided tokens to Elite Mercenaries where it may turn the
    most (001 1.14.10 (B)): starred, they fight as two."""
    up = prompt.options.get("up", [])
    return f"FLIP UP {up[0]}" if up else "FLIP NONE"


def _swap_card(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """CHOAM and its ally trade (001 2.09.15): each offers a Worthless card it holds, which
    CHOAM sells on the Open Market; no offer without one."""
    worthless = [name for name in prompt.options.get("cards", [])
                 if name in _worthless_names(view)]
    return f"TRADE {worthless[0]}" if worthless else "TRADE NONE"


def _worthless_names(view: dict[str, Any]) -> set[str]:
    found = data(view)
    return {card.name for card in found.treachery_deck if card.type is CardType.WORTHLESS}


def _cache_offer(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Richese auction the card of their cache they would least rather keep (the cards the
    engine plays as worthless first), by silent auction, last in the round (001 2.10.06,
    2.10.09.03)."""
    card = max(sorted(view["own"]["cache"]), key=lambda c: _usefulness(view, c))
    return f"CACHE {data(view).treachery_card(card).name} SILENT LAST"


def _offer_bid(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """A bid of up to a third of its spice, as on the row's cards (once around a ceiling,
    ``BID UP TO``, 001 2.10.09.02); never on its own card, which comes to it free when nobody
    bids (001 2.10.09.02-03), or stays in its hand (the Black Market's, 2.10.23)."""
    seller = prompt.options.get("seller", (view["bidding"].get("offer") or {}).get("seller"))
    most = _most(view)
    if seller == view["seat"] or not most:
        return "PASS"
    return f"BID UP TO {most}" if prompt.options.get("kind") == ONCE_AROUND else f"BID {most}"


def _black_market(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Richese put a worthless card of their hand on the Black Market, the normal way,
    announcing nothing (001 2.10.22-24); with none, no market."""
    worthless = [card for card in prompt.options["cards"]
                 if data(view).treachery_card(card).type is CardType.WORTHLESS]
    if not worthless:
        return "BLACK MARKET NONE"
    return f"BLACK MARKET {data(view).treachery_card(worthless[0]).name} NORMAL"


def _ambassadors(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Ecaz place one Ambassador a turn, for 1 spice, while they keep 4 spice after it: the
    first of their supply (their own last) in the first open stronghold they do not hold;
    every token triggers, their own offering the mover an alliance while they have none
    (001 2.11.17.12); they fight the battles they share with their ally themselves while they
    hold a card better than worthless, else their ally does (001 2.11.19).  Text B: that
    choice alone, every Ambassador kept face up (001 2.11.08 B)."""
    options = prompt.options
    armed = any(data(view).treachery_card(card).type is not CardType.WORTHLESS
                for card in view["own"]["hand"])
    if "face_up" in options:            # text B: their Ambassadors are forces, kept face up
        return f"FIGHTER {'ECAZ' if armed else 'ALLY'}"
    held = sorted(options.get("supply", []), key=lambda v: (v == view["seat"], v))
    free = [s for s in options.get("strongholds", []) if view["seat"] not in occupants(view, s)
            and not _ally_held(view, s)]
    lines = [] if ally_of(view, view["seat"]) else ["TRIGGER Ecaz ALL ALLIANCE"]
    lines.append(f"FIGHTER {'ECAZ' if armed else 'ALLY'}")
    if held and free and options.get("spice", 0) >= 5:
        name = ambassadors.kind_of(view).token(held[0]).name.removesuffix(" Ambassador")
        lines.append(f"AMBASSADOR {name} IN {free[0]}")
    return "\n".join(lines) or "AMBASSADOR NONE"


def _no_field_start(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Richese's No-Field in the Polar Sink (001 2.10.03 B): the 0, the one that would bring
    no forces where a battle is never fought; the strong ones are kept to ship."""
    return f"PLACE NOFIELD {min(prompt.options['values'], key=int)}"


def _keep_no_fields(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Richese reveal no No-Field at will (001 2.10.13)."""
    return "NOFIELD KEEP"


def _supply_slot(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Richese's disrupted supply chain (001 2.10.22 B): of the two cards seen, the one that
    serves best in battle, last in the row, where the others may have spent their spice."""
    card = min(sorted(prompt.options["cards"]), key=lambda c: _usefulness(view, c))
    return f"SLOT {data(view).treachery_card(card).name} 99"


def _keep_cache_cards(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Richese give their ally no card (001 2.10.21): a card in their own hand fights for
    them too."""
    return "GIFT NONE"


def _skill(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """The first skill dealt for its strongest leader, who fights most often (001 4.07.03)."""
    found = data(view)
    skill = found.token_kind("leader_skill").token(prompt.options["skills"][0]).name
    leader = max(prompt.options["leaders"], key=lambda name: found.leader(name).strength)
    return f"SKILL {skill} FOR {leader}"


def _skill_draw(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """Of the two drawn for a revived leader, the first (001 4.07.12)."""
    found = data(view).token_kind("leader_skill")
    return f"SKILL {found.token(prompt.options['skills'][0]).name}"


def _carthag(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """A free force in a stronghold is always taken (001 4.04.04.03)."""
    return "CARTHAG SEND"


def _hms_copy(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """The first card of its own the HMS may copy (001 4.04.04.05)."""
    return f"HMS COPY {prompt.options['cards'][0]}"


def _terror(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """The Moritani place a Terror token a turn at War Continues, Atomics last, where another
    faction but their ally is, else in the first open stronghold; their standing answers as
    they are; an alliance offered to all while they have none; under text B a new traitor
    drawn from the Bounty Board when theirs betrays nobody, and their traitor cashed Alive and
    Dead in the advanced game; under text B, at the end of the revival round, a token taken
    back from in front of their shield and tokens plotted so (001 2.12.08.01-04 B)."""
    options = prompt.options
    if options.get("plot"):
        return _plot(view, prompt)
    if not options.get("terrorize"):
        return "TERROR NONE"
    own = view["own"]
    lines = ["BOUNTY DRAW"] if options.get("bounty") and _useless_traitor(view) else []
    if options.get("cash") and own.get("bounty") != ["alive", "dead"]:
        lines.append("BOUNTY ALIVE AND DEAD")              # 001 2.12.19 (B): cash it
    alone = not ally_of(view, view["seat"])                 # 001 2.12.15-16: an ally sought
    if options.get("offer") and bool(own.get("alliance_offer", {}).get("*")) != alone:
        lines.append(f"OFFER ALLIANCE {'ALL' if alone else 'NONE'}")
    held = sorted(options.get("supply", []), key=lambda v: (v == "atomics", v))
    free = options.get("strongholds", [])
    allies = set(ally_of(view, view["seat"]))
    manned = [s for s in free if set(occupants(view, s)) - allies - {view["seat"]}]
    if held and free and not options.get("text_b"):
        name = terror.kind_of(view).token(held[0]).name
        lines.append(f"TERROR {name} IN {(manned or free)[0]}")
    return "\n".join(lines) or "TERROR NONE"


def _plot(view: dict[str, Any], prompt: Prompt) -> str:
    """Text B's Terrorize (001 2.12.08.01-04 B): the first token in front of their shield
    schemed back, then tokens plotted (Atomics last) into strongholds free of one where
    another faction but their ally is, else the first free strongholds: three actions; their
    tokens moving with their forces (2.12.15 B)."""
    options, kind = prompt.options, terror.kind_of(view)
    shown = options["front"][:1]
    held = sorted([*options["supply"], *shown], key=lambda v: (v == "atomics", v))
    free = [s for s in options["strongholds"] if s in options["territories"]]
    allies = {view["seat"], *ally_of(view, view["seat"])}
    free.sort(key=lambda s: not set(occupants(view, s)) - allies)
    lines = [f"TERROR SCHEME {kind.token(v).name}" for v in shown]
    lines += [f"TERROR PLOT {kind.token(v).name} IN {s}" for v, s in zip(
        held, free[:terror.TERRORIZE_ACTIONS - len(lines)], strict=False)]
    if options.get("rides") and not view["own"].get("terror_moves"):
        lines.append("TERROR MOVES ALL")                 # 001 2.12.15 B: tokens go along
    return "\n".join(lines) or "TERROR NONE"


def _useless_traitor(view: dict[str, Any]) -> bool:
    """Whether the Moritani's traitor betrays nobody they may fight: none held, or each their
    own leader or their ally's, or a leader in the tanks (a new one is then drawn from the
    Bounty Board, 001 2.12.17 B)."""
    friends = {faction_name(s, view) for s in (view["seat"], *ally_of(view, view["seat"]))}
    in_tanks = {name for seat in view["seats"]
                for name in view["factions"][seat].get("leaders_in_tanks", ())}
    factions_of = {leader.name: leader.faction for leader in data(view).leaders}
    return all(card in in_tanks or factions_of.get(card, "") in friends   # the Cheap Hero's
               for card in view["own"]["traitors"])                       # betrays anyone


def _jihad(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str:
    """A Butlerian Jihad played when the bot holds at most 1 spice, so the others lose more
    than it does (001 3.05.02; their spice is behind their shields)."""
    return "JIHAD" if view["own"]["spice"] <= 1 else "JIHAD NONE"


STRATEGIES: dict[str, Strategy] = {
    "ambassadors": _ambassadors,
    "cache-gift": _keep_cache_cards,
    "supply-slot": _supply_slot,
    "no-field-lend": lambda view, prompt, rng: "LEND NONE",
    "question": lambda view, prompt, rng: "QUESTION NONE",     # 001 2.11.17.02, .06 (B)
    "no-field-reveal": _keep_no_fields,
    "no-field-start": _no_field_start,
    "cache-offer": _cache_offer,
    "auction": _auction,
    "market-bid": lambda view, prompt, rng: "MARKET ANY 2",     # 001 2.13.05.02: cheap cards
    "way-in": lambda view, prompt, rng: "SMUGGLERS WAY IN Polar Sink",    # 001 2.13.08: safe
    "expose": lambda view, prompt, rng: (      # 001 1.14.14: their first Smugglers to fight
        f"EXPOSE {prompt.options['places'][0]}" if prompt.options["places"] else "EXPOSE NONE"),
    "way-out": lambda view, prompt, rng: "WAY OUT ALL",    # 001 2.13.09: fighters kept safe
    "tunnels": lambda view, prompt, rng: "TUNNELS 5",      # 001 2.13.10: the battle held
    "terror": _terror,
    "terror-alliance": lambda view, prompt, rng: (       # 001 2.12.15-16: when alone
        prompt.default_text if ally_of(view, view["seat"]) else "ENEMY OF MY ENEMY ACCEPT"),
    "ambassador-alliance": lambda view, prompt, rng: "AMBASSADOR ALLIANCE ACCEPT",  # 2.11.17.12
    "offer-bid": _offer_bid,
    "black-market": _black_market,
    "pocket": _pocket,
    "skill": _skill,
    "skill-draw": _skill_draw,
    "carthag-send": _carthag,
    "hms-copy": _hms_copy,
    "supply": _supply,
    "technology": _technology,
    "redraw": _redraw,
    "hms-placement": _hms,
    "hms-move": _hms,
    "karama-hms": _hms,
    "karama-cooccupy": _cooccupy,
    "swap": _swap,
    "bid": _bid,
    "bids": _bids,
    "revival": _revival,
    "reveal": _reveal,
    "market": _market,
    multipurpose.KIND: _use,
    "karama-flip": _flip,
    "battle-fund": _fund,
    "semuta": lambda view, prompt, rng: "SEMUTA ANY",      # 001 3.03.10: the first discard
    "jihad": _jihad,
    "auditor-lend": lambda view, prompt, rng: "LEND AUDITOR",      # 001 2.09.21 (B): always lent
    "trade": _swap_card,
    "move": _turn,
    "guild-move": _turn,
    battle_orders.ORDER: _battle_order,
    battle_orders.PLAN: _battle_plan,
}
