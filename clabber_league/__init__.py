"""Clabber League: scoresheets, leagues and standings for Evansville Clabber."""

__version__ = "0.1.0"
APP_NAME = "Clabber League"
APP_ID = "clabber-league"
