"""Rasterise the hand-drawn SVG icon into the PNG sizes, the Windows .ico and the macOS .icns.

``python -m installer.icons`` rewrites ``resources/icons/``; the results are committed,
so a checkout, a wheel and a bundle all have them without this step. Run it again
after editing ``clabber-league.svg``. Qt's own SVG renderer draws the PNGs (QtSvg is
in PySide6-Essentials, no extra tool), Pillow (ReportLab's dependency) packs the
.ico and .icns.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from clabber_league import APP_ID

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / f"{APP_ID}.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The hicolor theme's usual sizes: the .desktop menu, task bars, software centres."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_path(size: int, folder: Path = ICONS) -> Path:
    return folder / f"{APP_ID}-{size}.png"


def draw(size: int, svg: Path = SVG) -> QImage:
    """The SVG drawn at ``size`` pixels square, antialiased on a transparent ground."""
    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"cannot read the icon {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def render_pngs(svg: Path = SVG, folder: Path = ICONS) -> list[Path]:
    """Draw the SVG at every size in ``SIZES``."""
    written = []
    for size in SIZES:
        path = png_path(size, folder)
        if not draw(size, svg).save(str(path)):
            raise OSError(f"cannot write {path}")
        written.append(path)
    return written


def pack_ico_and_icns(svg: Path = SVG, folder: Path = ICONS) -> list[Path]:
    """The Windows .ico (16–256) and the macOS .icns (16–512 and 512@2x) from the SVG."""
    ico = folder / f"{APP_ID}.ico"
    with Image.open(png_path(max(ICO_SIZES), folder)) as largest:
        largest.save(ico, sizes=[(size, size) for size in ICO_SIZES])
    icns = folder / f"{APP_ID}.icns"
    with tempfile.TemporaryDirectory() as scratch:
        retina = Path(scratch) / "1024.png"
        draw(1024, svg).save(str(retina))
        with Image.open(retina) as drawing:
            drawing.save(icns)
    return [ico, icns]


def main() -> int:
    for path in [*render_pngs(), *pack_ico_and_icns()]:
        print(path.relative_to(ICONS.parent.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
