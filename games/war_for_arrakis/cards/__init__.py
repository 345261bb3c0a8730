"""Effects: the steps every Planning card, named leader's special action and die action is
made of (``steps``), the cards played and drawn (``planning``), and the Prescience cards
(``prescience``)."""
