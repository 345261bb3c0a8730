"""Karama cards (player aid B.6, 000 lines 946-975; XVII, lines 523-528; the shields' Karama
lines 764-886; WBC player-aid clarifications, 000 lines 1386-1412, 004 player aid 6-19; Q&A
XXV.A.4 and A.7, lines 634-641): which card a faction plays as a Karama, playing it, and the
advantages a Karama prevents for the rest of the turn.

Each Karama is played in the mail round where its timing falls; the module named says why:

- buy a card without paying (A.5): ``BID KARAMA``, ``bidding``;
- stop the Atreides seeing the rest of the cards up for bid, or the top of the spice deck
  (A.1; WBC line 1388), stop the Harkonnen's free card (A.2; WBC line 1410), cancel the Bene
  Gesserit's worthless card played as a Karama (A.3; WBC line 1398), the Harkonnen's steal
  (B.1; WBC lines 1334-1346): ``KARAMA ...`` lines of the bidding round, ``bidding_karama``;
- ship at the Guild's rate (A.6), stop a shipment (the Guild, B.3), cancel a spiritual advisor
  (A.3; WBC line 1396), make the Guild move in its place (A.6; WBC line 1408), call a worm (the
  Fremen, B.5; WBC line 1358): ``KARAMA ...`` lines of a turn in the movement round,
  ``move_orders``;
- stop the Fremen controlling a worm (A.4; WBC line 1404): ``KARAMA CONTROL``, ``spice_blow``;
- revive (the Emperor, B.6): ``KARAMA REVIVE``, ``revival``;
- GF9: cancel one use of a faction ability (001 3.01.12.02-03): ``KARAMA <WORD>`` lines
  standing ready (``karama_reach``), played by ``play_against`` where the ability acts.

Rulings:

- The Bene Gesserit's worthless cards (A.7, line 932, "(Optional Rule)"; shield line 788;
  B.6.B.4, line 970) are their special Karama power, so they count as Karamas with option
  ``karama_powers`` (XVII).  The Bene Gesserit spend a worthless card before a Karama card:
  a worthless card is good for nothing else but filling a battle plan, and a Karama card's play
  cannot be cancelled.
- Cancelling that (A.3; WBC line 1398: "immediately after the Karama effect is announced";
  Q&A XXV.A.7: both cards are discarded): by mail ``KARAMA WORTHLESS`` stands ready for the
  rest of the round (bidding or movement) in which it is given.  When the Bene Gesserit then
  play a worthless card as a Karama, the first faction standing ready in storm order (WBC line
  1426: ties in player dot order) plays its Karama card, and the Bene Gesserit's play has no
  effect.  Only a Karama card cancels: the Bene Gesserit do not cancel themselves.
- "Once" is once per card played (WBC line 1386): each use takes a card of its own.
- GF9 CHOAM's Kull Wahad (001 2.09.08 (A): "Prevent a player from playing a Karama card this
  Phase as they attempt to do so"): a power asked as every Karama is played
  (``Faction.karama_attempted``, registered by ``factions``: ``powers``); stopped, the play
  has no effect, the card stays in its hand, and the faction plays none for the rest of the
  phase (``Faction.bars_karama``).  Each caller of ``play`` carries out its effect only when
  the play takes effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.game import Event

from ..codes import ErrorCode, EventCode
from ..data import Ability, CardType
from ..discard_pile import discard
from ..orders.problem import OrderProblem
from ..rules import rules_of
from ..state import State, data, faction_name, sheet, storm_order
from . import stand_ins

# The factions' powers over a Karama as it is played (``factions`` registers them, as the order
# kinds are registered, so that this module imports no faction): whether one stops the play
# (its events, ``Faction.karama_attempted``) and whether one bars a faction from playing one
# (``Faction.bars_karama``).
_POWERS: dict[str, Callable[..., Any]] = {}


def powers(attempted: Callable[[State, str, str | None], list[Event]],
           barred: Callable[[Any, str], bool]) -> None:
    """Register the factions' powers over a Karama played (``factions``)."""
    _POWERS.update(attempted=attempted, barred=barred)


def _barred(game: Any, seat: str) -> bool:
    return "barred" in _POWERS and _POWERS["barred"](game, seat)


# --- the cards
def holds(state: State, seat: str) -> list[str]:
    """The Karama cards of the seat's hand and the cards it may play as one by a rule of the
    board (``stand_ins``: 001 4.06.07.05): what a faction's own Karama power asks it to hold
    (not the Bene Gesserit's worthless)."""
    hand = state["factions"][seat]["hand"]
    return (stand_ins.cards(CardType.KARAMA, state, seat, hand) + karama_cards(state, hand)
            if hand else [])


def karama_cards(game: Any, hand: list[str]) -> list[str]:
    """The Karama cards of a hand in a game (a state, a view or its rules)."""
    karamas = data(game).card_ids(CardType.KARAMA)
    return [card for card in hand if card in karamas]


def cards_for(game: Any, hand: list[str], seat: str, karama_powers: bool) -> list[str]:
    """The cards a faction may play as a Karama in a game (a state, a view or its ruleset's
    name), in the order it spends them: the Bene Gesserit's worthless cards first with the
    special Karama powers (module docstring), then the cards it may play as one by a rule of
    the board (001 4.06.07.05, ``stand_ins``), then its Karama cards."""
    if not hand:                        # at once: asked of every seat, many times a round
        return []
    ids = data(game).card_ids
    karamas = ids(CardType.KARAMA)
    found = (stand_ins.cards(CardType.KARAMA, game, seat, hand)      # none without places
             if type(game) is not str and game.get(stand_ins.PLACES) else [])
    if not karamas.isdisjoint(hand):    # most hands hold none
        found += [card for card in hand if card in karamas]
    if karama_powers and sheet(seat, game).karama_power is Ability.WORTHLESS_AS_KARAMA:
        worthless = ids(CardType.WORTHLESS)
        found = [card for card in hand if card in worthless] + found
    return found


def playable(state: State, seat: str) -> list[str]:
    """The cards the faction may play as a Karama now (none while a power bars it,
    ``Faction.bars_karama``: 001 2.09.08 (A), the Kull Wahad)."""
    cards = cards_for(state, state["factions"][seat]["hand"], seat,
                      rules_of(state).karama_powers)
    return [] if cards and _barred(state, seat) else cards


def players(state: State) -> list[str]:
    """The seats that may play a Karama now (``playable``), in seat order: a hand with none of
    the cards ``cards_for`` may give is passed over at once (the bidding asks every seat at
    each mail round), the others asked ``playable``."""
    ids = data(state).card_ids
    cards = ids(CardType.KARAMA)
    if rules_of(state).karama_powers:               # the Bene Gesserit's worthless cards
        cards = cards | ids(CardType.WORTHLESS)
    anything = bool(state.get(stand_ins.PLACES))    # a stand-in may be any card
    sheets = state["factions"]
    return [seat for seat in state["seats"] if (hand := sheets[seat]["hand"])
            and (anything or not cards.isdisjoint(hand)) and playable(state, seat)]


def of_view(view: dict) -> list[str]:
    """The cards a seat may play as a Karama, from its own view (for bots)."""
    cards = cards_for(view, view["own"]["hand"], view["seat"], view["rules"]["karama_powers"])
    return [] if cards and _barred(view, view["seat"]) else cards


def play(state: State, seat: str, use: str | None = None) -> tuple[list[Event], bool]:
    """The faction plays its Karama (the first card ``cards_for`` gives) and discards it; a
    public ``karama`` event names the ``use`` (None: the caller's own event says it, unless the
    card is worthless).  Returns the events and whether the play takes effect: a worthless
    card may be cancelled (module docstring), and a power may stop the play as it is made, the
    card then kept (``Faction.karama_attempted``: 001 2.09.08 (A), CHOAM's Kull Wahad)."""
    cards = playable(state, seat)
    if not cards:
        raise OrderProblem(ErrorCode.NO_CARD,
                           f"the {faction_name(seat, state)} hold no Karama card", ())
    if "attempted" in _POWERS and (stopped := _POWERS["attempted"](state, seat, use)):
        return stopped, False           # 001 2.09.08 (A): the Kull Wahad, the card kept
    card = cards[0]
    _discard(state, seat, card)
    worthless = data(state).treachery_card(card).type is CardType.WORTHLESS
    events = ([Event(EventCode.KARAMA, {"faction": seat, "use": use, "worthless": worthless})]
              if use is not None or worthless else [])
    if not worthless:
        return events, True
    ready = state["step"].get("cancel_worthless", [])
    canceller = next((s for s in storm_order(state)
                      if s in ready and holds(state, s)), None)
    if canceller is None:
        return events, True
    ready.remove(canceller)
    _discard(state, canceller, holds(state, canceller)[0])
    return events + [Event(EventCode.KARAMA_CANCELLED, {"faction": canceller, "of": seat})], False


def _discard(state: State, seat: str, card: str) -> None:
    state["factions"][seat]["hand"].remove(card)
    discard(state, seat, card)


def may_cancel_worthless(state: State, seat: str) -> bool:
    """Whether the faction may stand ready to cancel the Bene Gesserit's worthless Karama: the
    Bene Gesserit hold a worthless card they may play so (special powers in play), and the
    faction a Karama card; once a round."""
    if not rules_of(state).karama_powers:       # worthless cards count so only with them
        return False                            # (``cards_for``): none of every hand asked
    worthless = [other for other in players(state) if any(
        data(state).treachery_card(card).type is CardType.WORTHLESS
        for card in playable(state, other))]
    return (bool(worthless) and seat not in worthless
            and bool(holds(state, seat))
            and seat not in state["step"].get("cancel_worthless", []))


def stand_ready(state: State, seat: str) -> None:
    """``KARAMA WORTHLESS``: the faction will cancel the Bene Gesserit's next worthless card
    played as a Karama this round."""
    state["step"].setdefault("cancel_worthless", []).append(seat)


# --- advantages prevented for the turn
def prevent(state: State, ability: Ability) -> None:
    """A Karama prevents the advantage for the rest of this turn (A.1; WBC line 1388)."""
    state["prevented"][ability] = state["turn"]


def prevented(state: State, ability: Ability) -> bool:
    """Whether a Karama prevents the advantage this turn."""
    return state["prevented"].get(ability) == state["turn"]


# --- GF9: one use of an ability cancelled (001 3.01.12.02-03, ``karama_reach``)
def _use(word: str, seat: str) -> str:
    """The key of a cancelled use in ``state["prevented"]``, beside the advantages of AH."""
    return f"{word}:{seat}"


def cancel(state: State, word: str, seat: str) -> None:
    """A Karama cancels the faction's use of the ability ``word`` until ``lift``."""
    state["prevented"][_use(word, seat)] = state["turn"]


def cancelled(state: State, word: str, seat: str) -> bool:
    """Whether a Karama cancels the faction's use of the ability ``word`` now."""
    prevented = state.get("prevented")                      # a seat's view has none
    return bool(prevented) and f"{word}:{seat}" in prevented    # ``_use``, asked often


def lift(state: State, word: str) -> None:
    """Every faction's cancelled use of the ability ``word`` is over (the action was taken
    without it).  Found among the few keys in ``state["prevented"]`` rather than made for each
    seat: asked after every storm, charity, blow and revival."""
    prevented = state["prevented"]
    if not prevented:
        return
    use = _use(word, "")
    for key in [key for key in prevented if key.startswith(use)]:
        del prevented[key]


def ready_against(state: State, word: str, target: str) -> str | None:
    """The first faction in storm order whose Karama stands ready against the target's use of
    the ability ``word`` (``karama_reach.stand_ready``) and who still holds a Karama."""
    ready = state.get("karamas", [])
    return next((s for s in storm_order(state) if [s, word, target] in ready
                 and playable(state, s)), None)


def play_against(state: State, word: str, target: str, retake: bool = False) -> list[Event]:
    """The first faction standing ready plays its Karama against the target's use of the
    ability ``word``, which is cancelled until lifted; no events if none stands ready.  The
    public event says whether the target retakes its action without it.  A line whose player
    holds no Karama card now lapses."""
    if "karamas" in state:
        state["karamas"] = [line for line in state["karamas"]
                            if line[1:] != [word, target] or playable(state, line[0])]
    player = ready_against(state, word, target)
    if player is None:
        return []
    state["karamas"].remove([player, word, target])
    played, effective = play(state, player)
    if not effective:       # the Bene Gesserit's worthless card, cancelled (module docstring)
        return played
    cancel(state, word, target)
    return played + [Event(EventCode.KARAMA_AGAINST, {
        "faction": player, "target": target, "ability": word, "retake": retake})]
