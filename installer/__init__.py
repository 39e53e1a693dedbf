"""Building and testing the installable bundles (see installer/README.md)."""
