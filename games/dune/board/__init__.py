"""The board of Arrakis: where forces may go (``reach``) and the map drawn from a view."""
