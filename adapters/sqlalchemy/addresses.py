"""Shipping addresses of orders and the addresses users save for their next checkout."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import lock_member
from adapters.sqlalchemy.base import Base, UtcDateTime
from application.ports.orders import SavedAddress
from domain.addresses import Address

_FIELDS = ("full_name", "address_line1", "address_line2", "city", "state", "zip_code",
           "country", "phone_number")


class _AddressColumns:
    full_name: Mapped[str] = mapped_column(String(100))
    address_line1: Mapped[str] = mapped_column(String(200))
    address_line2: Mapped[str] = mapped_column(String(200), default="")
    city: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(100))
    zip_code: Mapped[str] = mapped_column(String(10))
    country: Mapped[str] = mapped_column(String(100))
    phone_number: Mapped[str] = mapped_column(String(20))


class OrderAddressRow(_AddressColumns, Base):
    __tablename__ = "order_addresses"

    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"),
                                          primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class UserAddressRow(_AddressColumns, Base):
    __tablename__ = "user_addresses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    is_default: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


def _values(address: Address) -> dict[str, str]:
    return {name: getattr(address, name) for name in _FIELDS}


def _address(row: _AddressColumns) -> Address:
    return Address(*(getattr(row, name) for name in _FIELDS))


def _saved(row: UserAddressRow) -> SavedAddress:
    return SavedAddress(row.id, row.user_id, _address(row), row.is_default, row.created_at)


class SqlAddressRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def set_for_order(self, order_id: int, address: Address, now: datetime) -> None:
        row = await self.session.get(OrderAddressRow, order_id)
        if row is None:
            self.session.add(OrderAddressRow(order_id=order_id, created_at=now,
                                             **_values(address)))
        else:
            for name, value in _values(address).items():
                setattr(row, name, value)
        await self.session.flush()

    async def for_orders(self, order_ids: list[int]) -> dict[int, Address]:
        if not order_ids:
            return {}
        rows = await self.session.scalars(
            select(OrderAddressRow).where(OrderAddressRow.order_id.in_(order_ids)))
        return {row.order_id: _address(row) for row in rows.all()}

    async def lock_owner(self, user_id: int) -> None:
        await lock_member(self.session, user_id)

    async def add_saved(self, user_id: int, address: Address, is_default: bool,
                        now: datetime) -> SavedAddress:
        if is_default:
            await self.session.execute(update(UserAddressRow)
                                       .where(UserAddressRow.user_id == user_id)
                                       .values(is_default=False))
        row = UserAddressRow(user_id=user_id, is_default=is_default, created_at=now,
                             **_values(address))
        self.session.add(row)
        await self.session.flush()
        return _saved(row)

    async def delete_saved_for(self, user_id: int) -> None:
        await self.session.execute(delete(UserAddressRow).where(UserAddressRow.user_id == user_id))

    async def saved_for(self, user_id: int) -> list[SavedAddress]:
        rows = await self.session.scalars(
            select(UserAddressRow).where(UserAddressRow.user_id == user_id)
            .order_by(UserAddressRow.is_default.desc(), UserAddressRow.created_at.desc(),
                      UserAddressRow.id.desc()).limit(50))
        return [_saved(row) for row in rows.all()]
