"""Saved addresses: a buyer keeps addresses for the next checkout; one is the default."""

from __future__ import annotations

from application.ports import Clock, UnitOfWork
from application.ports.orders import SavedAddress
from domain.accounts import User
from domain.addresses import Address
from domain.errors import Conflict
from domain.validation.addresses import AddressForm

MAX_SAVED = 20


class AddressService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def save(self, user: User, form: AddressForm, is_default: bool) -> SavedAddress:
        assert user.id is not None
        address = Address.from_form(form)
        async with self.uow:
            await self.uow.addresses.lock_owner(user.id)  # a double submit takes turns
            saved = await self.uow.addresses.saved_for(user.id)
            if len(saved) >= MAX_SAVED:
                raise Conflict(f"You can keep at most {MAX_SAVED} addresses.")
            if any(item.address == address for item in saved) and not is_default:
                return next(item for item in saved if item.address == address)
            result = await self.uow.addresses.add_saved(user.id, address,
                                                        is_default or not saved,
                                                        self.clock.now())
            await self.uow.commit()
        return result

    async def mine(self, user: User) -> list[SavedAddress]:
        assert user.id is not None
        async with self.uow:
            return await self.uow.addresses.saved_for(user.id)
