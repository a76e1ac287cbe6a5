"""`flask tables summarise`: for whoever runs the server, after upgrading from before
migration 0011 or 0013 (docs/operating.md)."""
import click
from sqlalchemy import select

from ..models import FamilyTable, db
from ..services import table_game_seats
from ..services.table_summaries import store_missing
from . import bp


@bp.cli.command("summarise")
def summarise_command() -> None:
    """Store the summary of every family table game that has none for its version, then each
    table's overview, so each table's first look reads them instead of scoring every game."""
    click.echo(f"Stored the summaries of {store_missing()} table games.", err=True)
    tables = db.session.scalars(select(FamilyTable.id)).all()
    for table_id in tables:
        table_game_seats.store_fresh(table_id)
    click.echo(f"Tables whose per-seat rows are true now: {len(tables)}.", err=True)
