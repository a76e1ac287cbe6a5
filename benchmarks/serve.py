"""The app as gunicorn serves it in the benchmarks, plus a bare Flask route to compare with."""
from scorekeeper import create_app

app = create_app()


@app.get("/_bare")
def bare():
    return "ok"
