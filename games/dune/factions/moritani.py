"""The Moritani, of the Ecaz & Moritani expansion: their powers (001 2.12), text A (the printed
game).

Basic: their set-up (12 spice, six forces placed after every other faction in a territory
nobody occupies, 2.12.02-03), the Terror tokens behind their shield (2.12.06), placed or moved
at War Continues (TERRORIZE, 2.12.08) and revealed when another faction enters their stronghold
(2.12.09-14, ``moritani_terror``); the trigger decided ahead by their standing answers
(``token_triggers``), part of their decision of War Continues, whose order kind is here
(``TERROR``, ``TRIGGER``, ``ROBBERY``, ``SABOTAGE``, ``ASSASSINATE``, ``OFFER``).  ENEMY OF MY
ENEMY (2.12.15-16): an alliance offered before a token goes off, by standing terms on both
sides (``moritani_alliance``); ASSASSINATE LEADERS (advanced, 2.12.20-21,
``moritani_assassins``); their Karama power (1.14.13, A) is a battle Karama
(``cards/battle_karama``).  Their alliance (2.12.19, A): the ally losing a battle keeps a card
(``loser_keeps_one``).  DUKE VIDAL (2.12.17-18, A): theirs at the end of the movement round
when in two battles in strongholds, set aside at the Mentat Pause (``moritani_vidal``).  Text
B (option ``moritani_text_b``): the Bounty Board and the Bounty (``moritani_bounty``), and
TERRORIZE's Plot, Plan and Scheme at the end of the revival round (2.12.08.01-04 B, ``TERROR
PLOT|PLAN|SCHEME`` lines here, ``moritani_terror.schemed``); TERROR MOVES (2.12.15 B,
``moritani_terror.rode``); ORGANIZED STRIKE (2.12.09 B, for their ally 2.12.18 B) with text
B's effects (``moritani_strike``); DUKE VIDAL LIVES (2.12.16 B, ``revival_terms``); their Karama
(1.14.13 B: ``TERROR KARAMA FOR``, ``moritani_strike.karama_sides``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from .. import token_triggers as triggers
from .. import tokens
from ..cards import karama
from ..codes import ErrorCode, EventCode
from ..data import Ability, NexusUse
from ..orders.language import (
    OrderKind,
    OrderProblem,
    card_among,
    order_kind,
    read_factions,
    read_territory,
)
from ..prompt_key import PromptKey
from ..state import State, ally_of, data, state_rng
from ..variants.nexus_cards import FOUGHT, LOST_BATTLE, SET_TARGET, lend
from . import duke_vidal
from . import moritani_alliance as alliance
from . import moritani_assassins as assassins
from . import moritani_bounty as bounty
from . import moritani_nexus as nexus
from . import moritani_strike as strike
from . import moritani_terror as terror
from . import moritani_vidal as vidal
from .base import CARD, TERRITORY, Faction, NexusPlay, RevivalTerms, has, karama_power_used

MORITANI = "moritani"
# The rounds the Moritani card's Cunning is played in, before War Continues (001 4.03.07.13)
PLACE_BEFORE = ("storm", "spice_blow", "charity", "bidding", "revival", "movement", "battle",
                "collection")


class Moritani(Faction):
    """The Moritani's hooks."""

    seat = MORITANI
    nexus_uses = {
        NexusUse.BETRAYAL: NexusPlay(
            "the Terror token in the territory you name taken off the board, back to the "
            "Moritani, unrevealed (001 4.03.07.13).", TERRITORY),
        NexusUse.CUNNING: NexusPlay(
            "a Terror token you place at this turn's War Continues may go in any territory on "
            "Arrakis, even one holding a Terror token (001 4.03.07.13).",
            phases=PLACE_BEFORE),
        # Secret Ally: their ally's power of 2.12.19 (A), for the holder's next battle lost
        # to a winner (``variants.nexus_cards.loser_keeps_one``)
        NexusUse.SECRET_ALLY: NexusPlay(
            "set now: when you next lose a battle that had a winner, you keep one card you "
            "played that you could have kept had you won, weapon before defense (001 "
            "4.03.07.13).", at=LOST_BATTLE),
        NexusUse.NAMED: NexusPlay(
            "SABOTAGE: set now, naming a card of your hand: when your next battle is over, a "
            "card of your opponent's hand at random is yours, and you give them the card you "
            "named (001 4.03.07.13, text B).", CARD, at=FOUGHT)}

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """Betrayal: the strongholds holding a Terror token (public).  SABOTAGE: the cards of
        the holder's hand, one to give."""
        if use == NexusUse.NAMED:
            return sorted({data(state).treachery_card(c).name
                           for c in state["factions"][holder]["hand"]})
        return terror.placed(state) if use == NexusUse.BETRAYAL else []

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.13, Betrayal: a Terror token off the board, back behind the Moritani's
        shield, face down.  Cunning: "When you Place a Terror token, it may be Placed in any
        Territory on Arrakis, even one that already has a Terror token" (ruling: played in a
        round before the Mentat Pause, lent to its end, for the Place of War Continues, 2.12.08
        (A); a token's Move stays a stronghold's)."""
        if use == NexusUse.NAMED:           # 001 4.03.07.13 (B): SABOTAGE, after a battle
            return nexus.sabotage(state, holder, target, state["factions"][holder].get(
                SET_TARGET), rng) if target in state["seats"] else None
        if use == NexusUse.CUNNING:
            return lend(state, holder, (terror.TERROR_ANYWHERE,), terror.ROUND,
                        "Moritani Nexus card", use, "001 4.03.07.13",
                        "a Terror token placed in any territory")
        token = next((t for t in tokens.of(state) if t["kind"] == terror.TOKEN
                      and t["at"] == tokens.BOARD and t.get("territory") == target), None)
        if use != NexusUse.BETRAYAL or token is None:
            return None
        tokens.place(token, self.seat, tokens.BEHIND)
        tokens.turn(token, tokens.DOWN)
        return [Event(EventCode.NEXUS_TERROR_RETURNED, {"faction": self.seat,
                                                        "territory": target})]
    decision_kinds = frozenset({terror.KIND, terror.EXTORTION})

    # --- their own decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """At War Continues: one Terrorize action (2.12.08); there and in the revival round,
        before the movement round where tokens trigger, their standing answers to the
        triggers (2.12.09) and Robbery's take (2.12.14.05); optional."""
        if phase not in (terror.ROUND, terror.ANSWERS_ROUND):
            return []
        standing = triggers.in_words(state, terror.kind_of(state), self.seat)
        found = terror.decision(state, self.seat, standing, phase == terror.ROUND)
        own = [found] if found is not None else []
        if phase != terror.ROUND:
            return own
        # 2.12.14.04: the others' payments first, their own decision (which carries them out)
        # after
        return [terror.payment(state, self.seat, s) for s in terror.payers(state, self.seat)
                ] + own

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """Their standing answers kept (theirs alone: no event); at War Continues their
        Extortion token back behind their shield and their Terrorize action carried out."""
        if key.kind == terror.EXTORTION:
            terror.paid(state, key.seat, value)
            return []
        assert key.kind == terror.KIND, key
        if value.get("trigger"):
            triggers.answered(state, self.seat, value["trigger"])
        if value.get("robbery"):
            state["factions"][self.seat]["robbery"] = value["robbery"]
        if value.get("sabotage") is not None:
            state["factions"][self.seat]["sabotage"] = value["sabotage"]
        if value.get("assassinate") is not None:
            state["factions"][self.seat]["assassinate"] = value["assassinate"]
        if value.get("offer") is not None:
            state["factions"][self.seat]["alliance_offer"] = value["offer"]
        if value.get("cash") is not None:
            state["factions"][self.seat][bounty.CASH] = value["cash"]
        if value.get("rides") is not None:
            state["factions"][self.seat][terror.RIDES] = value["rides"]
        if value.get("karama") is not None:
            state["factions"][self.seat][strike.KARAMA] = value["karama"]
        if phase != terror.ROUND:
            if value.get("schemes"):        # 2.12.08 (B): at the end of the revival round
                state["step"][terror.PLOTTED] = value["schemes"]
            return []
        return (terror.war_continues(state, self.seat) + assassins.war_continues(state, self.seat)
                + (bounty.redraw(state, self.seat, rng) if value.get("bounty") else [])
                + terror.decided(state, self.seat, value))

    # --- the others' standing decisions

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """2.12.15-16 ENEMY OF MY ENEMY: every other faction's acceptance terms, riding on its
        mail rounds of the movement round (``moritani_alliance``)."""
        return [alliance.prompt(state, seat) for seat in self._accepting(state, {
            p.seat for p in asked})]

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        return [alliance.key(seat) for seat in self._accepting(state, {
            PromptKey.parse(k).seat for k in asked})]

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        return alliance.accepted(state, PromptKey.parse(key).seat, value)

    def _accepting(self, state: State, seats: set[str]) -> list[str]:
        if state["phase"] != alliance.PHASE:
            return []
        return [s for s in state["seats"] if s in seats
                and alliance.eligible(state, self.seat, s)]

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """Their standing answers (none: every token triggers), Robbery's take (spice) and
        Sabotage's gift (none)."""
        return {"triggers": {}, "robbery": terror.SPICE, "sabotage": ""}

    def traitors_set_aside(self, state: State, pool: list[str], rng: random.Random
                           ) -> list[str]:
        """2.12.04 (B): their Bounty Board, a card of each faction out of the pool."""
        return bounty.made(state, self.seat, pool, rng)

    def draws_traitors(self, state: State, rng: random.Random) -> list[str] | None:
        """2.12.05 (B): their two cards drawn from the Bounty Board."""
        return bounty.drawn(state, self.seat)

    def after_traitors(self, state: State, rng: random.Random) -> list[Event]:
        """2.12.05 (B): the card not kept shuffled back into the Bounty Board."""
        return bounty.picked(state, self.seat, rng)

    def start_placement(self) -> str:
        """2.12.03: their six forces, after every other faction has placed its own."""
        return "after"

    # --- hooks of revival

    def revival_terms(self, state: State, seat: str, terms: RevivalTerms) -> RevivalTerms:
        """2.12.16 (B) DUKE VIDAL LIVES: "Duke Vidal may be revived from the Tleilaxu Tanks as
        your one revived leader per Turn, as if all of your leaders were in the Tleilaxu
        Tanks": offered at his price, one of the leaders they revive for spice.  Ruling: with
        Ecaz seated, whose text A revives him whatever their leaders (2.11.23), he is theirs
        to revive (two revivals of him in one round no rule orders)."""
        if (seat != self.seat or not has(state, seat, Ability.VIDAL_LIVES)
                or any(has(state, s, Ability.VIDAL_REVIVAL) for s in state["seats"])):
            return terms
        return replace(terms, offers=terms.offers + duke_vidal.offer(
            state, data(state).leader(duke_vidal.NAME)))

    def leader_back(self, state: State, name: str) -> list[Event]:
        """2.12.16 (B): "When you revive Duke Vidal Set him Aside"."""
        assert name == duke_vidal.NAME, name
        return duke_vidal.revived(state)

    def phase_ends(self, state: State) -> list[Event]:
        """DUKE VIDAL (2.12.17-18, A; ``moritani_vidal``): theirs at the end of the movement
        round when in two battles in strongholds, set aside at the Mentat Pause; text B's Duke
        Vidal token's (2.12.14.08 B) set aside at the Mentat Pause too (ruling)."""
        if (has(state, self.seat, Ability.ORGANIZED_STRIKE)
                and state["phase"] == vidal.MENTAT_PAUSE):
            return duke_vidal.mentat_pause(state, duke_vidal.at(state))     # 2.12.14.08 B
        if not has(state, self.seat, Ability.VIDAL_IN_BATTLES):
            return []
        return vidal.phase_ends(state, self.seat)

    def revival_over(self, state: State) -> list[Event]:
        """2.12.08.01-04 (B) TERRORIZE: their Plot, Plan and Scheme actions, at the end of the
        revival round."""
        return terror.schemed(state, self.seat, state["step"].pop(terror.PLOTTED, []))

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """2.12.15 (B) TERROR MOVES: their token goes with their moving forces, by their
        standing word (``moritani_terror.rode``)."""
        if mover != self.seat or not has(state, self.seat, Ability.TERROR_MOVES):
            return []
        return terror.rode(state, self.seat, source, territory)

    def allied(self, state: State, alliance: list[str]) -> list[Event]:
        """2.12.14.03: once their Atomics went off, a faction joining them in an alliance has
        its hand limit cut too, "discarding a random card if a hand exceeds the limit"."""
        return terror.over_the_limit(state) if self.seat in alliance else []

    # --- the token layer and the hand limits

    def token_entered(self, state: State, token: dict[str, Any], mover: str, advisors: bool
                      ) -> list[Event]:
        """2.12.09: another faction entered a stronghold with one of their Terror tokens;
        their standing answers say whether they reveal it.  Text B strikes this trigger for
        Organized Strike (2.12.09 B, ``battle_opened``)."""
        if (has(state, self.seat, Ability.ORGANIZED_STRIKE)
                or not triggers.wanted(state, self.seat, token["value"], mover)):
            return []
        events, goes_off = alliance.offered(state, self.seat, token, mover)    # 2.12.15-16
        return events + (terror.entered(state, self.seat, token, mover) if goes_off else [])

    def battle_opened(self, state: State) -> list[Event]:
        """2.12.09 (B) ORGANIZED STRIKE: their token in the territory of a battle they (or
        their ally, 2.12.18 B) fight, triggered as it opens (``moritani_strike``)."""
        if state["step"].get(triggers.TRIAL):
            return []
        found = strike.sides(state, self.seat, has(state, self.seat, Ability.ORGANIZED_STRIKE),
                             has(state, self.seat, Ability.ALLY_STRIKE))
        karama_for = None if found is not None else strike.karama_sides(
            state, self.seat, has(state, self.seat, Ability.KARAMA_STRIKE)
            and bool(karama.playable(state, self.seat)))                # 1.14.13 (B)
        if found is None and karama_for is None:
            return []
        benefactor, opponent = found or karama_for
        territory = state["step"]["battle"]["territory"]
        token = terror.lying(state, self.seat, territory)
        if token is None or not triggers.wanted(state, self.seat, token["value"], opponent):
            return []
        value = token["value"]
        events = []
        if found is None:
            events, effective = karama.play(state, self.seat, "terror-strike")
            karama_power_used(state, self.seat)
            if not effective:
                return events
        events += terror.struck(state, self.seat, token, benefactor, opponent)
        if value in strike.EFFECTS:                                 # 2.12.14.04-06 (B)
            return events + strike.EFFECTS[value](state, self.seat, benefactor, opponent,
                                                  state_rng(state))
        if value == "atomics":                                      # 2.12.14.03 (A and B)
            return (events + terror.EFFECTS[value](state, self.seat, opponent, territory, token)
                    + strike.fallout(state, self.seat, territory,
                                     terror.back_behind(state, self.seat)))
        # text A's Sneak Attack, text B's Ambush (2.12.14.07)
        return events + terror.EFFECTS[value](state, benefactor, opponent, territory, token)

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """2.12.14.05 (B): the spice Robbery set aside, the winner's or back."""
        return strike.after_battle(state, winner)

    def loser_keeps_one(self, state: State, loser: str) -> bool:
        """2.12.19 (A) ALLIANCE: their ally, losing a battle that had a winner, keeps one card
        it played that it could have kept had it won."""
        return (loser in ally_of(state, self.seat)
                and has(state, self.seat, Ability.ALLY_KEEPS_CARD))

    def battle_decided(self, state: State, outcome: Any, plans: dict[str, dict[str, Any]]
                       ) -> list[Event]:
        """2.12.20-21 (A, advanced): ASSASSINATE LEADERS (``moritani_assassins``); 2.12.19
        (B, advanced): the Bounty, their traitor card called or cashed ALIVE
        (``moritani_bounty``)."""
        return (assassins.battle_decided(state, self.seat, outcome, plans)
                + bounty.battle_decided(state, self.seat, outcome, plans))

    def after_collection(self, state: State) -> list[Event]:
        """2.12.19.03 (B, advanced): their traitor card cashed DEAD."""
        return bounty.collected(state, self.seat)

    def hand_limit_cut(self, state: State, seat: str) -> int:
        """2.12.14.03: their Atomics gone off, their hand limit and their ally's one lower."""
        return terror.hand_limit_cut(state, seat, self.seat)

    def in_front(self, state: State) -> dict[str, Any]:
        """That their Atomics went off (their and their ally's hand limit cut: public), the
        traitor cards they revealed to assassinate leaders."""
        atomics = {"atomics": True} if state["factions"][self.seat].get("atomics") else {}
        return atomics | assassins.in_front(state, self.seat) | bounty.in_front(state, self.seat)

    def behind_shield(self, state: State) -> dict[str, Any]:
        """Their standing answers, Robbery's take, Sabotage's gift and, in the advanced game,
        whom they assassinate."""
        own = state["factions"][self.seat]
        found = {"triggers": own.get("triggers", {}),
                 "robbery": own.get("robbery", terror.SPICE), "sabotage": own.get("sabotage", "")}
        if has(state, self.seat, Ability.ASSASSINATE):
            found["assassinate"] = assassins.standing(state, self.seat)
        if has(state, self.seat, Ability.ENEMY_OF_MY_ENEMY):
            found["alliance_offer"] = alliance.offer(state, self.seat)
        if has(state, self.seat, Ability.BOUNTY):
            found["bounty"] = list(own.get(bounty.CASH, []))
        if has(state, self.seat, Ability.TERROR_MOVES):
            found["terror_moves"] = bool(own.get(terror.RIDES))
        if own.get(strike.KARAMA):
            found["karama_strike"] = list(own[strike.KARAMA])
        return found


# --- their decision's order text
def read(state: State, prompt: Prompt, words: list[str]) -> dict[str, Any]:
    """One line: ``TERROR <token> IN <stronghold>``, ``TERROR MOVE <stronghold> TO
    <stronghold>``, ``TERROR NONE``, ``TRIGGER ...``, ``ROBBERY SPICE|CARD``, ``SABOTAGE GIVE
    <card>|NONE``."""
    verb, rest = words[0].upper(), words[1:]
    kind = terror.kind_of(state)
    upper = [w.upper() for w in rest]
    if verb == "TRIGGER":
        return {"trigger": [triggers.read(state, kind, prompt.seat, rest)]}
    if verb == "ASSASSINATE":
        if not has(state, prompt.seat, Ability.ASSASSINATE):
            raise OrderProblem(ErrorCode.BAD_TERROR, "ASSASSINATE is for the advanced game's "
                               "Assassinate Leaders (001 2.12.20)", ("TERROR NONE",))
        return {"assassinate": assassins.read(state, prompt.seat, rest)}
    if verb == "BOUNTY" and upper != ["DRAW"]:
        if not has(state, prompt.seat, Ability.BOUNTY):
            raise OrderProblem(ErrorCode.BAD_TERROR, "BOUNTY ALIVE, DEAD or HOLD is text B's "
                               "advanced Bounty (001 2.12.19 B)", ("TERROR NONE",))
        return {"cash": bounty.read_cash(rest)}
    if verb == "BOUNTY":
        if not has(state, prompt.seat, Ability.BOUNTY_BOARD):
            raise OrderProblem(ErrorCode.BAD_TERROR, "BOUNTY DRAW is text B's redraw from the "
                               "Bounty Board (001 2.12.17 B)", ("TERROR NONE",))
        if state["phase"] != terror.ROUND:
            raise OrderProblem(ErrorCode.BAD_TERROR, "a traitor card is drawn from the Bounty "
                               "Board in the Mentat Pause (001 2.12.17 B)", ("TERROR NONE",))
        return {"bounty": True}
    if verb == "TERROR" and upper[:1] == ["KARAMA"]:
        return {"karama": _karama_word(state, prompt.seat, rest[1:])}
    if verb == "TERROR" and upper[:1] == ["MOVES"]:
        if not has(state, prompt.seat, Ability.TERROR_MOVES):
            raise OrderProblem(ErrorCode.BAD_TERROR, "TERROR MOVES is text B's (001 2.12.15 B)",
                               ("TERROR NONE",))
        if upper[1:] not in (["ALL"], ["NONE"]):
            raise OrderProblem(ErrorCode.BAD_TERROR, "expected TERROR MOVES ALL or TERROR MOVES "
                               "NONE", ("TERROR MOVES ALL", "TERROR MOVES NONE"))
        return {"rides": upper[1] == "ALL"}
    if verb == "TERROR" and upper[:1] in (["PLOT"], ["PLAN"], ["SCHEME"]):
        return {"schemes": [_scheme(state, prompt.seat, rest)]}
    if verb == "OFFER":
        if not has(state, prompt.seat, Ability.ENEMY_OF_MY_ENEMY):
            raise OrderProblem(ErrorCode.BAD_TERROR, "OFFER ALLIANCE is text A's Enemy of My "
                               "Enemy (001 2.12.15)", ("TERROR NONE",))
        return {"offer": alliance.read_offer(state, prompt.seat, rest)}
    if verb == "SABOTAGE":
        hand = state["factions"][prompt.seat]["hand"]
        if upper == ["NONE"]:
            return {"sabotage": ""}
        if upper[:1] != ["GIVE"] or len(rest) < 2:
            raise OrderProblem(ErrorCode.BAD_TERROR, "expected SABOTAGE GIVE <card> or "
                               "SABOTAGE NONE", ("SABOTAGE NONE", "SABOTAGE GIVE Baliset"))
        card = card_among(state, " ".join(rest[1:]), hand, "card of your hand",
                          ("SABOTAGE NONE",))
        return {"sabotage": data(state).treachery_card(card).name}
    if verb == "ROBBERY":
        if upper not in (["SPICE"], ["CARD"]):
            raise OrderProblem(ErrorCode.BAD_TERROR, "expected ROBBERY SPICE or ROBBERY CARD",
                               ("ROBBERY SPICE", "ROBBERY CARD"))
        return {"robbery": upper[0].lower()}
    if upper == ["NONE"]:
        return {}
    if has(state, prompt.seat, Ability.PLOT_PLAN_SCHEME):
        raise OrderProblem(ErrorCode.BAD_TERROR, "under text B a Terror token is placed or "
                           "moved at the end of the revival round, by PLOT or PLAN (001 "
                           "2.12.08 B)", ("TERROR PLOT Robbery IN Carthag",
                                          "TERROR PLAN Carthag TO Arrakeen"))
    if state["phase"] != terror.ROUND:
        raise OrderProblem(ErrorCode.BAD_TERROR, "a Terror token is placed or moved at War "
                           "Continues, in the Mentat Pause (001 2.12.08): now TRIGGER and "
                           "ROBBERY lines only", ("TRIGGER ALL", "ROBBERY SPICE"))
    if upper[:1] == ["MOVE"] and "TO" in upper:
        split = upper.index("TO")
        source, _ = read_territory(state, rest[1:split])
        territory = _stronghold(state, rest[split + 1:])
        if source.name not in terror.placed(state):
            raise OrderProblem(ErrorCode.BAD_TERROR, f"no Terror token lies in {source.name}",
                               tuple(terror.placed(state)))
        return {"move": [source.name, territory]}
    if "IN" not in upper:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected TERROR <token> IN <stronghold>, "
                           "TERROR MOVE <stronghold> TO <stronghold> or TERROR NONE",
                           ("TERROR Robbery IN Carthag", "TERROR MOVE Carthag TO Arrakeen"))
    split = upper.index("IN")
    value = triggers.read(state, kind, prompt.seat, [*rest[:split], "ALL"])[0]
    if value not in terror.supply(state, prompt.seat):
        raise OrderProblem(ErrorCode.BAD_TERROR, f"the {kind.token(value).name} is not behind "
                           "your shield", tuple(kind.token(v).name
                                                for v in terror.supply(state, prompt.seat)))
    return {"place": [value, _stronghold(state, rest[split + 1:], prompt.seat)]}


def _karama_word(state: State, seat: str, words: list[str]) -> list[str]:
    """``TERROR KARAMA FOR <faction>, ... | NONE`` (the words after KARAMA): for whom their
    Karama sets off a token as a battle opens (001 1.14.13 B)."""
    if not has(state, seat, Ability.KARAMA_STRIKE):
        raise OrderProblem(ErrorCode.BAD_TERROR, "TERROR KARAMA is text B's Karama power of "
                           "the advanced game (001 1.14.13 B)", ("TERROR NONE",))
    said = [w.upper() for w in words]
    if said == ["NONE"]:
        return []
    if said[:1] != ["FOR"] or len(said) < 2:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected TERROR KARAMA FOR <faction>, ... or "
                           "TERROR KARAMA NONE", ("TERROR KARAMA FOR Atreides",
                                                  "TERROR KARAMA NONE"))
    return read_factions(state, words[1:], [s for s in state["seats"] if s != seat])


def _scheme(state: State, seat: str, words: list[str]) -> list[str]:
    """One of text B's Terrorize actions (001 2.12.08.02-04 B): ``PLOT <token> IN
    <territory>``, ``PLAN <territory> TO <territory>``, ``SCHEME <token>`` (the verb ``TERROR``
    left out); whether the tokens are where the action needs them is judged over all the lines
    at once (``combine``), as they are carried out in order."""
    if not has(state, seat, Ability.PLOT_PLAN_SCHEME):
        raise OrderProblem(ErrorCode.BAD_TERROR, "PLOT, PLAN and SCHEME are text B's Terrorize "
                           "actions (001 2.12.08 B): under text A, TERROR <token> IN "
                           "<stronghold>", ("TERROR Robbery IN Carthag",))
    if state["phase"] != terror.ANSWERS_ROUND:
        raise OrderProblem(ErrorCode.BAD_TERROR, "PLOT, PLAN and SCHEME are taken at the end "
                           "of the revival round (001 2.12.08 B)", ("TERROR NONE",))
    verb, upper, kind = words[0].lower(), [w.upper() for w in words], terror.kind_of(state)
    examples = ("TERROR PLOT Robbery IN Carthag", "TERROR PLAN Carthag TO Arrakeen",
                "TERROR SCHEME Robbery")
    if verb == terror.SCHEME and len(words) > 1:
        return [verb, triggers.read(state, kind, seat, [*words[1:], "ALL"])[0]]
    split = upper.index("IN" if verb == terror.PLOT else "TO") if (
        ("IN" if verb == terror.PLOT else "TO") in upper[2:]) else 0
    if verb == terror.SCHEME or not split:
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected TERROR PLOT <token> IN <territory>, "
                           "TERROR PLAN <territory> TO <territory> or TERROR SCHEME <token>",
                           examples)
    where = _territory(state, words[split + 1:])
    if verb == terror.PLAN:
        return [verb, _territory(state, words[1:split]), where]
    return [verb, triggers.read(state, kind, seat, [*words[1:split], "ALL"])[0], where]


def _territory(state: State, words: list[str]) -> str:
    """A territory of the board, the HMS none (001 2.12.08.02-03 B)."""
    territory, _ = read_territory(state, words)
    if territory.name not in {t.name for t in data(state).board.territories}:
        raise OrderProblem(ErrorCode.BAD_TERROR, f"no Terror token goes to {territory.name} "
                           "(001 2.12.08.02 B: a territory of the board, not the HMS)",
                           ("TERROR PLOT Robbery IN Carthag",))
    return territory.name


def _schemes_hold(state: State, seat: str, actions: list[list[str]]) -> None:
    """Text B's Terrorize actions are at most three, and each finds its token where it needs
    it once those before it are done (001 2.12.08.01-04 B).  The board's tokens are counted
    territory by territory: where two lie (Grumman's High side, 001 4.10.12), each may be
    PLANned away (2.12.08.03 B)."""
    if len(actions) > terror.TERRORIZE_ACTIONS:
        raise OrderProblem(ErrorCode.BAD_TERROR, "up to three Terrorize actions a turn (001 "
                           "2.12.08 B)", ("TERROR PLOT Robbery IN Carthag",))
    kind = terror.kind_of(state)
    behind, shown = set(terror.supply(state, seat)), set(terror.front(state, seat))
    board = list(terror.placed(state))
    for verb, what, *where in actions:
        line = text(state, {"schemes": [[verb, what, *where]]})
        if verb == terror.SCHEME:
            if what not in shown:
                raise OrderProblem(ErrorCode.BAD_TERROR, f"{line}: the {kind.token(what).name} "
                                   "is not in front of your shield", tuple(
                                       kind.token(v).name for v in sorted(shown)))
            shown.discard(what)
            behind.add(what)
            continue
        if where[0] in board:
            raise OrderProblem(ErrorCode.BAD_TERROR, f"{line}: a Terror token lies in "
                               f"{where[0]} (001 2.12.08 B)", ("TERROR NONE",))
        if verb == terror.PLOT and what not in behind:
            raise OrderProblem(ErrorCode.BAD_TERROR, f"{line}: the {kind.token(what).name} is "
                               "not behind your shield", tuple(kind.token(v).name
                                                               for v in sorted(behind)))
        if verb == terror.PLAN and what not in board:
            raise OrderProblem(ErrorCode.BAD_TERROR, f"{line}: no Terror token lies in {what}",
                               tuple(sorted(set(board))))
        if verb == terror.PLOT:
            behind.discard(what)
        else:
            board.remove(what)
        board.append(where[0])


def _stronghold(state: State, words: list[str], placer: str | None = None) -> str:
    """A stronghold that holds no Terror token (2.12.08); any territory where ``placer``
    places one by the Moritani card's Cunning (001 4.03.07.13: ``terror.open_places``)."""
    territory, _ = read_territory(state, words)
    free = terror.open_places(state, placer) if placer else terror.open_strongholds(state)
    if territory.name not in free:
        raise OrderProblem(ErrorCode.BAD_TERROR, f"{territory.name} is no stronghold free of "
                           "Terror tokens (001 2.12.08)", tuple(free))
    return territory.name


def combine(state: State, prompt: Prompt, parts: list[dict[str, Any]]) -> dict[str, Any]:
    value = terror.empty()
    for part in parts:
        value["trigger"] += part.get("trigger", [])
        for key in ("place", "move", "robbery", "sabotage", "assassinate", "offer", "bounty",
                    "cash"):
            value[key] = part.get(key, value[key])
    if sum(1 for part in parts if part.get("place") or part.get("move")) > 1:
        raise OrderProblem(ErrorCode.BAD_TERROR, "one Terrorize action a Mentat Pause: place a "
                           "token or move one (001 2.12.08)", ("TERROR Robbery IN Carthag",))
    karamas = [part["karama"] for part in parts if "karama" in part]
    if karamas:
        value["karama"] = karamas[-1]
    rides = [part["rides"] for part in parts if "rides" in part]
    if rides:
        value["rides"] = rides[-1]
    schemes = [action for part in parts for action in part.get("schemes", [])]
    if schemes:
        _schemes_hold(state, prompt.seat, schemes)
        value["schemes"] = schemes
    return value


def text(game: Any, value: dict[str, Any]) -> str:
    kind = terror.kind_of(game)
    lines = []
    if value.get("place"):
        lines.append(f"TERROR {kind.token(value['place'][0]).name} IN {value['place'][1]}")
    if value.get("move"):
        lines.append(f"TERROR MOVE {value['move'][0]} TO {value['move'][1]}")
    for verb, what, *where in value.get("schemes", []):
        lines.append(f"TERROR {verb.upper()} " + (
            f"{what} TO {where[0]}" if verb == terror.PLAN
            else f"{kind.token(what).name}" + (f" IN {where[0]}" if where else "")))
    lines += [triggers.text(game, kind, answer) for answer in value.get("trigger", [])]
    if value.get("robbery"):
        lines.append(f"ROBBERY {value['robbery'].upper()}")
    if value.get("sabotage") is not None:
        lines.append(f"SABOTAGE GIVE {value['sabotage']}" if value["sabotage"]
                     else "SABOTAGE NONE")
    if value.get("assassinate") is not None:
        lines.append(assassins.text(game, value["assassinate"]))
    if value.get("offer") is not None:
        lines.append(alliance.offer_text(game, value["offer"]))
    if value.get("bounty"):
        lines.append("BOUNTY DRAW")
    if value.get("cash") is not None:
        lines.append(bounty.cash_text(value["cash"]))
    if value.get("rides") is not None:
        lines.append(f"TERROR MOVES {'ALL' if value['rides'] else 'NONE'}")
    if value.get("karama") is not None:
        lines.append(strike.karama_text(game, value["karama"]))
    return "\n".join(lines) or "TERROR NONE"


def random_value(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """A bot's: now and then a token placed or moved, a standing answer, Robbery's take,
    Sabotage's gift."""
    value = terror.empty()
    held, free = prompt.options.get("supply", []), prompt.options.get("strongholds", [])
    text_a = prompt.options.get("terrorize") and not prompt.options.get("text_b")
    on_board = prompt.options.get("placed", []) if text_a else []
    held = held if text_a else []
    if prompt.options.get("plot"):
        value["schemes"] = _random_schemes(prompt, rng)
    if prompt.options.get("rides") and rng.random() < 0.3:
        value["rides"] = rng.random() < 0.5
    if prompt.options.get("karama") and rng.random() < 0.3:
        value["karama"] = [s for s in view["seats"] if s != prompt.seat and rng.random() < 0.5]
    roll = rng.random()
    places = prompt.options.get("places", free)         # 001 4.03.07.13: anywhere, lent
    if held and places and roll < 0.6:
        value["place"] = [rng.choice(held), rng.choice(places)]
    elif on_board and free and roll < 0.8:
        value["move"] = [rng.choice(on_board), rng.choice(free)]
    others = [s for s in view["seats"] if s != prompt.seat]
    if others and rng.random() < 0.2:
        value["trigger"].append(["*", {"*": True, rng.choice(others): False}])
    if rng.random() < 0.2:
        value["robbery"] = rng.choice([terror.SPICE, terror.CARD])
    held = sorted(data(view).treachery_card(c).name for c in view["own"]["hand"])
    if rng.random() < 0.2:
        value["sabotage"] = rng.choice(["", *held])
    if prompt.options.get("assassinate") and rng.random() < 0.2:
        value["assassinate"] = assassins.random_word(view, prompt.seat, rng)
    if prompt.options.get("offer") and rng.random() < 0.2:
        value["offer"] = alliance.random_offer(view, prompt.seat, rng)
    if prompt.options.get("bounty") and rng.random() < 0.3:
        value["bounty"] = True
    if prompt.options.get("cash") and rng.random() < 0.3:
        value["cash"] = rng.choice([[], ["alive"], ["dead"], ["alive", "dead"]])
    return value


def _random_schemes(prompt: Prompt, rng: random.Random) -> list[list[str]]:
    """A bot's text B Terrorize actions (001 2.12.08.01-04 B): now and then a token schemed
    back, one plotted, one planned, each where it may go after those before it."""
    behind, shown = list(prompt.options["supply"]), list(prompt.options["front"])
    free, board = list(prompt.options["territories"]), list(prompt.options["placed"])
    actions: list[list[str]] = []
    for _ in range(terror.TERRORIZE_ACTIONS):
        roll = rng.random()
        if shown and roll < 0.3:
            token = shown.pop(rng.randrange(len(shown)))
            behind.append(token)
            actions.append([terror.SCHEME, token])
        elif behind and free and roll < 0.6:
            token, where = behind.pop(rng.randrange(len(behind))), free.pop(
                rng.randrange(len(free)))
            board.append(where)
            actions.append([terror.PLOT, token, where])
        elif board and free and roll < 0.75:
            source, where = board.pop(rng.randrange(len(board))), free.pop(
                rng.randrange(len(free)))
            if source not in board:     # where two lay (001 4.10.12), one lies there still
                free.append(source)
            board.append(where)
            actions.append([terror.PLAN, source, where])
    return actions


order_kind(OrderKind(terror.KIND, ("TERROR", "TRIGGER", "ROBBERY", "SABOTAGE", "ASSASSINATE",
                                   "OFFER", "BOUNTY"),
                     read, text,
                     combine,
                     random_value, with_verb=True))


def read_payment(state: State, prompt: Prompt, words: list[str]) -> bool:
    """``PAY`` or ``NONE`` (2.12.14.04)."""
    said = [w.upper() for w in words]
    if said not in (["PAY"], ["NONE"]):
        raise OrderProblem(ErrorCode.BAD_TERROR, "expected EXTORTION PAY or EXTORTION NONE",
                           ("EXTORTION PAY", "EXTORTION NONE"))
    return said == ["PAY"]


order_kind(OrderKind(terror.EXTORTION, ("EXTORTION",), read_payment,
                     lambda game, value: "EXTORTION PAY" if value else "EXTORTION NONE",
                     random=lambda view, prompt, rng: rng.random() < 0.3))
