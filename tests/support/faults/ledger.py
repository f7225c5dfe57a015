"""What a fault run sent and what the learner ends up with, counted note by note.

A note is one issue filed by the learner on the sandbox forge (its webhook goes to the bot's intake).
What counts is what the learner can see: bot commits on the remote whose ``GitLearnOS-Event`` trailer
names the note's issue, event records in the repository holding the note's marker word, and the bot's
comments on the issue; plus, from Redis, anything still parked or queued (``pending``).

Every note gets words no other note has, so the bot's "slightly reworded" check never links one note
to another's record, and a marker word that the log audit (:mod:`tests.support.log_audit`) looks for.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import redis

from evals.demo import LEARNER_FILES
from evals.local_stack import LocalStack
from evals.sandbox.store import BOT_LOGIN
from workers.state_keys import PENDING

SYLLABLES = ("ka", "lo", "mi", "ru", "te", "za", "po", "ne", "vi", "su", "da", "fe", "go", "hu", "xo", "by")
EVENT_TRAILER = re.compile(r"^GitLearnOS-Event: .*#(\d+)/issue@", re.MULTILINE)
EVENTS_FOLDER = "subjects/mathematics/events/"
# kombu's Redis transport: a queue is a list named after it; reserved messages wait in ``unacked``.
QUEUES = ("events", "schedule")
UNACKED = "unacked"
GRACE = 3.0  # after everything arrived, how long a duplicate gets to show itself
ISSUE_EVENT = {"github": "issues", "gitlab": "Issue Hook", "gitea": "issues"}


@dataclass(frozen=True)
class Note:
    number: int
    title: str
    body: str
    marker: str


def note_text(rng: random.Random, index: int) -> tuple[str, str, str]:
    """Title, body and marker word of a study note no other note rewords."""
    words = ["".join(rng.choice(SYLLABLES) for _ in range(4)) for _ in range(10)]
    marker = f"zq{rng.getrandbits(48):012x}"
    title = f"Study note {index}: {words[0]} and {words[1]}"
    body = (
        f"In class I learned how {' '.join(words[2:6])} relate to similar triangles. "
        f"My own words for it: {' '.join(words[6:])} {marker}. "
        "Save this and connect it to my geometry work."
    )
    return title, body, marker


@dataclass
class Ledger:
    """The notes of one run on one repository, and how to observe what became of them."""

    stack: LocalStack
    repo: str
    seed: int = 0
    forge: str = "github"
    notes: list[Note] = field(default_factory=list)
    extra_sent: int = 0  # deliveries a test sent itself (replays with new ids, redeliveries)
    extra_accepted: int = 0
    _rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    @classmethod
    def for_new_repository(cls, stack: LocalStack, name: str, seed: int = 0, forge: str = "github") -> Ledger:
        """A private learner repository (the demo's files) with a hook of ``forge``'s flavour to the bot."""
        repo = f"{stack.sandbox.learner}/{name}"
        with stack.sandbox.client() as learner:
            learner.create_repository(repo, private=True, files=LEARNER_FILES)
            learner.add_hook(repo, url=stack.webhook_url_for(forge), secret=stack.webhook_secret, forge=forge)
        return cls(stack, repo, seed, forge)

    def file_note(self) -> Note:
        """Open one issue as the learner; the sandbox delivers its webhook after answering."""
        title, body, marker = note_text(self._rng, len(self.notes) + 1)
        with self.stack.sandbox.client() as learner:
            number = int(learner.open_issue(self.repo, title=title, body=body)["number"])
        note = Note(number, title, body, marker)
        self.notes.append(note)
        return note

    # What the learner sees

    def git(self, *args: str) -> str:
        bare = self.stack.data_dir / "sandbox" / "git" / f"{self.repo}.git"
        return subprocess.run(
            ["git", "--git-dir", str(bare), *args], check=True, capture_output=True, text=True
        ).stdout

    def commits_per_issue(self) -> Counter[int]:
        log = self.git("log", "--format=%B%x1e", "--author=GitLearnOS Bot", "main")
        return Counter(
            int(number) for message in log.split("\x1e") for number in EVENT_TRAILER.findall(message)
        )

    def records_per_marker(self) -> Counter[str]:
        paths = [
            p for p in self.git("ls-tree", "-r", "--name-only", "main").split() if p.startswith(EVENTS_FOLDER)
        ]
        markers = {note.marker for note in self.notes}
        found: Counter[str] = Counter()
        for path in paths:
            text = self.git("show", f"main:{path}")
            found.update(marker for marker in markers if marker in text)
        return found

    def replies_per_issue(self) -> Counter[int]:
        replies: Counter[int] = Counter()
        with self.stack.sandbox.client() as learner:
            for note in self.notes:
                comments = learner.comments(self.repo, note.number)
                replies[note.number] = sum(1 for c in comments if c["user"]["login"] == BOT_LOGIN)
        return replies

    def deliveries(self) -> list[dict[str, Any]]:
        with self.stack.sandbox.client() as learner:
            wanted = ISSUE_EVENT[self.forge]
            return [d for d in learner.deliveries() if d["event"] == wanted and d["repo"] == self.repo]

    def accepted_numbers(self) -> set[int]:
        """Issues whose opening delivery the intake accepted (2xx); the forge will not send them again."""
        accepted: set[int] = set()
        for delivery in self.deliveries():
            if (delivery["status_code"] or 0) // 100 == 2:
                body = self.stack.data_dir / "sandbox" / "deliveries" / f"{delivery['guid']}.json"
                payload = json.loads(body.read_bytes())
                issue = (
                    payload["object_attributes"]["iid"]
                    if self.forge == "gitlab"
                    else payload["issue"]["number"]
                )
                accepted.add(int(issue))
        return accepted

    def pending(self) -> int:
        """Parked events plus messages still queued or reserved: input not yet fully applied."""
        client = redis.Redis.from_url(self.stack.redis_url)
        try:
            parked = sum(_size(client, key) for key in client.scan_iter(f"{PENDING}*"))
            queued = sum(client.llen(queue) for queue in QUEUES)
            return parked + queued + client.hlen(UNACKED)
        finally:
            client.close()

    def observe(self, *, must_apply: set[int] | None = None) -> Observation:
        """Count every note; ``must_apply`` (default: all notes) are the ones missing counts as lost."""
        commits, replies, records = (
            self.commits_per_issue(),
            self.replies_per_issue(),
            self.records_per_marker(),
        )
        wanted = {note.number for note in self.notes} if must_apply is None else must_apply
        deliveries = self.deliveries()
        return Observation(
            sent=len(deliveries) + self.extra_sent,
            accepted=sum(1 for d in deliveries if (d["status_code"] or 0) // 100 == 2) + self.extra_accepted,
            committed=sum(1 for note in self.notes if commits[note.number]),
            replied=sum(1 for note in self.notes if replies[note.number]),
            lost=sum(
                1
                for note in self.notes
                if note.number in wanted
                and not (commits[note.number] and replies[note.number] and records[note.marker])
            ),
            duplicated=sum(
                1
                for note in self.notes
                if commits[note.number] > 1 or replies[note.number] > 1 or records[note.marker] > 1
            ),
            pending=self.pending(),
        )

    def settle(self, timeout: float, *, must_apply: set[int] | None = None) -> Observation:
        """Wait until every note in ``must_apply`` is applied and nothing is pending, then a grace period."""
        deadline = time.monotonic() + timeout
        seen = self.observe(must_apply=must_apply)
        while (seen.lost or seen.pending) and time.monotonic() < deadline:
            time.sleep(1.0)
            seen = self.observe(must_apply=must_apply)
        time.sleep(GRACE)
        return self.observe(must_apply=must_apply)

    def wait_committed(self, numbers: set[int], timeout: float) -> float | None:
        """Seconds until at least one of ``numbers`` has a bot commit, or None if none did in time."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            commits = self.commits_per_issue()
            if any(commits[number] for number in numbers):
                return time.monotonic() - start
            time.sleep(0.25)
        return None

    def uncommitted(self) -> set[int]:
        commits = self.commits_per_issue()
        return {note.number for note in self.notes if not commits[note.number]}


def _size(client: redis.Redis, key: bytes) -> int:
    """Entries under a parking key, whatever its type (the parking layout may change; the count may not)."""
    kind = client.type(key)
    sizes = {b"hash": client.hlen, b"list": client.llen, b"set": client.scard, b"zset": client.zcard}
    return int(sizes[kind](key)) if kind in sizes else 1


@dataclass(frozen=True)
class Observation:
    sent: int
    accepted: int
    committed: int
    replied: int
    lost: int
    duplicated: int
    pending: int
