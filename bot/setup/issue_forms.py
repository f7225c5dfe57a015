"""Issue forms installed at setup, so later learner input arrives in the shape the RuleAgent reads.

Four forms \u2014 study note, mistake or attempt, question, teacher feedback \u2014 in
each forge's own format: GitHub issue forms (``.github/ISSUE_TEMPLATE``),
Gitea/Forgejo YAML forms (``.gitea/ISSUE_TEMPLATE``, same syntax with
``about`` for the description) and GitLab Markdown description templates
(``.gitlab/issue_templates``). Every form renders to ``### Subject``,
``### Note`` and ``### Channel`` sections, which is exactly what
:func:`bot.intake.rule_agent.parse_issue_form` splits and :class:`bot.intake.rule_agent.RuleAgent`
routes on. The local forge has no issues, so it gets no forms.
"""

from __future__ import annotations

import yaml
from pydantic import BaseModel, ConfigDict

from bot.intake.agent import Channel
from bot.intake.events import Forge

SUBJECT_LABEL = "Subject"
NOTE_LABEL = "Note"
CHANNEL_LABEL = "Channel"
# Optional: the knowledge point a note is about, and the points it builds on (read by bot.intake.agent).
SOURCE_LABEL = "Source"
POINT_LABEL = "Knowledge point"
PREREQUISITES_LABEL = "Prerequisites"
FOLDERS = {
    Forge.GITHUB: ".github/ISSUE_TEMPLATE",
    Forge.GITEA: ".gitea/ISSUE_TEMPLATE",
    Forge.GITLAB: ".gitlab/issue_templates",
}
# No override phrase ("do not store this", "record only", ...) may appear here: GitLab keeps a
# template's text in the issue description, where the bot would read it as the learner's instruction.
INTRO = "GitLearnOS Bot records this in your learning repository and replies with what changed."


class FormSpec(BaseModel):
    model_config = ConfigDict(frozen=True)

    slug: str
    name: str
    about: str
    title: str
    labels: tuple[str, ...]
    note_hint: str
    channels: tuple[Channel, ...] = tuple(Channel)


FORMS = (
    FormSpec(
        slug="study-note",
        name="Study note",
        about="Something you learned or read: a rule, a method, a page of notes.",
        title="Study note: ",
        labels=("study-note",),
        note_hint="What did you learn? Your own words are best; add a photo of the page if it helps.",
    ),
    FormSpec(
        slug="mistake-or-attempt",
        name="Mistake or attempt",
        about="A problem you tried, and what went wrong or right.",
        title="Attempt: ",
        labels=("attempt",),
        note_hint="The problem, what you tried step by step, and what happened. Keep your original working.",
    ),
    FormSpec(
        slug="question",
        name="Question",
        about="Something you do not understand yet.",
        title="Question: ",
        labels=("question",),
        note_hint="Your question, and what you already tried or think the answer might be.",
    ),
    FormSpec(
        slug="teacher-feedback",
        name="Teacher feedback",
        about="What a teacher, tutor or marker said about your work.",
        title="Feedback: ",
        labels=("learning",),
        note_hint="What they said, as close to their words as you can, and which piece of work it was about.",
        channels=(Channel.TEACHER, Channel.TUTORING, Channel.CLASS, Channel.PEER, Channel.OTHER),
    ),
)


def forms_folder(forge: Forge) -> str | None:
    """Where the forge looks for issue templates; ``None`` for the local forge."""
    return FOLDERS.get(forge)


def _yaml_form(form: FormSpec, subject: str, *, description_key: str) -> str:
    fields: list[dict[str, object]] = [
        {"type": "markdown", "attributes": {"value": INTRO}},
        {
            "type": "input",
            "id": "subject",
            "attributes": {
                "label": SUBJECT_LABEL,
                "description": "One or two words: the folder under subjects/.",
                "value": subject,
            },
            "validations": {"required": True},
        },
        {
            "type": "textarea",
            "id": "note",
            "attributes": {"label": NOTE_LABEL, "description": form.note_hint},
            "validations": {"required": True},
        },
        {
            "type": "dropdown",
            "id": "channel",
            "attributes": {
                "label": CHANNEL_LABEL,
                "description": "Where did this come from?",
                "options": [channel.value for channel in form.channels],
            },
        },
        {
            "type": "input",
            "id": "source",
            "attributes": {
                "label": SOURCE_LABEL,
                "description": "Optional: where it came from, e.g. book and page; only this is kept.",
            },
        },
        {
            "type": "input",
            "id": "knowledge-point",
            "attributes": {
                "label": POINT_LABEL,
                "description": "Optional: topic/point, e.g. geometry/similar-triangles.",
            },
        },
        {
            "type": "input",
            "id": "prerequisites",
            "attributes": {
                "label": PREREQUISITES_LABEL,
                "description": "Optional: points this one builds on, comma-separated, e.g. geometry/angles.",
            },
        },
    ]
    document = {
        "name": form.name,
        description_key: form.about,
        "title": form.title,
        "labels": list(form.labels),
        "body": fields,
    }
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def _markdown_form(form: FormSpec, subject: str) -> str:
    channels = ", ".join(channel.value for channel in form.channels)
    labels = " ".join(f"~{label}" for label in form.labels)
    return (
        f"<!-- {form.name}: {form.about} {INTRO}\n"
        f"     Keep the ### headings. {NOTE_LABEL}: {form.note_hint}\n"
        f"     {CHANNEL_LABEL}: one of {channels}. -->\n"
        f"/label {labels}\n\n"
        f"### {SUBJECT_LABEL}\n\n{subject}\n\n"
        f"### {NOTE_LABEL}\n\n\n\n"
        f"### {CHANNEL_LABEL}\n\n\n\n"
        f"### {SOURCE_LABEL}\n\n\n\n"
        f"### {POINT_LABEL}\n\n\n\n"
        f"### {PREREQUISITES_LABEL}\n\n\n"
    )


def issue_forms(forge: Forge, subject: str) -> dict[str, str]:
    """Path \u2192 content of the four forms for ``forge``, with ``subject`` filled in; empty for local."""
    folder = forms_folder(forge)
    if folder is None:
        return {}
    if forge is Forge.GITLAB:
        return {f"{folder}/{form.slug}.md": _markdown_form(form, subject) for form in FORMS}
    key, suffix = ("about", "yaml") if forge is Forge.GITEA else ("description", "yml")
    return {
        f"{folder}/{form.slug}.{suffix}": _yaml_form(form, subject, description_key=key) for form in FORMS
    }
