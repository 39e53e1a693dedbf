"""A sponsor's logo, checked before it is decoded.

ReportLab reads images with Pillow. A 17 KB PNG can say it is 12,000 × 12,000
pixels and then take gigabytes to decode, and Pillow's own guard against
such files is a warning (``DecompressionBombWarning``) until far larger. So a
logo is read with a size cap (``inputs.read_capped``: a pipe or a device is
refused unread), recognised by its first bytes, and its width and height
taken from its header; only a logo within ``LOGO_PIXELS`` each way is decoded,
with Pillow's warning turned into a refusal.
"""

from __future__ import annotations

import warnings
from io import BytesIO
from pathlib import Path

from PIL import Image
from reportlab.lib.utils import ImageReader

from clabber_league.inputs import InputError, read_capped
from clabber_league.reports.document import ReportError
from clabber_league.rules.limits import LOGO_BYTES, LOGO_PIXELS

#: The formats a logo may be in, by the bytes their files begin with.
FORMATS = {
    b"\x89PNG\r\n\x1a\n": "PNG",
    b"\xff\xd8\xff": "JPEG",
    b"GIF87a": "GIF",
    b"GIF89a": "GIF",
}
_NOT_AN_IMAGE = "is not an image that can be printed: use a PNG, JPEG or GIF file"


def read_logo(path: str | Path) -> bytes:
    """The logo file's bytes, checked to be an image ReportLab can draw, or ``ReportError``."""
    try:
        data = read_capped(str(path), LOGO_BYTES, "a logo", f"the sponsor logo {path}")
    except InputError as exc:
        raise ReportError(*exc.lines) from None
    expected = next((kind for magic, kind in FORMATS.items() if data.startswith(magic)), None)
    if expected is None:
        raise ReportError(f"the sponsor logo {path} {_NOT_AN_IMAGE}")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(BytesIO(data), formats=[expected]) as image:
                width, height = image.size
                if not (LOGO_PIXELS.allows(width) and LOGO_PIXELS.allows(height)):
                    raise ReportError(
                        f"the sponsor logo {path} is {width:,} × {height:,} pixels; a logo is "
                        f"at most {LOGO_PIXELS.high:,} × {LOGO_PIXELS.high:,}"
                    )
            ImageReader(BytesIO(data)).getRGBData()
        except ReportError:
            raise
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise ReportError(
                f"the sponsor logo {path} is too large to decode safely; "
                f"a logo is at most {LOGO_PIXELS.high:,} × {LOGO_PIXELS.high:,} pixels"
            ) from None
        except Exception:  # Pillow and ReportLab raise many kinds for a broken file
            raise ReportError(f"the sponsor logo {path} {_NOT_AN_IMAGE}") from None
    return data
