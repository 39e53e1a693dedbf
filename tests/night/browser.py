"""Debian's Chromium, headless, driven by Playwright: the browser the page tests and the
docs' screenshots use (no browser is downloaded; TECH_NOTES.md)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Playwright, sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: No GPU, no QUIC, no first-run, update, sync or background traffic: the browser talks to
#: the test's own server on 127.0.0.1 and to nothing else.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
TV: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}}


def have_chromium() -> bool:
    return os.access(CHROMIUM, os.X_OK)


@contextmanager
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@contextmanager
def chromium(driver: Playwright) -> Iterator[Browser]:
    """The browser, with a fresh profile (Playwright gives it a new ``--user-data-dir``);
    each test opens its own contexts in it, which share no storage."""
    browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
    try:
        yield browser
    finally:
        browser.close()
