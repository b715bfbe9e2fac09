"""The few SVG building blocks every game's ``svg.py`` draws with.

Pure Python, no dependencies: a drawing is a list of element strings joined into
one standalone ``<svg>`` document. Every attribute value and every text goes
through :func:`escape`, so no text a state holds (a word, a label) can inject
markup into the page that shows the drawing.

>>> doc(100, 50, [rect(0, 0, 100, 50, fill="#fff"), text(50, 25, "a<b")], size=200)[:62]
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" w'
>>> text(0, 0, "<script>")
'<text x="0" y="0">&lt;script&gt;</text>'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def escape(value: object) -> str:
    """``value`` as text safe inside an XML attribute or element."""
    return str(value).translate(_ESCAPES)


def _number(value: object) -> str:
    """Coordinates written short: 12 not 12.0, 12.35 not 12.345678."""
    if isinstance(value, float):
        value = round(value, 2)
        if value.is_integer():
            return str(int(value))
    return str(value)


@lru_cache(maxsize=None)
def _attribute_name(key: str) -> str:
    """``class_`` → ``class``, ``stroke_width`` → ``stroke-width`` (the Python names cannot say either)."""
    return key.rstrip("_").replace("_", "-")


def attributes(attrs: dict[str, object]) -> str:
    """``key="value"`` pairs, escaped; a value of None leaves its attribute out."""
    return " ".join(f'{_attribute_name(key)}="{escape(_number(value))}"'
                    for key, value in attrs.items() if value is not None)


def element(tag: str, content: str = "", /, **attrs: object) -> str:
    """One element; ``content`` is markup already built (use :func:`text` for text). Both are
    given by position: every keyword is an attribute."""
    opening = f"{tag} {attributes(attrs)}".rstrip()
    return f"<{opening}>{content}</{tag}>" if content else f"<{opening}/>"


def rect(x: float, y: float, width: float, height: float, **attrs: object) -> str:
    return element("rect", x=x, y=y, width=width, height=height, **attrs)


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    return element("circle", cx=cx, cy=cy, r=r, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: object) -> str:
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def polygon(points: Iterable[tuple[float, float]], **attrs: object) -> str:
    return element("polygon", points=" ".join(f"{_number(x)},{_number(y)}" for x, y in points), **attrs)


def text(x: float, y: float, content: object, **attrs: object) -> str:
    """A text element; ``content`` is escaped."""
    return f"<text {attributes(dict(x=x, y=y, **attrs))}>{escape(content)}</text>"


def group(children: Iterable[str], **attrs: object) -> str:
    return element("g", "".join(children), **attrs)


def title(content: object) -> str:
    """A tooltip for the enclosing element (shown on hover by browsers)."""
    return f"<title>{escape(content)}</title>"


def arrow_marker(marker_id: str, colour: str) -> str:
    """A ``<defs>`` arrow head that lines can end with (``marker_end="url(#id)"``)."""
    head = polygon([(0, 0), (10, 5), (0, 10)], fill=colour)
    marker = element("marker", head, id=marker_id, viewBox="0 0 10 10", refX=8, refY=5,
                     markerWidth=5, markerHeight=5, orient="auto-start-reverse")
    return element("defs", marker)


def doc(width: float, height: float, children: Iterable[str], *, size: float | None,
        default_size: float = 400, label: str = "") -> str:
    """The standalone document: fixed viewBox, ``size`` px wide (height keeps the ratio)."""
    size = default_size if size is None else size
    if size <= 0:
        raise ValueError(f"the size must be positive, got {size}")
    body = "".join(children)
    attrs = attributes(dict(viewBox=f"0 0 {_number(width)} {_number(height)}", width=size,
                            height=size * height / width, font_family=FONT, role="img",
                            aria_label=label or None))
    return f'<svg xmlns="{SVG_NS}" {attrs}>{body}</svg>'


# The analysis's best move ("hint"): blue and dashed, where every last-move mark is red and solid
HINT = "#1565e0"
HINT_STROKE = dict(fill="none", stroke=HINT, stroke_width=4, stroke_dasharray="8 5")


def hint_group(children: Iterable[str], move: str) -> str:
    """The best move's marks, named for people (a tooltip) and for tests (``class="best-move"``)."""
    return group([title(f"best move: {move}"), *children], class_="best-move", data_move=move)
