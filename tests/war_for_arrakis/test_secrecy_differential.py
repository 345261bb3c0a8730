"""Secrets stay secret, differentially (TEAM.md): the same game of War for Arrakis is played
twice through the moderator by mail, once as dealt and once with one side's secrets changed
by the GM (the Atreides' Secret Objective, their hidden sietches' ranks, their deployment
tokens' contents, their hand; or the Harkonnen's hand; or, in teams, one partner's hand):
every mail anyone else receives (the other seats, an observer) is the same in both runs,
Message-IDs, secrets and the running digest aside (a chain over the log, which holds
the GM's adjustment itself: docs/fairness.md).  The players send the same text in both
runs: the templates of their open decisions, which never read what the changed secrets
are.  The round played
reveals none of them (no attack on a sietch, no token revealed, no card played, the game
not over): what is compared is what the moderator says while they are secret.
"""

from __future__ import annotations

import difflib
import json

import pytest
from installation import Installation
from players import drop, order_mail, text
from wfa_mail import GAME, address, new_game, record

from pbem.chain import DIGEST_LINE
from pbem.mail.text import parse_message
from pbem.moderator import run_gm_command

OBSERVER = "watcher@observers.test"


def _changes(state, kind: str, seat: str) -> list[tuple[str, object]]:
    """The GM's adjustments that change one side's secrets (``kind``) and nothing any other
    seat may see."""
    hidden = state["hidden"]
    if kind == "atreides":
        objectives = hidden["objectives"] + hidden["objective_deck"]
        ranks = hidden["sietch_ranks"]
        tokens = list(ranks)
        rotated = dict(zip(tokens, [ranks[t] for t in tokens[1:] + tokens[:1]], strict=True))
        placed = [t for lg in state["legions"].values() for t in lg["tokens"]]
        contents = {t: hidden["tokens"][t] for t in placed}
        swapped = dict(zip(placed, [contents[t] for t in placed[1:] + placed[:1]], strict=True))
        return [("/hidden/objectives", objectives[1:2]),
                ("/hidden/objective_deck", objectives[:1] + objectives[2:]),
                ("/hidden/sietch_ranks", rotated),
                *[(f"/hidden/tokens/{t}", swapped[t]) for t in placed],
                *_other_hand(state, seat)]
    return _other_hand(state, seat)


def _other_hand(state, seat: str) -> list[tuple[str, object]]:
    """The seat's hand exchanged for as many cards of its own decks, the decks keeping the
    cards it held."""
    hidden = state["hidden"]
    hand = list(hidden["hands"][seat])
    changes = [(f"/hidden/hands/{seat}", None)]
    taken = []
    for deck, pile in hidden["decks"].items():
        mine = [c for c in hand if c in _deck_cards(deck)]
        if not mine:
            continue
        new_pile = list(pile)
        fresh = [c for c in new_pile if c not in hand][:len(mine)]
        for old, new in zip(mine, fresh, strict=True):
            new_pile[new_pile.index(new)] = old
        taken += fresh
        changes.append((f"/hidden/decks/{deck}", new_pile))
    changes[0] = (f"/hidden/hands/{seat}", taken)
    assert sorted(taken) != sorted(hand)
    return changes


def _deck_cards(deck: str) -> set[str]:
    from pbem.games.war_for_arrakis.state import data

    return set(data().decks[deck])


class Run:
    def __init__(self, root, seats, changed: str | None, kind: str):
        self.site = Installation(root, maps=False)
        new_game(self.site, seats, options={"rounds": 3}, seed="differential")
        self.seats = seats
        state = record(self.site).state
        target = {"atreides": seats[0], "harkonnen": seats[-1], "partner": seats[0]}[kind]
        for pointer, value in _changes(state, kind, target):
            if changed is None:          # the same adjustments, every value as it was
                value = json.loads(json.dumps(_at(state, pointer)))
            self.gm(f"ADJUST {pointer} = {json.dumps(value)} -- the secret under test")
        self.gm(f"OBSERVE {OBSERVER}")

    def gm(self, line: str) -> None:
        moderator = self.site.moderator()
        run_gm_command(moderator, GAME, line)
        moderator.send_outbox()

    def play_a_round(self) -> None:
        for _ in range(40):
            current = record(self.site)
            if current.state["round"] == 2 and current.state["phase"] in ("vehicles",
                                                                          "actions"):
                return
            for prompt in current.prompts():
                drop(self.site.inbox, order_mail(address(prompt.seat), prompt.template,
                                                 subject=f"[{GAME}] orders"))
            summary = self.site.moderator().tick()
            assert not summary.errors, summary.errors
        raise AssertionError("the round did not end")

    def mail_of(self, readers: list[str]) -> list[tuple[str, str, str]]:
        store = self.site.moderator().store
        secrets = {row["secret"] for row in store.seats(GAME)}
        found = []
        for row in store.all("select * from outbox order by id"):
            if not any(reader in row["recipients"] for reader in readers):
                continue
            body = DIGEST_LINE.sub("<digest>", text(parse_message(row["message"])))
            for secret in secrets:
                body = body.replace(secret, "<secret>")
            found.append((row["recipients"], row["subject"], body))
        return found


def _at(state, pointer: str):
    found = state
    for part in pointer.strip("/").split("/"):
        found = found[part]
    return found


@pytest.mark.parametrize(("seats", "kind", "readers"), [
    (["atreides", "harkonnen"], "atreides", ["harkonnen"]),
    (["atreides", "harkonnen"], "harkonnen", ["atreides"]),
    (["house-atreides", "fremen", "house-harkonnen", "corrino"], "partner",
     ["fremen", "house-harkonnen", "corrino"]),
])
def test_another_seat_reads_the_same_mail_whatever_the_secrets_are(tmp_path, seats, kind,
                                                                   readers):
    """002 SETUP 2 and 14, ATREIDES DEPLOYMENT TOKENS, PRESCIENCE (the Secret Objective),
    3-4 PLAYERS MODE, CONE OF SILENCE (partners do not show each other their cards)."""
    runs = []
    for changed in (None, "changed"):
        run = Run(tmp_path / (changed or "dealt"), seats, changed, kind)
        secret = record(run.site).state["hidden"]
        run.play_a_round()
        runs.append((run.mail_of([address(r) for r in readers] + [OBSERVER]), secret))
    (dealt, before), (changed, after) = runs
    assert before != after                      # the secrets did differ
    assert len(dealt) > 2 * len(readers)
    for one, other in zip(dealt, changed, strict=False):
        assert one == other, (f"a mail to {one[0]} ({one[1]}) differs:\n"
                              + "\n".join(difflib.unified_diff(one[2].splitlines(),
                                                               other[2].splitlines(),
                                                               lineterm="")))
    assert len(dealt) == len(changed)
