"""League night in the window: File → League night… starts the service inside the app
and shows every table's QR code and link; View → Scoreboard is the board on a second
screen. The service itself lives in ``clabber_league.night`` and loads only when a
night is started."""
