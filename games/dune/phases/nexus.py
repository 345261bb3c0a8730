"""The Nexus: alliances made, joined and broken when a worm appears (000 VII.B, XII lines
432-469; WBC house rule 2, 000 line 1041, and 004 house rule 2, line 97).

When a Nexus happens is the spice blow's business (``spice_blow.nexus_due``).  With option
``no_alliances`` (000 XVIII.A.1, line 536) there is none: nobody is ever asked.

By mail a Nexus is one round of simultaneous, secret orders, one from every faction (000
XII.B: "All players have a chance to make, join or break alliances"):

- ``ALLY <faction>[, <faction>]``: be allied with exactly these factions after the Nexus.
  That forms a new alliance, joins an existing one (naming all its members), accepts someone
  else's proposal, or keeps the present alliance (naming its members);
- ``ALLY NONE``: be in no alliance; an allied faction breaks from its alliance (XII.D.1);
- ``PASS`` (the default): keep what you have.

The order reader gets the words after the verb only, so ``ALLY`` alone reads as ``PASS`` (the
answer to the mail shows the canonical reading).

Resolution, the same whoever writes first (fair) and from the orders alone (deterministic):

1. A set of factions becomes an alliance when each of them named exactly the others (XII.C.1:
   the players agree among themselves).  Several may form at once; each faction names one set,
   so nobody ends in two (XII.C.4).
2. A faction leaves its old alliance when it ordered ``ALLY NONE`` or when it is in an
   alliance that formed.  An ``ALLY`` that nobody answers leaves the faction where it was: a
   proposal is conditional, so a faction may leave one ally for another in the same Nexus
   (XII.D.2: "Players who break from an alliance have an opportunity to immediately join or
   form a new alliance") without the risk of ending alone, and allies inviting a third faction
   (a join) stay allied if it declines.
3. What is left of an old alliance stays allied if two or more members remain.

The size limit (``Rules.alliance_limit``: any size under AH, XII.C.2; two factions, three only
in six-player games by consent at the start, under WBC house rule 2) is checked when the order
is read, so no alliance that forms can exceed it.

GF9 (001 1.10.01, 1.10.02.02, 1.10.02.06-07; ``Rules.nexus_again_after_break``): a faction
broken from its alliance "now unallied" must have its chance to ally in the same Nexus, and a
faction allies once a Nexus.  So a round that leaves a faction in no alliance by a break (its
own ``ALLY NONE``, or its partner's leaving) is followed by another round of the same Nexus for
the factions in no alliance that formed none in it, while two of them are left to ally; those
already allied are not asked again (in GF9 an alliance is two, so nobody can join one).  The
further round costs a mail round only when an alliance broke, and who is asked follows from
the public alliances.

Alliances are public (XII.C.3): what formed and what ended are public events.  The orders stay
secret: a proposal that nobody answered is not published.

Allies already sharing a territory when they ally: XII.E.5 (line 467) forbids allies to
*enter* a territory (but the Polar Sink) where an ally is, "and, thus, may never battle one
another".  Neither the Q&A (XXV) nor the WBC clarifications say more, except that the Bene
Gesserit must declare coexistence where they and their ally share a territory (WBC XV, 000
line 1312).  So the alliance forms and nothing moves; the battle round must not make those
allies fight.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import factions, main_leaders, players, variants
from ..cards import standing_cards
from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, order_kind, read_factions
from ..rules import cite, rules_of
from ..state import State, ally_of, faction_name

NONE = "NONE"
POLAR_SINK = "Polar Sink"
AGAIN, ALLIED = "nexus_again", "nexus_allied"   # the step's further round (GF9) and its allies


# --- the round
def prompts(state: State) -> list[Prompt]:
    """Every faction's Nexus order, secret and at once; PASS by default.  In a further round
    of the same Nexus (GF9) only the factions still to ally (``AGAIN``).  In a game of two or
    three players the change of command instead (``players``)."""
    if players.in_command(state):
        return players.prompts(state)
    return [prompt(state, seat) for seat in asked(state)]


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, in their order, without their text."""
    if players.in_command(state):
        return [p.key for p in players.prompts(state)]
    return [f"nexus:{seat}" for seat in asked(state)]


def asked(state: State) -> list[str]:
    """The factions this round of the Nexus asks: all, or those a further round is for; never
    one out of the game (003 "Main Leaders")."""
    return main_leaders.playing(state, state["step"].get(AGAIN) or state["seats"])


def unasked(state: State) -> list[Event]:
    """A Nexus nobody is asked anything at: command changes all the same in a game of three
    players (``players``)."""
    return players.change(state, {}) if players.in_command(state) else []


def resolve(state: State, orders: dict[str, Any]) -> list[Event]:
    """The Nexus orders applied: alliances formed, joined and broken (module docstring); the
    factions a further round is for noted (``again``); in a game of two or three players,
    command changes (003: "This replaces the standard nexus")."""
    if players.in_command(state):
        return players.change(state, orders)
    wanted = {seat: orders.get(f"nexus:{seat}") for seat in state["seats"]}
    for seat in wanted:                     # 003 "Expanded Treachery": the Cone of Silence
        if wanted[seat] and standing_cards.silenced(state, seat):
            wanted[seat] = None
    before = [list(alliance) for alliance in state["alliances"]]
    formed = alliances_formed(state, wanted)
    leaving = {seat for seat, want in wanted.items() if want == []}
    leaving |= {seat for alliance in formed for seat in alliance}
    after = [rest for alliance in before
             if len(rest := [seat for seat in alliance if seat not in leaving]) >= 2]
    after += formed
    state["alliances"] = after
    _round_over(state, before, formed)
    old, new = [set(a) for a in before], [set(a) for a in after]
    events = ([Event(EventCode.ALLIANCE_ENDED, {"alliance": a}, concerns=tuple(a))
               for a in before if set(a) not in new]
              + [Event(EventCode.ALLIANCE_FORMED, {"alliance": a}, concerns=tuple(a))
                 for a in after if set(a) not in old])
    return events + factions.allied(state, events)      # 001 2.12.14.03: a hand over its limit


def _round_over(state: State, before: list[list[str]], formed: list[list[str]]) -> None:
    """GF9: note who allied in this Nexus, and whether a further round follows: a faction the
    round left with no alliance by a break, and two factions in none that have not allied in
    this Nexus (module docstring)."""
    step = state["step"]
    if not rules_of(state).nexus_again_after_break:
        return
    allied = [*step.pop(ALLIED, []), *(seat for group in formed for seat in group)]
    broken = {seat for group in before for seat in group} - {
        seat for group in state["alliances"] for seat in group}
    free = [seat for seat in state["seats"] if not ally_of(state, seat) and seat not in allied]
    step.pop(AGAIN, None)
    if broken & set(free) and len(free) >= 2:
        step[AGAIN], step[ALLIED] = free, allied


def again(state: State) -> bool:
    """Whether the Nexus goes on with a further round (GF9, ``resolve``)."""
    return bool(state["step"].get(AGAIN))


def alliances_formed(state: State, wanted: dict[str, list[str] | None]) -> list[list[str]]:
    """The sets of factions of which each named exactly the others, in seat order."""
    wish = {seat: {seat, *want} for seat, want in wanted.items() if want}
    formed = []
    for seat in state["seats"]:
        group = wish.get(seat)
        if group and min(group, key=state["seats"].index) == seat and all(
                wish.get(member) == group for member in group):
            formed.append([s for s in state["seats"] if s in group])
    return formed


def alliance_limit(state: State) -> int | None:
    """The most factions one alliance may hold in this game (None: any number)."""
    return rules_of(state).alliance_limit(len(state["seats"]))


# --- the order
def prompt(state: State, seat: str, turn: int | None = None) -> Prompt:
    """A faction's orders at a Nexus (000 XII) of this turn or of ``turn``, held ahead as
    ``nexus@<turn>:<seat>``: orders sent ahead answer every Nexus of that turn's spice blow
    (``again`` in decisions.yaml; WBC VII.1 brings one at every worm)."""
    partners_asked = [s for s in asked(state) if s != seat]
    return Prompt(f"nexus:{seat}", seat, "nexus", True,
                  lambda: _legal(state, seat, partners_asked), None, "PASS", "PASS",
                  ahead=f"nexus@{turn or state['turn']}:{seat}",
                  options={"partners": partners_asked})


def _legal(state: State, seat: str, partners_asked: list[str]) -> str:
    """A Nexus prompt's legal text, written only where it is read (``Prompt.keep``)."""
    limit = alliance_limit(state)
    size = f" (at most {limit} factions in an alliance)" if limit else ""
    others = ", ".join(faction_name(s, state) for s in partners_asked)
    partners = ally_of(state, seat)
    now = (f"you are allied with {', '.join(faction_name(s, state) for s in partners)}"
           if partners else "you are in no alliance")
    if state["step"].get(AGAIN):
        now += ("; an alliance was broken, and the factions in none that have not allied in "
                "this Nexus may form one now (001 1.10.02.06-07)")
    return (f"Nexus ({cite(state, '000 XII')}): {now}.  ALLY <faction>[, <faction>] to be "
            "allied with "
            f"exactly those factions if they name you too{size}; ALLY NONE to be in no "
            f"alliance; PASS to keep what you have.  Factions: {others}")


def read_nexus(state: State, prompt: Prompt, words: list[str]) -> list[str] | None:
    """PASS (None), ALLY NONE ([]) or the factions to be allied with, in seat order."""
    if not words:
        return None
    if len(words) == 1 and words[0].upper() == NONE:
        return []
    others = [s for s in asked(state) if s != prompt.seat]
    partners = read_factions(state, words, others)
    limit = alliance_limit(state)
    if limit is not None and len(partners) + 1 > limit:
        raise OrderProblem(ErrorCode.ALLIANCE_TOO_BIG,
                           f"an alliance holds at most {limit} factions "
                           f"({rules_of(state).alliance_limit_rule}), "
                           f"and you named {len(partners)} besides yourself",
                           tuple(f"ALLY {faction_name(s, state)}" for s in others))
    barred = [s for s in partners if not variants.may_ally(state, prompt.seat, s)]
    if barred:
        raise OrderProblem(ErrorCode.ALLY_OCCUPIER,
                           f"no alliance with the {faction_name(barred[0], state)}: one of you "
                           "occupies the other's homeworld this turn (001 4.10.09)",
                           tuple(f"ALLY {faction_name(s, state)}" for s in others
                                 if variants.may_ally(state, prompt.seat, s)))
    return partners


def nexus_text(game: Any, value: list[str] | None) -> str:
    if value is None:
        return "PASS"
    if not value:
        return f"ALLY {NONE}"
    return "ALLY " + ", ".join(faction_name(s, game) for s in value)


def _random_nexus(view: dict[str, Any], prompt: Prompt, rng: random.Random
                  ) -> list[str] | None:
    """A bot's Nexus: mostly PASS, sometimes a break, sometimes one partner that shares no
    territory with it (so its alliances keep XII.E.5 without anyone moving)."""
    seat = prompt.seat
    roll = rng.random()
    if roll < 0.5:
        return None
    if roll < 0.6:
        return [] if any(seat in alliance for alliance in view["alliances"]) else None
    # the factions it may name: fewer in a further round of a GF9 Nexus (``asked``)
    partners = prompt.options.get("partners", list(view["factions"]))
    apart = [other for other in partners
             if other != seat and not _share_territory(view["forces"], seat, other)
             and variants.may_ally(view, seat, other)]           # 001 4.10.09
    return [rng.choice(apart)] if apart else None


def _share_territory(forces: dict[str, Any], one: str, other: str) -> bool:
    """Whether two factions both have forces in a territory other than the Polar Sink."""
    for territory, sectors in forces.items():
        present = {faction for by_faction in sectors.values() for faction in by_faction}
        if territory != POLAR_SINK and {one, other} <= present:
            return True
    return False


order_kind(OrderKind("nexus", ("ALLY", "PASS"), read_nexus, nexus_text,
                     random=_random_nexus))
