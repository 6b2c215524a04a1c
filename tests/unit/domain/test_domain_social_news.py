"""Social news in the bell (issue 36 item 20): grouped while unread, by distinct people."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.notifications import SOCIAL_VERBS, grouped_notice, social_title
from tests.support import NOW

pytestmark = pytest.mark.unit
NAMES = {1: "Maya", 2: "Theo", 3: "Lena", 4: "Sofia", 5: "Jamal"}


def test_titles_read_as_sentences() -> None:
    assert social_title("post_liked", "Maya", 0) == "Maya liked your look"
    assert social_title("post_liked", "Maya", 1) == "Maya and 1 other liked your look"
    assert social_title("post_liked", "Maya", 3) == "Maya and 3 others liked your look"
    assert social_title("new_follower", "Theo", 2) == "Theo and 2 others started following you"
    assert social_title("post_commented", "Lena", 0) == "Lena commented on your look"
    with pytest.raises(ValidationError):
        grouped_notice(None, user_id=9, kind="message", actor_id=1, actor_name="Maya",
                       body="", link="/post/1", now=NOW)


@given(st.sampled_from(sorted(SOCIAL_VERBS)), st.lists(st.sampled_from(sorted(NAMES)),
                                                       min_size=1, max_size=30))
def test_a_group_names_the_latest_person_and_counts_the_others_once(
        kind: str, actors: list[int]) -> None:
    notice = None
    for actor in actors:
        notice = grouped_notice(notice, user_id=9, kind=kind, actor_id=actor,
                                actor_name=NAMES[actor], body="b", link="/post/1", now=NOW)
    assert notice is not None
    distinct = len(set(actors))
    assert notice.actor_ids[0] == actors[-1]
    assert sorted(notice.actor_ids) == sorted(set(actors))
    assert notice.title == social_title(kind, NAMES[actors[-1]], distinct - 1)
    assert (notice.user_id, notice.kind, notice.link, notice.read) == (9, kind, "/post/1", False)
