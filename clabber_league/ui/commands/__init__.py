"""Undoable edits of a game: each a small QUndoCommand calling the recorder."""
