"""Alembic environment for Flask-Migrate.

Unlike the stock template it does not call logging.fileConfig: migrations run
inside create_app on every start, and must not reconfigure the app's logging.
"""
import logging

from alembic import context
from flask import current_app

from scorekeeper.database import lock_upgrade_transaction

config = context.config
logger = logging.getLogger("alembic.env")
target_db = current_app.extensions["migrate"].db


def run_migrations_offline() -> None:
    context.configure(url=str(target_db.engine.url), target_metadata=target_db.metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    def skip_empty(context_, revision, directives):
        if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
            directives[:] = []
            logger.info("No changes in schema detected.")

    conf_args = dict(current_app.extensions["migrate"].configure_args)
    conf_args.setdefault("process_revision_directives", skip_empty)
    conf_args.setdefault("render_as_batch", True)  # SQLite alters tables by copying them
    with target_db.engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_db.metadata, **conf_args)
        with context.begin_transaction():
            lock_upgrade_transaction(connection)  # servers starting together take turns
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
