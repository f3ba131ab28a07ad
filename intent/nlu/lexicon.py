"""A small English lexicon for reading requests: verbs that name the same operation, and words a topic brings.

Both are deliberately small and general (what an assistant's user says about everyday topics);
they widen what a domain's own words match, never decide alone: a domain still needs its own
verbs, entities, name or description to be chosen.
"""

from __future__ import annotations

from functools import lru_cache

from intent.nlu.words import stem

__all__ = ["related_topic_stems", "topics_of", "verb_synonym_stems"]

# Verbs of one group name the same operation ("reserve" a table is "book" it).
_VERB_GROUPS: tuple[tuple[str, ...], ...] = (
    ("get", "fetch", "retrieve", "show", "view", "lookup", "display", "tell", "check", "give", "read", "see",
     "describe", "find"),
    ("search", "find", "lookup", "look", "locate", "browse", "query", "list", "show", "seek", "hunt"),
    ("create", "add", "make", "new", "register", "insert", "place", "submit", "post"),
    ("add", "put", "include", "insert", "append", "save", "stick", "throw"),
    ("update", "set", "edit", "modify", "change", "adjust", "amend", "rename"),
    ("delete", "remove", "erase", "destroy", "drop", "purge", "discard", "clear"),
    ("cancel", "abort", "void", "revoke", "terminate", "withdraw", "call off"),
    ("play", "listen", "hear", "start", "blast", "spin", "queue", "put on", "turn on"),
    ("book", "reserve", "schedule", "arrange", "secure", "hold"),
    ("rate", "score", "grade", "review", "evaluate", "give", "award", "mark"),
    ("send", "email", "mail", "message", "text", "notify", "forward"),
    ("buy", "purchase", "order", "checkout"),
    ("pay", "settle", "charge"),
    ("refund", "reimburse"),
    ("track", "trace", "follow"),
    ("open", "launch"),
    ("stop", "halt", "pause", "end", "quit"),
    ("watch", "see", "view", "stream"),
)

# What a topic word brings: words a person uses instead of naming the topic ("rain" for the weather).
_TOPICS: dict[str, tuple[str, ...]] = {
    "weather": ("forecast", "rain", "rainy", "raining", "snow", "snowy", "snowing", "storm", "stormy", "sunny",
                "sun", "cloudy", "clouds", "wind", "windy", "temperature", "hot", "cold", "warm", "chilly",
                "freezing", "humid", "humidity", "fog", "foggy", "hail", "degrees", "umbrella", "climate",
                "thunderstorm", "drizzle", "heat", "frost", "sleet", "overcast", "breeze", "blizzard", "showers",
                "colder", "warmer", "hotter", "chillier", "cooler", "temperate", "snowfall", "snowstorm",
                "rainfall", "rainstorm", "windstorm", "hurricane", "tornado", "sunshine", "freeze", "icy",
                "forecasted", "weather forecast"),
    "music": ("song", "songs", "track", "tune", "album", "artist", "band", "singer", "playlist", "record",
              "single", "soundtrack", "sound", "tunes", "melody", "composer", "rapper", "concerto", "symphony",
              "jazz", "rock", "pop", "hip hop", "classical", "radio", "spotify", "itunes", "deezer", "pandora",
              "youtube", "last.fm", "groove shark", "soundcloud", "chart", "vinyl"),
    "playlist": ("playlist", "mix", "list", "collection", "queue", "soundtrack"),
    "restaurant": ("restaurant", "table", "reservation", "dinner", "lunch", "breakfast", "brunch", "eat",
                   "food", "cuisine", "bar", "cafe", "bistro", "diner", "pub", "eatery", "steakhouse", "pizzeria",
                   "brasserie", "tavern", "seat", "seats", "party", "people", "meal", "dine", "dining", "spot", "joint",
                   "cafeteria", "bakery", "coffeehouse", "coffee shop", "osteria", "trattoria", "taverna",
                   "food truck", "buffet", "canteen", "grill", "steak", "sushi", "pizza"),
    "table": ("restaurant", "reservation", "seat", "seats", "dinner", "lunch"),
    "book": ("book", "novel", "textbook", "saga", "chronicle", "essay", "story", "novella", "author", "series",
             "volume", "memoir", "biography", "trilogy", "read"),
    "rate": ("rating", "stars", "star", "points", "score", "out of", "grade"),
    "movie": ("movie", "film", "cinema", "theater", "theatre", "showing", "showtime", "showtimes", "screening",
              "trailer", "animated", "multiplex", "imax"),
    "screening": ("movie", "movies", "film", "films", "cinema", "theater", "theatre", "showing", "showtime",
                  "showtimes", "playing", "schedule", "screen", "imax", "multiplex", "movie house", "movie times"),
    "event": ("event", "concert", "show", "showing", "festival", "schedule", "tickets", "times", "time"),
    "creative": ("book", "song", "album", "movie", "film", "show", "series", "game", "video", "picture",
                 "painting", "photograph", "soundtrack", "tv", "television", "trailer", "novel", "saga", "season",
                 "episode", "work", "tv show", "program", "programme"),
    "work": ("book", "song", "album", "movie", "film", "game", "series", "painting", "picture", "work"),
    "order": ("purchase", "package", "parcel", "delivery", "shipment"),
    "pet": ("dog", "cat", "puppy", "kitten", "animal", "parrot", "hamster", "rabbit"),
    "flight": ("plane", "airline", "fly", "flying", "airport", "departure", "arrival"),
    "hotel": ("room", "stay", "inn", "motel", "lodging", "accommodation", "suite"),
    "payment": ("charge", "transaction", "bill", "invoice"),
    "alarm": ("wake", "alert", "reminder", "clock"),
    "email": ("mail", "message", "inbox", "e-mail"),
}


@lru_cache(maxsize=1024)
def verb_synonym_stems(verb: str) -> frozenset[str]:
    """Stems of every verb sharing a group with ``verb`` (its own stem when it is in none)."""
    key = verb.lower().strip()
    own = stem(key.replace(" ", ""))
    out = {own}
    for group in _VERB_GROUPS:
        if key in group or own in {stem(v.replace(" ", "")) for v in group}:
            out |= {stem(v.replace(" ", "")) for v in group}
    return frozenset(out)


@lru_cache(maxsize=1024)
def related_topic_stems(word: str) -> frozenset[str]:
    """Stems of the words a topic word brings (empty for a word that names no known topic)."""
    key = stem(word.lower())
    out: set[str] = set()
    for topic, related in _TOPICS.items():
        if stem(topic) == key:
            out |= {stem(r.replace(" ", "")) for r in related}
            out |= {" ".join(stem(part) for part in r.split()) for r in related if " " in r}
    return frozenset(out)


@lru_cache(maxsize=1)
def _topic_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for topic, related in _TOPICS.items():
        for word in (topic, *related):
            if " " not in word:
                index.setdefault(stem(word), []).append(topic)
    return {key: tuple(sorted(set(value))) for key, value in index.items()}


def topics_of(word: str) -> tuple[str, ...]:
    """The topics a word belongs to ("rain" -> weather), for the slot labeller's features."""
    return _topic_index().get(stem(word), ())
