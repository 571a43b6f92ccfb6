"""The alembic migrations of the class's store (``env.py``, and one file a revision in
``versions/``): ``Store.upgrade()`` runs them when a store is opened."""
