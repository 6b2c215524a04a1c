"""Every table, imported in one place so Alembic and tests see the whole schema."""

from adapters.sqlalchemy.accounts import AccountTokenRow, SessionRow, UserRow  # noqa: F401
from adapters.sqlalchemy.addresses import OrderAddressRow, UserAddressRow  # noqa: F401
from adapters.sqlalchemy.analytics import ActivityRow  # noqa: F401
from adapters.sqlalchemy.base import Base
from adapters.sqlalchemy.blog import BlogPostRow  # noqa: F401
from adapters.sqlalchemy.bundles import BagItemRow, BundleTierRow  # noqa: F401
from adapters.sqlalchemy.catalog import ProductImageRow, ProductRow  # noqa: F401
from adapters.sqlalchemy.contact import ContactMessageRow  # noqa: F401
from adapters.sqlalchemy.disputes import DisputeResponseRow, DisputeRow  # noqa: F401
from adapters.sqlalchemy.favorites import FavoriteRow  # noqa: F401
from adapters.sqlalchemy.mail import MailRow  # noqa: F401
from adapters.sqlalchemy.messaging import MessageRow  # noqa: F401
from adapters.sqlalchemy.moderation import (  # noqa: F401
    AuditRow,
    BlockRow,
    HiddenRow,
    ReportRow,
    SuspensionRow,
)
from adapters.sqlalchemy.notifications import EmailOptOutRow, NotificationRow  # noqa: F401
from adapters.sqlalchemy.offers import OfferRow  # noqa: F401
from adapters.sqlalchemy.orders import OrderEventRow, OrderItemRow, OrderRow  # noqa: F401
from adapters.sqlalchemy.posts import (  # noqa: F401
    CommentRow,
    PostHashtagRow,
    PostLikeRow,
    PostProductRow,
    PostRow,
    PostSaveRow,
)
from adapters.sqlalchemy.reviews import ReviewRow  # noqa: F401
from adapters.sqlalchemy.saved_searches import SavedSearchRow  # noqa: F401
from adapters.sqlalchemy.search_outbox import SearchOriginRow, SearchOutboxRow  # noqa: F401
from adapters.sqlalchemy.seller_stats import ListingViewDayRow, ListingViewMarkRow  # noqa: F401
from adapters.sqlalchemy.social import FollowRow  # noqa: F401
from adapters.sqlalchemy.vacation import VacationRow  # noqa: F401

__all__ = ["Base", "SessionRow", "UserRow"]
