"""Settings read from the environment: the choices that change how the server runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from entrypoints.settings import Settings, SettingsError, load_settings


def settings_with(tmp_path: Path, **env: str) -> Settings:
    return load_settings({"RETHREAD_DATA_DIR": str(tmp_path), "RETHREAD_SECRET_KEY": "k",
                          **env})


def test_the_server_settings_have_safe_defaults_and_bounds(tmp_path: Path) -> None:
    plain = settings_with(tmp_path)
    assert plain.header_timeout_seconds == 10 and plain.access_log is True
    assert plain.public_url == "http://127.0.0.1:8000" and plain.metrics_public is False
    assert settings_with(tmp_path, RETHREAD_HEADER_TIMEOUT_SECONDS="600"
                         ).header_timeout_seconds == 60  # Granian's ceiling
    assert settings_with(tmp_path, RETHREAD_HEADER_TIMEOUT_SECONDS="0"
                         ).header_timeout_seconds == 1
    assert settings_with(tmp_path, RETHREAD_PUBLIC_URL="https://rethread.example/"
                         ).public_url == "https://rethread.example"
    # Unset, the public address is the server's own (emails' links reach it in development).
    assert settings_with(tmp_path, RETHREAD_PORT="8765").public_url == "http://127.0.0.1:8765"
    assert settings_with(tmp_path, RETHREAD_HOST="0.0.0.0", RETHREAD_PORT="9000"
                         ).public_url == "http://127.0.0.1:9000"
    assert settings_with(tmp_path, RETHREAD_HOST="::1").public_url == "http://[::1]:8000"
    assert settings_with(tmp_path, RETHREAD_PORT="8765", RETHREAD_PUBLIC_URL="https://a.example"
                         ).public_url == "https://a.example"
    assert settings_with(tmp_path, RETHREAD_ACCESS_LOG="0").access_log is False
    assert settings_with(tmp_path, RETHREAD_METRICS_PUBLIC="1").metrics_public is True
    assert settings_with(tmp_path, RETHREAD_EVENT_LOOP=" UVLoop ").event_loop == "uvloop"
    assert plain.malloc_arenas == 2
    assert settings_with(tmp_path, RETHREAD_MALLOC_ARENAS="0").malloc_arenas == 0
    assert settings_with(tmp_path, RETHREAD_MALLOC_ARENAS="-1").malloc_arenas == 0


def test_an_unknown_event_loop_is_refused_with_the_choices(tmp_path: Path) -> None:
    with pytest.raises(ValueError,
                       match="RETHREAD_EVENT_LOOP must be one of auto, asyncio, uvloop"):
        settings_with(tmp_path, RETHREAD_EVENT_LOOP="trio")


@pytest.mark.parametrize(("name", "value", "message"), [
    ("RETHREAD_DATABASE_URL", "rethread.db", "RETHREAD_DATABASE_URL is not a database URL"),
    ("RETHREAD_DATABASE_URL", "postgresql+asyncpg://u:pw@db:five/r",
     "RETHREAD_DATABASE_URL is not a database URL"),
    ("RETHREAD_DATABASE_URL", "mysql://u:pw@db/r",
     "RETHREAD_DATABASE_URL must start with sqlite+aiosqlite:/// or postgresql+asyncpg:// "
     "(the drivers Rethread installs), not mysql://"),
    ("RETHREAD_DATABASE_URL", "postgresql://u:pw@db/r", "not postgresql://"),
    ("RETHREAD_DATABASE_URL", "sqlite+aiosqlite://", "must name a SQLite file"),
    ("RETHREAD_REDIS_URL", "127.0.0.1:6379",
     "RETHREAD_REDIS_URL must start with redis://, rediss:// or unix://"),
    ("RETHREAD_SMTP_URL", "mail.example:587", "RETHREAD_SMTP_URL must start with smtp:// or"),
    ("RETHREAD_PUBLIC_URL", "rethread.example",
     "RETHREAD_PUBLIC_URL must start with https:// or http://"),
    ("RETHREAD_HOST", "localhost", "RETHREAD_HOST must be an IP address of this machine"),
    ("RETHREAD_ORDER_TIMER_SECONDS", "nan", "RETHREAD_ORDER_TIMER_SECONDS must be a number"),
    ("RETHREAD_MAIL_POLL_SECONDS", "inf", "RETHREAD_MAIL_POLL_SECONDS must be a number"),
])
def test_an_address_or_number_the_server_cannot_use_is_named(
        tmp_path: Path, name: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError) as refused:
        settings_with(tmp_path, **{name: value})
    assert message in str(refused.value)
    assert "pw" not in str(refused.value)  # (a URL's password is never quoted back)


def test_good_addresses_are_taken_as_given(tmp_path: Path) -> None:
    url = "postgresql+asyncpg://rethread:pw@db:5432/rethread"
    assert settings_with(tmp_path, RETHREAD_DATABASE_URL=url).database_url == url
    assert settings_with(tmp_path, RETHREAD_REDIS_URL="unix:///run/redis.sock"
                         ).redis_url == "unix:///run/redis.sock"
    assert settings_with(tmp_path, RETHREAD_SMTP_URL="smtps://u:p@mail.example:465"
                         ).smtp_url == "smtps://u:p@mail.example:465"
    assert settings_with(tmp_path, RETHREAD_HOST="[::1]").host == "::1"
    assert settings_with(tmp_path, RETHREAD_HOST="0.0.0.0").host == "0.0.0.0"


def test_a_data_dir_that_is_a_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "var").write_text("")
    with pytest.raises(SettingsError, match=r"RETHREAD_DATA_DIR .*var cannot be made: a file of "
                                            r"that name is in the way"):
        load_settings({"RETHREAD_DATA_DIR": str(tmp_path / "var"), "RETHREAD_SECRET_KEY": "k"})
