"""A narration line as a rich renderable that wraps itself by words.wrap at whatever width it is drawn: the
TUI feed and `killer run`'s narration print the same lines, broken by CJK rules, with every continuation line
behind a prefix (the judge's indented, a speech's behind a quote bar) so no wrapped line can pass for the judge."""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from words.wrap import line_starts

JUDGE_INDENT = "  "  # the judge's own continuation lines
SPEECH_BAR = "  │ "  # a speech's continuation lines: visibly inside the quote


class Wrapped:
    """`text` broken into lines of the width it is given; continuation lines start with `prefix`."""

    def __init__(self, text: Text, prefix: str = JUDGE_INDENT, prefix_style: str = "dim") -> None:
        self.text, self.prefix, self.prefix_style = text, prefix, prefix_style

    def lines(self, width: int) -> list[Text]:
        """The lines at `width` cells, styles kept."""
        plain = self.text.plain
        starts = line_starts(plain, width, cell_len(self.prefix), cell_len)
        pieces = self.text.divide(starts[1:]) if len(starts) > 1 else [self.text.copy()]
        out: list[Text] = []
        for i, piece in enumerate(pieces):
            piece.rstrip()
            out.append(Text.assemble((self.prefix, self.prefix_style), piece) if i else piece)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in self.lines(options.max_width):
            line.no_wrap, line.overflow, line.end = True, "crop", "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(options.max_width, 1 + cell_len(self.prefix)), cell_len(self.text.plain))
