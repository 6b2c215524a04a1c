"""The request and response Structs of ``entrypoints/http/email_settings.py``: a member's choices
and the one-click unsubscribe."""

from __future__ import annotations

from domain.notification_mail import EmailKind
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


class EmailSettingOut(CamelStruct):
    kind: str
    label: str
    enabled: bool


class EmailSettingsOut(CamelStruct):
    settings: list[EmailSettingOut]


@describe(required=["settings"], fields={"settings": {
    "type": "object", "additionalProperties": {"type": "boolean"},
    "propertyNames": {"enum": [kind.value for kind in EmailKind]},
    "description": "Each kind to change, on (true) or off (false); the others stay."}})
class EmailSettingsIn(CamelStruct):
    settings: dict[str, bool] = {}


class UnsubscribedOut(CamelStruct):
    message: str
    kind: str
    label: str
