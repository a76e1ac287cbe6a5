"""Backups: games out as a JSON document (and a score sheet as CSV), and back in.

A backup holds what the players entered (names, edition, scoring, target, house
rules, and every hand's cards or typed totals), never edit keys: restoring always
adds the games as new games with new ids and new edit keys, so it can neither
overwrite a game nor hand someone else's key to whoever holds the file.
Restoring checks each game as a new game is checked (games.build_game), and is
all-or-nothing. The pages and the CLI that use these are in scorekeeper/backup/.
"""
FORMAT = "scorekeeper-backup"
VERSION = 1
