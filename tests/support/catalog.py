"""Helpers for catalog API tests: real images drawn with Pillow, listing forms, searches."""

from __future__ import annotations

import base64
import io
from typing import Any

from PIL import Image

from tests.support import ApiClient


def png(width: int = 60, height: int = 40, colour: str = "teal") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


def data_url(data: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


def listing(**changes: Any) -> dict[str, Any]:
    body = {"title": "Levi's 501 jeans", "description": "Straight leg, barely worn, W32 L32.",
            "price": "40.00", "brand": "Levi's", "size": "m", "condition": "like_new",
            "category": "bottoms", "images": [data_url(png())]}
    return {**body, **changes}


async def create(client: ApiClient, **changes: Any) -> dict[str, Any]:
    response = await client.post("/api/products", json=listing(**changes))
    assert response.status_code == 201, response.text
    return response.json()


async def titles(client: ApiClient, query: str = "") -> list[str]:
    response = await client.get(f"/api/products{query}")
    assert response.status_code == 200, response.text
    return [item["title"] for item in response.json()["items"]]
