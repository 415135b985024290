"""Slots: what a page leaves in its HTML for a walkthrough, a list, a disclosure or a link that
the MkDocs plugin puts into the written page last (`Rendering.defer`, `fill_slots`), so that
Markdown's postprocessors, search and the theme never parse them."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping

_NONCE = secrets.token_hex(6)
"""Part of every slot's marker (`slot`), new in each process: no page's own text can name a
slot, or open or close one (Markdown keeps the HTML comments a page writes)."""
_SLOT = re.compile(f"<!--wt-slot {_NONCE} (\\d+)-->.*?<!--/wt-slot {_NONCE}-->", re.DOTALL)


def slot(key: str, said: str = "") -> str:
    """The slot `key` of a page, holding `said` until `fill_slots` puts in what it stands for."""
    return f"<!--wt-slot {_NONCE} {key}-->{said}<!--/wt-slot {_NONCE}-->"


def fill_slots(html: str, slots: Mapping[str, str]) -> str:
    """The written page with what was deferred (walkthroughs, links) in its slot."""
    return _SLOT.sub(lambda m: slots[m[1]], html)
