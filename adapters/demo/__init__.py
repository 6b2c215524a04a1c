"""The demo photos: garments and outfits drawn with Pillow (``images.py``, composed from the
pieces in ``art/``), behind the ``GarmentPictures`` port that ``application/demo/`` seeds with."""
