"""Closing an account (``DELETE /api/user``, issue 41; the choices in
``docs/decisions/account-deletion.md``).

The member confirms with the password (and a code, with two-factor sign-in on). While an
order of theirs is still in motion (as buyer or seller, not yet completed, cancelled or
refunded) the account stays open: the other party needs them until it ends. Then, in one
transaction: their available listings leave the shop (hidden, so orders keep pointing at
them) with any open offers on them declined; every accepted offer still reserving an item
for or from them is declined (``account_closed``), its listing hidden when it is theirs and
back in the shop when it is the other party's, so no order can be placed with it; their own
open offers are closed; their saved addresses and account tokens are forgotten; name,
email and profile are erased (``User.close``: what is left is a "Deleted member"); every
session ends. Orders, reviews, posts and conversations stay, for the other party's records.
Checkout refuses any new order from or to a closed account (``domain/checkout.py``).
"""

from __future__ import annotations

from application.account_sessions import end_sessions_in
from application.offer_endings import close_own_offers, end_reservations
from application.offers import decline_open_offers
from application.ports import Clock, PasswordHasher, RateLimiter, UnitOfWork
from application.ports.accounts import OneTimePasswords
from application.shared.throttle import Throttle
from application.sign_in_guard import SignInGuard
from application.two_factor import WRONG_CODE, second_factor_refusal
from domain.account_tokens import TokenPurpose
from domain.accounts import User
from domain.catalog import ListingStatus
from domain.errors import Conflict, NotFound, ValidationError
from domain.offers import DeclineReason
from domain.rate_limits import DEFAULT_LIMITS, Limits

WRONG_PASSWORD = "Your password is not correct"
CODE_NEEDED = "Enter the code from your authenticator app, or a recovery code"
ORDERS_IN_MOTION = ("You have orders that are not finished yet. Your account can be closed "
                    "once each one is completed or cancelled.")
ACCOUNT_CLOSED = "Your account is closed. Goodbye, and thank you."
BATCH = 200


async def account_closed(uow: UnitOfWork, user_id: int) -> bool:
    """Whether the member has closed their account (inside an open unit of work): what
    keeps a hidden listing of theirs from being restored, and what its page says."""
    user = await uow.users.get(user_id)
    return user is not None and user.is_closed


class AccountClosure:
    def __init__(self, uow: UnitOfWork, hasher: PasswordHasher, clock: Clock,
                 otp: OneTimePasswords | None = None, *, limiter: RateLimiter,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.uow = uow
        self.hasher = hasher
        self.clock = clock
        self.otp = otp
        # Wrong passwords and codes count against the login's lock-out (one mechanism).
        self.guard = SignInGuard(Throttle(limiter, clock), limits)

    async def close(self, actor: User, password: str, code: str | None = None) -> None:
        assert actor.id is not None
        await self.guard.check_password(self.hasher, actor, password, "password",
                                        WRONG_PASSWORD)
        now = self.clock.now()
        async with self.uow:
            user = await self.uow.users.get(actor.id)
            if user is None or user.is_closed:
                raise NotFound("User not found")
            if user.two_factor_enabled:
                if not code:
                    raise ValidationError({"code": CODE_NEEDED})
                otp, given = self.otp, code

                async def refusal() -> str | None:
                    return WRONG_CODE if otp is None else await second_factor_refusal(
                        self.uow, otp, self.clock, user, given)

                await self.guard.check_code(user, refusal, "code")
            if await self.uow.orders.count_open_for(actor.id):
                raise Conflict(ORDERS_IN_MOTION)
            await self._take_listings_down(actor.id)
            await self._end_reservations(actor.id)
            # Again, now that the listings are claimed: an order placed on one of them
            # meanwhile took its listing first (a compare-and-set on the status, or the
            # listing's lock for a reserved one) and has committed by now, so it is counted
            # and the account stays open.
            if await self.uow.orders.count_open_for(actor.id):
                raise Conflict(ORDERS_IN_MOTION)
            await self._close_own_offers(actor.id)
            await self.uow.addresses.delete_saved_for(actor.id)
            for purpose in TokenPurpose:
                await self.uow.account_tokens.delete_for(actor.id, purpose)
            user.close(now)
            await self.uow.users.save(user)
            await end_sessions_in(self.uow, actor.id)
            await self.uow.commit()

    async def _take_listings_down(self, seller_id: int) -> None:
        """Every available listing of the seller leaves the shop (hidden: orders and
        reviews keep pointing at it), its open offers declined."""
        done: set[int] = set()
        while listings := [listing for listing in
                           await self.uow.listings.newest_by_seller(seller_id, BATCH)
                           if listing.id not in done]:
            for listing in listings:
                assert listing.id is not None
                done.add(listing.id)
                await decline_open_offers(
                    self.uow, product_id=listing.id, now=self.clock.now(),
                    reason=DeclineReason.ACCOUNT_CLOSED)
                await self.uow.listings.claim_status(listing.id, ListingStatus.AVAILABLE,
                                                     ListingStatus.HIDDEN, self.clock.now())

    async def _end_reservations(self, user_id: int) -> None:
        """Every accepted offer whose reservation is unused, as buyer or seller, is declined
        (``account_closed``) and its listing freed: hidden when the closing member sells it,
        back in the shop when the other party does (:func:`end_reservations`, shared with
        suspension and blocking). An order placed first used the reservation and is counted
        by the caller; one placed after finds the offer declined."""
        await end_reservations(self.uow, user_id, DeclineReason.ACCOUNT_CLOSED,
                               self.clock.now(), own_listings=ListingStatus.HIDDEN)

    async def _close_own_offers(self, buyer_id: int) -> None:
        """The member's own offers still waiting for an answer are closed (their sellers'
        pages hear ``offer_updated``)."""
        await close_own_offers(self.uow, buyer_id, DeclineReason.ACCOUNT_CLOSED,
                               self.clock.now())


__all__ = ["ACCOUNT_CLOSED", "AccountClosure"]
