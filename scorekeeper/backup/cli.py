"""`flask backup` and `flask restore`: the whole server's games, for whoever runs it."""
from __future__ import annotations

import os
import tempfile

import click
from flask.cli import with_appcontext

from ..services.backups.export import export_all, json_text
from ..services.backups.restore import RestoreError, loads, restore


@click.command("backup")
@click.argument("file", required=False, default="-")
@with_appcontext
def backup_command(file: str) -> None:
    """Write every game as JSON to FILE (standard output without one, or with -)."""
    data = export_all()
    body = json_text(data)
    if file == "-":
        click.echo(body, nl=False)
    else:  # write beside the target, then rename: a backup is never half written
        folder = os.path.dirname(os.path.abspath(file))
        fd, draft = tempfile.mkstemp(dir=folder, prefix=".scorekeeper-backup-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(body)
                f.flush()
                os.fsync(f.fileno())
            os.replace(draft, file)
        except BaseException:
            if os.path.exists(draft):
                os.unlink(draft)
            raise
    hands = sum(len(g["hands"]) for g in data["games"])
    click.echo(f"Backed up {len(data['games'])} games ({hands} hands)"
               + ("" if file == "-" else f" to {file}") + ".", err=True)


@click.command("restore")
@click.argument("file", type=click.File("rb"))
@with_appcontext
def restore_command(file) -> None:
    """Add the games of a backup FILE (- for standard input) as new games, with new edit keys."""
    try:
        restored = restore(loads(file.read()))
    except RestoreError as err:
        raise click.ClickException(f"Nothing was restored. {err}") from None
    for item in restored:
        was = f" (was game {item.original_id})" if item.original_id is not None else ""
        click.echo(f"game {item.id}{was}: {', '.join(item.players)}, {item.hands} hands, "
                   f"edit key {item.edit_key}")
    click.echo(f"Restored {len(restored)} games.", err=True)
