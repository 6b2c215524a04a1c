"""Suspensions by property: a timed one ends at its end, never before; an open-ended one
never ends by itself (the order timers' sweep lifts only ended ones). What an owner is told
of a moderator's hiding and restoring (:func:`owner_notice`), and what an administrator
may restore (:func:`ensure_restorable`)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict
from domain.moderation import (
    HIDDEN_NOTICES,
    QUOTE_MAX,
    RESTORED_NOTICES,
    SUSPENSION_DAYS_MAX,
    HiddenKind,
    HideCause,
    Hiding,
    Suspension,
    ensure_restorable,
    owner_notice,
    suspension_ends,
)
from domain.notification_mail import EMAIL_KIND_OF_NOTICE, EmailKind
from domain.notifications import NOTIFICATION_KINDS
from tests.support import NOW

pytestmark = pytest.mark.unit


@given(days=st.none() | st.integers(min_value=1, max_value=SUSPENSION_DAYS_MAX),
       later=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=4000)))
def test_a_suspension_ends_exactly_when_its_days_are_over(days, later):
    suspension = Suspension(user_id=1, reason="Spam", created_at=NOW,
                            ends_at=suspension_ends(NOW, days))
    now = NOW + later
    assert suspension.ended(now) is not suspension.active(now)
    over = days is not None and later >= timedelta(days=days)
    assert suspension.ended(now) is over


@pytest.mark.parametrize("kind", list(HiddenKind))
def test_every_kind_has_a_hidden_and_a_restored_notice_emailed_as_moderation(
        kind: HiddenKind) -> None:
    for notices in (HIDDEN_NOTICES, RESTORED_NOTICES):
        assert notices[kind] in NOTIFICATION_KINDS
        assert EMAIL_KIND_OF_NOTICE[notices[kind]] is EmailKind.MODERATION


def test_the_owner_is_told_what_was_hidden_why_and_what_it_means() -> None:
    coat = owner_notice(HiddenKind.LISTING, "Wool coat", hidden=True, reason="Fake logo")
    assert (coat.kind, coat.title) == ("listing_hidden", "A moderator hid your listing “Wool coat”")
    assert coat.body == ("Reason: Fake logo. It is out of the shop and search, and its open "
                         "offers were declined. Contact us if you think this is a mistake.")
    look = owner_notice(HiddenKind.POST, "", hidden=True, reason="Not your photo.")
    assert look.title == "A moderator hid your style post"  # no caption: nothing to quote
    assert look.body.startswith("Reason: Not your photo. It is out of the feed")
    words = owner_notice(HiddenKind.COMMENT, "x " * 100, hidden=True, reason=None)
    assert words.kind == "comment_hidden" and not words.body.startswith("Reason")
    quoted = words.title.split("“")[1].rstrip("”")
    assert quoted.endswith("…") and len(quoted) <= QUOTE_MAX


def test_the_owner_is_told_it_is_back() -> None:
    assert owner_notice(HiddenKind.LISTING, "Wool coat", hidden=False, reason=None).title == (
        "Your listing “Wool coat” is back in the shop")
    back = owner_notice(HiddenKind.POST, "Rainy day", hidden=False, reason=None)
    assert (back.kind, back.title) == ("post_restored", "Your style post “Rainy day” is back")
    assert owner_notice(HiddenKind.COMMENT, "Love it", hidden=False, reason=None).body == (
        "A moderator restored it: everyone can read it on the style post again.")


@pytest.mark.parametrize(("kind", "refusal"), [
    (HiddenKind.LISTING, "This listing is hidden while its seller is suspended: lift the "
                         "suspension to bring it back."),
    (HiddenKind.POST, "This style post is hidden while its author is suspended: lift the "
                      "suspension to bring it back."),
    (HiddenKind.COMMENT, "This comment is hidden while its author is suspended: lift the "
                         "suspension to bring it back."),
])
def test_only_a_moderators_hiding_is_restored(kind: HiddenKind, refusal: str) -> None:
    ensure_restorable(kind, Hiding(HideCause.MODERATOR, "Spam"))
    with pytest.raises(Conflict) as suspended:
        ensure_restorable(kind, Hiding(HideCause.SUSPENSION))
    assert suspended.value.message == refusal
    with pytest.raises(Conflict) as shown:
        ensure_restorable(kind, None)
    assert shown.value.message == f"This {kind.label.lower()} is not hidden."
    # A moderator's hiding of a suspended member's listing waits for the suspension's end;
    # their posts and comments stay in the feed during a suspension, so theirs do not.
    # A closed account's listings never come back either (no one is left to sell them); its
    # posts and comments stay on the site, so a moderator's hiding of them can be undone.
    for owner, refusal in [
            ({"owner_suspended": True},
             "This listing's seller is suspended: restore it once the suspension is lifted."),
            ({"owner_closed": True}, "This listing's seller has closed their account: it "
                                     "cannot come back to the shop.")]:
        if kind is HiddenKind.LISTING:
            with pytest.raises(Conflict) as refused:
                ensure_restorable(kind, Hiding(HideCause.MODERATOR), **owner)
            assert refused.value.message == refusal
        else:
            ensure_restorable(kind, Hiding(HideCause.MODERATOR), **owner)
