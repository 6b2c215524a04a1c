"""Demo data: a deterministic, lived-in marketplace for ``rethread demo seed`` and ``make run``.

Not an area: it seeds every area through their own domain moves and services.
``seeder.py`` (``DemoSeeder``) creates the people and runs one step per area in order:
``catalog.py`` (listings, dealt the drawn looks of ``looks.py``), ``posts.py``, ``blog.py``,
``messaging.py``, ``offers.py``, ``orders.py``, ``trust.py`` (reports, a dispute) and
``analytics.py`` (a month of activity). The drawings themselves are an adapter
(``adapters/demo/``).
"""
