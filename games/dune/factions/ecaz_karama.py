"""Ecaz's Karama power under text B (001 1.14.12 (B), option ``ecaz_text_b``): "At the Start of
the Shipment and Movement Phase you may use a Karama card to designate one Territory on the Map.
You Co-Occupy with all factions in the designated Territory for the rest of the Turn using any
Forces. Control of that Territory counts for you as well as any other Faction that you are
Co-Occupied with."

- By mail (``KIND``): ``COOCCUPY <territory>`` or ``COOCCUPY NONE``, an optional decision of
  Ecaz holding a Karama card, their once-a-game power unused (1.14.01), riding on the first
  mail round of the movement round (beside the first turn, or the Bene Gesserit's opening
  declarations) and given ahead under ``FOR MOVEMENT``; carried out when that round is, before
  any turn (``Ecaz.decide`` runs before the turns, ``movement.apply``).  Being optional it is
  never waited for: nobody learns from the wait, the step numbers or a reminder that Ecaz hold
  a Karama card.  Asked once a round: unanswered, it is NONE.
- The territory is public (the Karama is played openly) and written in their sheet
  (``ecaz_pieces.KARAMA_TERRITORY``) to the end of the turn (cleared at the Mentat Pause, once
  the victory count is made: ``Ecaz.phase_ends``).
- Co-occupied (2.11.07 B): while another faction's forces lie there, all their forces there
  coexist (``ecaz_embassy.cooccupied`` lists the territory, the seam of every co-occupation: no
  battle, no spice collected, no control of their own, no count in the occupancy limit).
- Control (``shares_control``, asked by the victory count, ``victory.strongholds_held``): the
  faction or factions holding it count it, and Ecaz count it too where they are co-occupied
  there.

Rulings (docs/rules-coverage.md, "001 GF9 expansions: Ecaz"): "all factions in the designated
Territory" are those whose forces lie there at any time of the rest of the turn (one entering
later is co-occupied with as well, one leaving no longer: 2.11.13 B); alone there Ecaz occupy it
as ever.  The first faction to move in a sequential round sends its turn in the mail round that
designates the territory (its turn is carried out after the Karama, which only spares forces);
by mail the power is not offered once a turn of the round has been carried out.  "Control ...
counts" is read for the victory count of the Mentat Pause (1.09).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..cards import karama
from ..codes import EventCode
from ..data import Ability
from ..orders.language import OrderKind, order_kind, read_territory
from ..prompt_key import PromptKey
from ..state import State, data, factions_in
from .base import has, karama_power_used
from .ecaz_pieces import KARAMA_TERRITORY as TERRITORY
from .ecaz_pieces import designated, karama_cooccupies

KIND = "karama-cooccupy"        # the decision's kind, ``karama-cooccupy:<seat>``
ASKED = "cooccupy_asked"        # the movement step's: asked this round
PHASE = "movement"
NONE = "NONE"


def due(state: State, seat: str) -> bool:
    """Whether the decision is open: the movement round under way, no turn of it carried out
    nor the decision answered, the power theirs (text B, the special Karama powers, unused) and
    a Karama card in their hand."""
    step = state["step"]
    return (state["phase"] == PHASE and not step.get("moved") and not step.get(ASKED)
            and may(state, seat))


def territories(game: Any) -> list[str]:
    """Where they may designate: "one Territory on the Map", any (a state or a view)."""
    return [t.name for t in data(game).board.territories]


def prompt(state: State, seat: str) -> Prompt:
    """Their Karama power, optional, in the first mail round of the movement round."""
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True,
                  "COOCCUPY <territory>: your Karama power, a Karama card played as the "
                  "shipment and movement round starts, before any turn: to the end of the turn "
                  "all your forces in that territory co-occupy with every other faction there, "
                  "and its control counts for you too (001 1.14.12 B; once a game).  "
                  f"COOCCUPY {NONE}: not this turn",
                  None, f"COOCCUPY {NONE}", f"COOCCUPY {NONE}", optional=True,
                  title="your Karama power: a territory co-occupied",
                  options={"territories": _held_with_others(state, seat)})


def _held_with_others(game: Any, seat: str) -> list[str]:
    """The territories where their forces lie beside another faction's (for the bots)."""
    return [t for t in territories(game) if seat in (here := factions_in(game, t))
            and len(here) > 1]


def decided(state: State, seat: str, value: str | None) -> list[Event]:
    """Their answer carried out before any turn: the Karama played and discarded, the power
    used for the game, the territory theirs to co-occupy to the turn's end."""
    state["step"][ASKED] = True
    if value is None or not may(state, seat):
        return []
    events, effective = karama.play(state, seat)
    if not effective:                   # stopped as it is played (``karama.play``)
        return events
    karama_power_used(state, seat)
    state["factions"][seat][TERRITORY] = value
    return events + [Event(EventCode.KARAMA_COOCCUPY, {"faction": seat, "territory": value})]


def may(state: State, seat: str) -> bool:
    """Whether the power is theirs now (text B, the special Karama powers, unused: 1.14.01)
    with a Karama card to play."""
    return (has(state, seat, Ability.COOCCUPY_TERRITORY)
            and bool(karama.playable(state, seat)))


def shares_control(game: Any, seat: str, territory: str, holders: list[str]) -> list[str]:
    """1.14.12 B: "Control of that Territory counts for you as well as any other Faction that
    you are Co-Occupied with": Ecaz beside its holders, where they co-occupy it."""
    if not holders or seat in holders or not karama_cooccupies(game, seat, territory):
        return []
    return [seat]


def turn_over(state: State, seat: str) -> None:
    """The turn is over: no territory designated."""
    state["factions"][seat].pop(TERRITORY, None)


# --- the order
def _read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    if [w.upper() for w in words] == [NONE]:
        return None
    territory, _ = read_territory(state, words, territories(state))
    return territory.name


def _text(game: Any, value: str | None) -> str:
    return f"COOCCUPY {value or NONE}"


def random_value(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    """A bot plays it one time in four, where its forces lie beside another's if any."""
    if rng.random() >= 0.25:
        return None
    return rng.choice(prompt_.options["territories"] or territories(view))


order_kind(OrderKind(KIND, ("COOCCUPY",), _read, _text, random=random_value))


AFTER = ("movement", "battle", "collection", "mentat_pause")    # the rest of the turn


def violations(state: State, seat: str) -> list[str]:
    """A territory designated is one of the board's, in the turn's rounds from the movement
    round on, once the power is used (1.14.01)."""
    found = designated(state, seat)
    if found is None:
        return []
    if (found not in territories(state) or state["phase"] not in AFTER
            or not state["factions"][seat].get("karama_power_used")):
        return [f"ecaz karama: {found} designated in {state['phase']} (001 1.14.12 B)"]
    return []
