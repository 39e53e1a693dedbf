"""Dialogs: questions the window asks once, then closes."""
