"""A backup restored into a family table: its games join the table, opening with the table's
key, and their players join its roster (names matched as the table matches them).

Plugged into restore.restore, which stays the one checked, bulk, all-or-nothing restore."""
from __future__ import annotations

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError

from ...domain.text import N_, say
from ...models import FamilyTable, Game, Player, TablePlayer, db, utcnow
from ..errors import Conflict
from .. import table_game_seats
from ..tables import MAX_ROSTER, name_key
from .restore import Plan, RestoreError, _inserted_ids


class IntoTable:
    def __init__(self, table: FamilyTable):
        # Plain values: the restore's rollbacks must not reload the table mid-way.
        self.table_id, self.key_hash = table.id, table.edit_key_hash
        self.roster = {p.name_key: (p.id, p.name) for p in table.roster}
        self.new: dict[str, str] = {}  # name_key -> name, people the backup adds

    def check(self, plans: list[Plan]) -> None:
        """Before anything is written: a roster within its bound, and every seat spelled as
        its person is. (A game's names already differ beyond case and spaces: restore checks
        them as a new game's.)"""
        if not plans:
            raise RestoreError(say(N_("This backup holds no games: there is nothing to add to the table.")))
        for plan in plans:
            for name in plan.names:
                if name_key(name) not in self.roster:
                    self.new.setdefault(name_key(name), name.strip())
            plan.game |= {"edit_key_hash": self.key_hash}  # joins the table in joined()
            plan.key = None
        # each game's held-card rows, counted into the table's when the games join it
        self.card_rows = {plan.game["id"]: sum(len(hand) for hand in plan.hands) for plan in plans}
        try:
            table_game_seats.check_room(self.table_id, max(sum(self.card_rows.values()), 1))
        except Conflict as err:
            raise RestoreError(err.message) from None
        if len(self.roster) + len(self.new) > MAX_ROSTER:
            raise RestoreError(say(N_("A table's roster has at most %(most)d players; with this "
                                      "backup it would have %(count)d."),
                                   most=MAX_ROSTER, count=len(self.roster) + len(self.new)))
        people = self.roster | {key: (None, name) for key, name in self.new.items()}
        for plan in plans:
            seats = [people[name_key(n)] for n in plan.names]
            plan.names = [name for _, name in seats]
            plan.roster_ids = [i for i, _ in seats]  # None: a person the backup adds (joined())

    def joined(self, batch: str) -> dict:
        """In the one transaction that shows the restored games: the people the backup adds go
        on the roster, their seats point at them, and the games join the table (what the
        UPDATE that shows them sets). Until then nothing of the restore is on the table's
        page, in its API or its stats, so a restore killed mid-way leaves nothing there.
        Their cards count into the table's, within its bound; their rows are written once the
        restore is done (table_game_seats.store_fresh, from the table's restore page)."""
        try:
            table_game_seats.check_room(self.table_id, sum(self.card_rows.values()), locked=True)
        except Conflict as err:  # other games of the table took the room meanwhile
            raise RestoreError(err.message) from None
        if self.new:
            try:
                added = _inserted_ids(TablePlayer.__table__, [
                    {"table_id": self.table_id, "name": name, "name_key": key}
                    for key, name in self.new.items()])
            except IntegrityError:  # a game started meanwhile added one of these names
                raise RestoreError(say(N_("The table's roster changed on another phone meanwhile. "
                                          "Try again."))) from None
            restored = select(Game.id).where(Game.restore_batch == batch)
            db.session.execute(
                update(Player.__table__)
                .where(Player.game_id.in_(restored), Player.roster_id.is_(None),
                       Player.name == bindparam("spelled"))
                .values(roster_id=bindparam("person")),
                [{"spelled": name, "person": i} for name, i in zip(self.new.values(), added)])
        return {"table_id": self.table_id}

    def touch(self) -> None:
        db.session.execute(update(FamilyTable.__table__).where(FamilyTable.id == self.table_id)
                           .values(updated_at=utcnow()))
