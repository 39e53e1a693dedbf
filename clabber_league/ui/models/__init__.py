"""Qt item models over the rules engine's objects; views only ever read them."""
