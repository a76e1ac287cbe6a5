"""The table pages' forms. Players for a new game arrive as a list in seat order."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import InputRequired, Length

from ..domain.scoring import MAX_NAME
from ..services.tables import MAX_TABLE_NAME


class NewTableForm(FlaskForm):
    name = StringField("Table name", validators=[
        InputRequired("Give the table a name, for example \"Kitchen table\"."),
        Length(max=MAX_TABLE_NAME, message=f"A table's name has at most {MAX_TABLE_NAME} characters.")])


class StartForm(FlaskForm):
    """Roster players ticked in seat order (the `seat` list), plus new names on the spot."""

    new = StringField("New players (separate names with commas)")


class RenameForm(FlaskForm):
    old = StringField("Player")
    new = StringField("New name", validators=[Length(max=MAX_NAME)])


class MergeForm(FlaskForm):
    spelling = StringField("Merge")
    into = StringField("into")


class TableActionForm(FlaskForm):
    """A bare form: a rematch button carries only its CSRF token."""
