"""Widgets of the window: the scoresheet and what sits around it."""
