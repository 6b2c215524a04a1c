"""The test kit, one import for every tier: ``from tests.support import a_user, NOW, ...``.

- ``clock``: ``NOW``, the tests' one "now" (the ``clock`` fixture of ``tests/conftest.py``
  starts there);
- ``builders``: ``a_user``, ``a_listing``, ``an_order`` (domain objects) and ``add_user``,
  ``add_users``, ``add_listing`` (stored through any unit of work, fake or real) and ``ids_of``;
- ``api``: ``ApiClient``, the HTTP test client that sends the CSRF header
  (``register_each``), and ``people``: several signed-in clients on one app;
- ``catalog``, ``offers``, ``mail``, ``history``: helpers of one area each (listing forms
  and images, listings and offers over HTTP, reading sent mail, a recorded analytics history);
- ``sqlite``: ``until_sqlite_is_free``, after a test that cancels a unit of work mid-statement
  (it fails if only the garbage collector would let the lock go).
"""

from tests.support.api import ApiClient, people
from tests.support.builders import (
    a_listing,
    a_user,
    add_listing,
    add_user,
    add_users,
    an_order,
    ids_of,
)
from tests.support.clock import NOW

__all__ = ["NOW", "ApiClient", "a_listing", "a_user", "add_listing", "add_user", "add_users",
           "an_order",
           "ids_of", "people"]
