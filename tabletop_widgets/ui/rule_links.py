"""Rule ids in learner text become links to their paragraph of the game's rules page.

Pages of a game live beside its rules page (``notebooks/<game>/rules.ipynb``), so the
link is relative and works in Voilà and in JupyterLab alike.  The widgets' front end does
the same for their error lines (``ttRuleText`` in ``base.js``).

>>> link_rules("Pass is not allowed (MT-5).")
'Pass is not allowed (<a class="tt-rule-link" href="rules.ipynb#MT-5" target="_blank">MT-5</a>).'
>>> link_rules("<b>CT-10</b>", base="../chinese_ten/rules.ipynb").count('#CT-10"')
1

In a page's HTML words (a tutorial step, an introduction) only the words are linked: not
what is already a link, nor attributes, pictures or code:

>>> linked = link_rules_html("<p>MT-1 or <a href='#MT-2'>MT-2</a></p><svg>MT-3</svg>")
>>> linked.count("tt-rule-link"), linked.endswith("<a href='#MT-2'>MT-2</a></p><svg>MT-3</svg>")
(1, True)
"""

from __future__ import annotations

import re

__all__ = ["RULE_ID", "link_rules", "link_rules_html", "rules_href"]

#: A rule id as the rules pages write them: two capitals, a dash, a number.
RULE_ID = re.compile(r"\b([A-Z]{2}-\d+)\b")


def rules_href(rule: str, base: str = "rules.ipynb") -> str:
    """Where rule ``rule`` is explained, relative to a page of the same game."""
    return f"{base}#{rule}"


def link_rules(html_text: str, base: str = "rules.ipynb") -> str:
    """``html_text`` (already escaped HTML) with each rule id made a link (``base`` "": to
    a paragraph of the same page, which opens in the same tab)."""
    target = ' target="_blank"' if base else ""
    return RULE_ID.sub(
        lambda m: (
            f'<a class="tt-rule-link" href="{rules_href(m.group(1), base)}"{target}>'
            f"{m.group(1)}</a>"
        ),
        html_text,
    )


#: A tag, or the text between tags.
_PIECE = re.compile(r"(<!--.*?-->|<[^>]*>)", flags=re.S)
_OPEN = re.compile(r"<\s*([a-zA-Z][\w-]*)")
_CLOSE = re.compile(r"<\s*/\s*([a-zA-Z][\w-]*)")
#: Elements whose text is not linked: links already, pictures, styles, scripts, code.
_KEEP = frozenset({"a", "svg", "style", "script", "code", "textarea", "title"})


def link_rules_html(
    markup: str, base: str = "rules.ipynb", *, keep: frozenset[str] = frozenset()
) -> str:
    """``markup`` (HTML) with each rule id in its words made a link (see module doc);
    ``keep``: more elements whose words stay as they are (a rules page's headings)."""
    keep = _KEEP | keep
    out: list[str] = []
    inside: list[str] = []
    for piece in _PIECE.split(markup):
        if piece.startswith("<"):
            closing = _CLOSE.match(piece)
            opening = None if closing else _OPEN.match(piece)
            if closing and closing.group(1).lower() in inside:
                while inside and inside.pop() != closing.group(1).lower():
                    pass
            elif opening and opening.group(1).lower() in keep and not piece.endswith("/>"):
                inside.append(opening.group(1).lower())
            out.append(piece)
        else:
            out.append(piece if inside else link_rules(piece, base))
    return "".join(out)
