"""Printing from the window: File → Print, the PDF preview, the print dialog.

Every document is made by the same renderers as ``clabber-league print``
(``clabber_league.reports``), shown in Qt's own PDF viewer, and printed or
saved from there. ``menu.PrintMenu`` is all the window needs to know.
"""
