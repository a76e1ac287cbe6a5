"""The whole suite: one freeze of the heap the test session starts with (issue 18).

Every app keeps the 3.11 garbage guard (scorekeeper/database.py): without it the cyclic GC
crashes the test process itself. Each app skips its own start-up freeze (GC_FREEZE false, as
the suite makes hundreds of apps); freezing the imported modules, pytest and the collected
tests once here means a guard's collection walks only what the tests made since."""
import gc


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
