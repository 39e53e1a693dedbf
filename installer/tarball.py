"""Pack the Linux one-folder bundle with its installer into a .tar.gz.

    python -m installer.tarball [--bundle dist/clabber-league] [--out dist]

gives ``dist/clabber-league-VERSION-linux-ARCH.tar.gz``, which unpacks to::

    clabber-league-VERSION/
      install.sh  uninstall.sh
      clabber-league/                          the PyInstaller bundle
      share/applications/clabber-league.desktop
      share/metainfo/<reverse-DNS id>.metainfo.xml
      share/mime/packages/clabber-league.xml   the league and game file types
      share/icons/hicolor/<N>x<N>/apps/clabber-league.png, scalable/apps/clabber-league.svg

The menu entry, the AppStream file and the file types are rendered from the package's name and
version (installer/render.py); the icons are the committed ones in resources/icons.
"""

from __future__ import annotations

import argparse
import io
import platform
import sys
import tarfile
from pathlib import Path

from installer.icons import ICONS, SIZES, SVG, png_path
from installer.render import DESKTOP, INSTALLER, METAINFO, MIME_INFO, ROOT, AppInfo, app_info

DIST = ROOT / "dist"
SCRIPTS = ("install.sh", "uninstall.sh")


def tarball_name(info: AppInfo, machine: str | None = None) -> str:
    return f"{info.app_id}-{info.version}-linux-{machine or platform.machine()}.tar.gz"


def share_files(info: AppInfo) -> dict[str, bytes]:
    """The files install.sh copies under ``~/.local/share``, by their path below ``share/``."""
    files = {
        f"applications/{info.app_id}.desktop": DESKTOP.render(info).encode("utf-8"),
        f"metainfo/{Path(METAINFO.output_name(info)).name}": METAINFO.render(info).encode("utf-8"),
        f"mime/packages/{info.app_id}.xml": MIME_INFO.render(info).encode("utf-8"),
        f"icons/hicolor/scalable/apps/{info.app_id}.svg": SVG.read_bytes(),
    }
    for size in SIZES:
        png = png_path(size, ICONS).read_bytes()
        files[f"icons/hicolor/{size}x{size}/apps/{info.app_id}.png"] = png
    return files


def _normalised(member: tarfile.TarInfo) -> tarfile.TarInfo:
    """No builder's user or group names in the archive."""
    member.uid = member.gid = 0
    member.uname = member.gname = ""
    return member


def _add_bytes(archive: tarfile.TarFile, name: str, data: bytes, mode: int) -> None:
    member = _normalised(tarfile.TarInfo(name))
    member.size = len(data)
    member.mode = mode
    archive.addfile(member, io.BytesIO(data))


def make_tarball(bundle: Path, out: Path, info: AppInfo | None = None) -> Path:
    """Write the tarball into ``out`` and return its path."""
    info = info or app_info()
    executable = bundle / info.app_id
    if not executable.is_file():
        raise FileNotFoundError(f"no bundle at {bundle} (run make bundle first)")
    top = f"{info.app_id}-{info.version}"
    out.mkdir(parents=True, exist_ok=True)
    path = out / tarball_name(info)
    partial = path.with_name(path.name + ".partial")
    # Level 6: nearly the size of level 9 in a third of the time, for ~190 MB of Qt.
    with tarfile.open(partial, "w:gz", compresslevel=6) as archive:
        for script in SCRIPTS:
            data = (INSTALLER / "linux" / script).read_bytes()
            _add_bytes(archive, f"{top}/{script}", data, 0o755)
        for name, data in sorted(share_files(info).items()):
            _add_bytes(archive, f"{top}/share/{name}", data, 0o644)
        archive.add(bundle, arcname=f"{top}/{info.app_id}", filter=_normalised)
    partial.replace(path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m installer.tarball", description=__doc__)
    parser.add_argument("--bundle", type=Path, default=DIST / app_info().app_id)
    parser.add_argument("--out", type=Path, default=DIST)
    args = parser.parse_args(argv)
    try:
        path = make_tarball(args.bundle, args.out)
    except FileNotFoundError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{path} ({path.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
