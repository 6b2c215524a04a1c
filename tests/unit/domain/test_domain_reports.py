"""How the moderation desk names a reported target (:func:`target_label`), where it links
to it (:func:`target_link`), when it quotes it whole (:func:`target_text`), when it may hide
it (:func:`hide_refusal`), the reason of a suspension decided on a report with no note
(:func:`suspension_reason`), and a resolved group's outcome as it stands now
(:func:`report_outcome`, from the group's last resolution)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.catalog import ListingStatus
from domain.moderation import HiddenKind, hide_refusal
from domain.reports import (
    Report,
    ReportAction,
    ReportGroup,
    ReportReason,
    ReportStatus,
    ReportTarget,
    report_outcome,
    suspension_reason,
    target_label,
    target_link,
    target_text,
)

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("target", "words", "username", "label"), [
    (ReportTarget.LISTING, "Wool coat", None, "Listing “Wool coat”"),
    (ReportTarget.USER, None, "maya", "Member @maya"),
    (ReportTarget.USER, None, None, "Member #7 (account closed)"),
    (ReportTarget.POST, "", None, "Style post #7 (no caption)"),
    (ReportTarget.POST, "  Autumn\nlayers  ", None, "Style post “Autumn layers”"),
    (ReportTarget.COMMENT, None, None, "Comment #7 (deleted)"),
    (ReportTarget.MESSAGE, "word " * 30, None, f"Message “{'word ' * 11}word…”"),
])
def test_a_target_is_named_by_what_it_says(target, words, username, label):
    assert target_label(target, 7, words, username=username) == label


@pytest.mark.parametrize(("target", "exists", "post_id", "link"), [
    (ReportTarget.LISTING, True, None, "/product/7"),
    (ReportTarget.USER, True, None, "/profile/7"),
    (ReportTarget.POST, True, None, "/post/7"),
    (ReportTarget.COMMENT, True, 3, "/post/3#comment-7"),
    (ReportTarget.MESSAGE, True, None, None),  # no page shows a conversation to others
    (ReportTarget.LISTING, False, None, None),
    (ReportTarget.COMMENT, False, None, None),
])
def test_a_target_links_to_where_it_is_seen_in_its_place(target, exists, post_id, link):
    assert target_link(target, 7, exists=exists, post_id=post_id) == link


@pytest.mark.parametrize(("target", "words", "text"), [
    (ReportTarget.MESSAGE, "Pay me\noutside the site", None),  # the label quotes it all
    (ReportTarget.MESSAGE, " " + "word " * 30, ("word " * 30).strip()),
    (ReportTarget.COMMENT, "a\n" + "word " * 30, "a\n" + ("word " * 30).strip()),
    (ReportTarget.POST, "word " * 30, None),  # its page shows it whole
    (ReportTarget.COMMENT, None, None),
])
def test_a_comment_or_message_is_quoted_whole_when_its_label_cuts_it(target, words, text):
    assert target_text(target, words) == text


@pytest.mark.parametrize(("status", "why"), [
    (ListingStatus.AVAILABLE, None),
    (ListingStatus.RESERVED,
     "Only an available listing can be hidden: this one is reserved for a buyer."),
    (ListingStatus.SOLD, "Only an available listing can be hidden: this one is sold."),
    (ListingStatus.HIDDEN, "This listing is already hidden."),
])
def test_only_an_available_listing_can_be_hidden(status, why):
    assert hide_refusal(HiddenKind.LISTING, exists=True, hidden=False, status=status) == why


def test_a_post_or_comment_can_be_hidden_while_it_exists_and_is_not_hidden():
    assert hide_refusal(HiddenKind.POST, exists=True, hidden=False) is None
    assert hide_refusal(HiddenKind.POST, exists=True, hidden=True) == (
        "This style post is already hidden.")
    assert hide_refusal(HiddenKind.COMMENT, exists=False, hidden=False) == (
        "This comment no longer exists.")


@pytest.mark.parametrize("reason", list(ReportReason))
def test_a_suspension_on_a_report_gives_a_sentence(reason):
    sentence = suspension_reason(reason)
    assert sentence.startswith("Reported by other members")
    assert sentence.endswith(".") and ":" not in sentence


NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("action", "undone", "undone_at", "outcome"), [
    (ReportAction.DISMISS, True, None, "Dismissed"),
    (ReportAction.HIDE, False, None, "Hidden"),
    (ReportAction.HIDE, True, NOW, "Hidden, restored on Nov 22, 12:00 UTC"),
    (ReportAction.HIDE, True, None, "Hidden, since restored"),
    (ReportAction.SUSPEND, False, None, "Member suspended"),
    (ReportAction.SUSPEND, True, datetime(2025, 12, 7, 1, 57, tzinfo=UTC),
     "Member suspended, lifted on Dec 7, 2025, 01:57 UTC"),
])
def test_an_outcome_says_whether_it_still_holds(action, undone, undone_at, outcome):
    assert report_outcome(action, undone=undone, undone_at=undone_at, now=NOW) == outcome


def _report(report_id: int, action: ReportAction | None, resolved_at: datetime | None
            ) -> Report:
    return Report(reporter_id=report_id, target_type=ReportTarget.LISTING, target_id=7,
                  target_owner_id=1, reason=ReportReason.SPAM, details="", created_at=NOW,
                  status=ReportStatus.OPEN if action is None else ReportStatus.RESOLVED,
                  action=action, resolved_at=resolved_at, id=report_id)


def test_a_group_resolved_twice_goes_by_its_last_resolution():
    first = _report(1, ReportAction.DISMISS, NOW)
    again = _report(2, ReportAction.HIDE, NOW + timedelta(days=1))
    group = ReportGroup(ReportTarget.LISTING, 7, 1, (first, again))
    assert group.resolution is again
    assert ReportGroup(ReportTarget.LISTING, 7, 1, (_report(3, None, None),)).resolution is None
