"""Jinja2 templates for mail, shared by every game."""
