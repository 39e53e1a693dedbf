"""The app's icon: the hand-drawn SVG, and the committed PNG, ICO and ICNS made from it."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtGui import QIcon, QImage
from PySide6.QtSvg import QSvgRenderer
from pytestqt.qtbot import QtBot

from clabber_league import APP_ID
from installer.icons import ICO_SIZES, ICONS, SIZES, SVG, png_path, render_pngs
from installer.render import ROOT


def test_the_svg_is_a_square_drawing_qt_can_render(qtbot: QtBot) -> None:
    root = ET.parse(SVG).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 512 512"
    renderer = QSvgRenderer(str(SVG))
    assert renderer.isValid()


@pytest.mark.parametrize("size", SIZES)
def test_each_png_size_is_committed_with_a_transparent_corner(size: int) -> None:
    image = QImage(str(png_path(size)))
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()
    assert image.pixelColor(0, 0).alpha() == 0  # the rounded corner
    assert image.pixelColor(size // 2, size // 2).alpha() == 255


def test_the_committed_pngs_are_drawn_from_the_current_svg(tmp_path: Path, qtbot: QtBot) -> None:
    """Edited the SVG? Run ``python -m installer.icons`` and commit the results."""
    for fresh in render_pngs(SVG, tmp_path):
        committed = QImage(str(ICONS / fresh.name)).convertToFormat(QImage.Format.Format_ARGB32)
        redrawn = QImage(str(fresh)).convertToFormat(QImage.Format.Format_ARGB32)
        difference = sum(
            abs(committed.pixelColor(x, y).red() - redrawn.pixelColor(x, y).red())
            + abs(committed.pixelColor(x, y).alpha() - redrawn.pixelColor(x, y).alpha())
            for x in range(0, committed.width(), max(1, committed.width() // 32))
            for y in range(0, committed.height(), max(1, committed.height() // 32))
        )
        assert difference / (32 * 32) < 8, fresh.name


def test_windows_and_macos_get_their_icon_files() -> None:
    with Image.open(ICONS / f"{APP_ID}.ico") as ico:
        assert {(size, size) for size in ICO_SIZES} <= set(ico.info["sizes"])
    with Image.open(ICONS / f"{APP_ID}.icns") as icns:
        assert icns.format == "ICNS"
        assert icns.size == (1024, 1024)  # 512@2x, drawn at that size


def test_the_icon_loads_as_a_qt_icon_at_any_size(qtbot: QtBot) -> None:
    icon = QIcon(str(SVG))
    assert not icon.isNull()
    assert icon.pixmap(48, 48).width() == 48


def test_the_window_carries_the_icon() -> None:
    """The app's own QApplication (a fresh process: the suite's is pytest-qt's)."""
    script = (
        "from clabber_league.app import _qt_application\n"
        "app = _qt_application()\n"
        "icon = app.windowIcon()\n"
        "assert not icon.isNull() and icon.pixmap(32, 32).width() == 32\n"
        # Qt's SVG engine, a plugin library, stays unloaded (it would be mapped in).
        "assert 'qsvg' not in open('/proc/self/maps').read()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_the_window_icon_is_read_from_every_drawn_png_size() -> None:
    """The window's icon comes from the PNGs drawn from the SVG, so that no SVG engine is
    loaded before the first frame; every size it names is one ``installer/icons.py`` draws."""
    from clabber_league.app import WINDOW_ICON_SIZES, _window_icon  # noqa: PLC0415

    assert set(WINDOW_ICON_SIZES) <= set(SIZES)
    icon = _window_icon(QIcon())
    assert {(size.width(), size.height()) for size in icon.availableSizes()} == {
        (size, size) for size in WINDOW_ICON_SIZES
    }
