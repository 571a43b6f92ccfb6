"""How alembic runs the store's migrations: on the connection ``Store.upgrade()`` gives it, in
that connection's transaction (so a failed upgrade changes nothing)."""

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None or context.is_offline_mode():
    raise RuntimeError(
        "the class's store is upgraded by opening it: "
        "stainedglass_widgets.serving.classroom.open_store(...)"
    )
# batch mode: later revisions can change SQLite's tables (which ALTER TABLE cannot)
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
