"""One typed settings object, read from the environment once (DESIGN §2)."""

from __future__ import annotations

import ipaddress
import math
import os
import secrets
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

import msgspec
from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    data_dir: Path
    database_url: str
    redis_url: str | None
    host: str
    port: int
    secret_key: str
    admin_emails: frozenset[str]
    webapp_dir: Path
    # How often each server process runs the order timers; 0 turns its scheduler off.
    order_timer_seconds: float = 60.0
    secure_cookies: bool = False
    #: Multiplies every rate-limit allowance (domain/rate_limits.py). 1 in production; test
    #: servers that sign up and log in far more than people do set RETHREAD_RATE_LIMIT_SCALE.
    rate_limit_scale: int = 1
    # The reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (addresses,
    # comma-separated, or "*"); empty: none, the peer's address is the client's.
    forwarded_allow_ips: str = ""
    # The access log: one JSON line per request (entrypoints/http/telemetry.py), on by
    # default; RETHREAD_ACCESS_LOG=0 turns it off.
    access_log: bool = True
    # Seconds a connection may take to send a whole request head, a new one or an idle
    # kept-alive one, before the server closes it (Granian's header read timeout, 1-60).
    # Behind a reverse proxy that keeps connections to the servers open (nginx's upstream
    # keepalive_timeout), keep the proxy's below this: a connection the server closes just
    # as the proxy sends on it fails that request (docs/deploy.md).
    header_timeout_seconds: int = 10
    # The site's address for canonical links, og:url, the sitemap and emails: never the
    # request's Host, which a client chooses (a shared cache ignoring Host could be
    # poisoned with it). No trailing slash.
    public_url: str = "http://127.0.0.1:8000"
    # /metrics answers anyone when set; otherwise administrators and loopback only.
    metrics_public: bool = False
    # The host's search index (docs/search.md); None: <data dir>/search.
    search_dir_setting: Path | None = None
    # Who applies the search outbox in this process (docs/search.md): "background" (the
    # first worker of the host to take the writer lock follows the outbox), "inline" (each
    # commit that changed search is applied before the request answers: tests and a
    # one-process development server), "off" (``rethread search follow`` runs it).
    search_indexing: str = "background"
    # The server's event loop: "auto" (Granian's choice: uvloop when installed),
    # "asyncio" or "uvloop".
    event_loop: str = "auto"
    # At most this many malloc arenas per server process (entrypoints/cli/malloc.py): fewer
    # arenas, less of a worker's heap left in fragments. 0 keeps the C library's default.
    malloc_arenas: int = 2
    # SQLite: how many MB of the database file each pooled connection memory-maps (the
    # mapped pages count in RSS once per connection). 0, the default: no mmap.
    sqlite_mmap_mb: int = 0
    # Mail: unset, each message is written as an .eml file under <data dir>/mail/ (and its
    # subject and file logged, never its link); smtp://user:pass@host:587?starttls=1 or
    # smtps://... sends it.
    smtp_url: str | None = None
    mail_from: str = "Rethread <no-reply@rethread.local>"
    # How often each server process's mail worker looks for due messages; 0 turns it off
    # (tests and `rethread mail send` run the dispatcher themselves).
    mail_poll_seconds: float = 2.0
    # Administrators must have two-factor sign-in on before any admin route answers.
    admin_2fa: bool = False
    #: argon2id's cost: "standard" (RFC 9106's low-memory profile: 64 MiB, 3 passes) or
    #: "cheapest" (argon2-cffi's own profile for tests: the same algorithm, 8 KiB, 1 pass).
    #: Only test suites that make thousands of accounts set RETHREAD_PASSWORD_HASHING.
    password_hashing: str = "standard"

    @property
    def media_dir(self) -> Path:
        return self.data_dir / "media"

    @property
    def search_dir(self) -> Path:
        return self.search_dir_setting or self.data_dir / "search"

    @property
    def mail_dir(self) -> Path:
        return self.data_dir / "mail"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


def _secret_key(data_dir: Path) -> str:
    """The configured key, or one generated once and kept in the data dir."""
    configured = os.environ.get("RETHREAD_SECRET_KEY")
    if configured:
        return configured
    path = data_dir / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


class SettingsError(ValueError):
    """A variable of the environment this server cannot use; the message names it and what
    it takes (``rethread`` prints it without a traceback)."""


def _number(env: dict[str, str], name: str, default: str, kind: type[int] | type[float]
            ) -> int | float:
    value = env.get(name, default)
    what = "a whole number" if kind is int else "a number"
    try:
        number = kind(value)
    except ValueError:
        raise SettingsError(f"{name} must be {what}, not {value!r}") from None
    if not math.isfinite(number):  # ("nan" and "inf" read as floats)
        raise SettingsError(f"{name} must be {what}, not {value!r}")
    return number


def _int(env: dict[str, str], name: str, default: str) -> int:
    return int(_number(env, name, default, int))


def _port(env: dict[str, str]) -> int:
    port = _int(env, "RETHREAD_PORT", "8000")
    if not 0 <= port <= 65535:  # (0: any free port, as the tests serve)
        raise SettingsError(f"RETHREAD_PORT must be a port from 0 to 65535, not {port}")
    return port


def _float(env: dict[str, str], name: str, default: str) -> float:
    return float(_number(env, name, default, float))


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


EVENT_LOOPS = ("auto", "asyncio", "uvloop")
SEARCH_INDEXING = ("background", "inline", "off")
PASSWORD_HASHING = ("standard", "cheapest")


def _choice(name: str, value: str, choices: tuple[str, ...]) -> str:
    chosen = value.strip().lower()
    if chosen not in choices:
        raise SettingsError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return chosen


#: The drivers Rethread installs (SQLAlchemy's asyncio dialects).
DATABASE_DRIVERS = ("sqlite+aiosqlite", "postgresql+asyncpg")
DATABASE_EXAMPLES = ("sqlite+aiosqlite:////path/to/rethread.db or "
                     "postgresql+asyncpg://user:password@host:5432/rethread")


def _database_url(env: dict[str, str], data_dir: Path) -> str:
    """The database's URL, refused in one line when SQLAlchemy cannot read it, names a driver
    that is not installed, or names no SQLite file. Only the scheme is ever quoted back: the
    rest may hold a password."""
    url = env.get("RETHREAD_DATABASE_URL") or f"sqlite+aiosqlite:///{data_dir / 'rethread.db'}"
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # (no scheme; a port that is not a number)
        raise SettingsError("RETHREAD_DATABASE_URL is not a database URL; it looks like "
                            f"{DATABASE_EXAMPLES}") from None
    if parsed.drivername not in DATABASE_DRIVERS:
        raise SettingsError(f"RETHREAD_DATABASE_URL must start with sqlite+aiosqlite:/// or "
                            f"postgresql+asyncpg:// (the drivers Rethread installs), not "
                            f"{parsed.drivername}://")
    if parsed.drivername.startswith("sqlite") and parsed.database in (None, "", ":memory:"):
        raise SettingsError("RETHREAD_DATABASE_URL must name a SQLite file "
                            "(sqlite+aiosqlite:////path/to/rethread.db): a database in memory "
                            "is gone when the command ends")
    return url


def _url(env: dict[str, str], name: str, schemes: tuple[str, ...], example: str
         ) -> str | None:
    """An address setting (unset: None) whose scheme must be one of ``schemes``."""
    value = env.get(name) or None
    if value is not None:
        parts = urlsplit(value)
        if parts.scheme.lower() not in schemes or not (parts.netloc or parts.path):
            starts = [f"{scheme}://" for scheme in schemes]
            raise SettingsError(f"{name} must start with {', '.join(starts[:-1])} or "
                                f"{starts[-1]} ({example})")
    return value


#: What an address to bind may be, said wherever one is refused.
BIND_ADDRESSES = "127.0.0.1, 0.0.0.0 for every interface, ::1"


def bind_address(value: str) -> str:
    """An address to bind, without its brackets (``[::1]`` -> ``::1``); ValueError for
    anything that is not an IP address (Granian binds addresses, not names)."""
    bare = value.strip()
    if bare.startswith("[") and bare.endswith("]"):
        bare = bare[1:-1]
    ipaddress.ip_address(bare)
    return bare


def _host(env: dict[str, str]) -> str:
    """The interface to bind (``RETHREAD_HOST``)."""
    value = env.get("RETHREAD_HOST", "").strip() or "127.0.0.1"
    try:
        return bind_address(value)
    except ValueError:
        raise SettingsError(f"RETHREAD_HOST must be an IP address of this machine "
                            f"({BIND_ADDRESSES}), not {value!r}") from None


def _event_loop(value: str) -> str:
    loop = value.strip().lower()
    if loop not in EVENT_LOOPS:
        raise SettingsError(f"RETHREAD_EVENT_LOOP must be one of {', '.join(EVENT_LOOPS)}, "
                         f"not {value!r}")
    return loop


def make_folder(name: str, folder: Path) -> Path:
    """``folder`` (the setting ``name``'s), made if missing, or a one-line refusal."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = "a file of that name is in the way" if isinstance(error, FileExistsError) \
            else error.strerror
        raise SettingsError(f"{name} {folder} cannot be made: {reason}") from None
    return folder


def local_url(env: dict[str, str]) -> str:
    """Where this server answers when ``RETHREAD_PUBLIC_URL`` does not say (development):
    its own host and port, a wildcard interface read as this machine, so emails' links and
    canonical addresses reach the server that sent them."""
    host = env.get("RETHREAD_HOST", "127.0.0.1").strip()
    host = "127.0.0.1" if host in ("", "0.0.0.0", "::", "[::]") else host
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{_port(env)}"


def load_settings(env: dict[str, str] | None = None) -> Settings:
    """Build settings from ``env`` (default: the process environment)."""
    env = dict(os.environ if env is None else env)
    data_dir = make_folder("RETHREAD_DATA_DIR",
                           Path(env.get("RETHREAD_DATA_DIR", "./var")).resolve())
    root = Path(__file__).resolve().parent.parent
    emails = env.get("RETHREAD_ADMIN_EMAILS", "")
    return Settings(
        data_dir=data_dir,
        database_url=_database_url(env, data_dir),
        redis_url=_url(env, "RETHREAD_REDIS_URL", ("redis", "rediss", "unix"),
                       "redis://127.0.0.1:6379/0"),
        host=_host(env),
        port=_port(env),
        secret_key=env.get("RETHREAD_SECRET_KEY") or _secret_key(data_dir),
        admin_emails=frozenset(e.strip().lower() for e in emails.split(",") if e.strip()),
        webapp_dir=Path(env.get("RETHREAD_WEBAPP_DIR", root / "webapp" / "dist")),
        order_timer_seconds=_float(env, "RETHREAD_ORDER_TIMER_SECONDS", "60"),
        secure_cookies=_flag(env.get("RETHREAD_SECURE_COOKIES")),
        access_log=_flag(env.get("RETHREAD_ACCESS_LOG", "1")),
        header_timeout_seconds=min(60, max(1, _int(env, "RETHREAD_HEADER_TIMEOUT_SECONDS",
                                                        "10"))),
        public_url=(_url(env, "RETHREAD_PUBLIC_URL", ("https", "http"),
                         "https://rethread.example") or local_url(env)).rstrip("/"),
        metrics_public=_flag(env.get("RETHREAD_METRICS_PUBLIC")),
        search_dir_setting=(Path(env["RETHREAD_SEARCH_DIR"]).resolve()
                            if env.get("RETHREAD_SEARCH_DIR") else None),
        search_indexing=_choice("RETHREAD_SEARCH_INDEXING",
                                env.get("RETHREAD_SEARCH_INDEXING", "background"),
                                SEARCH_INDEXING),
        event_loop=_event_loop(env.get("RETHREAD_EVENT_LOOP", "auto")),
        malloc_arenas=max(0, _int(env, "RETHREAD_MALLOC_ARENAS", "2")),
        sqlite_mmap_mb=max(0, _int(env, "RETHREAD_SQLITE_MMAP_MB", "0")),
        rate_limit_scale=max(1, _int(env, "RETHREAD_RATE_LIMIT_SCALE", "1")),
        forwarded_allow_ips=env.get("RETHREAD_FORWARDED_ALLOW_IPS", "").strip(),
        smtp_url=_url(env, "RETHREAD_SMTP_URL", ("smtp", "smtps"),
                      "smtp://user:pass@host:587?starttls=1 or smtps://user:pass@host:465"),
        mail_from=env.get("RETHREAD_MAIL_FROM") or "Rethread <no-reply@rethread.local>",
        mail_poll_seconds=_float(env, "RETHREAD_MAIL_POLL_SECONDS", "2"),
        admin_2fa=_flag(env.get("RETHREAD_ADMIN_2FA")),
        password_hashing=_choice("RETHREAD_PASSWORD_HASHING",
                                 env.get("RETHREAD_PASSWORD_HASHING", "standard"),
                                 PASSWORD_HASHING),
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return load_settings()
