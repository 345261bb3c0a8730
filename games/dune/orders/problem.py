"""The fault of an order line: the one value every order kind raises, kept apart from the
order language so that the rules below it can raise it too."""

from __future__ import annotations

from ...common.language import OrderProblem

__all__ = ["OrderProblem"]
