"""The one compiled piece: the search index's bitmap passes (``adapters/bitscan.py`` says
why). The project's metadata is in pyproject.toml; this only declares the extension.
``optional``: where it cannot be compiled the install goes on and the index runs its NumPy
versions (slower; ``tests/unit/test_bitscan.py`` fails there, to say so)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension(
    "adapters._bitscan", ["adapters/_bitscan.c"], depends=["adapters/_bitscan_kernels.h"],
    extra_compile_args=["-O3"], optional=True)])
