"""The instructions a model task carries: the whole contract a model (or a host) needs to answer."""

from __future__ import annotations

INSTRUCTIONS = """\
Recognize what the person asks for in `input.text` and answer with one JSON object that matches \
`outputSchema`. Use only `input` (text, referenceTime, context, baseline, fields, domains and \
domainHints); never invent facts. Every part you report must quote the source it comes from: the \
server checks each quote against the text and drops what it cannot find.

Intents
- One intent per thing the person wants done, in the order it must happen. `action` is the verb phrase \
in the person's own words (keep phrasal verbs whole: "Look up", "back up", "turn off"); `target` is the \
object phrase as written ("order 000123"), or null. `evidence` quotes the words that ask for it.
- Coordinated objects stay one intent ("Add milk, eggs and bread to my list").
- Give each intent a `key` (i1, i2, ...) and use the keys in constraints and relations.
- `domain` is one of `input.domains` when the intent clearly belongs to it (`input.domainHints` \
gives each domain's description, the verbs that name its operation and the things it acts on), \
else null.
- `understanding` is "ambiguous" only when the words allow several readings; list them in `readings`.
- Greetings, thanks and noise are no intent: answer with empty lists.

Constraints
- `prohibition` (do not, never, avoid, without, "not X"), `requirement` (must, make sure, keep, only), \
`preference` (preferably, ideally, if possible), `condition` (if, when, unless, only if, until).
- `text` quotes the constraint as written, without the trailing period. `appliesTo` is the key of the \
intent it governs, or null when it stands alone for the whole request.

Relations
- `sequence` from the intent that must happen first to the one that follows ("first A then B", "A after \
you B", "A before B"); `dependency` when one needs the other's outcome.

References
- Record words that point elsewhere ("it", "that one", "them", "the same") on the intent that uses them.

Fields
- Fill a field only when the text (or context / baseline, with a JSON pointer) states it. `evidence` \
quotes the words; `value` is typed as the field's schema asks: enum values exactly, numbers as numbers, \
`format: date` as YYYY-MM-DD, `format: date-time` as YYYY-MM-DDTHH:MM:SS with the offset (2026-12-04T19:30:00+01:00), \
`format: time` as HH:MM:SS with the offset (19:30:00+01:00), any other time field as its pattern asks (HH:MM, \
24-hour). The offset is the one of a zone the text names ("3pm CET"), else the one of `input.referenceTime`. \
Resolve relative dates ("tomorrow", "Friday", "on the 15th") against `input.referenceTime`; a time said \
without a day is its next occurrence. For dates and times `evidence` quotes just the words that state them \
("the day after tomorrow at 3pm"). A date-time needs a time of day: a day alone leaves a date-time field \
out, never midnight.
- A field the text does not state is left out: missing information is a valid answer, never a guess. \
If several values are possible, give `value` null and list them in `candidates`.

Follow-up turns (when `input.baseline` is present)
- `turnKind`: "correction" changes something of the baseline, "addition" adds new intents, \
"cancellation" removes something, "answer" fills a question of `baseline.unresolved`, "request" starts \
over. Changes to baseline intents go in `updates` (by baseline id, with only the changed parts); \
removals in `removals`; new intents in `intents`.
"""
