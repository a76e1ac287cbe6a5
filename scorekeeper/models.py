"""Database tables: a game, its seated players, its hands and what each player held."""
from __future__ import annotations

from datetime import datetime, timezone

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, ForeignKey, Index, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from .ids import new_hand_id, new_public_id


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    })


# Rows stay readable after commit: a view that saves a hand then shows the game needs
# no second round of loading (each request gets a new session anyway).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Game(db.Model):
    __tablename__ = "games"

    # Unguessable (ids.py): a game is found only through its link.
    id: Mapped[str] = mapped_column(String(24), primary_key=True, default=new_public_id)
    edition: Mapped[str] = mapped_column(String(20))
    scoring: Mapped[str] = mapped_column(String(30))
    target: Mapped[int]
    house_rules: Mapped[dict] = mapped_column(JSON)
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    # A game played at a family table shares the table's edit key; standalone games have none.
    table_id: Mapped[str | None] = mapped_column(
        ForeignKey("family_tables.id", ondelete="SET NULL"), index=True)
    # Bumped by every change: two writers racing on one game cannot both win.
    version: Mapped[int] = mapped_column(default=1)
    # The seat that deals hand 1: 0, or for a rematch the seat after the last game's dealer.
    first_dealer_seat: Mapped[int] = mapped_column(default=0, server_default="0")
    # Targets the game reached before "keep playing" raised it, oldest first: the board
    # still says who first reached each one.
    past_targets: Mapped[list] = mapped_column(JSON, default=list, server_default="[]")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Set while a restore is still writing the game: hidden from every page until it is done
    # (services/backups/restore.py). NULL for every game anyone can see.
    restore_batch: Mapped[str | None] = mapped_column(String(40), index=True)
    # Hands saved since `saves_since` (the start of the game's current hour): one
    # game takes at most HAND_SAVES_PER_HOUR of them (services/hands.py).
    saves_since: Mapped[datetime | None]
    saves_counted: Mapped[int] = mapped_column(default=0, server_default="0")

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan")
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan")

    __mapper_args__ = {"version_id_col": version}


class Player(db.Model):
    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "seat"), UniqueConstraint("game_id", "name"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    # Who this seat was on the table's roster: renames and merges keep the history.
    roster_id: Mapped[int | None] = mapped_column(
        ForeignKey("table_players.id", ondelete="SET NULL"), index=True)
    # The seat's team (0, 1, …) in a game played in teams (a house rule); None otherwise.
    team: Mapped[int | None]

    game: Mapped[Game] = relationship(back_populates="players")
    roster: Mapped[TablePlayer | None] = relationship()


class Hand(db.Model):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("game_id", "request_id"),
                      Index("ix_hands_game_id_public_id", "game_id", "public_id", unique=True))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id", ondelete="CASCADE"), index=True)
    # The hand's identity (the API's "id"): numbers move when an earlier hand is deleted, this
    # never does. Nullable only in the schema (migration 0007 adds it in place); always set.
    public_id: Mapped[str | None] = mapped_column(String(64), default=new_hand_id)
    number: Mapped[int]
    request_id: Mapped[str | None] = mapped_column(String(64))
    # Bumped on every edit, so a stale edit of this hand can be refused.
    revision: Mapped[int] = mapped_column(default=1)
    # The game version the hand's first save made: "saved since this phone looked" compares it
    # with the version the phone saw. NULL for a hand put back (undo) or saved before 0009:
    # never new to anyone.
    created_version: Mapped[int | None]
    # Who dealt, stored rather than computed from `number`: deleting an earlier hand
    # renumbers the later ones but must not change who dealt them.
    dealer_seat: Mapped[int] = mapped_column(server_default="0")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")
    entries: Mapped[list[HeldCards]] = relationship(
        back_populates="hand", cascade="all, delete-orphan", order_by="HeldCards.player_id")
    scores: Mapped[list[HandScore]] = relationship(
        cascade="all, delete-orphan", order_by="HandScore.player_id")


class HeldCards(db.Model):
    """What one player was left holding in one hand: card tokens, or a typed total."""

    __tablename__ = "held_cards"
    __table_args__ = (UniqueConstraint("hand_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    cards: Mapped[str] = mapped_column(Text, default="")  # space-separated tokens
    typed_total: Mapped[int | None]

    hand: Mapped[Hand] = relationship(back_populates="entries")
    player: Mapped[Player] = relationship()

    @property
    def tokens(self) -> list[str]:
        return self.cards.split()


class HandScore(db.Model):
    """What one seat scored and was charged in one hand, under both systems: written with the
    hand's cards in the same transaction by every write that saves, edits, deletes or puts
    back a hand (services/hand_scores.py), so standings are a SUM (domain/seat_scores.py)."""

    __tablename__ = "hand_scores"
    __table_args__ = (Index("ix_hand_scores_game_id_player_id", "game_id", "player_id"),)

    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id", ondelete="CASCADE"))
    held: Mapped[int]  # the points left in this seat's hand: its lowest-total charge
    gained: Mapped[int]  # winner takes points: what this seat won (all points, if it went out)
    team_gained: Mapped[int | None]  # the same for its team (on the winner's row); None: no teams
    went_out: Mapped[bool]  # this seat won the hand: the domain's Hand.winner, never told from the cards again


class DeletedHand(db.Model):
    """A deleted hand, whole, until it is put back (undo) at the number it had."""

    __tablename__ = "deleted_hands"
    __table_args__ = (Index("ix_deleted_hands_game_id_public_id", "game_id", "public_id", unique=True),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id", ondelete="CASCADE"))
    public_id: Mapped[str] = mapped_column(String(64))
    number: Mapped[int]
    request_id: Mapped[str | None] = mapped_column(String(64))
    revision: Mapped[int]
    dealer_seat: Mapped[int]
    created_at: Mapped[datetime]
    deleted_at: Mapped[datetime] = mapped_column(default=utcnow)
    held: Mapped[list] = mapped_column(JSON)  # [[player_id, cards, typed_total], ...]


class FamilyTable(db.Model):
    """A family's or group's space: its players and its games, opened by one edit key."""

    __tablename__ = "family_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    roster: Mapped[list[TablePlayer]] = relationship(
        back_populates="table", order_by="TablePlayer.id", cascade="all, delete-orphan")


class TableGameSeat(db.Model):
    """One seat of one family table's game, as the table's stats, lists and league count it
    (services/table_game_seats.py): written in the same transaction as every write to the
    game, from its hand_scores rows. True for the game's `version` only."""

    __tablename__ = "table_game_seats"
    __table_args__ = (Index("ix_table_game_seats_table_id", "table_id"),)

    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("family_tables.id", ondelete="CASCADE"))
    version: Mapped[int]
    finished: Mapped[bool]
    won: Mapped[bool]  # among the winners of a finished game
    hands: Mapped[int]
    hands_won: Mapped[int]
    best_hand: Mapped[int]  # the most one of its winning hands brought in (its team's share, in teams)
    total: Mapped[int]  # the seat's own total under the game's system
    team_total: Mapped[int | None]  # its team's total; None outside a team game
    team: Mapped[int | None]
    ended_at: Mapped[datetime | None]  # when the hand that finished the game was saved
    # A finished game's final order, for the league (domain.league.seat_places); None before its end:
    place: Mapped[int | None]  # 1 for the best
    behind: Mapped[int | None]  # the players.id of the next opponent behind this seat; None for the last


class TableSeason(db.Model):
    """A season of a table's league: the games started from `started_at` until the next one.
    Season 1 needs no row: it runs from the table's start until season 2."""

    __tablename__ = "table_seasons"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("family_tables.id", ondelete="CASCADE"))
    number: Mapped[int]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)


class TablePlayer(db.Model):
    """A person on a table's roster; `name_key` makes "ana " and "Ana" one person."""

    __tablename__ = "table_players"
    __table_args__ = (UniqueConstraint("table_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("family_tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160))  # casefold can lengthen a name

    table: Mapped[FamilyTable] = relationship(back_populates="roster")


class DeviceGame(db.Model):
    """A game this phone (its device cookie) created, joined or opened.

    The device id is a secret kept in the phone's cookie: only its hash is stored. A row with
    a sealed key is a grant (this phone keeps score; never dropped); a row without one is a
    game the phone only watched (the oldest are forgotten, see access/games.py VISITS_KEPT).
    """

    __tablename__ = "device_games"
    __table_args__ = (UniqueConstraint("device_hash", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    device_hash: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(String(24), ForeignKey("games.id", ondelete="CASCADE"), index=True)
    # The edit key sealed with the device id itself (access/devices.py): a copy of the database
    # alone opens nothing.
    sealed_key: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime] = mapped_column(default=utcnow)


class DeviceTable(db.Model):
    """A family table this phone created, joined (its keep-score link) or opened.

    Like DeviceGame: a row with a sealed key lets the phone keep score at the table (never
    dropped); a row without one is a table it only watched (the oldest are forgotten).
    """

    __tablename__ = "device_tables"
    __table_args__ = (UniqueConstraint("device_hash", "table_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    device_hash: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("family_tables.id", ondelete="CASCADE"), index=True)
    sealed_key: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime] = mapped_column(default=utcnow)
