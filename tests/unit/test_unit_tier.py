"""The unit tier's own rule: no network (``no_network`` in ``conftest.py``)."""

from __future__ import annotations

import socket

import pytest

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("family", [socket.AF_INET, socket.AF_INET6])
def test_a_network_socket_is_refused(family: socket.AddressFamily) -> None:
    with socket.socket(family) as sock, pytest.raises(AssertionError, match="tests/api"):
        sock.bind(("localhost", 0))


def test_a_local_socket_pair_still_works() -> None:
    """asyncio's event loop wakes itself through one."""
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"x")
        assert right.recv(1) == b"x"
