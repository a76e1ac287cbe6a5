"""The rules of UNO as plain Python: cards, editions, scoring, rulebook and judge.

Standard library only, so every rule can be tested without Flask or a database.
"""
