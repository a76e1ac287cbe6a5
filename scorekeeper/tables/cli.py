"""`flask tables summarise`: for whoever runs the server, after an upgrade or a restore by
hand (docs/operating.md): every table game's per-seat rows made true now, not at a first look."""
import click
from sqlalchemy import select

from ..models import FamilyTable, db
from ..services import table_game_seats
from . import bp


@bp.cli.command("summarise")
def summarise_command() -> None:
    """Write the per-seat rows of every table game whose rows are missing or at another version."""
    tables = db.session.scalars(select(FamilyTable.id)).all()
    for table_id in tables:
        table_game_seats.store_fresh(table_id)
    click.echo(f"Tables whose per-seat rows are true now: {len(tables)}.", err=True)
