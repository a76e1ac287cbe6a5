"""`flask tables summarise`: for whoever runs the server, after upgrading from before
migration 0011 (docs/operating.md)."""
import click

from ..services.table_summaries import store_missing
from . import bp


@bp.cli.command("summarise")
def summarise_command() -> None:
    """Store the summary of every family table game that has none for its version, so each
    table's first look reads them instead of scoring every game."""
    click.echo(f"Stored the summaries of {store_missing()} table games.", err=True)
