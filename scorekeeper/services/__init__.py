"""The service layer: what the app does to games, in plain values.

Functions here take and return domain values and database rows, raise the errors in
`services.errors`, and know nothing of HTTP, forms or templates. The web packages call
them; `scorekeeper.errors` maps their errors to 4xx answers in one place.
"""
