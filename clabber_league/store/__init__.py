"""Durable storage: SQLModel tables, Alembic migrations, games, standings, backups.

Nothing is imported here: each caller imports the module it needs
(``store.database``, ``store.games``, ``store.standings``…).
"""
