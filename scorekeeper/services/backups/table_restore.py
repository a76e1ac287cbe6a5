"""A backup restored into a family table: its games join the table, opening with the table's
key, and their players join its roster (names matched as the table matches them).

Plugged into restore.restore, which stays the one checked, bulk, all-or-nothing restore."""
from __future__ import annotations

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError

from ...domain.text import N_, say
from ...models import FamilyTable, TablePlayer, db, utcnow
from ..errors import Conflict
from ..tables import MAX_ROSTER, check_room, name_key
from .restore import Plan, RestoreError, _inserted_ids


class IntoTable:
    def __init__(self, table: FamilyTable):
        # Plain values: the restore's rollbacks must not reload the table mid-way.
        self.table_id, self.key_hash = table.id, table.edit_key_hash
        self.roster = {p.name_key: (p.id, p.name) for p in table.roster}
        self.new: dict[str, str] = {}  # name_key -> name, people the backup adds
        self.added: list[int] = []

    def check(self, plans: list[Plan]) -> None:
        """Before anything is written: a roster within its bound. (A game's names already
        differ beyond case and spaces: restore checks them as a new game's.)"""
        for plan in plans:
            for name in plan.names:
                if name_key(name) not in self.roster:
                    self.new.setdefault(name_key(name), name.strip())
            plan.game |= {"table_id": self.table_id, "edit_key_hash": self.key_hash}
            plan.key = None
        try:
            check_room(self.table_id, sum(len(hand) for plan in plans for hand in plan.hands))
        except Conflict as err:
            raise RestoreError(err.message) from None
        if len(self.roster) + len(self.new) > MAX_ROSTER:
            raise RestoreError(say(N_("A table's roster has at most %(most)d players; with this "
                                      "backup it would have %(count)d."),
                                   most=MAX_ROSTER, count=len(self.roster) + len(self.new)))

    def add_people(self, plans: list[Plan]) -> None:
        """New people go on the roster first; every seat then takes its person's spelling."""
        try:
            self.added = _inserted_ids(TablePlayer.__table__, [
                {"table_id": self.table_id, "name": name, "name_key": key}
                for key, name in self.new.items()])
            db.session.commit()
        except IntegrityError:  # a game started meanwhile added one of these names
            db.session.rollback()
            raise RestoreError(say(N_("The table's roster changed on another phone meanwhile. "
                                      "Try again."))) from None
        people = self.roster | {key: (i, name) for (key, name), i in zip(self.new.items(), self.added)}
        for plan in plans:
            seats = [people[name_key(n)] for n in plan.names]
            plan.names = [name for _, name in seats]
            plan.roster_ids = [i for i, _ in seats]

    def touch(self) -> None:
        db.session.execute(update(FamilyTable.__table__).where(FamilyTable.id == self.table_id)
                           .values(updated_at=utcnow()))

    def undo(self) -> None:
        """A failed restore leaves the roster as it found it."""
        if not self.added:
            return
        try:
            db.session.execute(delete(TablePlayer.__table__).where(TablePlayer.id.in_(self.added)))
            db.session.commit()
        except Exception:
            db.session.rollback()
