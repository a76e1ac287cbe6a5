"""What the judge hands back (`Ruling`), how it is put together, and `JudgeError`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..editions import Edition
from .text import as_text
from .wording import cap, two_lines


class JudgeError(ValueError):
    """A question that cannot be judged; the message says what is missing."""


@dataclass(frozen=True)
class Ruling:
    question: str
    ruling: str  # legal/illegal, guilty/innocent, penalty/no-penalty, or the question's own values
    verdict: str  # the headline: "Legal", "Guilty: Ben draws 4"
    explanation: str  # two lines, separated by "\n", naming the actual cards
    rules: list[str]  # rule ids on /rules/<edition>
    edition: str
    draws: dict[str, int] = field(default_factory=dict)  # role -> cards to draw
    depends_on: list[str] = field(default_factory=list)  # edition / house-rule notes
    details: dict[str, Any] = field(default_factory=dict)  # question-specific facts

    @property
    def lines(self) -> list[str]:
        return self.explanation.split("\n")

    def as_json(self) -> dict[str, Any]:
        return {
            "question": self.question, "ruling": self.ruling, "verdict": self.verdict,
            "draws": dict(self.draws), "explanation": self.explanation,
            "rules": list(self.rules), "edition": self.edition,
            "depends_on": list(self.depends_on), "details": dict(self.details),
        }


class RulingBuilder:
    """Collects rule ids, draws and notes while a ruling is worked out."""

    def __init__(self, question: str, ed: Edition):
        self.question = question
        self.ed = ed
        self._rules: list[str] = []
        self._draws: dict[str, int] = {}
        self._depends: list[str] = []

    def rules(self, *ids: str) -> None:
        for rule_id in ids:
            if rule_id not in self._rules:
                self._rules.append(rule_id)

    def draw(self, role: str, n: int) -> None:
        self._draws[role] = n

    def depends(self, note: str) -> None:
        if note not in self._depends:
            self._depends.append(as_text(note))

    def done(self, ruling: str, verdict: str, first: str, second: str, *,
             details: dict[str, Any] | None = None) -> Ruling:
        return Ruling(
            question=self.question, ruling=ruling, verdict=cap(as_text(verdict)),
            explanation=two_lines(cap(as_text(first)), cap(as_text(second))), rules=list(self._rules),
            edition=self.ed.slug, draws=dict(self._draws), depends_on=list(self._depends),
            details=details or {})
