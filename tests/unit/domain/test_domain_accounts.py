"""Roles: who counts as an administrator, and the one refusal every admin-only path gives."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.accounts import ADMIN_ONLY, Role
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
