"""Notice texts and kinds: :func:`excerpt` quotes a text short and whole-worded, and every
kind the domain makes is one the webapp knows (its ``NotificationKind``, whose icons
``Record<NotificationKind, …>`` makes tsc demand)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.notification_mail import EMAIL_KIND_OF_NOTICE
from domain.notifications import NOTIFICATION_KINDS, excerpt

pytestmark = pytest.mark.unit

WEBAPP_KINDS = (Path(__file__).resolve().parents[3]
                / "webapp/src/features/notifications/api.ts")


@given(text=st.text(alphabet=st.sampled_from("ab ,.!\n\t-é"), max_size=80),
       limit=st.integers(min_value=2, max_value=40))
def test_an_excerpt_fits_is_a_prefix_and_cuts_between_words(text: str, limit: int) -> None:
    line = " ".join(text.split())
    short = excerpt(text, limit)
    assert len(short) <= limit
    if len(line) <= limit:
        assert short == line
        return
    kept = short.removesuffix("…")
    assert short.endswith("…") and kept and line.startswith(kept)
    if len(line.split(" ")[0]) < limit:  # a whole first word fits: never inside a word
        assert not (kept[-1].isalnum() and line[len(kept)].isalnum())


def test_an_excerpt_drops_the_cut_word_and_its_punctuation() -> None:
    assert excerpt("Rude words\nabout   this", 60) == "Rude words about this"
    assert excerpt("Thrifted denim, worn twice", 18) == "Thrifted denim…"
    assert excerpt("Supercalifragilistic", 8) == "Superca…"


def test_the_webapp_knows_every_notification_kind() -> None:
    union = WEBAPP_KINDS.read_text(encoding="utf-8").split("export type NotificationKind")[1]
    named = set(re.findall(r"\|\s*'(\w+)'", union.split(";")[0]))
    assert named == set(NOTIFICATION_KINDS)
    assert set(EMAIL_KIND_OF_NOTICE) <= set(NOTIFICATION_KINDS)
