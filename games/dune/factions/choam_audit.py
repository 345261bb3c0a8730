"""CHOAM's Auditor (advanced: 001 2.09.17-20 (A), 2.09.22-25 (B)): PAID INTEL.

When CHOAM uses the Auditor as its leader in a battle, it audits its opponent after the battle:

- the published text (A, 2.09.18): it looks at two cards of the opponent's hand at random (not
  counting those the opponent used in the battle) if the Auditor survived, one if he was
  killed; the opponent may cancel the whole audit by paying CHOAM 1 spice a card;
- the Landsraad revision (B, 2.09.23): if the Auditor survived the opponent tells CHOAM its
  exact spice; the opponent may cancel that by paying CHOAM 2 spice.

By mail the opponent's right to cancel costs no mail round: in the battle's first mail round,
as it writes its plan, a faction fighting CHOAM while the Auditor lives has an optional decision
(``AUDIT CANCEL`` or ``AUDIT ALLOW``, the default): whether it pays to cancel an audit if the
Auditor is played against it.  It is carried out after the battle, if CHOAM played him.

Rulings (docs/rules-coverage.md):

- The opponent cancels only if it can pay the whole price then (after the battle's spice).
- B's audit of a killed Auditor (CHOAM estimates, the opponent says "at or below" or "more"):
  CHOAM's number is its standing ``ESTIMATE <n>`` (``ESTIMATE NONE``, the default: none),
  riding on the battle's mail rounds it is asked in while the Auditor lives, so it costs no
  round; it stands until changed, and is compared with the opponent's spice after the battle's
  payments.  Without one a killed Auditor audits nothing.  The answer is told to CHOAM and the
  opponent; the table learns an estimate was made.

ALLIANCE (B 2.09.21): CHOAM may add the Auditor to its ally's leader pool during the Shipment
and Movement phase; the ally then audits with him (PAID INTEL, its own) and, if he survives,
he is CHOAM's again at the Leader Return.  By mail CHOAM's standing ``LEND AUDITOR`` (``LEND
NONE``, the default) rides on any mail round it is asked in while allied and the Auditor lives
(no mail round); rulings: it is carried out as the Shipment and Movement phase ends (the whole
phase is "during": the ally plans its battles with him), the loan public (the disc changes
hands in sight); he comes back as the battle phase ends (the Leader Return, 1.07.08) wherever
he fought, or to CHOAM's tanks if killed (``battle._leader_dies``, ``Faction.leaders_lent``);
the ally's estimate, should he die under it, is the ally's own standing ``ESTIMATE``; the
word stands from turn to turn until withdrawn.

REPLACEABLE (A 2.09.19, B 2.09.24): the Auditor in the tanks may be revived as CHOAM's one
leader revived a turn "as if all of your leaders were in the Tleilaxu Tanks": by mail its
revival order may name him (``REVIVE LEADER Auditor``) whoever else lives, at his value (half,
rounded up, at half price), as the one leader of the turn (``replaceable``: a price set on
him, as the Tleilaxu set theirs, 2.08.14).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..leaders import ALIVE, LENT, TANKS
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data
from .base import RevivalTerms, has

KIND = "audit"
AUDITOR = "Auditor"
LEND = "auditor-lend"       # the kind of CHOAM's standing loan (B 2.09.21)
LENDING = "lend_auditor"    # CHOAM's sheet: its word to lend him (secret until carried out)
LENT_TO = "auditor_lent_to"     # CHOAM's sheet: the ally holding the Auditor (public)
CANCEL, ALLOW = "cancel", "allow"


def revised(state: State) -> bool:
    """Whether the game plays the Landsraad revision of CHOAM (B)."""
    return bool(getattr(rules_of(state), "choam_landsraad", False))


def section(state: State) -> str:
    return "2.09.23 (B)" if revised(state) else "2.09.18 (A)"


def open_against(state: State, choam: str, battle: dict[str, Any]) -> str | None:
    """The faction CHOAM (or the ally it lent the Auditor, B 2.09.21) fights in this battle
    while the Auditor lives (public), which may answer an audit; None if there is none."""
    pair = (battle["aggressor"], battle["defender"])
    auditor = holder(state, choam)
    if auditor not in pair:
        return None
    return pair[1] if pair[0] == auditor else pair[0]


def holder(game: Any, choam: str) -> str | None:
    """Who may lead with the living Auditor: CHOAM, or the ally it lent him to (public, from
    the state or a view); None if he is dead or not in the game."""
    if choam not in game["factions"] or not has(game, choam, Ability.AUDITOR):
        return None
    own = game["factions"][choam]
    alive = (own["leaders"].get(AUDITOR) in (ALIVE, LENT) if "leaders" in own
             else AUDITOR not in own.get("leaders_in_tanks", ()))
    return (own.get(LENT_TO) or choam) if alive else None


def borrower(game: Any, choam: str) -> str | None:
    """The ally CHOAM lent the Auditor to (B 2.09.21, public), if any."""
    return game["factions"].get(choam, {}).get(LENT_TO)


def replaceable(game: Any, choam: str, terms: RevivalTerms) -> RevivalTerms:
    """REPLACEABLE: the Auditor in the tanks revivable for his value whatever CHOAM's other
    leaders (module docstring), in a state or a view (the tanks' leaders are public)."""
    own = game["factions"][choam]
    dead = (own["leaders"].get(AUDITOR) == TANKS if "leaders" in own
            else AUDITOR in own.get("leaders_in_tanks", ()))
    if not dead or not has(game, choam, Ability.AUDITOR):
        return terms
    value = data(game).leader(AUDITOR).strength
    cost = -(-value // 2) if terms.half_price else value
    return replace(terms, offers=(*terms.offers, (AUDITOR, cost)))


def price(state: State, cards: int) -> int:
    """What cancelling an audit costs: 1 spice a card (A); 2 for the exact count, 1 for the
    estimate, when the Auditor was killed (B)."""
    return (2 if cards == 2 else 1) if revised(state) else cards


def decision(state: State, choam: str, battle: dict[str, Any]) -> tuple[Prompt, str] | None:
    """The opponent's optional word on an audit, in the battle's first mail round."""
    opponent = open_against(state, choam, battle)
    if opponent is None:
        return None
    cost = ("2 spice to cancel the count of your spice, 1 to cancel CHOAM's estimate should "
            "he die" if revised(state) else
            "1 spice a card to cancel the look at two cards of your hand (one if he dies)")
    legal = (f"AUDIT CANCEL: should CHOAM's leader in this battle be the one who audits, pay "
             f"CHOAM {cost} (001 {section(state)} PAID INTEL); AUDIT ALLOW (the default): let "
             "the audit be.")
    return Prompt(str(PromptKey(KIND, opponent)), opponent, KIND, True, legal, ALLOW,
                  "AUDIT ALLOW", "AUDIT ALLOW", optional=True,
                  title="your answer to an audit by CHOAM"), choam


def key(state: State, choam: str, battle: dict[str, Any]) -> str | None:
    opponent = open_against(state, choam, battle)
    return None if opponent is None else str(PromptKey(KIND, opponent))


def given(state: State, orders: dict[str, Any]) -> None:
    """The opponent's word, kept with the battle (secret until the audit)."""
    battle = state["step"]["battle"]
    for key_, value in orders.items():
        if PromptKey.parse(key_).kind == KIND:
            battle["audit"] = value


def _read(state: State, prompt_: Prompt, words: list[str]) -> str:
    said = " ".join(words).strip().upper()
    if said in ("CANCEL", "ALLOW"):
        return said.lower()
    raise OrderProblem(ErrorCode.BAD_AUDIT, "expected AUDIT CANCEL or AUDIT ALLOW",
                       ("AUDIT CANCEL", "AUDIT ALLOW"))


def _text(game: Any, value: str) -> str:
    return f"AUDIT {value.upper()}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str:
    return rng.choice([CANCEL, ALLOW])


order_kind(OrderKind(KIND, ("AUDIT",), _read, _text, random=_random))


# --- B: CHOAM's estimate, should the Auditor die
ESTIMATE = "estimate"


def estimating(state: State, choam: str, seat: str) -> bool:
    """Whether ``seat``'s standing estimate is asked: the revision's Auditor alive and led by
    ``seat`` (CHOAM, or the ally it lent him to), in the battle phase."""
    return (revised(state) and state["phase"] == "battle" and holder(state, choam) == seat)


def estimate_key(choam: str) -> str:
    return str(PromptKey(ESTIMATE, choam))


def estimate_prompt(state: State, choam: str) -> Prompt:
    now = state["factions"][choam].get(ESTIMATE)
    legal = ("ESTIMATE <n>: should the Auditor lead your side and die, your opponent says "
             "whether it holds at most n spice after the battle (001 2.09.23 PAID INTEL), "
             "standing until changed; ESTIMATE NONE: no estimate.  Now: "
             + _estimate_text(state, now) + ".")
    return Prompt(estimate_key(choam), choam, ESTIMATE, True, legal, now,
                  _estimate_text(state, now), "ESTIMATE NONE", optional=True,
                  title="your estimate should the Auditor die")


def _read_estimate(state: State, prompt_: Prompt, words: list[str]) -> int | None:
    if [w.upper() for w in words] == ["NONE"]:
        return None
    if len(words) != 1:
        raise OrderProblem(ErrorCode.BAD_AUDIT, "expected ESTIMATE <n> or ESTIMATE NONE",
                           ("ESTIMATE 10", "ESTIMATE NONE"))
    return read_number(words[0], 0, 999, "the estimate")


def _estimate_text(game: Any, value: int | None) -> str:
    return "ESTIMATE NONE" if value is None else f"ESTIMATE {value}"


order_kind(OrderKind(ESTIMATE, ("ESTIMATE",), _read_estimate, _estimate_text,
                     random=lambda view, prompt_, rng: rng.choice((None, rng.randint(0, 20)))))


def estimate_given(state: State, choam: str, value: int | None) -> list[Event]:
    """CHOAM's estimate kept in its sheet (secret), told to it when it changes."""
    before = state["factions"][choam].get(ESTIMATE)
    if value is None:
        state["factions"][choam].pop(ESTIMATE, None)
    else:
        state["factions"][choam][ESTIMATE] = value
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": _estimate_text(state, value)}, to=(choam,))]


def after_battle(state: State, choam_: str, plans: dict[str, dict[str, Any]],
                 rng: random.Random) -> list[Event]:
    """PAID INTEL: the audit of the opponent of the side the Auditor led, CHOAM's or (B
    2.09.21) its ally's: the ally audits, for itself."""
    choam = next((seat for seat, plan in plans.items() if plan.get("leader") == AUDITOR), None)
    if choam is None or not has(state, choam_, Ability.AUDITOR):
        return []
    if choam != choam_ and borrower(state, choam_) != choam:
        return []
    opponent = next(seat for seat in plans if seat != choam)
    survived = state["factions"][choam_]["leaders"].get(AUDITOR) in (ALIVE, LENT)
    word = state["step"]["battle"].get("audit", ALLOW)
    estimate = state["factions"][choam].get(ESTIMATE)
    if revised(state) and not survived and estimate is None:
        return []                       # ruling: no estimate standing, no audit
    cards = 2 if survived else 1
    cost = price(state, cards)
    own = state["factions"][opponent]
    if word == CANCEL and own["spice"] >= cost:
        own["spice"] -= cost
        state["factions"][choam]["spice"] += cost
        return [Event(EventCode.AUDIT_CANCELLED, {"faction": choam, "opponent": opponent,
                                                  "spice": cost, "rule": section(state)})]
    if revised(state) and not survived:
        return [Event(EventCode.AUDIT, {"faction": choam, "opponent": opponent, "exact": False,
                                        "rule": section(state)}),
                Event(EventCode.AUDIT_ESTIMATE, {"faction": choam, "opponent": opponent,
                                                 "estimate": estimate,
                                                 "at_most": own["spice"] <= estimate},
                      to=(choam, opponent))]
    if revised(state):
        return [Event(EventCode.AUDIT, {"faction": choam, "opponent": opponent, "exact": True,
                                        "rule": section(state)}),
                Event(EventCode.AUDIT_SEEN, {"opponent": opponent, "spice": own["spice"]},
                      to=(choam,))]
    used = {plans[opponent].get(slot) for slot in ("weapon", "defense", "cheap_hero")}
    found = data(state)
    hand = list(own["hand"])
    for name in used - {None}:        # the cards it used in the battle and kept do not count
        copy = next((card for card in hand if found.treachery_card(card).name == name), None)
        if copy is not None:
            hand.remove(copy)
    seen = rng.sample(hand, min(cards, len(hand)))
    return [Event(EventCode.AUDIT, {"faction": choam, "opponent": opponent, "cards": len(seen),
                                    "rule": section(state)}),
            Event(EventCode.AUDIT_SEEN, {"opponent": opponent, "cards": sorted(
                found.treachery_card(card).name for card in seen)}, to=(choam,))]


# --- B 2.09.21: the Auditor lent to the ally for the Shipment and Movement phase

def lending(state: State, choam: str) -> bool:
    """Whether CHOAM's standing loan of the Auditor is asked: the revision's Auditor, alive
    and CHOAM's, while it has an ally."""
    return (revised(state) and state["factions"][choam]["leaders"].get(AUDITOR) == ALIVE
            and has(state, choam, Ability.AUDITOR) and bool(ally_of(state, choam)))


def lend_key(choam: str) -> str:
    return str(PromptKey(LEND, choam))


def lend_prompt(state: State, choam: str) -> Prompt:
    now = bool(state["factions"][choam].get(LENDING))
    legal = ("LEND AUDITOR: as the Shipment and Movement phase ends, the Auditor joins your "
             "ally's leaders for the battles, your ally auditing with him; back to you as the "
             "battle phase ends if he lives (001 2.09.21 ALLIANCE), standing until withdrawn; "
             "LEND NONE: no loan.  Now: " + _lend_text(state, now) + ".")
    return Prompt(lend_key(choam), choam, LEND, True, legal, now, _lend_text(state, now),
                  "LEND NONE", optional=True, title="the Auditor lent to your ally")


def _read_lend(state: State, prompt_: Prompt, words: list[str]) -> bool:
    said = " ".join(words).strip().upper()
    if said in ("AUDITOR", "NONE"):
        return said == "AUDITOR"
    raise OrderProblem(ErrorCode.BAD_AUDIT, "expected LEND AUDITOR or LEND NONE",
                       ("LEND AUDITOR", "LEND NONE"))


def _lend_text(game: Any, value: bool) -> str:
    return "LEND AUDITOR" if value else "LEND NONE"


order_kind(OrderKind(LEND, ("LEND",), _read_lend, _lend_text,
                     random=lambda view, prompt_, rng: rng.random() < 0.5))


def lend_given(state: State, choam: str, value: bool) -> list[Event]:
    """CHOAM's word kept in its sheet (secret until carried out), told to it when it
    changes."""
    before = bool(state["factions"][choam].get(LENDING))
    if value:
        state["factions"][choam][LENDING] = True
    else:
        state["factions"][choam].pop(LENDING, None)
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": _lend_text(state, value)}, to=(choam,))]


def phase_ends(state: State, choam: str) -> list[Event]:
    """The loan carried out as the Shipment and Movement phase ends; the Auditor back as the
    battle phase ends (the Leader Return), wherever the ally left him."""
    own = state["factions"][choam]
    if state["phase"] == "battle" and own.get(LENT_TO):
        ally = own.pop(LENT_TO)
        if own["leaders"].get(AUDITOR) == LENT:
            own["leaders"][AUDITOR] = ALIVE
            return [Event(EventCode.AUDITOR_LENT, {"faction": choam, "ally": ally,
                                                   "back": True})]
        return []
    if state["phase"] != "movement" or not own.get(LENDING) or not lending(state, choam):
        return []
    ally = ally_of(state, choam)[0]
    own["leaders"][AUDITOR] = LENT
    own[LENT_TO] = ally
    return [Event(EventCode.AUDITOR_LENT, {"faction": choam, "ally": ally, "back": False})]


def lent_to(game: Any, choam: str, seat: str) -> list[str]:
    """The Auditor, while CHOAM has lent him to ``seat`` and he lives."""
    return [AUDITOR] if seat != choam and holder(game, choam) == seat else []


def violations(state: State, choam: str) -> list[str]:
    """The Auditor is lent exactly while CHOAM's sheet names the ally holding him."""
    own = state["factions"][choam]
    if (own["leaders"].get(AUDITOR) == LENT) != bool(own.get(LENT_TO)):
        return [f"choam: the Auditor {own['leaders'].get(AUDITOR)!r}, lent to "
                f"{own.get(LENT_TO)!r} (001 2.09.21 (B))"]
    return []
