"""``rethread serve --workers N`` gives each worker a listening socket of its own on the
same port (``entrypoints/cli/reuseport.py``), so the kernel spreads connections over them."""

from __future__ import annotations

import pickle
import socket

import pytest

from entrypoints.cli.reuseport import ReusePortBinding, bind_reuseport, supported

pytestmark = pytest.mark.skipif(not supported(), reason="no SO_REUSEPORT here")


def test_each_worker_unpickles_a_socket_of_its_own_on_the_reserved_port() -> None:
    reserved = bind_reuseport("127.0.0.1", 0)
    port = reserved.getsockname()[1]
    binding = ReusePortBinding("127.0.0.1", port)
    workers = [pickle.loads(pickle.dumps(binding)) for _ in range(2)]
    try:
        for sock in workers:
            assert isinstance(sock, socket.socket)
            assert sock.getsockname() == ("127.0.0.1", port)
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
            sock.listen()
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # one of the two listening sockets accepted it (the kernel's choice)
    finally:
        for sock in [reserved, *workers]:
            sock.close()


def test_a_port_taken_without_reuseport_is_refused() -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        with pytest.raises(OSError):
            bind_reuseport("127.0.0.1", taken.getsockname()[1]).close()
    finally:
        taken.close()
