"""The words a cache card's holder may give beside a round's own decisions (001 2.10.04: the
cache in play; 001 3.06.07, the Landsraad pack's Water of Life): asked only of a holder asked
something else in the round, so they never add a round nor show who holds the card (the Juice
of Sapho's place, the Semuta Drug's word, the cache cards played ahead, the Water of Life's
swap)."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pbem.game import Event, Prompt

from ...common.language import OrderKind
from ..codes import ErrorCode, EventCode
from ..data import Effect
from ..orders.problem import OrderProblem
from ..prompt_key import PromptKey
from ..rules import Rules, rules_of
from ..state import State, data

Holds = Callable[[State, str], Any]
Rides = Callable[[Rules], bool]


def prompts(state: State, others: list[Prompt], holds: Holds,
            prompt: Callable[[State, str], Prompt], rides: Rides | None = None) -> list[Prompt]:
    """The ``prompt`` of each seat asked something else (``others``) that ``holds`` a card, in
    a game whose rules the card ``rides`` (where given)."""
    return [prompt(state, seat)
            for seat in _holders(state, {p.seat for p in others}, holds, rides)]


def keys(state: State, others: list[str], holds: Holds, kind: str,
         rides: Rides | None = None) -> list[str]:
    """The keys of ``prompts``, of the ``kind``, from the keys of the other decisions."""
    asked = {PromptKey.parse(key).seat for key in others}
    return [str(PromptKey(kind, seat)) for seat in _holders(state, asked, holds, rides)]


def holding(effect: Effect) -> Callable[[Any, list[str]], str | None]:
    """The ``held`` of a card known by its ``effect``: the card of a hand (``game``: the state or
    a seat's view) that has it, if any."""

    def held(game: Any, hand: list[str]) -> str | None:
        deck = data(game)
        return next((card for card in hand if effect in deck.treachery_card(card).effects), None)

    return held


def in_pack(card_set: str) -> Rides:
    """The ``rides`` of a card of a pack: whether a game of these rules deals the ``card_set``
    (``Rules.card_sets``)."""

    def rides(rules: Rules) -> bool:
        return card_set in rules.card_sets

    return rides


@dataclass(frozen=True)
class StandingWord:
    """A cache card's word its holder gives ahead, kept in its sheet under ``kind`` until the
    card is played: the card a hand holds (``held``), the rule told (``rule``), the word's
    text (``text``) and its title; asked in a game whose rules it ``rides`` (where given; else
    the rider's own gate in ``turn._riding``).  Given its ``verbs``, its order kind is
    registered with them, read by ``read`` and chosen for the bots by ``random``: the one base
    of the standing-word cards (``turn._standing`` makes each a rider)."""

    kind: str
    held: Callable[[Any, list[str]], str | None]
    rule: str
    text: Callable[[Any, Any], str]
    title: str
    rides: Rides | None = None
    verbs: tuple[str, ...] = ()
    read: Callable[[State, Prompt, list[str]], Any] | None = None
    random: Callable[[dict[str, Any], Prompt, random.Random], Any] | None = None

    @property
    def order(self) -> OrderKind:
        """The word's order kind."""
        assert self.verbs and self.read is not None, self.kind
        return OrderKind(self.kind, self.verbs, self.read, self.text, random=self.random)

    def prompts(self, state: State, others: list[Prompt]) -> list[Prompt]:
        """The word of each holder asked something else in this round."""
        return prompts(state, others, self._holds, self._prompt, self.rides)

    def keys(self, state: State, others: list[str]) -> list[str]:
        """The keys of ``prompts``, from the keys of the other decisions."""
        return keys(state, others, self._holds, self.kind, self.rides)

    def apply(self, state: State, orders: dict[str, Any],
              rng: random.Random | None = None) -> list[Event]:
        """Each holder's word kept in its sheet, told to it alone when it changes."""
        events = []
        for seat in state["seats"]:
            key = str(PromptKey(self.kind, seat))
            if key not in orders:
                continue
            own, value = state["factions"][seat], orders[key]
            if value == own.get(self.kind):
                continue
            if value is None:
                own.pop(self.kind, None)
            else:
                own[self.kind] = value
            events.append(Event(EventCode.STANDING_SET, {"order": self.text(state, value)},
                                to=(seat,)))
        return events

    def _holds(self, state: State, seat: str) -> str | None:
        return self.held(state, state["factions"][seat]["hand"])

    def _prompt(self, state: State, seat: str) -> Prompt:
        now = state["factions"][seat].get(self.kind)
        text = self.text(state, now)
        return Prompt(str(PromptKey(self.kind, seat)), seat, self.kind, True,
                      f"{self.rule}  It stands until played.  Now: {text}.", now, text,
                      self.text(state, None), optional=True, title=self.title)


def everyones(kind: str, option: str, rule: str, text: Callable[[Any, Any], str], title: str,
               verb: str, read: Callable[[State, Prompt, list[str]], Any],
               bots: Callable[[dict[str, Any], Prompt, random.Random], Any]) -> StandingWord:
    """The standing word of a variant's rule that every faction may give alike, so that it
    shows nothing (the discovery tokens' words), in a game with the variant's ``option``:
    written ``<verb> ...``, read by ``read``, chosen by the ``bots``."""

    def everyone(game: Any, hand: list[str]) -> str:
        return kind

    def rides(rules: Rules) -> bool:
        return bool(getattr(rules, option, False))

    return StandingWord(kind, everyone, rule, text, title, rides, (verb,), read, bots)


@dataclass(frozen=True)
class BareWord:
    """A standing word with nothing after it (Recruits', Long Live the Fighters'): ``<verb>``
    plays the card as its phase begins, ``<verb> NONE`` takes it back; the bots give it now
    and then."""

    verb: str

    def standing(self, kind: str, held: Callable[[Any, list[str]], str | None], rule: str,
                 title: str, rides: Rides | None = None,
                 bots: Callable[[dict[str, Any], Prompt, random.Random], Any] | None = None
                 ) -> StandingWord:
        """The standing word of a card played by this bare word, chosen by the ``bots`` where
        given (else ``random``)."""
        return StandingWord(kind, held, rule, self.text, title, rides, (self.verb,),
                            self.read, bots or self.random)

    def read(self, state: State, prompt: Prompt, words: list[str]) -> bool | None:
        """True for the bare word, None for NONE; anything else refused."""
        said = [w.upper() for w in words]
        if said == ["NONE"]:
            return None
        if said:
            raise OrderProblem(ErrorCode.BAD_SPECIAL,
                               f"expected {self.verb} alone, or {self.verb} NONE",
                               (self.verb, f"{self.verb} NONE"))
        return True

    def text(self, game: Any, value: bool | None) -> str:
        """The word's text."""
        return self.verb if value else f"{self.verb} NONE"

    def random(self, view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
        """Now and then the word (bots)."""
        return True if rng.random() < 0.3 else prompt.default


def _holders(state: State, asked: set[str], holds: Holds, rides: Rides | None) -> list[str]:
    """The seats asked something else that hold the card, in a game whose rules the card
    ``rides`` where it says (else each module's ``rides``, ``turn._riding``, asks it)."""
    if not asked or (rides is not None and not rides(rules_of(state))):
        return []
    return [seat for seat in state["seats"] if seat in asked and holds(state, seat)]
