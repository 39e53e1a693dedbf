"""The PySide6 window: everything Qt lives under this package."""
