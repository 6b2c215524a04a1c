"""One typed settings object, read from the environment once (DESIGN §2)."""

from __future__ import annotations

import os
import secrets
from functools import lru_cache
from pathlib import Path

import msgspec


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    data_dir: Path
    database_url: str
    redis_url: str | None
    host: str
    port: int
    secret_key: str
    admin_emails: frozenset[str]
    webapp_dir: Path
    secure_cookies: bool = False

    @property
    def media_dir(self) -> Path:
        return self.data_dir / "media"

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


def load_settings(env: dict[str, str] | None = None) -> Settings:
    """Build settings from ``env`` (default: the process environment)."""
    env = dict(os.environ if env is None else env)
    data_dir = Path(env.get("RETHREAD_DATA_DIR", "./var")).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    root = Path(__file__).resolve().parent.parent
    emails = env.get("RETHREAD_ADMIN_EMAILS", "")
    return Settings(
        data_dir=data_dir,
        database_url=env.get("RETHREAD_DATABASE_URL")
        or f"sqlite+aiosqlite:///{data_dir / 'rethread.db'}",
        redis_url=env.get("RETHREAD_REDIS_URL") or None,
        host=env.get("RETHREAD_HOST", "127.0.0.1"),
        port=int(env.get("RETHREAD_PORT", "8000")),
        secret_key=env.get("RETHREAD_SECRET_KEY") or _secret_key(data_dir),
        admin_emails=frozenset(e.strip().lower() for e in emails.split(",") if e.strip()),
        webapp_dir=Path(env.get("RETHREAD_WEBAPP_DIR", root / "webapp" / "dist")),
        secure_cookies=env.get("RETHREAD_SECURE_COOKIES", "").strip().lower()
        in ("1", "true", "yes", "on"),
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return load_settings()
