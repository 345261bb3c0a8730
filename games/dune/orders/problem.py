"""The fault of an order line: the one value every order kind raises, kept apart from the
order language so that the rules below it can raise it too."""

from __future__ import annotations


class OrderProblem(ValueError):
    """A line that cannot be read as the order it starts: a code, the reason, what is valid.

    Raised by a kind's ``combine``, ``part`` may say which of the lines (by their index among
    the decision's lines) is at fault; the first is quoted otherwise.
    """

    def __init__(self, code: str, message: str, valid: tuple[str, ...] = (),
                 part: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.valid = tuple(valid)
        self.part = part
