"""The published league site: static HTML and CSS pages made from the database.

``builder`` writes the pages (only those that changed, removing the stale ones an
earlier publish wrote); ``pages`` makes each season's pages from the store's reads;
``publish`` is the one entry point the command and the window call (docs/publishing.md).
"""
