"""This phone's access: its device cookie (devices.py), the one grants mechanism on the
server (grants.py), and what that means for games (games.py) and family tables (tables.py).

games.py reads table grants (a table's key opens each of its games); tables.py never
imports games.py, so the two do not form a cycle.
"""
