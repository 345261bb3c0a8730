"""How a mail's words are taken as decisions: a mistyped order word is told apart from a
line that is no order (issue 16, P6)."""

from __future__ import annotations

import pytest

from pbem.decisions import one_letter_apart


@pytest.mark.parametrize(("word", "verb"), [
    ("BDI", "BID"), ("SHPI", "SHIP"), ("DAIL", "DIAL"), ("MOV", "MOVE"), ("MOOVE", "MOVE"),
    ("DILA", "DIAL"), ("SHOP", "SHIP")])
def test_one_letter_wrong_missing_extra_or_swapped_is_a_slip(word, verb):
    assert one_letter_apart(word, verb)


@pytest.mark.parametrize(("word", "verb"), [
    ("BID", "BID"), ("THX", "BID"), ("SORRY", "STORM"), ("BI", "BID"), ("DLIA", "DIAL"),
    ("SHIPS", "SHOP")])
def test_the_same_word_or_a_word_further_off_is_no_slip(word, verb):
    assert not one_letter_apart(word, verb)
