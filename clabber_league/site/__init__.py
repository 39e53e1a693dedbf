"""The published league site: static pages, calendars and a feed, from the store."""
