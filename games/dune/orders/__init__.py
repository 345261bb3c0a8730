"""The order language: how players' order lines read, one module per round's orders."""
