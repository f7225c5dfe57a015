"""The ``gitlearnos.yml`` that setup writes: the learner's answers as the repository's only policy.

Written as text rather than dumped from a dict so it can carry comments that
explain the choices the learner did not make explicitly (why ``push`` is on,
why RAG is ``pending``). Every value the learner typed is quoted as a JSON
string, which YAML reads back unchanged, so no answer can break the file; a
unit test parses the result with :func:`bot.config.parse_config`.
"""

from __future__ import annotations

import json
import re

from bot.config import ExternalModel
from bot.setup.gate import Fact, SetupFacts
from bot.setup.text import Schedule
from bot.text import one_line

# Provider answers that mean "send nothing to an external model".
LOCAL_ONLY_ANSWER = re.compile(r"\blocal\b|\bnone\b|\bno\s+external\b|\bnothing\b", re.I)

CONFIG_TEMPLATE = """\
# GitLearnOS configuration: the one durable policy of this learner repository.
# GitLearnOS Bot wrote it from your setup answers ({source}). Edit it whenever you
# like; every agent reads it before writing. Goals and learning state live in other files.
protocol: "2.0-draft"
language: en
mode: {mode} # safe-auto | preview | manual
identity:
  repo_id: {repo_id}
  role: learner
  kind: learner-repository
  template: false
authorization:
  automatic_writes: true
  commits: true
  # The bot has no other place to keep your record: it persists a learning update only by
  # pushing its commit to this repository (never force-pushing). Set this to false and it
  # will reply with the exact pending change instead of writing.
  push: true
  external_publish: ask
  destructive_changes: ask
  learners: [] # empty: the repository owner ({owner}) is the learner
  teachers: []
  external_model: {external_model} # {provider}
privacy:
  repository: private
  store_conversations: false
  store_originals: authorized-only
  store_sensitive_identity: necessary-and-authorized
sources:
  workspace: ""
  large_materials: project-sources
  store_in_git: locators-and-inspected-excerpts
  boundary: {sources}
rag:
  required_for_complete: true
  provider: rag-anything
  status: pending # yours to note; readiness counts only verified ingest receipts, never this
  working_dir: "" # empty: the bot uses a folder for this repository under its data directory
  parser_output_dir: ""
  chat:
    base_url: ""
    model: ""
    api_key_env: GITLEARNOS_RAG_CHAT_API_KEY
  embedding:
    base_url: ""
    model: ""
    api_key_env: GITLEARNOS_RAG_EMBEDDING_API_KEY
    dimensions: 0 # set to the chosen provider's verified dimension
  ingest:
    enabled: true
    scope: per-source
    authorization: explicit
setup:
  answers:
    goal: {goal}
    subject: {subject}
    material: {material}
    rag_provider: rag-anything
    rag_storage: {rag_storage}
  completed_at: {completed_at}
automation:
  time_zone: {time_zone}
  quiet_hours: "{quiet_hours}"
  max_questions_per_due_run: 3
  delivery_channel: current-authorized-channel
  jobs:
    maintenance:
      recurrence: daily
      local_time: "{maintenance}"
    due-review:
      recurrence: daily
      local_time: "{due_review}"
"""


def quoted(value: str) -> str:
    """A YAML scalar that reads back as exactly ``value`` (a JSON string is valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def external_model_choice(facts: SetupFacts) -> ExternalModel:
    """``denied`` for "local only"/"none" (and the default); otherwise ask before sending anything."""
    if Fact.PROVIDER in facts.defaulted or LOCAL_ONLY_ANSWER.search(facts.provider):
        return ExternalModel.DENIED
    return ExternalModel.ASK


def _provider_comment(facts: SetupFacts) -> str:
    if Fact.PROVIDER in facts.defaulted:
        return "default: nothing is sent to an external model provider"
    return "your provider answer: " + one_line(facts.provider, limit=80)


def render_config(facts: SetupFacts, *, repo_id: str, owner: str, source: str, completed_at: str) -> str:
    schedule = facts.schedule or Schedule()
    return CONFIG_TEMPLATE.format(
        source=source,
        mode=facts.mode.value,
        repo_id=quoted(repo_id),
        owner=owner,
        external_model=external_model_choice(facts).value,
        provider=_provider_comment(facts),
        sources=quoted(facts.sources),
        goal=quoted(facts.goal),
        subject=quoted(facts.subject),
        material=quoted(facts.material),
        rag_storage=quoted(facts.rag_storage),
        completed_at=quoted(completed_at),
        time_zone=quoted(facts.time_zone),
        quiet_hours=schedule.quiet_hours,
        maintenance=schedule.maintenance,
        due_review=schedule.due_review,
    )
