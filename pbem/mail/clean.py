"""Text the moderator mails, cleaned of characters that act on the reader's screen.

Players' words reach other players' mail: press, deals and bribes, player names, the
GM's notes, the subject of a forged mail told to the seat's owner.  A terminal acts on
control characters (``ESC[2J`` clears the screen, an OSC sequence sets the window's
title), and bidi embeddings, overrides and isolates reorder what a reader sees, so that
a line can show other words than it holds.  Every mail passes ``compose``, which cleans
its subject and text here: one place for every path.  Pure functions, no I/O.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL and the C1 controls, and Unicode's Bidi_Control
# characters: the Arabic letter mark, LRM and RLM, embeddings, overrides and isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069]")


def clean_text(text: str) -> str:
    """``text`` without control characters (newline and tab stay) and bidi controls."""
    return _UNSAFE.sub("", text)
