"""The treachery and spice decks against 000_7222511ea66831c6.txt: the component lists
(lines 7-68), II.D (lines 186-190), the Player Aid Pad (lines 915-975) and the WBC card set
(line 1031)."""

from collections import Counter

from pbem.games.dune.data import CardCategory, CardType, Effect, Slot, Timing

# The Treachery Deck list of the seed, lines 10-42.
TREACHERY_CARDS = [
    "Chaumas", "Chaumurky", "Ellaca Drug", "Gom Jabbar",
    "Snooper #1", "Snooper #2", "Snooper #3", "Snooper #4",
    "Crysknife", "Slip-Tip", "Stunner", "Maula Pistol",
    "Shield #1", "Shield #2", "Shield #3", "Shield #4",
    "Cheap Hero #1", "Cheap Hero #2", "Cheap Heroine",
    "Lasgun", "Hajr", "Ghola", "Weather Control", "Family Atomics",
    "Truthtrance #1", "Truthtrance #2", "Karama #1", "Karama #2",
    "Trip to Gamont", "La La La", "Kulon", "Jubba Cloak", "Baliset",
]  # fmt: skip


def test_the_treachery_deck_holds_33_cards_named_as_in_the_seed(data):
    """000 II.D.2 (line 190): 33 treachery cards; the Treachery Deck list (lines 10-42)."""
    assert len(data.treachery_deck) == 33
    assert [card.id for card in data.treachery_deck] == TREACHERY_CARDS


def test_treachery_cards_by_type(data):
    """000 Player Aid A-B (lines 918-946) and the WBC card set (000 line 1031, 004 line 89):
    4 projectile weapons, 4 poisons, 4 shields, 4 snoopers, 1 lasgun, 3 cheap hero(ine)s,
    5 worthless, 2 truthtrances, 1 weather control, 1 hajr, 1 ghola, 1 family atomics and
    2 karamas."""
    assert Counter(card.type for card in data.treachery_deck) == {
        CardType.PROJECTILE_WEAPON: 4,
        CardType.POISON_WEAPON: 4,
        CardType.SHIELD: 4,
        CardType.SNOOPER: 4,
        CardType.LASGUN: 1,
        CardType.CHEAP_HERO: 3,
        CardType.WORTHLESS: 5,
        CardType.TRUTHTRANCE: 2,
        CardType.WEATHER_CONTROL: 1,
        CardType.HAJR: 1,
        CardType.TLEILAXU_GHOLA: 1,
        CardType.FAMILY_ATOMICS: 1,
        CardType.KARAMA: 2,
    }
    by_name = {card.id: card.type for card in data.treachery_deck}
    assert by_name["Gom Jabbar"] is CardType.POISON_WEAPON  # line 13
    assert by_name["Maula Pistol"] is CardType.PROJECTILE_WEAPON  # line 21
    assert by_name["Cheap Heroine"] is CardType.CHEAP_HERO  # line 28
    assert by_name["Kulon"] is CardType.WORTHLESS  # line 40


def test_25_battle_cards_and_8_others(data):
    """000 Player Aid A (line 918): "These 25 cards can be played only in battle"; B (line
    934): "These 8 cards may be played at certain times during the game"."""
    played = Counter(card.played for card in data.treachery_deck)
    assert played[Timing.BATTLE] == 25
    assert sum(played.values()) - played[Timing.BATTLE] == 8
    assert {c.type for c in data.treachery_deck if c.played is Timing.STORM} == {
        CardType.WEATHER_CONTROL,  # B.2, line 938
        CardType.FAMILY_ATOMICS,  # B.5, line 944
    }
    assert {c.type for c in data.treachery_deck if c.played is Timing.MOVEMENT} == {
        CardType.HAJR  # B.3, line 940
    }


def test_weapons_defenses_and_special_cards(data):
    """000 Player Aid A.1-A.5 (lines 920-928): projectiles, poisons and the lasgun are
    weapons, shields and snoopers defenses; the rest are special."""
    categories = Counter(card.category for card in data.treachery_deck)
    assert categories == {CardCategory.WEAPON: 9, CardCategory.DEFENSE: 8, CardCategory.SPECIAL: 16}


def test_battle_plan_slots(data):
    """000 X.B.2-3 (lines 385-387) and Player Aid A.6-A.7 (lines 930-932): a cheap hero
    replaces a leader; a worthless card stands for a weapon, a defense or both."""
    slots = {card.type: card.slots for card in data.treachery_deck}
    assert slots[CardType.CHEAP_HERO] == {Slot.LEADER}
    assert slots[CardType.WORTHLESS] == {Slot.WEAPON, Slot.DEFENSE}
    assert slots[CardType.LASGUN] == {Slot.WEAPON}
    assert slots[CardType.SNOOPER] == {Slot.DEFENSE}
    assert slots[CardType.KARAMA] == frozenset()


def test_weapon_and_defense_effects(data):
    """000 Player Aid A.1-A.5 (lines 920-928): a shield stops projectiles, a snooper poison;
    nothing stops the lasgun, which explodes with a shield (a card that counts as one)."""
    effects = {card.type: card.effects for card in data.treachery_deck}
    assert {Effect.KILLS_LEADER, Effect.STOPPED_BY_SHIELD} == effects[CardType.PROJECTILE_WEAPON]
    assert {Effect.KILLS_LEADER, Effect.STOPPED_BY_SNOOPER} == effects[CardType.POISON_WEAPON]
    assert {Effect.UNSTOPPABLE, Effect.EXPLODES_WITH_SHIELD} <= effects[CardType.LASGUN]
    assert effects[CardType.SHIELD] == {Effect.STOPS_PROJECTILE, Effect.COUNTS_AS_SHIELD}
    assert effects[CardType.SNOOPER] == {Effect.STOPS_POISON}
    assert Effect.NO_EFFECT in effects[CardType.WORTHLESS]


def test_only_family_atomics_leaves_the_game(data):
    """WBC clarification VIII (000, line 1144): "The only card that is ever removed from the
    game after one play is Family Atomics"; the other special cards are discarded (Player
    Aid B, line 934; cheap heroes, A.6 line 930; worthless cards, A.7 line 932: "the only way
    they may be discarded", ruling: even by a winner)."""
    removed = [card.id for card in data.treachery_deck if Effect.REMOVED_AFTER_PLAY in card.effects]
    assert removed == ["Family Atomics"]
    discarded = {c.type for c in data.treachery_deck if Effect.DISCARD_AFTER_PLAY in c.effects}
    assert discarded == {
        CardType.CHEAP_HERO,
        CardType.WORTHLESS,
        CardType.TRUTHTRANCE,
        CardType.WEATHER_CONTROL,
        CardType.HAJR,
        CardType.TLEILAXU_GHOLA,
        CardType.KARAMA,
    }


def test_the_spice_deck_holds_21_cards_six_of_them_shai_hulud(data):
    """000 II.D.1 (line 188): 21 spice cards; the Spice Deck list (lines 48-68): six
    Shai-Hulud and fifteen territory cards."""
    deck = data.spice_deck
    assert len(deck) == 21
    worms = [card.id for card in deck if card.is_shai_hulud]
    assert worms == [f"Shai-Hulud #{n}" for n in range(1, 7)]
    assert all(card.amount == 0 and card.sector is None for card in deck if card.is_shai_hulud)


def test_spice_territory_cards_and_amounts(data):
    """000 Spice Deck (lines 54-68): each territory card with the spice it places."""
    amounts = {card.territory: card.amount for card in data.spice_deck if not card.is_shai_hulud}
    assert amounts == {
        "Broken Land": 8,
        "Cielago North": 8,
        "Cielago South": 12,
        "Funeral Plain": 6,
        "Habbanya Erg": 8,
        "Habbanya Ridge Flat": 10,
        "Hagga Basin": 6,
        "Old Gap": 6,
        "Red Chasm": 8,
        "Rock Outcroppings": 6,
        "Sihaya Ridge": 6,
        "South Mesa": 10,
        "The Great Flat": 10,
        "The Minor Erg": 8,
        "Wind Pass North": 6,
    }


def test_spice_cards_place_their_spice_in_the_sector_of_the_spice_dot(data):
    """000 VII.A.1 (line 269): spice goes "onto the territory in the sector containing the
    asterisk" — the board's spice blow site of the card's territory."""
    for card in data.spice_deck:
        if not card.is_shai_hulud:
            assert card.territory is not None
            site = data.board[card.territory].spice_blow
            assert site is not None
            assert (card.sector, card.amount) == (site.sector, site.amount)
