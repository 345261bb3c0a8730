"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..data import NexusUse
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import POLAR_SINK, State, factions_in
from ..variants.nexus_cards import BATTLE
from . import bene_gesserit_coexistence as coexistence
from . import bene_gesserit_voice as voice
from .base import TERRITORY, BattleTools, Faction, NexusPlay, lend_in_battle, stop
from .bene_gesserit_coexistence import BENE_GESSERIT, stormed_in

MOVEMENT = "movement"      # the round whose decisions are theirs (``Faction.decisions``)


class BeneGesserit(Faction):
    """The Bene Gesserit's hooks, and their answers to the rules of their powers under AH."""

    seat = BENE_GESSERIT
    nexus_uses: ClassVar[dict[NexusUse, NexusPlay]] = {NexusUse.BETRAYAL: NexusPlay(
        "set now: the Bene Gesserit's Voice stopped in the next battle where they (or their "
        "ally) could use it (001 4.03.07.03).", at=BATTLE),
        NexusUse.SECRET_ALLY: NexusPlay(
        "set now: in the next battle you fight, you give your opponent the Bene Gesserit's "
        "Voice, VOICE [NOT] <kind or card> with your plan (001 4.03.07.03).", at=BATTLE),
        NexusUse.NAMED: NexusPlay(
        "VOICE: set now: in the next battle you fight, you give your opponent the Voice, VOICE "
        "[NOT] <kind or card> with your plan (001 4.03.07.03, text B).", at=BATTLE)}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.03, Betrayal: "Prevent the Bene Gesserit from using their Voice
        ability" (ruling: set when played, carried out as the next battle opens where the
        Bene Gesserit, or their ally, could use it: no Voice in it; by mail the Voice and the
        plans come in one round, so it is stopped before it is given).  Secret Ally: "During a
        battle, you may use the Bene Gesserit Voice ability" (ruling: as the Atreides card's,
        set for the next battle the holder fights, the Voice then given with its plan, the
        Bene Gesserit's powers before the plans asked for it though they are not seated)."""
        battle = state["step"].get("battle")
        if use in (NexusUse.SECRET_ALLY, NexusUse.NAMED):     # text B's VOICE too
            if not battle or holder not in (battle["aggressor"], battle["defender"]):
                return None
            lend_in_battle(battle, self.seat, holder)
            return [Event(EventCode.NEXUS_POWER_BORROWED, {
                "faction": holder, "power": voice.VOICE, "use": str(use)})]
        if use != NexusUse.BETRAYAL or not battle or not voice.voicer(state, battle):
            return None
        stop(battle, voice.VOICE)
        return [Event(EventCode.NEXUS_POWER_STOPPED, {"faction": self.seat,
                                                      "power": voice.VOICE})]
    precedence = {"before_plans": 1}     # the Voice: steps 1-2 (000 lines 1214-1242)
    decision_kinds = frozenset({coexistence.KIND})     # their declarations and advisors

    # A territory's coexistence is declared (000 XV.B.5), not the sides of GF9's tokens
    # (``BeneGesseritGF9``).
    advisor_sides = False
    # A territory left out of their declaration coexists (000 XV.B.5: "It is assumed you are
    # in coexistence unless you state otherwise"); the rule the declaration prompt cites.
    coexist_by_default: ClassVar[bool] = True
    coexistence_rule: ClassVar[str] = "000 XV.B.5"
    # A status stands until changed (000 XV.B.5), not declared afresh each round.
    coexistence_declared_each_round: ClassVar[bool] = False
    # Coexisting forces get no ornithopters (000 XV.B.4: "as if they are not even on the
    # board").
    coexisting_fly = False
    # The Voice never commands a Cheap Hero (000 BG shield 3, line 784; WBC X, line 1248), and
    # names no special card by name.
    voice_names_cheap_hero = False
    voice_names_special_cards = False
    # Their charity advantage pays them with spice in hand "Beginning with the second turn"
    # (000 XV.B.2).
    charity_always_from_turn = 2

    def advisors_flip_when_alone(self, rules: Rules) -> bool:
        """Advisors alone in a territory before the battle round stay advisors: a territory's
        coexistence stands (000 XV.B.5)."""
        return False

    def upgrade(self, state: State) -> None:
        """Earlier code kept the territories where they coexist (000 XV.B.4-5) at the state's
        top level, even without them in the game; their sheet keeps them now."""
        if "coexisting" in state:
            coexisting = state.pop("coexisting")
            if self.seat in state["factions"]:
                state["factions"][self.seat]["coexisting"] = coexisting

    # --- hooks of set-up

    def start_placement(self) -> str:
        """Their one token (line 772) is placed after the Fremen (WBC III)."""
        return "last"

    def placed_last(self, state: State, territory: str) -> list[Event]:
        """GF9 advanced starting forces (001 2.02.09): their advisor "If you are alone in the
        Territory, flip the advisor to a fighter"; among others it stays an advisor."""
        if not (self.advisor_sides and rules_of(state).advantages) or territory == POLAR_SINK:
            return []
        if factions_in(state, territory) == [self.seat]:
            return []
        own = state["factions"][self.seat]
        own["coexisting"] = [*own["coexisting"], territory]
        return [Event(EventCode.COEXISTENCE, {"territory": territory, "coexist": True})]

    def own_sheet(self) -> dict[str, Any]:
        """The territories where they coexist (000 XV.B.4-5; ``bene_gesserit_coexistence``):
        none at the start."""
        return {"coexisting": []}

    # --- hooks of shipment and movement

    def admits_ally(self, state: State) -> bool:
        """Alone in a territory they keep their allies out, as any faction (000 XII.E.5)."""
        return False

    def declares_with_moves(self) -> bool:
        """A move into an occupied territory declares coexistence there (000 XV.B.5)."""
        return True

    def coexisting(self, state: State) -> list[str]:
        """Where their advisors coexist (000 XV.B.4-5)."""
        return coexistence.coexisting(state)

    def movement_opening(self, state: State) -> bool:
        """They declare before anyone moves where they share a territory (WBC line 1305;
        GF9 wartime, 001 2.02.18), when they may coexist."""
        return (coexistence.coexistence_allowed(state)
                and coexistence.declares_first(state, self))

    def movement_begins(self, state: State) -> list[Event]:
        """Every territory among others gets its default status (XV.B.5)."""
        return coexistence.start_of_round(state, self, {})

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """Their declarations ahead and their advisor policy in the movement round (shield 2,
        XV.B.3-5), which it asks once."""
        return [coexistence.prompt(state, self)] if self._asked_now(state, phase) else []

    def decision_keys(self, state: State, phase: str) -> list[str]:
        return [coexistence.KEY] if self._asked_now(state, phase) else []

    def _asked_now(self, state: State, phase: str) -> bool:
        """Asked once a movement round (the step's ``bg_asked``, set once answered)."""
        return phase == MOVEMENT and not state["step"]["bg_asked"]

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """The policy kept; the declarations made now (before anyone moves, or with every
        turn at once), or held for the turns to come."""
        coexistence.keep(state, value)
        wanted = dict(value.get("declare", {}))
        step = state["step"]
        step["bg_asked"] = True
        if step["opening"] or step["mode"] == "batched":
            return coexistence.start_of_round(state, self, wanted)
        step["ahead"].update(wanted)
        return []

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """They declare where they now share a territory (XV.B.5; GF9 sides, 001 2.02.14-21)."""
        return coexistence.on_arrival(state, self, mover, territory, wish, count, source)

    def shipped_from_reserve(self, state: State, shipper: str, territory: str, sector: int
                             ) -> list[Event]:
        """Their free advisor goes with the shipment, by their policy (shield 2, XV.B.3)."""
        return coexistence.advisors_go(state, self, shipper, territory, sector)

    # --- hooks of battle

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """The Voice, when they or their ally fight (line 790)."""
        return voice.decision(state, battle)

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        return voice.key(state, battle)

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        """The Voice given and published; a Karama may cancel it (steps 1-2)."""
        return voice.step(state, orders, wanted, tools)

    def at_reveal(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """A side that did not obey the Voice is announced (WBC line 1250)."""
        return voice.not_obeyed(state, plans)

    def before_battles(self, state: State) -> list[Event]:
        """GF9 universal stewards (001 2.02.22): "When advisors are ever alone in a Territory
        before Battle Phase, they automatically flip to fighters", but under the storm (2.02.20;
        ``advisors_flip_when_alone``)."""
        rules = rules_of(state)
        own = state["factions"].get(self.seat)
        if own is None or not (self.advisors_flip_when_alone(rules) and rules.advantages):
            return []
        alone = [t for t in own["coexisting"] if factions_in(state, t) == [self.seat]
                 and not stormed_in(state, t)]
        own["coexisting"] = [t for t in own["coexisting"] if t not in alone]
        return [Event(EventCode.COEXISTENCE, {"territory": t, "coexist": False}) for t in alone]

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """Their coexisting forces leave with the rest (004 line 193)."""
        state["factions"][self.seat]["coexisting"] = []
        return []

    # --- hooks of the views and reports

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """Their advisors' territories, the view's ``coexisting`` (000 XV.B.4-5)."""
        return view["coexisting"]


class BeneGesseritWBC(BeneGesserit):
    """The Bene Gesserit of the WBC rules, where their powers differ from classic's."""

    rulesets = ("wbc",)

    # 000 line 1304: a territory left out of the declaration does not coexist.
    coexist_by_default = False
    coexistence_rule = "WBC XV, line 1304"
    # WBC line 1305; clarification VII (000 line 1134): every territory declared afresh at the
    # start of the movement round, coexisting in a stronghold beside two others kept.
    coexistence_declared_each_round = True
    # WBC (000 line 1328): coexisting forces move with ornithopters.
    coexisting_fly = True

    def admits_ally(self, state: State) -> bool:
        """Their ally may enter a territory they hold alone, and they coexist there (WBC
        clarification XV, 000 line 1314)."""
        return True


class BeneGesseritGF9(BeneGesserit):
    """The Bene Gesserit of the GF9 edition, where their powers differ from classic's."""

    rulesets = ("gf9",)

    # 001 2.02.11-22: their forces in a territory are advisors or fighters as their tokens
    # lie, and change side only by the flips of GF9 (intrusion, enlistment, take up arms,
    # wartime, adaptive force, universal stewards; none under storm nor, to fighters, beside
    # their ally), shipped as fighters and never onto their own advisors (2.02.14).
    advisor_sides = True
    # 001 2.02.16, 2.02.18: a side changes by a choice, never by default.
    coexist_by_default = False
    # 001 2.02.07: the Voice may command a Cheap Hero, and "a specific special weapon by name,
    # or a specific special defense by name": the first expansion's special cards (3.02),
    # each counted as what it is where it is played (rules version 6).
    voice_names_cheap_hero = True
    voice_names_special_cards = True
    # 001 2.02.10: their charity "always", every turn.
    charity_always_from_turn = 1

    nexus_uses = {**BeneGesserit.nexus_uses, NexusUse.CUNNING: NexusPlay(
        "your advisors in the territory you name flipped to fighters, once your turn of "
        "Shipment and Movement is taken (001 4.03.07.03).", TERRITORY, phases=("movement",))}

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """Cunning: the territories of their advisors that may take up arms (not stormed in,
        not beside their ally: 2.02.19-20)."""
        if use != NexusUse.CUNNING:
            return super().nexus_targets(state, use, holder)
        return [territory for territory in coexistence.coexisting(state)
                if BENE_GESSERIT in factions_in(state, territory)
                and coexistence.may_take_arms(state, territory)]

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.03, Cunning: "flip any or all groups of your advisors to fighters during
        your shipment and movement action (all forces in a territory must end up the same
        type)".  Ruling: a group a card, the one named, in the Shipment and Movement phase
        once their turn is taken (as the round is resolved), where advisors may take up arms;
        announced, as every flip (2.02.18)."""
        if use != NexusUse.CUNNING:
            return super().nexus_played(state, use, holder, target, rng)
        if (holder not in state["step"].get("moved", ())
                or target not in self.nexus_targets(state, use, holder)):
            return None
        return coexistence.flip(state, target, False)

    def advisors_flip_when_alone(self, rules: Rules) -> bool:
        """001 2.02.22 universal stewards: advisors alone in a territory at the end of the
        shipment and movement round flip to fighters; the tournament rule 4.1.15 ("will not
        automatically flip after the shipment and movement Phase") says no."""
        return not rules.tournament


class BeneGesseritGF9Version5(BeneGesseritGF9):
    """The Bene Gesserit of GF9 as rules version 5 played them, before the Voice named the
    expansion's special cards (issue 29): a game dealt then replays as it was played."""

    until = 5
    voice_names_special_cards = False


class BeneGesseritV3(BeneGesserit):
    """The Bene Gesserit of Dune v3.0, where their powers differ from classic's."""

    rulesets = ("v3",)

    # Ruling: the Ornithopter bonus card is its holder's for the turn, for any group it moves,
    # coexisting Bene Gesserit too (003 "Claiming Bonus Cards" says nothing of a group).
    coexisting_fly = True

