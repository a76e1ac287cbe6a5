"""The table pages' forms. Players for a new game arrive as a list in seat order."""
from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField
from wtforms.validators import InputRequired, Length

from ..domain.scoring import MAX_NAME
from ..form_fields import GameSettingsFields
from ..services.tables import MAX_TABLE_NAME


class NewTableForm(FlaskForm):
    name = StringField(lazy_gettext("Table name"), validators=[
        InputRequired(lazy_gettext("Give the table a name, for example \"Kitchen table\".")),
        Length(max=MAX_TABLE_NAME, message=lazy_gettext(
            "A table's name has at most %(most)d characters.", most=MAX_TABLE_NAME))])


class StartForm(GameSettingsFields):
    """Roster players ticked in seat order (the `seat` list), plus new names on the spot, and
    the game's settings (prefilled from the table's last game)."""

    new = StringField(lazy_gettext("New players (separate names with commas)"))
    keep_order = BooleanField(lazy_gettext("Keep the order tapped (partners may sit side by side)"))


class RenameForm(FlaskForm):
    old = StringField(lazy_gettext("Player"))
    new = StringField(lazy_gettext("New name"), validators=[Length(
        max=MAX_NAME, message=lazy_gettext("A name has at most %(most)d characters.", most=MAX_NAME))])


class MergeForm(FlaskForm):
    spelling = StringField(lazy_gettext("Merge"))
    into = StringField(lazy_gettext("into"))


class TableActionForm(FlaskForm):
    """A bare form: a rematch button carries only its CSRF token."""


class AdoptForm(FlaskForm):
    """Bring a loose game into a table: the table's id (one this phone keeps)."""

    table = StringField(lazy_gettext("Table"))
