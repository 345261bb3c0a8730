"""Karamas before the battle plans are committed (000 player aid B.6.A.1, A.3-5, B.6.B.2, lines
950-966; Atreides shield, line 764; WBC house rule 6, line 1059; WBC clarification X, lines
1214-1240, 004 X.3; WBC clarifications XVII, lines 1350-1352, 004 XVII.4-5; WBC player aid,
lines 1386-1402, 004 player aid 6-14; WBC miscellaneous, line 1426).

The uses, in the order of the WBC battle sequence (line 1214), each a card of its own (line
1386):

- ``KARAMA VOICE``: the Bene Gesserit's Voice is cancelled (A.3; line 1394);
- ``KARAMA PRESCIENCE``: the Atreides' question is cancelled in this battle (A.1; lines
  1388-1390);
- ``KARAMA KWISATZ HADERACH`` (``KARAMA KH``): the Atreides may not add it in this battle, but
  may in a later battle this turn (A.1, optional; line 1392);
- ``KARAMA SARDAUKAR`` / ``KARAMA FEDAYKIN``: the starred forces count as normal forces in this
  battle (A.4-5, optional; line 1402);
- ``KARAMA FREE STRENGTH``: the Fremen, or their ally, do not count their forces full without
  spice in this battle (WBC house rule 6, line 1059);
- ``KARAMA LOOK``: the Atreides (with the special Karama powers, B.6.B.2) see the whole plan of
  their own or their ally's opponent, which is then committed; the Atreides side commits after
  seeing it (lines 764, 1350); it cannot be cancelled (line 1388).
- ``KARAMA DIAL``: GF9, Ecaz's Karama power (001 1.14.12, text A): at the battle's resolution,
  if their plan has neither a weapon nor a defense, the difference between their leader disc
  and their opponent's is added to their dial (``at_resolution``).  Ruling: played only when
  their disc is the higher (a negative difference is no gain: the card is kept).
- ``KARAMA WINNER DISCARDS`` / ``KARAMA WINNER KEEPS``: GF9, the Moritani's Karama power (001
  1.14.13, text A): should they lose the battle, the winner discards every card it played, or
  keeps every card it played that it named to DISCARD (``winner_cards``).  Rulings: the choice
  is made ahead, for all the winner's cards at once (the plan is written before the reveal);
  the card is played only where it changes something (the winner keeping a card, or naming one
  to DISCARD); a card the rules discard after use (a Cheap Hero, a spent Poison Tooth) goes
  even under KEEPS.

By mail (rulings):

- A combatant writes these lines in its battle plan; the Bene Gesserit Voicing and the Atreides
  asking for an ally, and a later aggressor giving its order of battles in the round, have a
  decision of their own, ``battle-karama:<seat>``, optional beside their other one.  All
  are played in the battle's first mail round and stand ready: a card is spent only when
  there is something to cancel (the Voice given, the question asked, the advantage there),
  as at the table a Karama is played after the Voice is heard or the question put (lines
  1238, 1390, 1394).  When several stand ready for one use, the
  first in storm order plays (WBC line 1426); the others keep their cards.
- 004 player aid 10 (line 352) has the Karama on the Voice played before the prescience
  question; 000 (line 1394) before the commit.  Both hold here: the Voice is cancelled before
  the question is put.
- Only factions with a decision in the battle's first round are asked: asking every other
  faction would hold every battle up for a card rarely played, so by mail a faction with
  nothing else to decide cannot Karama another's battle, nor can the Atreides look at a
  battle neither they nor their ally fight (line 1352 allows it at the table).
- The side whose Kwisatz Haderach, starred bonus or free strength is cancelled, and the side
  whose Atreides looked, send their plan again in a second mail round (their first plan, made
  to fit, is the default): at the table they would change it before the commit.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import combat, factions
from ..codes import ErrorCode, EventCode
from ..data import Ability, DuneData, Effect, ForceKind
from ..factions import atreides_prescience as prescience
from ..factions import bene_gesserit_voice as voice
from ..forces import kinds
from ..orders import battle_plan
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..rules import cite
from ..state import State, ally_of, data, storm_order
from . import karama

KARAMA = "battle-karama"
USES = ("voice", "prescience", "kh", "starred", "free", "look", "dial", "discards", "keeps")


def line(game: Any, use: str, names: dict[str, str] | None = None) -> str:
    """The order line of a use in a game (a state, a view or its rules): the bonus of a kind of
    force by that kind's name (written with no battle at hand, as a value's text is, by the
    name of the game's data's first kind worth more than a normal force: any such name of the
    game's data reads as this use)."""
    if use == "starred":
        name = (names or {}).get("starred") or _special_kinds(data(game))[0].singular
        return f"KARAMA {name.upper()}"
    return {"voice": "KARAMA VOICE", "prescience": "KARAMA PRESCIENCE",
            "kh": "KARAMA KWISATZ HADERACH", "free": "KARAMA FREE STRENGTH",
            "look": "KARAMA LOOK", "dial": "KARAMA DIAL",
            "discards": "KARAMA WINNER DISCARDS", "keeps": "KARAMA WINNER KEEPS"}[use]


def uses(state: State, seat: str) -> list[str]:
    """The Karama uses open to ``seat`` in the battle under way, if it holds a card for them."""
    if not karama.playable(state, seat):
        return []
    battle = state["step"]["battle"]
    friends = {seat, *ally_of(state, seat)}
    found = []
    speaker = voice.voicer(state, battle)
    if speaker and speaker[0] not in friends:
        found.append("voice")
    asking = prescience.asker(state, battle)
    if asking and asking[0] not in friends:
        found.append("prescience")
    for fighter in (battle["aggressor"], battle["defender"]):
        if fighter in friends:
            continue
        side = battle_plan.side_of_state(state, fighter)
        if side.kh:
            found.append("kh")
        if side.strength.special:
            found.append("starred")
        if side.strength.free:
            found.append("free")
    if (asking and asking[0] == seat and factions.has(state, seat, Ability.SEE_BATTLE_PLAN)
            and karama.holds(state, seat)):
        found.append("look")
    if (seat in (battle["aggressor"], battle["defender"])
            and factions.has(state, seat, Ability.LEADER_DIFFERENCE)):
        found.append("dial")                                        # 001 1.14.12 (A)
    if (seat in (battle["aggressor"], battle["defender"])
            and factions.has(state, seat, Ability.WINNER_CARDS)):
        found += ["discards", "keeps"]                              # 001 1.14.13 (A)
    return found


def special_name(state: State, seat: str) -> dict[str, str]:
    """The name of the kind of force whose bonus ``seat`` may cancel (the other combatant's
    kind worth more than a normal force), for its order line: the use ``starred``, as stored
    games name it."""
    battle = state["step"]["battle"]
    for fighter in (battle["aggressor"], battle["defender"]):
        special = [kind for kind in kinds(state, fighter)[1:]
                   if kind.strength > combat.NORMAL] if fighter != seat else []
        if special:
            return {"starred": special[0].singular}
    return {}


def _special_kinds(deck: DuneData) -> tuple[ForceKind, ...]:
    """The kinds of force of a game's data worth more than a normal force (some opponent's)."""
    return tuple(each for each in deck.force_kinds if each.strength > combat.NORMAL)


def read_use(state: State, seat: str, words: list[str]) -> list[str]:
    """One ``KARAMA`` line (the words after the verb): [] for NONE, else [use]."""
    found = uses(state, seat)
    names = special_name(state, seat)
    valid = tuple(line(state, u, names) for u in found) + ("KARAMA NONE",)
    said = " ".join(words).upper()
    if said == "NONE":
        return []
    if said == "KH":
        said = "KWISATZ HADERACH"
    use = next((u for u in USES if f"KARAMA {said}" == line(state, u, names)
                or (u == "starred" and said in {w for k in _special_kinds(data(state))
                                                for w in (k.singular.upper(),
                                                          k.plural.upper())})), None)
    if use is None:
        raise OrderProblem(ErrorCode.BAD_KARAMA, f"KARAMA {said} is no Karama use of a battle "
                           "(player aid B.6)", valid)
    if use not in found:
        raise OrderProblem(ErrorCode.KARAMA_NOT_OPEN, f"KARAMA {said} is not open to you in this "
                           "battle (player aid B.6; your Karama cards, the advantage there)",
                           valid)
    return [use]


def check(state: State, seat: str, chosen: list[str]) -> list[str]:
    """The uses of one mail, each once, one card a use (WBC line 1386)."""
    chosen = list(dict.fromkeys(chosen))
    if {"discards", "keeps"} <= set(chosen):
        raise OrderProblem(ErrorCode.BAD_KARAMA, "KARAMA WINNER DISCARDS or KARAMA WINNER "
                           "KEEPS, not both (001 1.14.13)", ())
    cards = len(karama.playable(state, seat))
    if len(chosen) > cards:
        raise OrderProblem(ErrorCode.NOT_ENOUGH_CARDS, f"one card a Karama use: you hold {cards} "
                           f"({cite(state, 'WBC line 1386')})", ())
    return chosen


def text(game: Any, value: list[str]) -> str:
    return "\n".join(line(game, use) for use in value) or "KARAMA NONE"


def prompt(state: State, seat: str) -> Prompt:
    """The battle Karamas of a faction that is not in the battle but decides in it."""
    found = uses(state, seat)
    names = special_name(state, seat)
    legal = ("You may play a Karama before the plans are committed "
             f"({cite(state, 'player aid B.6; WBC X, line 1214')}): "
             f"{', '.join(line(state, u, names) for u in found)}; each stands ready and is played "
             "only if there is something to cancel; KARAMA NONE: none.")
    return Prompt(f"{KARAMA}:{seat}", seat, KARAMA, True, legal, [], "KARAMA NONE",
                  "KARAMA NONE", optional=True,
                  options={"uses": [use for use in USES if use in found]})


def random_uses(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[str]:
    """Now and then one of the uses the prompt offers."""
    offered = prompt_.options["uses"]
    return [rng.choice(offered)] if offered and rng.random() < 0.2 else []


def random_in_plan(view: dict[str, Any], seat: str, rng: random.Random) -> list[str]:
    """A combatant's Karama of its own power now and then in its plan: the Moritani's (001
    1.14.13), either way."""
    if not (factions.has(view, seat, Ability.WINNER_CARDS) and karama.of_view(view)):
        return []
    return [rng.choice(("discards", "keeps"))] if rng.random() < 0.3 else []


order_kind(OrderKind(KARAMA, ("KARAMA",),
                     lambda state, prompt_, words: read_use(state, prompt_.seat, words),
                     text,
                     combine=lambda state, prompt_, parts: check(
                         state, prompt_.seat, [u for part in parts for u in part]),
                     random=random_uses))


# --- playing them
def spend(state: State, wanted: dict[str, list[str]], use: str) -> tuple[list[Event], bool]:
    """The first faction in storm order standing ready with this use plays its card (WBC
    line 1426); returns the events and whether the use takes effect."""
    seat = next((s for s in storm_order(state) if use in wanted.get(s, [])
                 and karama.playable(state, s)), None)
    if seat is None:
        return [], False
    return karama.play(state, seat, f"battle-{use}")


def at_resolution(state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
    """001 1.14.12 (A): a side standing ready with ``KARAMA DIAL``, its plan with neither a
    weapon nor a defense and its leader disc higher than the other's, plays its card: the
    difference is added to its dial (``dial_bonus``, read by ``combat.resolve``)."""
    events = []
    deck = data(state)
    for seat, plan in plans.items():
        if ("dial" not in plan.get("karama", ()) or plan["weapon"] or plan["defense"]
                or not factions.has(state, seat, Ability.LEADER_DIFFERENCE)
                or not karama.playable(state, seat)):
            continue
        (other,) = [s for s in plans if s != seat]
        difference = _disc(deck, plan) - _disc(deck, plans[other])
        if difference <= 0:
            continue
        played, effective = karama.play(state, seat, "battle-dial")
        factions.karama_power_used(state, seat)
        events += played
        if effective:
            plan["dial_bonus"] = difference
            events.append(Event(EventCode.KARAMA_DIAL, {"faction": seat, "added": difference}))
    return events


def winner_cards(state: State, plans: dict[str, dict[str, Any]], outcome: combat.Outcome
                 ) -> tuple[list[Event], tuple[dict[str, Any], bool] | None]:
    """001 1.14.13 (A): the loser standing ready with ``KARAMA WINNER DISCARDS`` or ``KEEPS``
    plays its card where it changes what the winner keeps; returns the events and, if played,
    the winner's plan as its cards are then dealt with and whether it keeps them."""
    loser, winner = outcome.loser, outcome.winner
    if winner is None or outcome.kind not in ("battle", "traitor"):
        return [], None
    ready = set(plans[loser].get("karama", ())) & {"discards", "keeps"}
    if not ready or not factions.has(state, loser, Ability.WINNER_CARDS) \
            or not karama.playable(state, loser):
        return [], None
    plan, deck = plans[winner], data(state)
    played = [plan[slot] for slot in ("weapon", "defense") if plan[slot]]
    kept = [n for n in played if Effect.DISCARD_AFTER_PLAY not in deck.card_named(n).effects]
    keep = "keeps" in ready
    changed = ([n for n in kept if n in plan["discard"]] if keep
               else [n for n in kept if n not in plan["discard"]])
    if not changed:
        return [], None
    events, effective = karama.play(state, loser, "battle-winner-cards")
    factions.karama_power_used(state, loser)
    if not effective:
        return events, None
    events.append(Event(EventCode.KARAMA_WINNER_CARDS, {"faction": loser, "of": winner,
                                                        "keep": keep, "cards": changed}))
    return events, ({**plan, "discard": []}, True) if keep else (plan, False)


def _disc(deck: DuneData, plan: dict[str, Any]) -> int:
    """The printed strength of the plan's leader disc (none, or a Cheap Hero: 0)."""
    return deck.leader(plan["leader"]).strength if plan["leader"] else 0


def on_advantages(state: State, wanted: dict[str, list[str]], replan: set[str]
                  ) -> list[Event]:
    """Steps 7-8 of the battle sequence (WBC line 1214): the Karamas standing ready on the
    Kwisatz Haderach, the starred forces' bonus and the free strength, each where the
    advantage is in the battle, the first ready in storm order playing (``spend``); a side
    whose advantage is cancelled plans again (``replan``)."""
    battle = state["step"]["battle"]
    events = []
    sides: dict[str, battle_plan.Side] = {}     # each side as it stands until a card is asked
    for use in ("kh", "starred", "free"):
        for seat in (battle["aggressor"], battle["defender"]):
            if not any(use in uses for other, uses in wanted.items() if other != seat):
                continue                # nobody stands ready against it: its side not asked
            if seat not in sides:
                sides[seat] = battle_plan.side_of_state(state, seat)
            side = sides[seat]
            there = {"kh": side.kh, "starred": bool(side.strength.special),
                     "free": side.strength.free}[use]
            if not there:
                continue
            sides.clear()
            spent, effective = spend(state, {s: u for s, u in wanted.items() if s != seat},
                                     use)
            events += spent
            if effective:
                battle["cancelled"].setdefault(seat, []).append(use)
                replan.add(seat)
    return events
