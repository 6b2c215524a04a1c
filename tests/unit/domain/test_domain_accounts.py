"""Roles: who counts as an administrator, and the one refusal every admin-only path gives."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import ADMIN_NEEDS_2FA, ADMIN_ONLY, Role
from domain.errors import Forbidden
from tests.support import a_user


def test_an_administrator_passes_the_admin_check() -> None:
    a_user(role=Role.ADMIN).ensure_admin()


@given(st.sampled_from([Role.USER, Role.SELLER]))
def test_everyone_else_is_refused_with_the_spec_message(role: Role) -> None:
    with pytest.raises(Forbidden) as refused:
        a_user(role=role).ensure_admin()
    assert str(refused.value) == ADMIN_ONLY


def test_revoking_the_grant_makes_the_check_refuse_again() -> None:
    admin = a_user(role=Role.ADMIN)
    admin.revoke_admin(has_listings=True)
    assert admin.role is Role.SELLER
    with pytest.raises(Forbidden):
        admin.ensure_admin()


@given(st.sampled_from(list(Role)), st.booleans())
def test_required_two_factor_leaves_only_admins_with_it_acting_as_admins(
        role: Role, two_factor: bool) -> None:
    user = a_user(role=role)
    user.two_factor_enabled = two_factor
    user.require_two_factor_for_admin()
    assert user.is_admin == (role is Role.ADMIN and two_factor)
    assert user.role is role  # the role itself (and what is stored) does not change
    if user.is_admin:
        user.ensure_admin()
        return
    with pytest.raises(Forbidden) as refused:
        user.ensure_admin()
    assert str(refused.value) == (ADMIN_NEEDS_2FA if role is Role.ADMIN else ADMIN_ONLY)
