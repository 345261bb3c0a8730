"""The Cheap Hero traitor card (001 4.09.02; the gf9 ruleset's option ``cheap_hero_traitor``):
one more card in the traitor deck, ``CARD``, matching no leader but the Cheap Hero.

- Set-up (001 setup 12): it is shuffled into the traitor deck with the leaders' cards
  (``Rules.traitor_cards``), dealt, kept or set aside like any of them; any faction may keep it
  (it is no faction's leader), the Harkonnen keep it with their four (2.05.04).
- Battle (4.09.02, 1.07.07.07): when the opponent's plan plays a Cheap Hero (any card played
  as one: Cheap Hero, Cheap Heroine; never the Levenbrech, 3.03.14), its holder "may reveal
  this traitor card and treat it the same as a normal traitor": by mail the standing
  ``TRAITOR CALL`` calls it, as it calls a leader; the caller wins and loses nothing, the
  loser loses his forces there and discards the cards he played, the Cheap Hero among them;
  "the traitorous leader's fighting strength" paid to the caller is the Cheap Hero's, 0.
  The Harkonnen's traitors serve their ally (2.05.10), this one too.

Rulings (docs/rules-coverage.md, "001 4.09"):

- The card stays with its holder after a call, as a leader's traitor card does (1.07.07.07
  sends the leader, not the card, away): it may be called again on a later Cheap Hero.
- A Cheap Hero with the Kwisatz Haderach cannot turn traitor (2.01.13, "A leader accompanied
  by Kwisatz Haderach", read for what stands in the leader's place, as 4.09.02 treats the card
  "the same as a normal traitor").
- Drawn by the Tleilaxu as a Face Dancer (2.08.04 draws from the traitor deck), it is never
  revealed: 2.08.06 reveals "their leader", and a Cheap Hero is none; REPLACEMENT (2.08.08)
  may swap it.
"""

from __future__ import annotations

from typing import Any

from ..rules import CHEAP_HERO_TRAITOR as CARD

# The cards it matches: the Cheap Heroes, never the Levenbrech that also stands in a leader's
# place ("Levenbrech cannot be traitored", 001 3.03.14).
CHEAP_HEROES = ("Cheap Hero", "Cheap Heroine")


def matched(plan: dict[str, Any]) -> str | None:
    """The traitor card that matches what a plan put in the leader's place: its leader, else
    ``CARD`` for a Cheap Hero (001 4.09.02), else none."""
    if plan.get("leader"):
        return plan["leader"]
    return CARD if plan.get("cheap_hero") in CHEAP_HEROES else None


def strength(found: Any, card: str) -> int:
    """A traitor card's leader's fighting strength by the game's data ``found``: the Cheap
    Hero's 0 for ``CARD`` (4.09.02), wherever traitor cards are weighed (a skill's pick, a
    Nexus card's swap)."""
    return 0 if card == CARD else found.leader(card).strength


def named(cards: tuple[str, ...], text: str) -> str | None:
    """One of the game's traitor cards that are no leader (``Rules.traitor_cards``), named in
    an order or a scenario ("cheap hero"), or None."""
    wanted = " ".join(text.split()).lower()
    return next((card for card in cards if card.lower() == wanted), None)
