"""What issue 39's house rules cost the judge and the referee, against the code before them.

Run: .venv/bin/python benchmarks/house_rules.py
The code before issue 39 (commit 5dddf1d) is unpacked from git into a temporary folder; each
tree then times, in its own process, one judge question and the 60-play stretch of
benchmarks/referee.py, taking turns five times; the least disturbed run of each counts, and the function calls
made (the same whatever the machine's load) are counted too.
This tree also times the stretch with every new rule on (Seven-O with a swap on each 7,
Jump-In, force play, no bluffing, progressive stacking; not draw until you can play, under
which the stretch's plain draws would be illegal). The budget: the question
and the stretch within 2x of the code before.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "5dddf1d"
MEASURE = r"""
import json, sys, timeit
sys.path.insert(0, sys.argv[1])
from scorekeeper.domain.judge import judge
from scorekeeper.domain.referee import referee
sys.path.insert(0, sys.argv[2])
from benchmarks.referee import QUESTION, stretch
body = stretch()
out = {"question_ms": min(timeit.repeat(lambda: judge(QUESTION), repeat=9, number=1000)) / 1000 * 1000,
       "stretch_ms": min(timeit.repeat(lambda: referee(body), repeat=5, number=20)) / 20 * 1000}
if sys.argv[3] == "on":
    ruled = dict(body, house_rules={"seven_o": True, "jump_in": True, "force_play": True,
                                    "wild_draw4_any_time": True, "stacking": "same-kind"})
    players = ruled["players"]
    ruled["plays"] = [dict(p, swap_with=players[(players.index(p["player"]) + 2) % 4])
                      if p.get("card", "").endswith("-7") else p for p in body["plays"]]
    replay = referee(ruled)
    assert replay.first_illegal is None, replay.steps[replay.first_illegal]
    out["stretch_rules_on_ms"] = min(timeit.repeat(lambda: referee(ruled), repeat=5, number=20)) / 20 * 1000
calls = [0]
def count(frame, event, arg):
    if event in ("call", "c_call"):
        calls[0] += 1
sys.setprofile(count); judge(QUESTION); sys.setprofile(None)
out["question_calls"], calls[0] = calls[0], 0
sys.setprofile(count); referee(body); sys.setprofile(None)
out["stretch_calls"] = calls[0]
print(json.dumps(out))
"""


def _before_tree(folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "scorekeeper"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def _run(tree: Path, rules: str) -> dict:
    done = subprocess.run([sys.executable, "-c", MEASURE, str(tree), str(ROOT), rules],
                          check=True, capture_output=True, text=True, timeout=300)
    return json.loads(done.stdout)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        before_tree = _before_tree(Path(tmp))
        before, after = [], []
        for _ in range(5):
            before.append(_run(before_tree, "off"))
            after.append(_run(ROOT, "on"))
    med = lambda runs, key: min(r[key] for r in runs)  # noqa: E731  (the least disturbed run)
    report = {
        "question_ms": {"before": med(before, "question_ms"), "after": med(after, "question_ms")},
        "stretch_ms": {"before": med(before, "stretch_ms"), "after": med(after, "stretch_ms"),
                       "after_rules_on": med(after, "stretch_rules_on_ms")},
    }
    report["calls"] = {key: {"before": before[0][key], "after": after[0][key]}
                       for key in ("question_calls", "stretch_calls")}
    report["question_ratio"] = report["question_ms"]["after"] / report["question_ms"]["before"]
    report["stretch_ratio"] = report["stretch_ms"]["after"] / report["stretch_ms"]["before"]
    report["stretch_rules_on_ratio"] = (report["stretch_ms"]["after_rules_on"]
                                        / report["stretch_ms"]["before"])
    print(json.dumps(report, indent=1))
    worst = max(report["question_ratio"], report["stretch_ratio"], report["stretch_rules_on_ratio"])
    if worst > 2:
        sys.exit(f"over budget: {worst:.2f} x the code before issue 39 (at most 2)")


if __name__ == "__main__":
    main()
