"""The store's schema revisions, oldest first: each file's ``upgrade()`` brings a store from
its ``down_revision`` to its ``revision``."""
