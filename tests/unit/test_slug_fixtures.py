"""tests/fixtures/slugs.json is shared with the webapp's TypeScript slugify (vitest).

Both sides check the same cases, so the slug a writer sees generated in the editor is the
slug the server would make from the same title.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.slugs import slugify

pytestmark = pytest.mark.unit

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "slugs.json"
CASES = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]


def test_the_fixture_has_enough_cases() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=[repr(c["text"][:30]) for c in CASES])
def test_slugify_matches_the_shared_fixture(case: dict[str, str]) -> None:
    assert slugify(case["text"]) == case["slug"]
