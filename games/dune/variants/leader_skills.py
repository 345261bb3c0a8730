"""The leader skill cards (001 4.07; the gf9 ruleset's option ``leader_skills``): two dealt to
each faction at set-up, one kept face up in front of its shield with one of its leaders, who
is a skilled leader for as long as he lives.

The cards lie on the token layer (kind ``leader_skill``, their data in ``data/gf9/tokens.yaml``):
the deck is the cards aside with nobody, face down; a faction's two dealt cards lie behind its
shield face down, seen by it alone; the card kept lies face up in front of its shield, its
record naming its leader (``leader``), for every seat to see.

- The deal (4.07.02): once the starting treachery cards are drawn, before the traitors, in the
  set-up (``dealt``): two each, in seat order, at random from the deck.  The pick (4.07.02-03):
  a set-up decision of every faction dealt cards, in the first set-up round beside the traitor
  pick (``SKILL <skill> FOR <leader>``, secret): the card kept turned face up in front of the
  shield with the leader, the other shuffled back (aside, face down, nobody's).
- Skills work while the skilled leader lives and his card lies face up (4.07.15.01), and in a
  battle unless he is killed in it (4.07.04).  The top half ("passive") works for the card's
  owner while the leader is his own to play (not captured, 4.07.13); the bottom half ("this
  leader in battle") when the leader is the one in a battle plan (4.07.14.03), whoever plays
  him: the Harkonnen playing a captured skilled leader have the bottom half alone (4.07.13).
- A card type a skill names counts only when the card is played as that type (4.07.10): a
  weapon slot's card counts as a poison weapon when a Snooper (or an antidote, or either
  defense) stops it, as a projectile weapon when a Shield (or either defense) stops it; a
  defense slot's card as a poison defense when it stops poison, a projectile defense when it
  stops projectiles.  So Chemistry played as a weapon is a poison weapon, as a defense a poison
  defense (4.07.10's example); Weirding Way likewise for projectiles.
- The disc bonuses (``at_reveal``; ``combat.leader_value`` adds the plan's ``leader_bonus``):
  Killer Medic (4.07.15.04, a poison defense), Master of Assassins (.05, a poison weapon), Prana
  Bindu Adept (.08, a projectile defense), Swordmaster of Ginaz (.14, a projectile weapon),
  Warmaster (.15, a Worthless card in the plan): +3 to the skilled leader's disc in battle
  (bottom), +1 to the owner's other leader's disc (top).
- Smuggler (4.07.15.11): a shipment of its owner from off-planet into an empty territory brings
  one force more, free (top, ``shipped``); its skilled leader in a battle takes a spice of the
  territory for each point of his strength (bottom, ``battle_over``).
- Suk Graduate (4.07.15.13, ``battle_over``): its owner winning a battle and losing forces
  sends one of them to its reserve instead of the tanks (top); with the skilled leader in the
  battle it saves up to three more, one left in the territory, the rest to the reserve
  (bottom).
- A skilled leader killed (4.07.11): his card goes back into the deck (``battle_over`` after a
  battle, and at every phase's end for a leader killed otherwise).
- A faction without a skill that may revive a leader (4.07.12, rules version 7): two cards drawn
  when the revival round opens (``revival_opens``, ``draw``), behind its shield face down, and a
  decision beside its revival order (``SKILL <skill>``, kind ``skill-draw``); the card named
  kept with the leader it revives at the round's end (``drawn_kept``), both back if none.
- The seven skills rules version 7 adds (Bureaucrat, Diplomat, Mentat, Planetologist, Rihani
  Decipherer, Sandmaster, Spice Banker): ``skill_powers``.

Rulings (docs/rules-coverage.md, "001 4.07"):

- By mail the battle plans are secret until revealed, so the choice of 4.07.05 (leaving the
  skilled leader in front of the shield or taking him behind it) hides nothing: he counts as
  left in front unless he is the plan's leader (4.07.08: the top half then works).
- Both halves of a skill apply when the skilled leader fights (4.07.06: the top "still in
  effect", the bottom "also"); a "may" that can only help (Suk Graduate's saves) is taken.
- The deck (``data/gf9/tokens.yaml``) holds the fourteen skills under rules version 7, the seven
  of version 6 in a game dealt then (``Rules.whole_skill_deck``); while it holds fewer than two
  cards a faction, each faction is dealt one (treachery.online deals one each to eight or more
  players, TO:Shared/Game_Setup.cs#L168-190), and as far as the deck goes.
- The cards drawn at a revival are drawn when the round opens, for the factions asked in it,
  so that the pick rides on the revival order and adds no mail round; a faction that revives
  several leaders gives the card to the first of its sheet's order (never the Auditor).
- A Cheap Hero is no leader disc: no skill's bonus goes to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pbem.game import Event, Prompt

from .. import tokens
from ..board import layer
from ..codes import ErrorCode, EventCode
from ..data import CardType, Effect, NameLookupError
from ..forces import Counts, add_forces, plain, take
from ..leaders import ALIVE, IN_TANKS, in_tanks
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..rules import rules_of
from ..state import State, data, faction_name, factions_in
from . import skill_powers
from .base import Variant

KIND = "leader_skill"
PICK = "skill"                  # the kind of the set-up decision (``skill:<seat>``)
DRAW = "skill-draw"             # the kind of the revival round's (``skill-draw:<seat>``, 4.07.12)
DEALT = 2                       # 4.07.02: "Deal out two Leader Skill Cards to each faction"
IN_BATTLE, OTHERS = 3, 1        # 4.07.15.04-05, .08, .14-15: "+3" this leader, "+1" the others
SUK_SAVED, SUK_STAYS = 3, 1     # 4.07.15.13: "up to 3 of them ... leaving 1 of them"
# What a card's record keeps of its holder's use, none of it shown (``tokens._SEEN``): the
# once-a-phase top half used, the Mentat's question (``skill_powers``), the draw at a revival
STANDING = (*skill_powers.STANDING, "tanks", "chosen")

# What a plan must hold for each disc-bonus skill (4.07.15.04-05, .08, .14-15).
POISON_WEAPON, PROJECTILE_WEAPON = "poison weapon", "projectile weapon"
POISON_DEFENSE, PROJECTILE_DEFENSE, WORTHLESS = "poison defense", "projectile defense", "worthless"
BONUS_SKILLS = {"killer-medic": POISON_DEFENSE, "master-of-assassins": POISON_WEAPON,
                "prana-bindu-adept": PROJECTILE_DEFENSE,
                "swordmaster-of-ginaz": PROJECTILE_WEAPON, "warmaster": WORTHLESS}
SUK_GRADUATE, SMUGGLER = "suk-graduate", "smuggler"
_WEAPON_STOPPED = {POISON_WEAPON: {Effect.STOPPED_BY_SNOOPER, Effect.STOPPED_BY_ANTIDOTE,
                                   Effect.STOPPED_BY_BOTH},
                   PROJECTILE_WEAPON: {Effect.STOPPED_BY_SHIELD, Effect.STOPPED_BY_BOTH}}
_DEFENSE_STOPS = {POISON_DEFENSE: Effect.STOPS_POISON, PROJECTILE_DEFENSE: Effect.STOPS_PROJECTILE}


# --- where the cards are (a state or a seat's view)
def records(game: State | dict[str, Any]) -> list[dict[str, Any]]:
    return [record for record in tokens.of(game) if record["kind"] == KIND]


def kept(game: State | dict[str, Any]) -> list[dict[str, Any]]:
    """The cards kept, face up in front of a shield with their leader."""
    return [record for record in records(game) if record["at"] == tokens.FRONT]


def dealt(state: State, seat: str) -> list[dict[str, Any]]:
    """The cards dealt to ``seat`` and not yet chosen among (behind its shield)."""
    return [record for record in records(state)
            if record["owner"] == seat and record["at"] == tokens.BEHIND]


def skill_name(game: State | dict[str, Any], value: str) -> str:
    return tokens.kind_of(game, KIND).token(value).name


def skilled(game: State | dict[str, Any], seat: str) -> dict[str, Any] | None:
    """``seat``'s kept card, if any."""
    return next((record for record in kept(game) if record["owner"] == seat), None)


def counts_as(game: State | dict[str, Any], plan: dict[str, Any], what: str) -> bool:
    """Whether the plan plays a card as ``what`` (4.07.10: as that type, by its slot)."""
    deck = data(game)
    if what == WORTHLESS:
        return any(card and deck.card_named(card).type is CardType.WORTHLESS
                   for card in (plan["weapon"], plan["defense"]))
    if what in _WEAPON_STOPPED:
        return bool(plan["weapon"]
                    and deck.card_named(plan["weapon"]).effects & _WEAPON_STOPPED[what])
    return bool(plan["defense"]
                and _DEFENSE_STOPS[what] in deck.card_named(plan["defense"]).effects)


def _own_to_play(state: State, record: dict[str, Any]) -> bool:
    """The top half works: the skilled leader alive in his owner's pool (4.07.13: not while
    the Harkonnen hold him)."""
    return state["factions"][record["owner"]]["leaders"].get(record["leader"]) == ALIVE


# --- the deal and the pick (4.07.02-03)
def deal(state: State, rng: random.Random) -> None:
    """Two cards to each faction, in seat order, behind its shield face down, seen by it alone
    (one each while the deck is short: the module's ruling)."""
    deck = [record for record in records(state) if record["owner"] is None]
    rng.shuffle(deck)
    each = DEALT if len(deck) >= DEALT * len(state["seats"]) else 1
    for seat in state["seats"]:
        for _ in range(min(each, len(deck))):
            tokens.place(deck.pop(), seat, tokens.BEHIND)


def choosable_leaders(game: State | dict[str, Any], seat: str) -> list[str]:
    """The leaders a skill may go to: ``seat``'s own discs alive, never a protected one (001
    2.09.20 (A), 2.09.25 (B): the Auditor)."""
    deck = data(game)
    return [name for name, where in game["factions"][seat]["leaders"].items()
            if where == ALIVE and not deck.leader(name).protected]


def prompt(state: State, seat: str) -> Prompt:
    skills = [skill_name(state, r["value"]) for r in dealt(state, seat)]
    leaders = choosable_leaders(state, seat)
    example = f"SKILL {skills[0]} FOR {leaders[0]}"
    return Prompt(f"{PICK}:{seat}", seat, PICK, True,
                  "SKILL <skill> FOR <leader>: the leader skill card you keep, one of: "
                  + ", ".join(skills) + "; the leader it goes to, one of: " + ", ".join(leaders)
                  + " (001 4.07.02-03)",
                  {"skill": dealt(state, seat)[0]["value"], "leader": leaders[0]},
                  example, example, options={"skills": [r["value"] for r in dealt(state, seat)],
                                             "leaders": leaders})


def _read(state: State, prompt_: Prompt, words: list[str]) -> dict[str, str]:
    upper = [word.upper() for word in words]
    valid = (prompt_.template,)
    if "FOR" not in upper:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected SKILL <skill> FOR <leader>", valid)
    cut = upper.index("FOR")
    by_name = {skill_name(state, r["value"]): r["value"] for r in dealt(state, prompt_.seat)}
    skill = " ".join(words[:cut]).strip().lower()
    found = [value for name, value in by_name.items() if name.lower().startswith(skill)]
    if not skill or len(found) != 1:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"{' '.join(words[:cut])!r} is not one of "
                           "your dealt skills: " + ", ".join(by_name), valid)
    leader = " ".join(words[cut + 1:])
    try:
        name = data(state).leader(leader).name
    except NameLookupError:
        name = None
    if name not in choosable_leaders(state, prompt_.seat):
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"{leader!r} is not a leader of the "
                           f"{faction_name(prompt_.seat, state)} a skill may go to: "
                           + ", ".join(choosable_leaders(state, prompt_.seat)), valid)
    return {"skill": found[0], "leader": name}


def _text(game: Any, value: dict[str, str]) -> str:
    return f"SKILL {skill_name(game, value['skill'])} FOR {value['leader']}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> dict[str, str]:
    return {"skill": rng.choice(prompt_.options["skills"]),
            "leader": rng.choice(prompt_.options["leaders"])}


order_kind(OrderKind(PICK, ("SKILL",), _read, _text, random=_random))


# --- the draw at a leader's revival (4.07.12)
def draw(state: State, reviving: list[str], rng: random.Random) -> list[Event]:
    """Two cards drawn, behind the shield face down, for each faction asked in the revival
    round that may revive a leader and has no skill card: kept should it revive one (the
    module's ruling: drawn when the round opens, so the pick rides on its revival order)."""
    events = []
    for seat in reviving:
        if skilled(state, seat) is not None or dealt(state, seat):
            continue
        deck = [record for record in records(state) if record["owner"] is None]
        rng.shuffle(deck)
        for record in deck[:DEALT]:
            tokens.place(record, seat, tokens.BEHIND)
            record["tanks"] = in_tanks(state["factions"][seat]["leaders"])
        if deck:
            events.append(Event(EventCode.SKILL_DRAWN, {"faction": seat,
                                                        "cards": len(deck[:DEALT])}))
    return events


def draw_prompt(state: State, seat: str) -> Prompt:
    skills = [skill_name(state, r["value"]) for r in dealt(state, seat)]
    return Prompt(f"{DRAW}:{seat}", seat, DRAW, True,
                  "SKILL <skill>: the leader skill card you keep, face up with the leader you "
                  "revive this round, should you revive one; one of: " + ", ".join(skills)
                  + "; the other is shuffled back (001 4.07.12)",
                  {"skill": dealt(state, seat)[0]["value"]}, f"SKILL {skills[0]}",
                  f"SKILL {skills[0]}", options={"skills": [r["value"] for r in
                                                           dealt(state, seat)]})


def _read_draw(state: State, prompt_: Prompt, words: list[str]) -> dict[str, str]:
    by_name = {skill_name(state, r["value"]): r["value"] for r in dealt(state, prompt_.seat)}
    skill = " ".join(words).strip().lower()
    found = [value for name, value in by_name.items() if name.lower().startswith(skill)]
    if not skill or len(found) != 1:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, f"{' '.join(words)!r} is not one of "
                           "your drawn skills: " + ", ".join(by_name), (prompt_.template,))
    return {"skill": found[0]}


order_kind(OrderKind(DRAW, ("SKILL",), _read_draw,
                     lambda game, value: f"SKILL {skill_name(game, value['skill'])}",
                     random=lambda view, prompt_, rng: {
                         "skill": rng.choice(prompt_.options["skills"])}))


def chosen(state: State, seat: str, value: dict[str, str]) -> list[Event]:
    """The card the faction keeps should it revive a leader (its record's ``chosen``)."""
    for record in dealt(state, seat):
        record["chosen"] = record["value"] == value["skill"]
    return []


def drawn_kept(state: State) -> list[Event]:
    """At the revival round's end: a faction that revived a leader of its own keeps the card
    it chose (the first drawn if it chose none), face up with that leader; the cards of one
    that did not go back into the deck (4.07.12)."""
    events: list[Event] = []
    for seat in state["seats"]:
        drawn = [r for r in dealt(state, seat) if "tanks" in r]
        if not drawn:
            continue
        own = state["factions"][seat]["leaders"]
        deck = data(state)
        revived = [name for name in drawn[0]["tanks"] if own.get(name) == ALIVE
                   and not deck.leader(name).protected]
        keeps = next((r for r in drawn if r.get("chosen")), drawn[0])
        if revived:
            events += keep(state, seat, {"skill": keeps["value"], "leader": revived[0]}, None)
        else:
            for record in drawn:
                tokens.place(record, None, tokens.ASIDE)
        for record in drawn:
            for key in STANDING:
                record.pop(key, None)
    return events


def keep(state: State, seat: str, value: dict[str, str], rng: random.Random | None
         ) -> list[Event]:
    """The card kept face up in front of the shield with its leader, the others back into
    the deck (4.07.02-03, 4.07.12)."""
    for record in dealt(state, seat):
        if record["value"] == value["skill"]:
            tokens.place(record, seat, tokens.FRONT)
            tokens.turn(record, tokens.UP)
            record["leader"] = value["leader"]
        else:
            tokens.place(record, None, tokens.ASIDE)
    return [Event(EventCode.SKILL_KEPT, {"faction": seat, "leader": value["leader"],
                                         "skill": skill_name(state, value["skill"])})]


def unpicked_back(state: State) -> None:
    """Every card dealt and not yet picked back into the deck (a scenario's position past the
    set-up, whose picks are made)."""
    for record in records(state):
        if record["at"] == tokens.BEHIND:
            tokens.place(record, None, tokens.ASIDE)


def lost(state: State) -> list[Event]:
    """Each kept card whose leader is in the tanks back into the deck (4.07.11)."""
    events = []
    for record in kept(state):
        if state["factions"][record["owner"]]["leaders"].get(record["leader"]) in IN_TANKS:
            events.append(Event(EventCode.SKILL_LOST, {
                "faction": record["owner"], "leader": record.pop("leader"),
                "skill": skill_name(state, record["value"])}))
            for key in STANDING:                        # nothing of it goes to its next holder
                record.pop(key, None)
            tokens.place(record, None, tokens.ASIDE)
            tokens.turn(record, tokens.DOWN)
    return events


class LeaderSkills(Variant):
    """001 4.07, as the module docstring says."""

    option = "leader_skills"
    decision_kinds = frozenset({PICK, DRAW})

    def dealt(self, state: State, rng: random.Random) -> None:
        deal(state, rng)

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """The pick, in the first set-up round (4.07.02-03); the pick among the cards drawn
        for a leader's revival, in the revival round (4.07.12)."""
        if phase == "revival":
            return [draw_prompt(state, seat) for seat in state["seats"]
                    if dealt(state, seat)]
        if phase != "setup" or state["step"]["round"] != 1:
            return []
        return [prompt(state, seat) for seat in state["seats"]
                if dealt(state, seat) and choosable_leaders(state, seat)]

    def decide(self, state: State, phase: str, key: Any, value: Any, rng: random.Random
               ) -> list[Event]:
        if key.kind == DRAW:
            return chosen(state, key.seat, value)
        return keep(state, key.seat, value, rng)

    def revival_opens(self, state: State, reviving: list[str], rng: random.Random
                      ) -> list[Event]:
        """4.07.12, from rules version 7 (``Rules.whole_skill_deck``)."""
        if not rules_of(state).whole_skill_deck:
            return []
        return draw(state, reviving, rng)

    def phase_ends(self, state: State, rng: random.Random) -> list[Event]:
        return (drawn_kept(state) if state["phase"] == "revival" else []) + lost(state)

    def shipped(self, state: State, seat: str, territory: str, sector: int, empty: bool
                ) -> list[Event]:
        """4.07.15.11, the Smuggler's top half: one force more, free, into an empty territory
        (ruling: taken whenever the reserve holds one, a normal force first)."""
        record = skilled(state, seat)
        reserve = state["factions"][seat]["reserve"]
        if not (empty and record is not None and record["value"] == SMUGGLER
                and _own_to_play(state, record) and any(reserve.values())):
            return []
        kind = plain(state, seat) if reserve.get(plain(state, seat)) else next(
            k for k, n in reserve.items() if n)
        take(reserve, {kind: 1})
        add_forces(state, seat, territory, sector, {kind: 1})
        return [Event(EventCode.SKILL_SMUGGLED, {"faction": seat, "territory": territory,
                                                 "forces": {kind: 1}})]

    def at_reveal(self, state: State, territory: str, plans: dict[str, dict[str, Any]]
                  ) -> None:
        """The disc bonuses of the skills in play (``leader_bonus``, ``skill_bonus``), and the
        Bureaucrat's count against the opponent (``skill_powers.at_reveal``)."""
        skill_powers.at_reveal(state, plans, [t.name for t in layer.board(state).strongholds])
        for seat, plan in plans.items():
            if not plan["leader"]:
                continue
            for record in kept(state):
                what = BONUS_SKILLS.get(record["value"])
                if what is None or not counts_as(state, plan, what):
                    continue
                if record["leader"] == plan["leader"]:
                    bonus = IN_BATTLE                                   # the bottom half
                elif record["owner"] == seat and _own_to_play(state, record):
                    bonus = OTHERS                                      # the top half
                else:
                    continue
                plan["leader_bonus"] = plan.get("leader_bonus", 0) + bonus
                plan.setdefault("skill_bonus", []).append(
                    [skill_name(state, record["value"]), bonus])

    def battle_over(self, state: State, territory: str, winner: str | None,
                    plans: dict[str, dict[str, Any]], lost_: dict[str, Counts],
                    rng: random.Random, dialed: Callable[[str], int]) -> list[Event]:
        """The bonuses worded (a leader alive after the battle); Suk Graduate's saves; the
        Spice Banker's spice paid; the Rihani Decipherer's and the Sandmaster's after a win;
        the killed skilled leaders' cards back into the deck."""
        events = []
        for seat, plan in plans.items():
            alive = state["factions"][seat]["leaders"].get(plan["leader"]) not in IN_TANKS
            for skill, bonus in plan.get("skill_bonus", []) if alive else []:
                events.append(Event(EventCode.SKILL_BONUS, {
                    "faction": seat, "leader": plan["leader"], "skill": skill, "bonus": bonus}))
        events += skill_powers.as_defense(plans)
        if winner is not None:
            events += _suk_graduate(state, territory, winner, plans[winner],
                                    lost_.get(winner, {}))
            events += skill_powers.won(state, territory, winner, plans[winner], rng)
            loser = next(seat for seat in plans if seat != winner)
            events += _retreat(state, territory, loser, plans[loser], lost_.get(loser, {}))
        return (events + _smuggled_spice(state, territory, plans)
                + skill_powers.banker_paid(state, plans) + lost(state))

    def battle_opened(self, state: State, rng: random.Random) -> list[Event]:
        return skill_powers.asked(state, rng)

    def paid(self, state: State, payer: str, payee: str | None, amount: int, front: bool,
             payment: str) -> list[Event]:
        return skill_powers.paid(state, payer, payee, amount, front)

    def widened(self, game: State | dict[str, Any], seat: str, reach: int) -> int:
        return skill_powers.widened(game, seat, reach)

    def moved(self, state: State, seat: str, territory: str) -> list[Event]:
        return skill_powers.moved(state, seat, territory)


def _suk_graduate(state: State, territory: str, seat: str, plan: dict[str, Any],
                  lost_: Counts) -> list[Event]:
    """4.07.15.13: a winner's forces lost saved from the tanks, by its own Suk Graduate (the
    top half: one to the reserve) and by the skilled leader in the battle (the bottom half: up
    to three, one left in the territory); normal forces first."""
    record = skilled(state, seat)
    if record is None or record["value"] != SUK_GRADUATE or not lost_:
        return []
    own = state["factions"][seat]
    in_battle = plan["leader"] == record["leader"] and own["leaders"].get(
        record["leader"]) == ALIVE
    top = _own_to_play(state, record)
    if not (in_battle or top):
        return []
    room = (SUK_SAVED if in_battle else 0) + (1 if top else 0)
    stays = SUK_STAYS if in_battle else 0
    saved: Counts = {}
    for kind in sorted(lost_, key=lambda k: k != plain(state, seat)):
        back = min(room, lost_[kind], own["tanks"].get(kind, 0))
        if back:
            own["tanks"][kind] -= back
            if not own["tanks"][kind]:
                del own["tanks"][kind]
            saved[kind] = back
            room -= back
    if not saved:
        return []
    staying: Counts = {}
    for kind in list(saved):
        if stays and saved[kind]:
            staying[kind] = 1
            stays = 0
    sectors = state["step"]["battle"]["sectors"]
    held = state["forces"].get(territory, {})
    sector = next((s for s in sectors if seat in held.get(str(s), {})), sectors[0])
    if staying:
        add_forces(state, seat, territory, sector, staying)
    for kind, count in saved.items():
        back = count - staying.get(kind, 0)
        if back:
            own["reserve"][kind] = own["reserve"].get(kind, 0) + back
    return [Event(EventCode.SKILL_SAVED, {"faction": seat, "forces": saved,
                                          "territory": territory, "stayed": staying})]


def retreats(state: State | dict[str, Any], territory: str) -> list[tuple[str, int | None]]:
    """Where a Diplomat's forces may retreat from a battle in ``territory`` (4.07.15.03: "an
    empty adjacent Non-Stronghold (not in Storm)"): each such territory, by name, with the
    sector they enter it by (``state``: a state, or a view, whose storm is its sector)."""
    board = layer.board(state)
    storm = state["storm"]["sector"] if isinstance(state["storm"], dict) else state["storm"]
    found: dict[str, int | None] = {}
    for border in board[territory].borders:
        other = board[border.territory]
        if (other.is_stronghold or border.their_sector == storm or other.name in found
                or factions_in(state, other.name) or tokens.occupying(state, other.name)):
            continue
        found[other.name] = border.their_sector
    return sorted(found.items())


def _retreat(state: State, territory: str, seat: str, plan: dict[str, Any], lost_: Counts
             ) -> list[Event]:
    """4.07.15.03, the Diplomat's bottom half: its loser's undialed forces, up to his strength,
    back from the tanks into the territory its plan's ``RETREAT`` names if it may go there, else
    the first it may by name (ruling: a "may" that only helps is taken)."""
    count = skill_powers.retreating(state, seat, plan, lost_)
    places = retreats(state, territory) if count else []
    if not places:
        return []
    where, sector = next((p for p in places if p[0] == plan.get("retreat")), places[0])
    own = state["factions"][seat]
    moved: Counts = {}
    for kind in sorted(lost_, key=lambda k: k != plain(state, seat)):
        back = min(count, lost_[kind], own["tanks"].get(kind, 0))
        if back:
            take(own["tanks"], {kind: back})
            moved[kind] = back
            count -= back
    if not moved:
        return []
    add_forces(state, seat, where, sector if sector is not None else 0, moved)
    return [Event(EventCode.SKILL_RETREAT, {"faction": seat, "forces": moved, "from": territory,
                                            "territory": where})]


def _smuggled_spice(state: State, territory: str, plans: dict[str, dict[str, Any]]
                    ) -> list[Event]:
    """4.07.15.11, the Smuggler's bottom half: its skilled leader in the battle, alive after
    it, takes a spice of the battle's territory for each point of his strength, as far as it
    holds (ruling: after the battle, win or lose; 001 gives no moment)."""
    events = []
    for seat, plan in plans.items():
        record = next((r for r in kept(state) if r["value"] == SMUGGLER
                       and r["leader"] == plan["leader"]), None)
        if record is None or state["factions"][seat]["leaders"].get(plan["leader"]) in IN_TANKS:
            continue
        taken = min(data(state).leader(plan["leader"]).strength,
                    state["spice"].get(territory, 0))
        if not taken:
            continue
        state["spice"][territory] -= taken
        if not state["spice"][territory]:
            del state["spice"][territory]
        state["factions"][seat]["spice"] += taken
        events.append(Event(EventCode.SKILL_SPICE, {
            "faction": seat, "leader": plan["leader"], "spice": taken,
            "skill": skill_name(state, SMUGGLER)}))
    return events
