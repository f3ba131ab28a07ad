"""Words of tool names and of requests: splitting, light stemming, and groups of operation verbs."""

from __future__ import annotations

import re
from functools import lru_cache

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD = re.compile(r"[a-z0-9]+")

# Two-word verbs read as one.
PHRASAL_VERBS = {
    "look up": "lookup",
    "log in": "login",
    "sign in": "login",
    "log out": "logout",
    "sign out": "logout",
    "check out": "checkout",
    "set up": "setup",
    "sign up": "signup",
}

# Verbs of one group name the same operation. Groups are tight on purpose: a wrong match would
# forbid or pick a tool the person did not mean.
VERB_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"get", "fetch", "retrieve", "read", "show", "view", "lookup", "find", "display", "describe", "see"}),
    frozenset({"list", "search", "find", "browse", "query", "filter"}),
    frozenset({"create", "add", "make", "new", "register", "insert", "place", "post", "submit"}),
    frozenset({"update", "set", "edit", "modify", "change", "patch", "put", "rename", "adjust", "amend"}),
    frozenset({"delete", "remove", "erase", "destroy", "drop", "purge", "discard"}),
    frozenset({"cancel", "abort", "void", "revoke", "terminate", "withdraw"}),
    frozenset({"refund", "reimburse"}),
    frozenset({"pay", "charge", "bill"}),
    frozenset({"buy", "purchase", "checkout"}),
    frozenset({"send", "email", "mail", "notify", "message"}),
    frozenset({"book", "reserve", "schedule"}),
    frozenset({"start", "begin", "initiate", "launch"}),
    frozenset({"stop", "halt", "pause", "end"}),
    frozenset({"login", "authenticate"}),
    frozenset({"logout"}),
    frozenset({"upload", "attach"}),
    frozenset({"download", "export"}),
    frozenset({"approve", "accept", "confirm"}),
    frozenset({"reject", "decline", "deny"}),
    frozenset({"archive"}),
    frozenset({"restore", "recover", "undelete"}),
    frozenset({"transfer", "move"}),
    frozenset({"copy", "duplicate", "clone"}),
    frozenset({"close"}),
    frozenset({"open"}),
    frozenset({"ship", "dispatch"}),
    frozenset({"return"}),
    frozenset({"track"}),
    frozenset({"check", "verify", "validate"}),
    frozenset({"run", "execute"}),
    frozenset({"lock"}),
    frozenset({"unlock"}),
    frozenset({"share"}),
    frozenset({"publish"}),
    frozenset({"deploy"}),
    frozenset({"invite"}),
    frozenset({"assign"}),
    frozenset({"subscribe"}),
    frozenset({"unsubscribe"}),
    frozenset({"reset"}),
    frozenset({"sync"}),
    frozenset({"import"}),
    frozenset({"rate", "review"}),
    frozenset({"order"}),
)
VERBS = frozenset().union(*VERB_GROUPS)
# Words that are nouns far more often than verbs in requests; they name an operation only as a last resort.
NOUN_LIKE_VERBS = frozenset({"order", "new", "post", "mail", "message", "email", "bill", "review", "rate", "return"})
HTTP_METHOD_VERBS = {"GET": "get", "POST": "create", "PUT": "update", "PATCH": "update", "DELETE": "delete"}

STOPWORDS = frozenset(
    {
        "a", "an", "the", "of", "for", "to", "by", "with", "in", "on", "at", "from", "into", "and", "or",
        "my", "our", "your", "their", "his", "her", "its", "this", "that", "these", "those", "it", "them",
        "any", "anything", "all", "some", "me", "us", "i", "we", "you", "please", "be", "is", "are",
        "do", "does", "don", "t", "not", "no", "never", "must", "should", "shouldn", "mustn", "can", "cannot",
        "won", "will", "would", "without", "avoid", "refrain", "just", "only", "yet", "again", "also",
        "one", "ones", "thing", "things", "either", "neither", "nor", "so", "as", "if", "up", "out",
    }
)


def split_identifier(name: str) -> list[str]:
    """``order_cancel`` / ``getPetById`` / ``beans.set-status`` -> lower-case words."""
    return _WORD.findall(_CAMEL.sub(" ", name).lower())


def text_words(text: str) -> list[str]:
    """Lower-case words of free text, phrasal verbs joined (``look up`` -> ``lookup``)."""
    lowered = " " + " ".join(_WORD.findall(text.lower().replace("'", ""))) + " "
    for phrase, joined in PHRASAL_VERBS.items():
        lowered = lowered.replace(f" {phrase} ", f" {joined} ")
    return lowered.split()


def stem(word: str) -> str:
    """A light stem: ``cancelling``/``cancelled``/``cancellation`` -> ``cancel``, ``orders`` -> ``order``."""
    for suffix in ("ations", "ation", "ions", "ion", "ings", "ing", "ies", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    if len(word) >= 4 and word[-1] == word[-2] and word[-1].isalpha() and word[-1] not in "aeiou":
        word = word[:-1]
    return word


@lru_cache(maxsize=4096)
def verb_stems(word: str) -> frozenset[str]:
    """Stems of every verb sharing a group with ``word`` (just its own stem when it is in none)."""
    groups = [group for group in VERB_GROUPS if word in group or stem(word) in {stem(item) for item in group}]
    if not groups:
        return frozenset({stem(word)})
    return frozenset(stem(item) for group in groups for item in group)


def content_words(words: list[str]) -> list[str]:
    return [word for word in words if word not in STOPWORDS and not word.isdigit()]
