"""The battle round (000 X, lines 364-422; XXII advanced combat, lines 578-589; Q&A XXV.B,
lines 649-671; the shields, lines 738-889; WBC house rule 6, line 1059; WBC clarification X,
lines 1207-1273, and 004 X.1-14, lines 267-293; WBC clarification XV on the Kwisatz Haderach,
lines 1298-1300).

Which battles (X.A): in every territory but the Polar Sink, factions whose forces share it fight,
but not the Bene Gesserit where they coexist (``state.occupants``, XV.B.4), never allies
(XII.E.5, line 467: they "may never battle one another"; allies who shared a territory when they
allied stay there in peace), and not forces the storm separates (X.A.2.a; WBC VI, line 1118: the
storm between them or over one of them; WBC X, line 1244: under the storm only in the same
sector).  The storm so cuts a territory into parts (``regions``), each the ground of its own
battles; a faction's forces in one part fight as one group (Q&A B.1, line 652).

Who fights whom (X.A.3-4): the first player in storm order is the aggressor until all his
battles are fought, then the next, in player dot order whatever the Guild's timing was (WBC X,
line 1210).  The aggressor chooses the order of his battles and, where three or more share a
territory, whom he fights first.

By mail:

- The order of battles is given ahead, in the first mail round of the round, by every faction
  that will have a choice as aggressor: ``BATTLE <territory> [AGAINST <faction>]`` lines in the
  order wanted.  Battles not named follow in board order, opponents in storm order (the
  default).  When the first aggressor has no choice, the order prompts ride along with the
  first battle's plans, so the whole round costs no extra mail round; otherwise one.
- Each battle is one mail round: both combatants send their battle plan, secret and at once
  (X.B), with their standing choices for what may follow (a traitor call, the cards a winner
  keeps, the forces he loses): ``battle_orders.py``; the Voice and the prescience question
  come in the same round, and a second round follows only for a side that learned something
  before the commit (``before_plans``).  The plans are revealed together and the battle
  resolved (``combat.py``).

Rulings:

- The WBC corrections at the reveal (clarification X, lines 1252-1258; 004 X.7-8) are applied
  under both rulesets to whatever reaches resolution (``battle_plan.correct``).  Under WBC
  (``Rules.corrects_plans_at_reveal``) a plan without a leader, with a dial above what it
  supports, or with two weapons or two defenses is accepted by mail as sent, the answer saying
  how the reveal will correct it (``battle_orders.reveal_notes``), so that the player may send
  another before the deadline; of two weapons (or defenses) one is chosen at the reveal from
  the step's generator, the other goes back to the hand.  The classic rules have no such
  clarification: there such a plan is refused when read, and only the default at a deadline,
  or a standing order written for another battle, can need a correction.
- The loser loses the forces of the battle's part of the territory; forces the storm keeps
  apart were not in the battle.  The lasgun's explosion takes "all tokens and spice (even those
  not involved in the battle) in the territory" (player aid A.5): every sector, the Bene
  Gesserit coexisting there too (XV.B.4 names lasgun explosions).
- Spice backing forces (XXII.A.2) is paid to the bank by both sides, win or lose, but by a
  winner through a traitor; after an explosion or with two traitors nobody wins, so both pay.
- A cheap hero is always discarded (player aid A.6), and so is a worthless card: playing it is
  "the only way they may be discarded" (A.7), so a winner does not keep it.
- The Harkonnen's traitors betray their ally's opponents (Harkonnen shield, line 888) when the
  ally's plan calls traitors (the default): by mail the Harkonnen's consent is taken as given.
- WBC house rule 6: the Fremen count their forces full without spice, and so does their ally in
  its own battles: by mail the Fremen are taken to permit it.
- The Kwisatz Haderach (Atreides shield 4, line 762, with the optional advantages): the
  Atreides may add it to their own leader or cheap hero in one battle a turn once they have
  lost 7 forces in battles in the game, from the next battle on, that turn too (WBC XV, line
  1298; AH's "any turn after losing" read the same way).  Forces lost in battles are counted
  in the Atreides sheet's ``kwisatz_haderach`` (``losses``): as loser, as winner, and in an
  explosion (every Atreides force it takes).  It dies only in an explosion it was in; it is
  revived like a leader (``revival``).
- Leaders who survive stay in their territory until all battles are fought (GF9, 001
  1.07.07.04, 1.07.08; AH X.C.8 the same in effect): by mail the round's ``fought`` notes each
  with his territory, where he may fight again and nowhere else, and the next round has him
  back.  Under GF9 the winner by a traitor has his leader back in his pool at once, free to
  fight elsewhere this round (001 1.07.07.07.01, ``Rules.traitor_callers_leader_back_in_pool``).
- A weapon that kills its user's own leader (001 1.07.07.02): no card of the base deck does
  (3.01: the lasgun and shield's explosion is a rule of its own), so ``combat.kills`` asks only
  about the opponent's leader.
- The Harkonnen's capture of leaders after a win: ``factions/harkonnen_capture.py``.
- The two combatants of each battle are the last to have used the wheels (VI.B): the storm's
  dialers, whatever the battle's outcome.

Before the plans are committed (WBC clarification X, lines 1214-1242): the Voice, prescience,
the Karamas of a battle, battles without leaders by common consent (Q&A B.7) and a second mail
round for the sides that may change their plan: ``before_plans`` (with
``factions/bene_gesserit_voice``, ``factions/atreides_prescience``, ``battle_karama``,
``plan_conditions``); a Truthtrance rides along with every
mail round of a battle (``truthtrance``).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import combat, dropout, factions, main_leaders, token_triggers, tokens, variants
from ..board import layer
from ..cards import battle_karama, special_battle, standing_cards
from ..codes import EventCode
from ..data import CardType, Effect
from ..discard_pile import discard
from ..forces import Counts, add, remove_forces, spread, to_tanks, total
from ..leaders import ALIVE, GHOLA
from ..orders import battle_orders, battle_plan
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import (
    POLAR_SINK,
    State,
    ally_of,
    copy_state,
    data,
    forces_at,
    occupants,
    storm_order,
)
from . import before_plans
from .collection import separated_by_storm


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Open the round: the aggressors in storm order, and the first battle."""
    state["step"] = {"queue": storm_order(state), "orders": {}, "asked": [], "battle": None,
                     "fought": {}, "kh_used": False, "done": False}
    events = [e for faction in factions.in_play(state, "before_battles")
              for e in faction.before_battles(state)]
    return events + next_battle(state, rng)


def prompts(state: State) -> list[Prompt]:
    """The plans of the battle under way, and the order of battles of every later aggressor
    with a choice who has not given it yet."""
    step = state["step"]
    if step["done"]:
        return []
    found = all_options(state)              # once for every aggressor (issue 20)
    asks = [battle_orders.order_prompt(state, seat, found.get(seat, []))
            for seat in waiting_for_order(state, found)]
    if step["battle"] is None:
        return asks
    return before_plans.prompts(state, asks) + asks


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, in their order, without the plans' text."""
    step = state["step"]
    if step["done"]:
        return []
    asks = [str(PromptKey(battle_orders.ORDER, seat)) for seat in waiting_for_order(state)]
    if step["battle"] is None:
        return asks
    return before_plans.keys(state, asks) + asks


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The orders of battles noted; the battle under way carried on (``before_plans``), fought
    once its plans are committed; then the next battle."""
    step = state["step"]
    plans, others = {}, {}
    for key, value in orders.items():
        kind, seat = PromptKey.parse(key)
        if kind == "battle-order":
            step["orders"][seat] = value
            step["asked"].append(seat)
        elif kind == battle_orders.PLAN:
            plans[seat] = value
        else:
            others[key] = value
    if step["battle"] is None:
        return next_battle(state, rng)
    events, committed = before_plans.carry_out(state, plans, others)
    if committed is None:
        return events
    return events + fight(state, committed, rng) + next_battle(state, rng)


def done(state: State) -> bool:
    return state["step"]["done"]


# --- which battles (X.A)
def regions(state: State, territory: str) -> list[list[int]]:
    """The parts of a territory the storm does not separate (X.A.2.a; WBC lines 1118, 1244),
    each a list of sectors; the whole territory when the storm is elsewhere.  A place of the
    board layer lies in no sector: one part, ``[0]`` (001 2.07.18)."""
    parts: list[list[int]] = []
    for sector in layer.board(state)[territory].sectors or (0,):
        part = next((p for p in parts if not separated_by_storm(state, territory, p[0], sector)),
                    None)
        if part is None:
            parts.append([sector])
        else:
            part.append(sector)
    return parts


def forces_in(state: State, seat: str, territory: str, sectors: list[int]) -> Counts:
    """A faction's forces in some sectors of a territory."""
    found: Counts = {}
    for sector, by_faction in forces_at(state, territory).items():
        if seat in by_faction and int(sector) in sectors:
            add(found, by_faction[seat])
    return found


def fighters(state: State, territory: str, sectors: list[int]) -> list[str]:
    """The factions that may fight in a part of a territory, in seat order (coexisting Bene
    Gesserit do not, XV.B.4); a face-down token standing for its owner's forces brings them
    in (``tokens.occupying``: a No-Field, 001 2.10.12, 2.10.17)."""
    here = {seat for sector, by_faction in forces_at(state, territory).items()
            if int(sector) in sectors for seat in by_faction}
    hidden = {token["owner"] for token in tokens.occupying(state, territory)
              if token["sector"] in sectors}
    return [seat for seat in present(state, territory)
            if seat in here or seat in hidden]


def present(state: State, territory: str) -> list[str]:
    """The occupants of a territory (``occupants``) and the owners of the face-down tokens
    there that stand for forces (``tokens.occupying``), in seat order."""
    found = occupants(state, territory)
    covering = tokens.occupying(state, territory)
    if not covering:
        return found
    owners = {token["owner"] for token in covering}
    if owners.issubset(found):
        return found
    return [seat for seat in state["seats"] if seat in found or seat in owners]


def options(state: State, seat: str) -> list[tuple[str, list[int], str]]:
    """The battles ``seat`` will fight as aggressor, as they stand: (territory, sectors,
    opponent) in board order, opponents in storm order.  Only opponents still to be aggressors
    after it: the earlier ones fought it in their own turn (X.A.3)."""
    return all_options(state).get(seat, [])


def all_options(state: State) -> dict[str, list[tuple[str, list[int], str]]]:
    """``options`` of every aggressor still in the queue, found in one pass over the
    territories where forces are (issue 20: not each aggressor's over the whole board).  Where
    a faction co-occupies a territory (``variants.co_occupier``: 001 4.03.07.12 B, "regardless
    of Storm Order or Battle Determination you can not battle in this TERRITORY until there are
    no other Forces to choose from"), its battles there wait for the others' there, each then
    fought as the other's, it defending (ruling)."""
    queue = state["step"]["queue"]
    found: dict[str, list[tuple[str, list[int], str]]] = {seat: [] for seat in queue}
    forces = state["forces"]
    beside = factions.in_play(state, "fights_beside")     # 001 2.11.19: Ecaz and their ally
    hidden = tokens.occupied(state)       # where a token stands for forces (``present``)

    def foes(here: list[str], seat: str, among: list[str]) -> list[str]:
        return [other for other in among
                if other in here and other not in ally_of(state, seat)
                and not any(power.fights_beside(state, here, seat, other) for power in beside)]
    board = layer.board(state)
    # X.A.2.b; one faction in one sector (most territories) asks no more
    contested = [name for name, by_sector in forces.items()
                 if (len(by_sector) > 1 or name in hidden
                     or len(next(iter(by_sector.values()), ())) > 1)
                 and name != POLAR_SINK and name in board      # the board's: a call, after
                 and len(present(state, name) if name in hidden else occupants(state, name)) > 1]
    if len(contested) > 1:                      # in board order: where forces are, not all
        contested.sort(key=[territory.name for territory in board.territories].index)
    for name in contested:
        last = variants.co_occupier(state, name)
        for sectors in regions(state, name):
            here = fighters(state, name, sectors)
            waits = last if last in here else None
            others = False
            for index, seat in enumerate(queue):
                if seat in here and seat != waits:
                    opponents = foes(here, seat, [o for o in queue[index + 1:] if o != waits])
                    found[seat] += [(name, sectors, other) for other in opponents]
                    others = others or bool(opponents)
            if waits is not None and not others:            # 001 4.03.07.12 B
                for seat in queue:
                    if seat in here and seat != waits and foes(here, seat, [waits]):
                        found[seat].append((name, sectors, waits))
    return found


def waiting_for_order(state: State, found: dict[str, list] | None = None) -> list[str]:
    """The aggressors to come with a choice of battles who have not given their order
    (``found``: ``all_options`` of the state, where the caller has it)."""
    step = state["step"]
    found = all_options(state) if found is None else found
    return [seat for seat in step["queue"]
            if seat not in step["asked"] and len(found[seat]) > 1]


def next_battle(state: State, rng: random.Random) -> list[Event]:
    """The next battle: the current aggressor's first by his order; or nobody's, while he has
    a choice to make; the round is over when no aggressor has a battle left.  The variants'
    rules before its plans (``variants.battle_opened``: 001 4.07.15.06) follow its opening."""
    step = state["step"]
    step["battle"] = None
    # Found once (issue 20): an aggressor's battles are with those after him in the queue, so
    # taking off its head, who has none, leaves every other aggressor's as they were.
    every = all_options(state)
    while step["queue"]:
        aggressor = step["queue"][0]
        found = every.get(aggressor, [])
        if not found:
            step["queue"].pop(0)
            continue
        if aggressor in waiting_for_order(state, every):
            return []
        territory, sectors, defender = chosen(found, step["orders"].get(aggressor, []))
        step["battle"] = {"territory": territory, "sectors": sectors, "aggressor": aggressor,
                          "defender": defender, **before_plans.fresh()}
        step["plans"], step["answer"] = {}, None
        events = [Event(EventCode.BATTLE, {"territory": territory, "aggressor": aggressor,
                                           "defender": defender,
                                           "sectors": part_of(state, territory, sectors)})]
        powers = [e for f in factions.in_play(state, "battle_opened")
                  for e in f.battle_opened(state)]
        if powers and {aggressor, defender} - set(fighters(state, territory, sectors)):
            return events + powers + next_battle(state, rng)    # ended (001 2.12.14.03 B)
        return events + powers + variants.battle_opened(state, rng)
    step["done"] = True
    return []


def later_battles(state: State) -> list[tuple[str, list[int], str, str]]:
    """The battles of the round after the one under way, as the position stands (forces in
    place): (territory, sectors, aggressor, defender), the current aggressor's others first,
    each aggressor's by his order (X.A.3-4).  Earlier battles may yet remove some of them."""
    step = state["step"]
    if step["done"]:
        return []
    current = step["battle"]
    found = []
    for aggressor in step["queue"]:
        rest = [option for option in options(state, aggressor)
                if not (current and aggressor == current["aggressor"]
                        and option == (current["territory"], current["sectors"],
                                       current["defender"]))]
        while rest:
            territory, sectors, defender = chosen(rest, step["orders"].get(aggressor, []))
            rest.remove((territory, sectors, defender))
            found.append((territory, sectors, aggressor, defender))
    return found


def opened(state: State, aggressor: str, territory: str, defender: str) -> State | None:
    """A copy of the game with the given battle the one under way, opened as ``next_battle``
    opens it; None if it would not open so."""
    trial = copy_state(state)
    step = trial["step"]
    step["queue"] = step["queue"][step["queue"].index(aggressor):]
    step["orders"][aggressor] = [[territory, defender]]
    step["asked"] = [*step["asked"], aggressor]
    token_triggers.trial(trial)             # no face-down token springs on a trial
    next_battle(trial, random.Random(0))    # a trial: what it draws is thrown away with it
    battle = step["battle"]
    if battle is None or (battle["territory"], battle["aggressor"], battle["defender"]) != (
            territory, aggressor, defender):
        return None
    return trial


def chosen(found: list[tuple[str, list[int], str]], order: list[list[str | None]]
           ) -> tuple[str, list[int], str]:
    """The first battle by the aggressor's order (X.A.3-4); those it does not name come after,
    as found."""
    def rank(option: tuple[str, list[int], str]) -> int:
        territory, _, opponent = option
        return next((i for i, (t, o) in enumerate(order)
                     if t == territory and o in (None, opponent)), len(order))
    return min(found, key=rank)


def part_of(state: State, territory: str, sectors: list[int]) -> list[int]:
    """The sectors of a battle when the storm splits its territory, else [] (the whole)."""
    return [] if len(sectors) == len(layer.board(state)[territory].sectors or (0,)) else list(
        sectors)


# --- fighting a battle
def fight(state: State, plans: dict[str, dict[str, Any]], rng: random.Random) -> list[Event]:
    """The plans corrected and revealed (X.B.4), the battle resolved (X.C-D; XXII)."""
    step = state["step"]
    battle = step["battle"]
    aggressor, defender = battle["aggressor"], battle["defender"]
    leaderless = before_plans.leaderless(plans)
    events: list[Event] = before_plans.at_reveal(state, plans)
    sides = {}
    for seat in (aggressor, defender):
        sides[seat] = battle_plan.side_of_state(state, seat)
        plans[seat], corrections = battle_plan.correct(sides[seat], plans[seat], leaderless,
                                                         rng)
        if corrections:
            events.append(Event(EventCode.PLAN_CORRECTED, {"faction": seat,
                                                           "corrections": corrections}))
    events.append(Event(EventCode.BATTLE_PLANS, {
        "territory": battle["territory"],
        "plans": {seat: battle_plan.revealed(plans[seat]) for seat in (aggressor, defender)}}))
    events += _cibus_hoods(state, plans)                # 001 3.09.02: before all else
    variants.at_reveal(state, battle["territory"], plans)     # 001 4.04.04.03-04
    events += standing_cards.at_reveal(state, plans)   # 003 "Changed Treachery Cards"
    events += _portable_snoopers(state, plans)          # 001 3.03.08
    events += battle_karama.at_resolution(state, plans)     # 001 1.14.12 (A)
    events += special_battle.at_reveal(state, plans)        # 001 3.04.04: Reinforcements
    for power in factions.in_play(state, "partner_strength"):       # 001 2.11.20
        events += power.partner_strength(state, plans)
    undialed = ({seat: 0 if special_battle.withdraws(state, plan)     # 001 3.04.02
                 else sides[seat].strength.count - total(_winner_losses(sides[seat], plan))
                 for seat, plan in plans.items()}                   # 001 3.03.11
                if any(_burner(state, plan) for plan in plans.values()) else None)
    first = next(seat for seat in storm_order(state) if seat in plans)     # 001 3.03.12
    if _juice(state, defender, plans[defender]):    # 001 3.03.03: "considered the aggressor"
        events.append(Event(EventCode.JUICE_OF_SAPHO, {"faction": defender}))
        aggressor, defender = defender, aggressor
    callable_ = {seat: {} if variants.traitors_barred(state, battle["territory"], seat)
                 else traitors_for(state, seat) for seat in plans}          # 001 4.10.02
    events += variants.traitors_cancelled(state, plans, callable_, rng)    # 001 4.03.07.06
    outcome = combat.resolve(data(state), aggressor, defender, plans,
                             {seat: set(found) for seat, found in callable_.items()},
                             undialed, first)
    events += _settle(state, battle, plans, sides, outcome, rng)
    back_in_pool = (outcome.winner if outcome.kind == "traitor"
                    and rules_of(state).traitor_callers_leader_back_in_pool else None)
    for seat, plan in plans.items():
        if _hologram(state, seat, plan, outcome):                   # 001 3.07.06
            events.append(Event(EventCode.LEADER_BACK_IN_POOL, {
                "faction": seat, "leader": plan["leader"], "card": plan["defense"]}))
        elif plan["leader"] and seat != back_in_pool:
            step["fought"].setdefault(seat, {})[plan["leader"]] = battle["territory"]
        if plan["kh"]:
            step["kh_used"] = True
            if factions.power(seat, state).kwisatz_haderach_per_territory:
                step["kh_territory"] = battle["territory"]
    return events


def _cibus_hoods(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """001 3.09.02, the Cibus Hood: "Play during Revealing Wheels, you may add your leader
    currently in battle to your leader pool, then replace it with a leader you have available
    to you.  You can not play this card after a Traitor has been revealed.  Discard after use."
    By mail the plan's line ``CIBUS HOOD <leader>`` plays it as the plans are revealed, before
    any traitor is (so a traitor is called on the leader who then fights, ruling); the leader
    named, still free to fight here, takes the place of the plan's leader, who goes back to the
    pool (free to fight again this turn); with no leader in the plan (a Cheap Hero) or the card
    gone it is not played."""
    deck, events = data(state), []
    for seat, plan in plans.items():
        name = plan.get("hood")
        if not name or not plan["leader"] or name == plan["leader"]:
            continue
        side = battle_plan.side_of_state(state, seat)
        card = next((c for c in state["factions"][seat]["hand"]
                     if Effect.SWAPS_LEADER in deck.treachery_card(c).effects), None)
        if card is None or name not in side.leaders:
            continue
        state["factions"][seat]["hand"].remove(card)
        discard(state, seat, card)
        events.append(Event(EventCode.CIBUS_HOOD, {"faction": seat, "card": deck.treachery_card(
            card).name, "leader": plan["leader"], "replacement": name}))
        plan["leader"] = name
    return events


def _forced_on_loser(state: State, winner: str, loser: str, plan: dict[str, Any],
                     rng: random.Random) -> list[Event]:
    """001 3.06.04, the Orange Catholic Bible: "When you win a battle with this card Revealed
    in the battle plan you may force it into your opponents hand, if their hand is full they
    must first discard one card of their choice."  Rulings: by mail the winner forces it
    unless its plan names it to DISCARD (no choice is asked: keeping a card only a plan may
    discard is never better); the loser's full hand discards a card at random (its choice would
    cost the others a mail round; as the Butlerian Jihad's, 3.05.02); public."""
    hand = state["factions"][winner]["hand"]
    deck = data(state)
    card = next((c for c in hand if deck.treachery_card(c).name in (plan["weapon"],
                                                                     plan["defense"])
                 and Effect.FORCED_ON_LOSER in deck.treachery_card(c).effects), None)
    if card is None:
        return []
    hand.remove(card)
    events = [Event(EventCode.FORCED_ON_LOSER, {"faction": winner, "card": deck.treachery_card(
        card).name, "loser": loser})]
    return events + factions.card_given(state, loser, card, rng, "3.06.04")


def _hologram(state: State, seat: str, plan: dict[str, Any], outcome: combat.Outcome) -> bool:
    """001 3.07.06, the Shield Hologram: "If your leader survived and they belong to your
    faction you may add them to your Leader Pool": free to fight again this round.  Rulings:
    by mail always taken (it only frees the leader, so no choice is asked); "your faction"'s
    leaders are those of its own pool, a Ghola too, not one captured or lent."""
    defense = plan["defense"]
    return (bool(plan["leader"]) and defense is not None
            and Effect.RETURNS_OWN_LEADER in data(state).card_named(defense).effects
            and outcome.kind in ("battle", "traitor")
            and seat not in outcome.killed and seat not in outcome.killed_after
            and state["factions"][seat]["leaders"].get(plan["leader"]) in (ALIVE, GHOLA))


def _juice(state: State, seat: str, plan: dict[str, Any]) -> bool:
    """A defender's plan saying JUICE OF SAPHO, with the card in hand: the card played and
    discarded (001 3.03.03: "Play this card to be considered the aggressor in a battle")."""
    if not plan.get("juice"):
        return False
    hand = state["factions"][seat]["hand"]
    card = next((c for c in hand
                 if Effect.MAKES_AGGRESSOR in data(state).treachery_card(c).effects), None)
    if card is None:
        return False
    hand.remove(card)
    discard(state, seat, card)
    return True


def _burner(state: State, plan: dict[str, Any]) -> bool:
    """Whether a plan plays a weapon that counts the undialed forces (the Stone Burner)."""
    return bool(plan["weapon"]) and (
        Effect.UNDIALED_DECIDE in data(state).card_named(plan["weapon"]).effects
        or Effect.MIRRORS_WEAPON in data(state).card_named(plan["weapon"]).effects)


def _portable_snoopers(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """001 3.03.08: a Portable Snooper "Play during Revealing Wheels, only if you did not play a
    defense": by mail the plan's standing line ``PORTABLE SNOOPER`` plays it when the plan has
    no defense (a worthless card beside a weapon is one) and the other side's poison weapon
    would kill, which it then stops; it is the plan's defense, discarded after use.  A card in
    the defense place that counts as no defense (001 3.04.02, .04) does not bar it: it moves
    beside the plan (its ``neither`` place), where it still acts and is discarded."""
    deck, events = data(state), []
    for seat, plan in plans.items():
        weapon = next(p for s, p in plans.items() if s != seat)["weapon"]
        if not plan.get("portable") or combat.counts(deck, plan["defense"]) or weapon is None:
            continue
        name = next((deck.treachery_card(c).name for c in state["factions"][seat]["hand"]
                     if deck.treachery_card(c).type is CardType.PORTABLE_SNOOPER), None)
        if (name is None or Effect.STOPPED_BY_SNOOPER not in deck.card_named(weapon).effects
                or not combat.kills(deck, weapon, None) or combat.kills(deck, weapon, name)):
            continue
        if plan["defense"]:
            plan["neither"] = plan["defense"]                           # 001 3.04.02, .04
        plan["defense"] = name
        events.append(Event(EventCode.PORTABLE_SNOOPER, {"faction": seat, "card": name}))
    return events


def traitors_for(state: State, seat: str) -> dict[str, str]:
    """The leaders ``seat`` may call as traitors, each with the faction holding him: its own,
    and those the factions in play put in its pay (``Faction.traitors_for``: the Harkonnen's
    when allied to them, line 888; its leaders the Harkonnen hold, line 884; WBC X, line
    1266)."""
    found: dict[str, str] = {}
    for faction in factions.in_play(state, "traitors_for"):
        found |= faction.traitors_for(state, seat)
    return found | dict.fromkeys(state["factions"][seat]["traitors"], seat)


def _settle(state: State, battle: dict[str, Any], plans: dict[str, dict[str, Any]],
            sides: dict[str, battle_plan.Side], outcome: combat.Outcome, rng: random.Random
            ) -> list[Event]:
    """The outcome applied: leaders, spice, forces and cards; the factions' powers after the
    battle (the Harkonnen's capture); the combatants now the last to have used the wheels
    (000 VI.B); the forces lost counted (the Atreides' towards the Kwisatz Haderach)."""
    territory = battle["territory"]
    events = _announce(state, battle, plans, outcome)
    dialed = {seat: factions.dialer(state, seat, battle) for seat in plans}     # 001 2.11.20
    events += special_battle.withdraw(       # 001 3.04.02: at the reveal, before an explosion
        state, territory, battle["sectors"], plans, outcome.callers,
        lambda seat: _winner_losses(sides[seat], plans[seat]))
    lost: dict[str, int] = {}
    taken: dict[str, Counts] = {}                   # each side's forces lost, per kind
    if outcome.kind == "explosion":
        lost = _explosion(state, territory, events)
    for seat in outcome.killed:
        events += _leader_dies(state, seat, plans[seat], outcome.kind == "explosion")
    winner, loser = outcome.winner, outcome.loser
    if outcome.kind in ("battle", "traitor") and not outcome.no_leader_spice:
        rates = dict(outcome.leader_spice)      # 001 3.06.02-03, 3.08.07, 3.09.05
        prize = sum(rates.get(s, 1) * combat.leader_value(
                        data(state), {**plans[s], "kh": False},
                        plans[next(o for o in plans if o != s)])
                    for s in (*outcome.killed, *(p for p in outcome.probed if p == loser)))
        if prize:
            state["factions"][winner]["spice"] += prize
            events.append(Event(EventCode.LEADER_SPICE, {"faction": winner, "spice": prize}))
    beaten = {"battle": [loser], "traitor": [loser], "traitors": list(plans)}.get(outcome.kind, [])
    if outcome.leaders_decided:             # 001 3.03.12: "returns all ... Forces to Reserves"
        events += _home(state, dialed[loser], territory, battle["sectors"])
        beaten = []
    for seat in map(dialed.get, beaten):
        mix = forces_in(state, seat, territory, battle["sectors"])
        lost[seat] = lost.get(seat, 0) + total(mix)
        events += _lose(state, seat, territory, battle["sectors"], mix, taken)
    played, forced = battle_karama.winner_cards(state, plans, outcome)    # 001 1.14.13 (A)
    events += played
    for seat in plans:
        keep = seat == winner and outcome.kind in ("battle", "traitor")
        plan = plans[seat]
        if forced and seat == winner:
            plan, keep = forced
        used = outcome.kind == "battle" and seat not in outcome.withheld
        unanswered = not any(combat.counts(data(state), plans[other]["weapon"])  # 001 3.04.02
                             for other in plans if other != seat)
        one = (seat == loser and winner is not None and outcome.kind in ("battle", "traitor")
               and (any(f.loser_keeps_one(state, seat) for f in factions.in_play(
                   state, "loser_keeps_one")) or variants.loser_keeps_one(state, seat)))
        events += _cards_after(state, seat, plan, keep, outcome.kind == "traitor", used,
                               unanswered, one)
    if winner is not None and loser is not None:
        events += _forced_on_loser(state, winner, loser, plans[winner], rng)   # 001 3.06.04
    if outcome.kind == "battle" and not outcome.leaders_decided:   # 001 3.03.12: none lost
        mix = _winner_losses(sides[winner], plans[winner])
        lost[dialed[winner]] = lost.get(dialed[winner], 0) + total(mix)
        events += _lose(state, dialed[winner], territory, battle["sectors"], mix, taken)
    for faction in factions.in_play(state, "after_losses"):
        events += faction.after_losses(state, territory, battle["sectors"], taken)
    events += variants.battle_over(state, territory, winner, plans, taken, rng, lambda seat: total(
        _winner_losses(sides[seat], plans[seat])))          # 001 4.06.07.02: undialed forces
    for seat in plans:
        if plans[seat]["spice"] and not (outcome.kind == "traitor" and seat == winner
                                         or outcome.leaders_decided):     # 001 3.03.12
            paid, funded = _battle_spice(state, seat, territory, plans[seat]["spice"])
            events += paid
            for faction in factions.in_play(state, "battle_spice"):    # 001 2.09.21: CHOAM
                events += faction.battle_spice(state, seat, plans[seat]["spice"] - funded)
    for seat in outcome.killed_after:       # 003 "Changed Treachery Cards": the Semuta Drug
        events += _leader_dies(state, seat, plans[seat], False)
    for faction in factions.in_play(state, "after_battle"):
        events += faction.after_battle(state, winner, loser, plans, territory, rng)
    for faction in factions.in_play(state, "battle_decided"):    # 001 2.12.20-21
        events += faction.battle_decided(state, outcome, plans)
    if outcome.kind in ("battle", "traitor"):               # a faction defeated (001 4.05.02)
        events += variants.battle_won(state, winner, loser, plans, rng)
    state["storm"]["dialers"] = [battle["aggressor"], battle["defender"]]       # 000 VI.B
    for faction in factions.in_play(state, "battle_losses"):
        events += faction.battle_losses(state, lost)
    for seat in main_leaders.falling(state):       # 003 "Main Leaders": all six in the tanks
        events += dropout.knock_out(state, seat)
    return events


def _battle_spice(state: State, seat: str, territory: str, spice: int
                  ) -> tuple[list[Event], int]:
    """The spice backing a combatant's forces paid (XXII.A.2), the bank paying its part where
    a variant says so (001 4.04.04.02, the Arrakeen stronghold card), another faction the part
    its power pays (``Faction.battle_support``: CHOAM for its ally, 001 2.09.16); with what
    the other factions paid."""
    bank = min(spice, variants.battle_spice_help(state, seat, territory))
    rest, others, funded = spice - bank, [], 0
    for faction in factions.in_play(state, "battle_support"):
        part = min(rest, faction.battle_support(state, seat))
        if part:
            others += faction.battle_supported(state, seat, part)
            rest, funded = rest - part, funded + part
    state["factions"][seat]["spice"] -= rest
    events = [Event(EventCode.BATTLE_SPICE, {"faction": seat, "spice": rest}), *others,
              *variants.paid(state, seat, None, rest)]
    if bank:
        events.append(Event(EventCode.STRONGHOLD_CARD_PAYS, {"faction": seat,
                                                             "card": territory, "spice": bank}))
    return events, funded


def _announce(state: State, battle: dict[str, Any], plans: dict[str, dict[str, Any]],
              outcome: combat.Outcome) -> list[Event]:
    """The public word on how the battle ended."""
    events = []
    for caller in outcome.callers:
        other = next(s for s in plans if s != caller)
        card = combat.matched(plans[other])                 # a leader, or 001 4.09.02
        holder = traitors_for(state, caller)[card]
        events.append(Event(EventCode.TRAITOR_CALLED, {"faction": caller, "leader": card,
                                                       "holder": holder}))
    for seat in outcome.withheld:                        # 001 3.02.09
        events.append(Event(EventCode.WEAPON_WITHHELD, {"faction": seat,
                                                        "card": plans[seat]["weapon"]}))
    events.append(Event(EventCode.BATTLE_RESULT, {
        "territory": battle["territory"], "kind": outcome.kind, "winner": outcome.winner,
        "loser": outcome.loser, "totals": dict(outcome.totals)}))
    return events


def _explosion(state: State, territory: str, events: list[Event]) -> dict[str, int]:
    """Every force and all the spice of the territory lost (player aid A.5); the forces each
    faction lost."""
    lost: dict[str, int] = {}
    places = {territory: list(layer.board(state)[territory].sectors or (0,))}
    for power in factions.in_play(state, "swept"):      # 001 2.11.10: an Ambassador
        events += power.swept(state, places, "explosion")
    for sector, by_faction in list(forces_at(state, territory).items()):
        for seat, counts in list(by_faction.items()):
            counts = variants.explosion_losses(state, territory, seat, dict(counts))  # 4.10.12.07
            remove_forces(state, seat, territory, int(sector), counts)
            to_tanks(state, seat, counts)
            lost[seat] = lost.get(seat, 0) + total(counts)
    spice = state["spice"].pop(territory, 0)
    events.append(Event(EventCode.EXPLOSION, {"territory": territory, "forces": lost,
                                              "spice": spice}))
    return lost


def _leader_dies(state: State, seat: str, plan: dict[str, Any], explosion: bool
                 ) -> list[Event]:
    """A killed leader to the tanks (X.C.4), his owner's when the Harkonnen held him (line
    884, ``Faction.captive_killed``) or his owner lent him (001 2.09.21 (B)); the Kwisatz
    Haderach with him in an explosion (line 762: it "can only be killed if blown up")."""
    events = []
    name = plan["leader"]
    owner = factions.power(seat, state).captive_killed(state, name) if name else None
    lender = factions.lent_to(state, seat).get(name) if name else None
    if lender:                          # 001 2.09.21 (B): a lent leader to his owner's tanks
        state["factions"][lender]["leaders"][name] = "tanks"
        owner = lender
    if owner:
        events.append(Event(EventCode.LEADER_KILLED, {"faction": owner, "leader": name}))
    elif name:
        state["factions"][seat]["leaders"][name] = "tanks"
        events.append(Event(EventCode.LEADER_KILLED, {"faction": seat, "leader": name}))
    if plan["kh"] and explosion:
        state["factions"][seat]["kwisatz_haderach"]["tanks"] = True
        events.append(Event(EventCode.LEADER_KILLED, {"faction": seat,
                                                      "leader": "Kwisatz Haderach"}))
    return events


def _lose(state: State, seat: str, territory: str, sectors: list[int], mix: Counts,
          taken: dict[str, Counts]) -> list[Event]:
    """Forces of a faction to the tanks from a part of a territory, sector by sector (counted
    in ``taken``)."""
    if not mix:
        return []
    add(taken.setdefault(seat, {}), mix)
    events = [Event(EventCode.BATTLE_LOSSES, {"faction": seat, "territory": territory,
                                              "forces": dict(mix)})]
    to_tanks(state, seat, mix)
    for sector, taken in spread(mix, [(sector, forces_in(state, seat, territory, [sector]))
                                      for sector in sectors]):
        remove_forces(state, seat, territory, sector, taken)
    return events


def _home(state: State, seat: str, territory: str, sectors: list[int]) -> list[Event]:
    """An Amtal's loser: its forces in the battle back to its reserves, not the tanks (001
    3.03.12)."""
    mix = forces_in(state, seat, territory, sectors)
    if not mix:
        return []
    for sector in sectors:
        here = forces_in(state, seat, territory, [sector])
        if here:
            remove_forces(state, seat, territory, sector, here)
    add(state["factions"][seat]["reserve"], mix)
    return [Event(EventCode.FORCES_SENT_HOME, {"faction": seat, "territory": territory,
                                               "forces": dict(mix)})]


def _winner_losses(side: battle_plan.Side, plan: dict[str, Any]) -> Counts:
    """The forces the winner loses: worth his dial with his spice (X.C.6; XXII.C), his own mix
    if he named one that agrees."""
    options_ = side.strength.losses(plan["dial"], plan["spice"])
    named = plan["lose"] or None
    return named if named in options_ else side.strength.default_losses(options_)


def _cards_after(state: State, seat: str, plan: dict[str, Any], keep: bool, traitor: bool,
                 used: bool = True, unanswered: bool = False, one: bool = False
                 ) -> list[Event]:
    """The cards played: the loser discards them all (X.C.5, X.D.2), the winner those he
    chose (X.C.6) and those the game's deck discards after use: a cheap hero and a worthless
    card (player aid A.6-7); under GF9 only the cards that say "Discard after use" (001
    1.07.07.06, 3.01.05: the Cheap Hero; a worthless card "can" be discarded, 3.01.02), and
    the winner by a ``traitor`` keeps those too but the ones he names to DISCARD (001
    1.07.07.07.01: "One time use cards may be kept or discarded by the winner"); a weapon that
    may be withheld is discarded once ``used`` (001 3.02.09, the Poison Tooth); under text B a
    Mirror Weapon is kept by a winner whose opponent played no weapon (``unanswered``, 001
    2.10.04).  A loser keeping ``one`` (``Faction.loser_keeps_one``: the Moritani's ally, 001
    2.12.19 A) keeps the first card it could have kept had it won, weapon before defense, but
    one it names to DISCARD."""
    hand = state["factions"][seat]["hand"]
    one_time = traitor and rules_of(state).traitor_winner_keeps_one_time_cards
    gone = []
    for slot in ("cheap_hero", "weapon", "defense", "neither"):
        name = plan.get(slot)
        if name is None:
            continue
        played = data(state).card_named(name)
        spent = used and slot == "weapon" and Effect.MAY_BE_WITHHELD in played.effects
        mirror_kept = (unanswered and Effect.MIRRORS_WEAPON in played.effects
                       and rules_of(state).mirror_kept_unanswered)
        keepable = ((one_time or mirror_kept or Effect.DISCARD_AFTER_PLAY not in played.effects)
                    and name not in plan["discard"] and not spent)
        if keepable and (keep or one):
            one = False
            continue
        card_id = next(c for c in hand if data(state).treachery_card(c).name == name)
        hand.remove(card_id)
        discard(state, seat, card_id)
        gone.append(name)
    return [Event(EventCode.CARDS_DISCARDED, {"faction": seat, "cards": gone})] if gone else []


# --- what every seat sees
def public_battle(state: State) -> dict[str, Any]:
    """The battle round as the table sees it: the battle under way, the aggressors still to
    come, the leaders who fought (and where), whether the Kwisatz Haderach was used."""
    step = state["step"]
    return {"current": dict(step["battle"]) if step["battle"] else None,
            "queue": list(step["queue"]),
            "fought": {seat: dict(where) for seat, where in step["fought"].items()},
            "kh_used": step["kh_used"],
            **({"kh_territory": step["kh_territory"]} if "kh_territory" in step else {})}
