"""What every renderer shares: the document template, the footer, the atomic write.

A renderer is built from plain data (see each module's ``*_data`` builder)
and knows nothing of sessions or widgets; ``render`` writes the PDF to a
path or an open binary file. A path is written through a temporary file in
the same folder and renamed at the end (``clabber_league.outputs``), so a
failed print never leaves half a PDF where the old one was.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import IO, Any

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from clabber_league import APP_NAME, __version__, i18n
from clabber_league.i18n import _
from clabber_league.kill_points import kill_point
from clabber_league.outputs import write_output
from clabber_league.reports import fonts
from clabber_league.reports.styles import FOOTER_SIZE, GREY, INK, MARGIN, Paper, stylesheet
from clabber_league.rules.messages import ProblemError

Target = str | os.PathLike[str] | IO[bytes]
Progress = Callable[[int, int], bool]
"""``progress(done, total)`` for long documents; False means "stop: the user cancelled"."""
NO_PADDING = {"leftPadding": 0, "rightPadding": 0, "topPadding": 0, "bottomPadding": 0}


class ReportError(ProblemError):
    """Input a report cannot be made from (say, a sponsor logo that is no image)."""


class ReportCancelledError(Exception):
    """A ``progress`` callback said stop: the document was abandoned and nothing written."""


def check_progress(progress: Progress | None, done: int, total: int) -> None:
    """Tell ``progress`` how far a long document has got; raise if it says stop."""
    if progress is not None and not progress(done, total):
        raise ReportCancelledError(
            _("cancelled after {done} of {total}; nothing was written").format(
                done=done, total=total
            )
        )


class Furniture:
    """Drawings repeated page after page (an empty grid, the reference panel), kept as
    PDF forms: drawn once per document and placed by reference.

    This is what keeps a 500-page season book fast and small: each page
    draws only its own marks and names over a grid the PDF holds once. A
    one-sheet document draws straight on the page instead: a form used once
    only costs.
    """

    def __init__(self, *, forms: bool = True) -> None:
        self.forms = forms
        self._names: dict[Hashable, str] = {}

    def place(self, canvas: Any, key: Hashable, draw: Callable[[Any], None]) -> None:
        """Place the drawing known by ``key``, drawing it the first time it is asked for."""
        if not self.forms:
            draw(canvas)
            return
        name = self._names.get(key)
        if name is None:
            name = f"Furniture{len(self._names)}"
            canvas.beginForm(name)
            draw(canvas)
            canvas.endForm()
            self._names[key] = name
        canvas.doForm(name)


class Renderer:
    """Base of the renderers: one ``BaseDocTemplate`` with named page templates.

    Subclasses give the page templates and the story; the footer, metadata
    and the write are the same for every document.
    """

    title = "Clabber League"
    """The PDF's title (shown by viewers) and the footer's left words."""
    page_numbers = True
    sheets = 1
    """How many scoresheets the document holds: more than one, and their grid is furniture."""
    landscape = False
    """The paper turned on its side (the playoff bracket)."""

    def __init__(self, *, paper: Paper = Paper.LETTER) -> None:
        self.paper = paper
        self.furniture = Furniture()

    def render(self, target: Target, *, force: bool = False) -> None:
        """Write the PDF to a path (atomically, see ``outputs``; an existing file only
        with ``force``) or to an open binary file."""
        if isinstance(target, str | os.PathLike):
            write_output(Path(target), self._build, force=force)
        else:
            self._build(target)

    def _build(self, stream: IO[bytes]) -> None:
        kill_point("print:rendering")
        fonts.register_fonts()
        self.furniture = Furniture(forms=self.sheets > 1)  # forms belong to one PDF
        doc = BaseDocTemplate(
            stream,
            pagesize=self.paper.size[::-1] if self.landscape else self.paper.size,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=fonts.clean(self.title),
            author=APP_NAME,
            creator=f"{APP_NAME} {__version__}",
            # Compressed page streams: a 500-page season book stays a few MB.
            pageCompression=1,
        )
        doc.addPageTemplates(self._page_templates(doc))
        doc.build(self._story(doc))

    def _page_templates(self, doc: BaseDocTemplate) -> list[PageTemplate]:
        """One plain page template (tables and text pages); sheet documents give their own."""
        return [self._plain_template(doc)]

    def _story(self, doc: BaseDocTemplate) -> list[Flowable]:
        raise NotImplementedError

    def _plain_template(self, doc: BaseDocTemplate, template_id: str = "plain") -> PageTemplate:
        """One frame filling the margins: tables and text pages."""
        frame = Frame(
            doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id=template_id, **NO_PADDING
        )
        return PageTemplate(id=template_id, frames=[frame], onPage=self._on_page)

    def _on_page(self, canvas: Any, doc: BaseDocTemplate) -> None:
        """The footer: what the document is, left; the page number, right."""
        canvas.saveState()
        canvas.setFillColor(GREY)
        y = MARGIN / 2
        left = fonts.fit(self.title, doc.width * 0.75, FOOTER_SIZE)
        fonts.draw(canvas, MARGIN, y, left, FOOTER_SIZE)
        if self.page_numbers:
            number = _("page {number}").format(number=canvas.getPageNumber())
            fonts.draw(canvas, MARGIN + doc.width, y, number, FOOTER_SIZE, align="right")
        canvas.restoreState()


def paragraph(text: str, style: str) -> Paragraph:
    """User text as a paragraph of the named style (``fonts.markup``: escaped, in display
    order)."""
    return Paragraph(fonts.markup(text), stylesheet()[style])


def season_title(league: str, season: str, what: str) -> str:
    """A season document's PDF title: "Club — Spring: standings"."""
    return f"{fonts.clean(league)} — {fonts.clean(season)}: {what}"


def title_lines(league: str, season: str, subtitle: str) -> list[Flowable]:
    """A season document's first lines: the league and season, then what the document is."""
    return [
        paragraph(_("{league} — {season}").format(league=league, season=season), "Title"),
        paragraph(subtitle, "Subtitle"),
    ]


class Line(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """One line of user text: shortened with "…" to the width it is given, never wrapped.

    For table cells and headings holding names: it is drawn with
    ``fonts.draw``, so no markup is parsed and Hangul gets its font.
    """

    def __init__(
        self,
        text: str,
        size: float = 9,
        *,
        bold: bool = False,
        align: str = "left",
        color: Any = INK,
    ) -> None:
        super().__init__()
        self.text, self.size, self.bold, self.align, self.color = text, size, bold, align, color
        self._shown = text
        self._width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._width = avail_width
        self._shown = fonts.fit(self.text, avail_width, self.size, self.bold)
        return avail_width, self.size * 1.25

    def draw(self) -> None:
        x = {"left": 0.0, "center": self._width / 2, "right": self._width}[self.align]
        self.canv.setFillColor(self.color)
        fonts.draw(
            self.canv, x, self.size * 0.28, self._shown, self.size, bold=self.bold, align=self.align
        )


def reading_side(align: str) -> str:
    """``align`` as the page's reading direction has it: "left" (where a line starts in
    English) is the right in a right-to-left language; "center" stays."""
    if not i18n.is_right_to_left():
        return align
    return {"left": "right", "right": "left"}.get(align, align)


class Words(Flowable):  # type: ignore[misc]  # ReportLab has no type hints
    """User words wrapped to the width they are given, each line set from the reading
    side (the right edge in a right-to-left language).

    For notes that may run to several lines in Persian: a ``Paragraph`` reorders the
    whole sentence before it breaks it, so its first words would land on its last line;
    here the sentence is broken in reading order (``fonts.lines``) and each line drawn
    on its own (``fonts.draw``, no markup parsed).
    """

    def __init__(self, text: str, size: float = 7.5, *, color: Any = GREY) -> None:
        super().__init__()
        self.text, self.size, self.color = text, size, color
        self._lines: tuple[str, ...] = ()
        self._width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._width = avail_width
        self._lines = fonts.lines(self.text, avail_width, self.size)
        return avail_width, len(self._lines) * self.size * 1.3

    def draw(self) -> None:
        align = reading_side("left")
        x = self._width if align == "right" else 0.0
        self.canv.setFillColor(self.color)
        for number, line in enumerate(reversed(self._lines)):
            y = self.size * (0.3 + 1.3 * number)
            fonts.draw(self.canv, x, y, line, self.size, align=align)
