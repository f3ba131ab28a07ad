"""The configuration an evaluator writes for the SNIPS 2017-06 custom-intent benchmark, from names only.

Each domain's hints (description, verbs, entities) and each slot's description are written from
the intent and slot names, as a new user would configure the recognizer; nothing here was read
off the benchmark's utterances.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HINTS", "INTENTS", "SCHEMA", "SLOTS"]

INTENTS = ("AddToPlaylist", "BookRestaurant", "GetWeather", "PlayMusic", "RateBook", "SearchCreativeWork",
           "SearchScreeningEvent")  # fmt: skip

HINTS: dict[str, dict[str, Any]] = {
    "AddToPlaylist": {"description": "Add a song or an artist to a playlist", "verbs": ["add"],
                      "entities": ["playlist"]},
    "BookRestaurant": {"description": "Book a table at a restaurant", "verbs": ["book", "reserve"],
                       "entities": ["restaurant", "table"]},
    "GetWeather": {"description": "Get the weather forecast", "verbs": ["get"], "entities": ["weather"]},
    "PlayMusic": {"description": "Play music", "verbs": ["play"], "entities": ["music"]},
    "RateBook": {"description": "Rate a book", "verbs": ["rate"], "entities": ["book"]},
    "SearchCreativeWork": {"description": "Search for a creative work: a book, song, film, TV show or game",
                           "verbs": ["search"], "entities": ["creative work"]},
    "SearchScreeningEvent": {"description": "Search for a screening event: film showtimes at a cinema",
                             "verbs": ["search"], "entities": ["screening", "event"]},
}  # fmt: skip

# Slot name -> what the field holds, written from the name.
SLOTS: dict[str, str] = {
    "album": "The album", "artist": "The artist or band", "best_rating": "The best rating of the scale",
    "city": "The city", "condition_description": "The weather condition", "condition_temperature":
    "The temperature condition", "country": "The country", "cuisine": "The cuisine",
    "current_location": "The current location of the user", "entity_name": "The name of the song or item to add",
    "facility": "A facility the restaurant must have", "genre": "The music genre",
    "geographic_poi": "A geographic point of interest", "location_name": "The name of the cinema",
    "movie_name": "The movie name", "movie_type": "The type of movie", "music_item": "The kind of music item",
    "object_location_type": "The type of place showing the movie", "object_name": "The name of the work",
    "object_part_of_series_type": "The kind of series part", "object_select": "Which work: this, current, last",
    "object_type": "The kind of work", "party_size_description": "Who the party is",
    "party_size_number": "The number of people", "playlist": "The playlist name",
    "playlist_owner": "Whose playlist", "poi": "A point of interest near the restaurant",
    "rating_unit": "The rating unit", "rating_value": "The rating value", "restaurant_name": "The restaurant name",
    "restaurant_type": "The type of restaurant", "served_dish": "The dish served", "service": "The music service",
    "sort": "The sort order: best, popular, newest", "spatial_relation": "The spatial relation: near, close to",
    "state": "The state", "timeRange": "When", "track": "The track name", "year": "The year",
}  # fmt: skip

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {name: {"type": "string", "description": description} for name, description in SLOTS.items()},
}
