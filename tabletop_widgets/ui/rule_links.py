"""Rule ids in learner text become links to their paragraph of the game's rules page.

Pages of a game live beside its rules page (``notebooks/<game>/rules.ipynb``), so the
link is relative and works in Voilà and in JupyterLab alike.  The widgets' front end does
the same for their error lines (``ttRuleText`` in ``base.js``).

>>> link_rules("Pass is not allowed (MT-5).")
'Pass is not allowed (<a class="tt-rule-link" href="rules.ipynb#MT-5" target="_blank">MT-5</a>).'
>>> link_rules("<b>CT-10</b>", base="../chinese_ten/rules.ipynb").count('#CT-10"')
1
"""

from __future__ import annotations

import re

__all__ = ["RULE_ID", "link_rules", "rules_href"]

#: A rule id as the rules pages write them: two capitals, a dash, a number.
RULE_ID = re.compile(r"\b([A-Z]{2}-\d+)\b")


def rules_href(rule: str, base: str = "rules.ipynb") -> str:
    """Where rule ``rule`` is explained, relative to a page of the same game."""
    return f"{base}#{rule}"


def link_rules(html_text: str, base: str = "rules.ipynb") -> str:
    """``html_text`` (already escaped HTML) with each rule id made a link."""
    return RULE_ID.sub(
        lambda m: (
            f'<a class="tt-rule-link" href="{rules_href(m.group(1), base)}" '
            f'target="_blank">{m.group(1)}</a>'
        ),
        html_text,
    )
