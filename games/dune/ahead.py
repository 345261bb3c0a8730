"""Orders ahead (docs/orders.md, "Orders ahead"; ``pbem.game.OrdersAhead``): the decisions of
the turn still to come that a faction may decide now, and a mail read with them.

Each decision to come is the prompt it will be, worked out on a copy of the game moved to that
round (``_projected``) where the position allows it, and named as it will be named when it
opens (``Prompt.held_as``): its key, or for a card of the bidding round ``bid@<n>:<seat>``, for
a later battle ``battle-plan@<territory>#<opponent>:<seat>`` (``before_plans.named``). Its
template starts with a header line, ``FOR BIDDING`` (a card a faction's power offers as the
round opens, before the deal: the Richese cache's, 001 2.10.06), ``FOR REVIVAL``, ``FOR
MOVEMENT`` (with the Bene Gesserit's declarations), ``FOR CARD 3``, ``FOR OFFER`` (a bid on
the card a faction offers last in the round, ``offers``), ``FOR BATTLE ARRAKEEN``,
``FOR STORM`` (the dial, a storm card, a faction's own decision there), ``FOR NEXUS``, ``FOR
WORM`` (placing a worm, a Karama on it; held for every worm of a spice blow, as the Nexus is:
``again`` in decisions.yaml; under GF9 the Fremen's Karama worm too, once that spice blow): the
lines after a header, to the next header, are orders for that decision where its orders take
their verb (for all the decisions under it: a battle's plan and the seat's Voice or prescience
question there); lines ``ELSE`` alone split them into fallbacks.  A line outside any header
whose verb no open decision takes, and only one decision to come does (``REVIVE``, ``SHIP``),
goes to that decision without one.  The next turn's storm dial may be sent from the battle
round on, its Nexus once this turn's spice blow is over.

Nothing is told that the faction may not know now: a projection is made from the state as it
stands, with no draw from a deck (the cards of a bidding round not dealt yet have no
decisions ahead; later cards of a round under way do, unnamed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pbem.game import NotRead, OrderError, Parsed, Prompt

from . import factions, players
from .cards import move_karama, nexus_cards, storm_cards
from .codes import ErrorCode
from .data import NameLookupError
from .factions import atreides_prescience as prescience
from .factions import bene_gesserit_voice as voice
from .orders import battle_orders
from .orders.language import KINDS, line_words, parse_orders
from .phases import (
    battle,
    before_plans,
    bidding,
    movement,
    nexus,
    offers,
    revival,
    spice_blow,
    storm,
)
from .phases.bidding import PER_CARD
from .prompt_key import PromptKey
from .rules import cite, rules_of
from .state import State, ally_of, copy_state, data, faction_name

ERROR_NOT_NOW = (ErrorCode.NOT_NOW, ErrorCode.NOTHING_TO_DECIDE)
END_OF_TURN = ("end_of_turn", "mentat_pause", "control")    # the rounds of ``phases/victory``


@dataclass(frozen=True)
class Decision:
    """A decision to come: its prompt as the seat will see it, named for orders ahead, its
    header line, and the state its orders are checked against now."""

    prompt: Prompt
    header: str
    state: State


def ahead(state: State, seat: str) -> list[Prompt]:
    """The seat's decisions to come that it may send now (``OrdersAhead``)."""
    return [decision.prompt for decision in decisions(state, seat)]


def decisions(state: State, seat: str) -> list[Decision]:
    """The seat's decisions still to come this turn, and its next storm dial, in turn order."""
    if state["phase"] == "setup" or state["result"] is not None or seat not in state["seats"]:
        return []
    later = _later_phases(state)
    found: list[Decision] = []
    this_turn = _blow_turn(state) == state["turn"]
    if _blow_to_come(state) and this_turn:
        found += _nexus(state, seat) + _worms(state, seat)
    if state["phase"] == "bidding":
        found += _later_cards(state, seat) + _offer_to_come(state, seat)
    if "bidding" in later and factions.power(seat, state).offers(state):
        found += _projected(state, seat, "bidding", bidding, "BIDDING",
                            "your offer of a card as the bidding round opens")
    if "revival" in later:
        found += _projected(state, seat, "revival", revival, "REVIVAL", "your revival")
    if "movement" in later:
        found += _projected(state, seat, "movement", movement, "MOVEMENT",
                            "your shipment and movement")
    elif state["phase"] == "movement":
        found += _turn_to_come(state, seat)
    if state["phase"] == "battle":
        found += _later_battles(state, seat)
    found += _powers_to_come(state, seat, later)
    if _turn_ending(state):
        found += _next_dial(state, seat) + _next_storm_decisions(state, seat)
    found += _storm_cards(state, seat)
    if _blow_to_come(state) and not this_turn:
        found += _nexus(state, seat) + _worms(state, seat)
    return found


def _blow_to_come(state: State) -> bool:
    """Whether a spice blow with worms to deal with is still to come: this turn's, one under
    way (a later worm brings another), or the next turn's (000 VII.D and XII.A: none on turn
    1)."""
    return (_blow_turn(state) > 1
            and (_blow_turn(state) == state["turn"] or state["turn"] < rules_of(state).turns))


def _turn_ending(state: State) -> bool:
    """Whether the next turn's storm and Nexus may be sent now: from the battle round on,
    when a next turn is to come (a dial may come in the last mail of the turn before)."""
    return "battle" not in _later_phases(state) and state["turn"] < rules_of(state).turns


def _later_phases(state: State) -> list[str]:
    """The rounds of this turn after the one under way."""
    phases = rules_of(state).phases
    return list(phases[phases.index(state["phase"]) + 1:])


def _named(prompt: Prompt, key: str, header: str, title: str, state: State) -> Decision:
    """A prompt of a decision to come, under its name, with its header over its template."""
    return Decision(replace(prompt, key=key, title=title,
                            template=f"FOR {header}\n{prompt.template}"), header, state)


def _projected(state: State, seat: str, phase: str, module, header: str,
               title: str) -> list[Decision]:
    """The seat's decisions of a later round as they would open on the position as it stands.
    A turn of shipment and movement is checked now, as the batched mode checks it, only for
    what the others' turns cannot change (``move_orders.check_now``); the Bene Gesserit's
    declarations and advisors, which open the round (000 XV.B.5; WBC line 1305), go with it."""
    trial = copy_state(state)
    trial["phase"], trial["step"] = phase, {}
    module.begin(trial, random.Random(0))        # no deck is drawn from in these rounds
    if phase == "movement":
        opening = [_named(prompt, prompt.key, header,
                          prompt.title or "your coexistence and advisors", trial)
                   for prompt in movement.prompts(trial)
                   if prompt.seat == seat and PromptKey.parse(prompt.key).kind != movement.MOVE]
        if move_karama.free_mover(trial) != seat:    # the Guild keeps its mode's timing
            trial["step"]["mode"] = "batched"
        trial["step"]["opening"] = False
        return opening + [_turn(trial, seat, header, title)]
    own = [_named(prompt, prompt.key, header, title, trial)
           for prompt in module.prompts(trial) if prompt.seat == seat]
    card = nexus_cards.round_prompt(trial, seat) if own else None       # 001 4.03.06
    return own + ([_named(card, card.ahead, header, "playing your Nexus card", trial)]
                  if card else [])


def _powers_to_come(state: State, seat: str, later: list[str]) -> list[Decision]:
    """The faction's own decisions at the end of the turn, War Continues (``Faction.decisions``;
    the other rounds' are projected with their own): the Tleilaxu's Face Dancer replacement at
    the Mentat Pause (001 2.08.08), under a header of the round's name (``FOR MENTAT PAUSE``),
    as they would open on the position as it stands, each named as it is held (``held_as``:
    the Moritani's War Continues apart from their revival round's decision, 001 2.12.08)."""
    power = factions.power(seat, state)
    if type(power).decisions is factions.Faction.decisions:
        return []                               # no power of its own decides in a round
    found = []
    for phase in later:
        if phase not in END_OF_TURN:        # the other rounds' are projected with their own
            continue
        trial = copy_state(state)
        trial["phase"], trial["step"] = phase, {}
        header = phase.replace("_", " ").upper()
        found += [_named(prompt, prompt.held_as, header, prompt.title, trial)
                  for prompt in power.decisions(trial, phase)]
    return found


def _turn_to_come(state: State, seat: str) -> list[Decision]:
    """In the movement round under way, the seat's turn if it is still to come (000 IX.C: in
    storm order; the Bene Gesserit's declarations may come first)."""
    step = state["step"]
    if step["done"] or seat in step["moved"] or any(
            p.seat == seat and p.held_as == f"move:{seat}" for p in movement.prompts(state)):
        return []
    trial = copy_state(state)
    if move_karama.free_mover(trial) != seat:
        trial["step"]["mode"] = "batched"
    trial["step"]["opening"] = False
    return [_turn(trial, seat, "MOVEMENT", "your shipment and movement")]


def _turn(trial: State, seat: str, header: str, title: str) -> Decision:
    """A turn of shipment and movement to come.  The Guild's, sent ahead while it may wait
    for the others (000 Guild shield 5; 001 2.06.13), is played at its first chance: its
    text says so."""
    prompt = movement.turn_prompt(trial, seat)
    step = trial["step"]
    if move_karama.free_mover(trial) == seat and step["mode"] == "sequential":
        first = faction_name(step["queue"][0], trial) if step["queue"] else "anyone"
        legal = prompt.legal + (
            f" Sent ahead, your turn is played at your first chance, before the {first}: you "
            f"give up waiting to see the others move ({cite(trial, '000 Guild shield 5')}); "
            "send nothing for it and you are asked as each faction comes up.")
        prompt = replace(prompt, legal=legal, template=prompt.template,
                         default_text=prompt.default_text)
    return _named(prompt, f"move:{seat}", header, title, trial)


def _later_cards(state: State, seat: str) -> list[Decision]:
    """The seat's bids on the cards of the row after the one up (``per_card``), each checked
    as a bid on the card up is; while a card a faction offers is sold first (``offers``),
    every card of the row, the first as it would come up on the position as it stands."""
    step = state["step"]
    if step.get("row") is None:
        return []
    first = step.get("offer_up") and not step["done"] and bool(step["row"])
    if rules_of(state).bidding != PER_CARD:
        return _row_to_come(state, seat) if first else []
    if first:
        state = copy_state(state)
        del state["step"]["offer_up"], state["step"]["offer"]
        bidding.card_up(state)
        step = state["step"]
    mine = [p for p in bidding.prompts(state) if p.seat == seat and p.kind == "bid"]
    if not mine:
        return []
    up = step["dealt"] - len(step["row"]) + (0 if first else 1)
    return [_named(replace(mine[0], optional=False, legal=(
                f"BID <n> or PASS, read as for card {up} now: the most you will pay for card "
                f"{number} of {step['dealt']} when it comes up, if it does "
                f"({cite(state, '000 VIII.D')})")),
                   f"bid@{number}:{seat}", f"CARD {number}", f"your bid on card {number}", state)
            for number in range(up + 1, step["dealt"] + 1)]


def _row_to_come(state: State, seat: str) -> list[Decision]:
    """In ``whole_round`` bidding, while a card a faction offers is sold first (``offers``;
    the Richese cache's, 001 2.10.06), the seat's bids on the whole row, as they would open on
    the position as it stands (the row laid out on a copy: the prompt names no card), so that
    the row takes no mail round of its own (issue 30)."""
    trial = copy_state(state)
    del trial["step"]["offer_up"], trial["step"]["offer"]
    bidding.lay_out(trial)
    return [_named(prompt, prompt.key, "ROW", "your bids on the row, after the card offered "
                   "first", trial)
            for prompt in bidding.prompts(trial) if prompt.seat == seat and prompt.kind == "bids"]


def _offer_to_come(state: State, seat: str) -> list[Decision]:
    """The seat's bid on the card a faction offers last in the round (``offers``; the
    Richese cache's, 001 2.10.06), while the row is sold before it: checked as a bid on it
    now, read again when it comes up (a bid more than the seat's spice then is refused, and
    its ``ELSE`` taken)."""
    offer = offers.pending(state)
    if offer is None or state["step"].get("offer_up") or offers.offering(state) or not any(
            s == seat for s in offers.bidders(state, bidding.hand_has_room)):
        return []
    prompt = offers.prompt(state, seat)
    return [_named(replace(prompt, optional=False), prompt.held_as, "OFFER",
                   f"your bid on the {offers.public(state)['name']} offered last", state)]


def _later_battles(state: State, seat: str) -> list[Decision]:
    """The seat's decisions in the battles of the round after the one under way (000 X.A.3-4):
    its plan, and its Voice or prescience question where it has one, each on a copy of the
    game with that battle opened (``battle.opened``; the options tell bots that battle, as the
    public view would), under a header ``BATTLE <territory>``,
    with ``AGAINST <faction>`` (the side the seat's side fights) where the seat has decisions
    in two battles of one territory.  A name is one decision: the Tleilaxu's Face Dancer word,
    named after the aggressor (001 2.08.06), is to come once for an aggressor's battles in a
    territory, the first (answered, it stands for the others), and not while one of them is
    under way (that battle's word is open)."""
    found: list[tuple[str, str, Prompt, State]] = []
    current = state["step"]["battle"]
    named = ({p.held_as for p in before_plans.prompts(state, []) if p.seat == seat}
             if current and current["round"] == 1 else set())
    for territory, _, aggressor, defender in battle.later_battles(state):
        trial = battle.opened(state, aggressor, territory, defender)
        mine = [p for p in before_plans.prompts(trial, []) if p.seat == seat] if trial else []
        against = next((s for s in (aggressor, defender)
                        if s != seat and s not in ally_of(state, seat)), defender)
        found += [(territory, against, prompt, trial) for prompt in mine
                  if prompt.ahead and prompt.ahead not in named]
        named.update(prompt.ahead for prompt in mine)
    pairs = {(territory, against) for territory, against, *_ in found}
    twice = {territory for territory, _ in pairs
             if sum(t == territory for t, _ in pairs) > 1}
    decided = []
    for territory, against, prompt, trial in found:
        faction = faction_name(against, state)
        header = f"BATTLE {territory}" + (f" AGAINST {faction}" if territory in twice else "")
        what = {battle_orders.PLAN: "your battle plan", voice.VOICE: "your Voice",
                prescience.PRESCIENCE: "your prescience question"}.get(prompt.kind,
                                                                       prompt.title)
        seen = replace(prompt, options={**prompt.options, "battle": battle.public_battle(trial)})
        decided.append(_named(seen, prompt.ahead, header.upper(),
                              f"{what} in {territory} against the {faction}", trial))
    return decided


def _nexus(state: State, seat: str) -> list[Decision]:
    """The seat's orders for the Nexus at each worm of a spice blow to come (000 VII.B; WBC
    VII.1), this turn's until its spice blow is over, then the next turn's."""
    if rules_of(state).no_alliances or players.in_command(state):
        return []           # 003 "Playing with two or three": the swap is asked at its Nexus
    prompt = nexus.prompt(state, seat, _blow_turn(state))
    card = nexus_cards.nexus_prompt(state, seat, _blow_turn(state))     # 001 4.03.03-05
    return [_named(prompt, prompt.ahead, "NEXUS", _nexus_title(state), state)] + (
        [_named(card, card.ahead, "NEXUS", "your Nexus card after the Nexus", state)]
        if card else [])


def _nexus_title(state: State) -> str:
    """When the Nexus to come is held, as the ruleset has it: after each pile that turned a
    worm (GF9, 001 1.02.07, 1.13.03.02), at each worm (WBC VII.1), or at the first worm of
    each pile (000 VII.B)."""
    rules = rules_of(state)
    if rules.nexus_after_each_pile:
        return "the Nexus after a spice blow pile that turns a worm"
    if rules.nexus_at_end_of_blow:
        return "the Nexus at the end of the spice blow, if a worm appears"
    if rules.nexus_on_every_worm:
        return "the Nexus at each worm"
    return "the Nexus at the first worm of each pile"


def _blow_turn(state: State) -> int:
    """The turn of the next spice blow: this one's until its spice blow is over."""
    later = _later_phases(state)
    return state["turn"] + (0 if "spice_blow" in later or state["phase"] == "spice_blow" else 1)


def _worms(state: State, seat: str) -> list[Decision]:
    """The seat's orders at each worm of the spice blow to come (000 XV line 996; WBC VII.2
    and line 1404): where the Fremen send an additional worm, a Karama on the Fremen's
    worm."""
    titles = {"worm-placement": "where you send each additional worm",
              "worm-karama": "a Karama on each worm the Fremen control",
              "worm-summon": "your Karama worm (001 1.14.04)"}
    return [_named(prompt, prompt.ahead, "WORM", titles[prompt.kind], state)
            for prompt in spice_blow.worm_orders(state, seat, _blow_turn(state))]


def _storm_cards(state: State, seat: str) -> list[Decision]:
    """Weather Control and Family Atomics at the next turn's storm, for their holder as the
    position stands (``storm_cards.holder``), once this turn's storm is over."""
    if state["phase"] == "storm" or state["turn"] >= rules_of(state).turns:
        return []
    following = copy_state(state)
    following["turn"] += 1
    cards = [card for card in (storm_cards.WEATHER, storm_cards.ATOMICS)
             if storm_cards.holder(following, card) == seat]
    if not cards:
        return []
    prompt = storm_cards.prompt(following, seat, cards, "instead of the dials")
    names = {storm_cards.WEATHER: "Weather Control", storm_cards.ATOMICS: "Family Atomics"}
    title = f"your {' and '.join(names[card] for card in cards)} next turn"   # only its own
    return [_named(prompt, prompt.ahead, "STORM", title, state)]


def _next_dial(state: State, seat: str) -> list[Decision]:
    """The next turn's storm dial, for the factions that may dial it (000 VI.B: the last to
    have used the wheels): the dialers as they stand and, in the battle round, the combatants
    of the battle under way and of those to come (each battle's pair use the wheels)."""
    dialers = set(state["storm"]["dialers"])
    if state["phase"] == "battle":
        current = state["step"]["battle"]
        dialers |= {current["aggressor"], current["defender"]} if current else set()
        dialers |= {s for _, _, *pair in battle.later_battles(state) for s in pair}
    if seat not in dialers:
        return []
    following = copy_state(state)
    following["turn"] += 1
    if not storm.needs_dials(following):
        return []
    return [_named(storm.dial_prompt(seat, rules_of(state).cite("000 VI.B")),
                   f"storm-dial:{seat}", "STORM",
                   "your storm dial next turn", state)]


def _next_storm_decisions(state: State, seat: str) -> list[Decision]:
    """The faction's own decisions of the next storm round (``Faction.decisions``: the
    Ixians' HMS move before the storm, 001 2.07.19), as they would open on the position as it
    stands: the storm has not moved by then."""
    following = copy_state(state)
    following["turn"] += 1
    following["phase"] = "storm"
    following["step"] = {"moved": False, "revealed": False, "decided": [], "control": None}
    return [_named(prompt, prompt.key, "STORM", "your " + prompt.kind.replace("-", " ")
                   + " next turn", state)
            for prompt in factions.power(seat, following).decisions(following, storm.PHASE)]


# --- reading a mail
def parse_mail(state: State, seat: str, text: str, prompts: list[Prompt]) -> Parsed:
    """A seat's mail read against its open decisions and those to come: lines under a
    ``FOR`` header go to that decision where its orders take their verb; other lines to the
    open decisions, or to the one decision to come that takes their verb.  A mail with no
    header whose every line an open decision reads needs no decision to come worked out.

    A header names its decision loosely, as orders name territories (``FOR BATTLE TUEKS
    SIETCH``).  The lines under a header that names no decision to come are refused with it,
    never read as orders for another decision; a header with nothing under it but comments
    (a block of the turn form sent back as it was) leaves its decision to be asked when it
    opens (``Parsed.left``); a header all of whose lines were refused is refused with them."""
    lines = text.splitlines()
    if not any(words and words[0].upper() == "FOR" for words in map(line_words, lines)):
        parsed = parse_orders(state, seat, text, prompts)
        if not any(e.code in ERROR_NOT_NOW for e in parsed.errors):
            return parsed
    coming = decisions(state, seat)
    if not coming:
        return parse_orders(state, seat, text, prompts)
    sections: dict[str, list[int]] = {}
    headed: dict[str, list[int]] = {}         # each decision's header lines
    headers: list[OrderError] = []
    orphans: list[OrderError] = []            # the lines under a header refused
    current: str | None = None
    refused_header: OrderError | None = None
    main: list[int] = []
    for number, line in enumerate(lines, start=1):
        words = line_words(line)
        if words and words[0].upper() == "FOR":
            current = _header(state, words, coming)
            refused_header = None
            if current is None:
                refused_header = OrderError(
                    number, line, ErrorCode.NOT_NOW, "no decision to come by that name; to "
                    "come now: " + ", ".join(f"FOR {d.header}" for d in coming),
                    tuple(f"FOR {d.header}" for d in coming))
                headers.append(refused_header)
            else:
                sections.setdefault(current, [])
                headed.setdefault(current, []).append(number)
            continue
        if refused_header is not None:
            if line.strip() and not line.lstrip().startswith("#"):
                orphans.append(OrderError(
                    number, line, ErrorCode.NOT_FILED, f"not held: the header on line "
                    f"{refused_header.line_no} names no decision to come"))
            continue
        verb = words[0].upper() if words else ""
        owned = {v for d in coming if d.header == current for v in KINDS[d.prompt.kind].verbs}
        if current is not None and (verb in owned or verb == "ELSE"
                                    or not any(verb in k.verbs for k in KINDS.values())):
            sections[current].append(number)
        else:
            main.append(number)             # another decision's verb ends the section's reach
    parsed = parse_orders(state, seat, _only(lines, main), prompts)
    for error in [e for e in parsed.errors if e.code in ERROR_NOT_NOW]:
        taker = _taker(error.line, coming)
        if taker is not None:
            parsed.errors.remove(error)
            sections.setdefault(taker.header, []).append(error.line_no)
    for header in dict.fromkeys(d.header for d in coming):
        numbers = sorted(n for n in sections.get(header, [])
                         if lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#"))
        written = [NotRead(n, lines[n - 1]) for n in headed.get(header, [])]
        if not numbers:
            parsed.left += written            # a block sent back as it was: asked later
            continue
        group = [d for d in coming if d.header == header]          # a battle's plan and Voice
        found = _section(group[0].state, seat, lines, numbers, [d.prompt for d in group])
        parsed.orders += [replace(order, lines=tuple(sorted({*order.lines,
                                                             *headed.get(header, [])})))
                          for order in found.orders]
        parsed.errors += found.errors
        parsed.not_filed += found.not_filed
        parsed.unread += found.unread
        if not found.orders and (found.errors or found.not_filed):
            first = min(found.errors + found.not_filed, key=lambda e: e.line_no)
            parsed.not_filed += [OrderError(n.line_no, n.line, ErrorCode.NOT_FILED,
                                            f"nothing held: line {first.line_no} under it "
                                            "was refused") for n in written]
    parsed.errors = sorted(parsed.errors + headers, key=lambda e: e.line_no)
    parsed.not_filed = sorted(parsed.not_filed + orphans, key=lambda e: e.line_no)
    parsed.unread.sort(key=lambda u: u.line_no)
    return parsed


def _section(state: State, seat: str, lines: list[str], numbers: list[int],
             prompts: list[Prompt]) -> Parsed:
    """The lines under a header read for its decisions.  Lines ``ELSE`` alone split them into
    fallbacks (``pbem.ahead.fallbacks``), each read on its own: a decision's order is its
    first fallback's, held with the lines of all of them and the ``ELSE`` lines between."""
    elses = [n for n in numbers if lines[n - 1].strip().upper() == "ELSE"]
    if not elses:
        return parse_orders(state, seat, _only(lines, numbers), prompts)
    parts = [[n for n in numbers if low < n < high]
             for low, high in zip([0, *elses], [*elses, len(lines) + 1], strict=True)]
    reads = [parse_orders(state, seat, _only(lines, part), prompts) for part in parts]
    parsed = Parsed(errors=[e for r in reads for e in r.errors],
                    not_filed=[e for r in reads for e in r.not_filed],
                    unread=[u for r in reads for u in r.unread])
    free = set(elses)
    for prompt in prompts:
        found = [order for r in reads for order in r.orders if order.prompt == prompt.key]
        if not found:
            continue
        mine = {n for order in found for n in order.lines}
        between = {n for n in free if min(mine) < n < max(mine)}
        free -= between
        parsed.orders.append(replace(found[0], lines=tuple(sorted(mine | between))))
    parsed.unread += [NotRead(n, lines[n - 1]) for n in sorted(free)]
    return parsed


def _header(state: State, words: list[str], coming: list[Decision]) -> str | None:
    """The decision to come a ``FOR`` line names (any case, a colon after it allowed; a
    territory and a faction named loosely, as in orders)."""
    named = " ".join(words[1:]).upper().rstrip(":").strip()
    found = next((d.header for d in coming if d.header == named), None)
    if found is not None or not named.startswith("BATTLE "):
        return found
    where, _, against = named.removeprefix("BATTLE ").partition(" AGAINST ")
    try:
        territory = data(state).board.territory(where.strip()).name.upper()
        faction = data(state).faction(against.strip()).name.upper() if against else ""
    except NameLookupError:
        return None
    exact = f"BATTLE {territory}" + (f" AGAINST {faction}" if faction else "")
    return next((d.header for d in coming if d.header == exact), None)


def _taker(line: str, coming: list[Decision]) -> Decision | None:
    """The one decision to come whose orders start with the line's verb, if just one."""
    words = line_words(line)
    verb = words[0].upper() if words else ""
    takers = [d for d in coming if verb in KINDS[d.prompt.kind].verbs]
    return takers[0] if len(takers) == 1 else None


def _only(lines: list[str], numbers: list[int]) -> str:
    """The mail with only the given lines left (the others blank), so line numbers hold."""
    keep = set(numbers)
    return "\n".join(line if n in keep else "" for n, line in enumerate(lines, start=1))
