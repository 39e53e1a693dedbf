"""League night: every table keeps its sheet on a phone, the board and the desktop see
each hand at once (``../shared/TABLE_API.md``, docs/league-night.md).

``links`` makes the night's links; ``service`` answers the phones through the same
recorder as the window; ``app`` is the Starlette app; ``server`` runs it on uvicorn,
from ``clabber-league serve`` or inside the window.
"""
