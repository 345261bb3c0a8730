"""The Atreides: their powers (000 Player Shields lines 745-767)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..data import NexusUse
from ..rules import rules_of
from ..state import State
from ..variants.nexus_cards import BATTLE
from . import atreides_prescience as prescience
from .base import BattleTools, Faction, NexusPlay, lend_in_battle, stop

ATREIDES = "atreides"
KH_AFTER = 7        # 000 line 762: "after losing a total of at least 7 tokens in battle(s)"


def kwisatz_haderach(state: State) -> dict[str, Any]:
    """The Kwisatz Haderach's record (line 762; WBC XV, line 1298): ``losses``, the Atreides
    forces lost in battles in the game, and ``tanks``, whether it was killed; no losses in a
    game without the Atreides."""
    return state["factions"].get(ATREIDES, {}).get("kwisatz_haderach",
                                                   {"losses": 0, "tanks": False})


class Atreides(Faction):
    """The Atreides's hooks."""

    seat = ATREIDES
    nexus_uses: ClassVar[dict[NexusUse, NexusPlay]] = {NexusUse.BETRAYAL: NexusPlay(
        "set now: the Atreides' Prescience stopped in the next battle where they (or their "
        "ally) could use it (001 4.03.07.02).", at=BATTLE),
        NexusUse.CUNNING: NexusPlay(
        "set now: in the next battle you fight, you may put a second Prescience question, "
        "PRESCIENCE <element> THEN <element>, the second once the first is answered "
        "(001 4.03.07.02).", at=BATTLE),
        NexusUse.SECRET_ALLY: NexusPlay(
        "set now: in the next battle you fight, you put the Atreides' Prescience question to "
        "your opponent, the leader, weapon, defense or dial of its plan (001 4.03.07.02).",
        at=BATTLE),
        NexusUse.NAMED: NexusPlay(
        "PRESCIENCE: set now: in the next battle you fight, you put the Prescience question "
        "to your opponent, the leader, weapon, defense or dial of its plan (001 4.03.07.02, "
        "text B).", at=BATTLE)}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.02, Betrayal: "Prevent the Atreides Prescience Ability of seeing one
        element of any Battle Plan" (ruling: set when played, carried out as the next battle
        opens where the Atreides, or their ally, could ask: no question in it; by mail the
        question and the plans come in one round, so it is stopped before it is asked)."""
        battle = state["step"].get("battle")
        if use in (NexusUse.SECRET_ALLY, NexusUse.NAMED):     # text B's PRESCIENCE too
            return self._lent(state, battle, holder, use)
        if use == NexusUse.CUNNING:
            return self._twice(state, battle, holder)
        if use != NexusUse.BETRAYAL or not battle or not prescience.asker(state, battle):
            return None
        stop(battle, prescience.PRESCIENCE)
        return [Event(EventCode.NEXUS_POWER_STOPPED, {"faction": self.seat,
                                                      "power": prescience.PRESCIENCE})]
    def _lent(self, state: State, battle: dict[str, Any] | None, holder: str, use: NexusUse
              ) -> list[Event] | None:
        """001 4.03.07.02, Secret Ally: "You may use Prescience Ability in a Battle" (ruling:
        set when played, carried out as the next battle the holder fights opens: it asks the
        question there as the Atreides would, in the battle's first mail round with the plans,
        ``PRESCIENCE <element>``, and plans again knowing the answer; the Atreides' hooks
        before the plans are asked for it though they are not seated, ``factions.lenders``)."""
        if not battle or holder not in (battle["aggressor"], battle["defender"]):
            return None
        lend_in_battle(battle, self.seat, holder)
        return [Event(EventCode.NEXUS_POWER_BORROWED, {
            "faction": holder, "power": prescience.PRESCIENCE, "use": str(use)})]

    def _twice(self, state: State, battle: dict[str, Any] | None, holder: str
               ) -> list[Event] | None:
        """001 4.03.07.02, Cunning: "You may use Prescience Ability in a Battle (this may be the
        second use of this ability in a battle)" (ruling: set when played, carried out as the
        next battle the holder fights and asks in opens, public: there a second question may
        follow the first, ``prescience.twice``; as every Cunning, no Karama cancels it,
        4.03.06.03)."""
        asking = prescience.asker(state, battle) if battle else None
        if not battle or not asking or asking[0] != holder or holder not in (
                battle["aggressor"], battle["defender"]):
            return None
        prescience.allow_twice(battle, holder)
        return [Event(EventCode.NEXUS_PRESCIENCE_TWICE, {"faction": holder})]

    precedence = {"before_plans": 2}     # prescience: steps 3-6 (000 lines 1214-1242)

    def upgrade(self, state: State) -> None:
        """Earlier code kept the Kwisatz Haderach's record at the state's top level."""
        record = state.pop("kwisatz_haderach", None)
        if record is not None and self.seat in state["factions"]:
            state["factions"][self.seat]["kwisatz_haderach"] = record

    # --- hooks of set-up

    def own_sheet(self) -> dict[str, Any]:
        """The forces lost towards the Kwisatz Haderach, counted from the start (line 762)."""
        return {"kwisatz_haderach": {"losses": 0, "tanks": False}}

    # --- hooks of battle

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """The prescience question, when they or their ally fight (lines 760, 766)."""
        return prescience.decision(state, battle)

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        return prescience.key(state, battle)

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        """The question put and published; a Karama may cancel it (steps 3-4)."""
        return prescience.question_step(state, orders, wanted, tools)

    def after_plans(self, state: State, wanted: dict[str, list[str]], replan: set[str],
                    tools: BattleTools) -> list[Event]:
        """The answer (step 5), then their Karama look at a whole plan (step 6)."""
        return (prescience.answer_step(state, replan)
                + prescience.look_step(state, wanted, replan, tools))

    def may_add_kwisatz_haderach(self, record: dict[str, Any]) -> bool:
        """Once 7 forces were lost in battles, unless it is in the tanks (line 762)."""
        return not record["tanks"] and record["losses"] >= KH_AFTER

    def battle_losses(self, state: State, lost: dict[str, int]) -> list[Event]:
        """Atreides forces lost in battle counted; at 7 the Kwisatz Haderach awakens (line
        762; WBC XV, line 1298), with the optional advantages."""
        if not lost.get(self.seat, 0):
            return []
        record = state["factions"][self.seat]["kwisatz_haderach"]
        before = record["losses"]
        record["losses"] += lost[self.seat]
        awakens = before < KH_AFTER <= record["losses"]
        if awakens and rules_of(state).advantages:
            return [Event(EventCode.KWISATZ_HADERACH, {"losses": record["losses"]})]
        return []


class AtreidesGF9(Atreides):
    """The Atreides of the GF9 edition, where their powers differ from classic's."""

    rulesets = ("gf9",)

    # 001 2.01.12: the Kwisatz Haderach joins their battles of one territory a turn, each of
    # them ("in one Territory per Turn"; a leader may fight again in his territory,
    # 1.07.05.04); under AH one battle a turn (000 line 762: "any one leader or cheap hero(ine)
    # per turn"; WBC XV, line 1298: "once per turn").
    kwisatz_haderach_per_territory = True
