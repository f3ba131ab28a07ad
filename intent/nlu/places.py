"""Names of countries and of US states: what a place-name field (a country, a state) can be checked against."""

from __future__ import annotations

__all__ = ["COUNTRIES", "US_STATES", "US_STATE_CODES", "place_kinds"]


def _names(text: str) -> frozenset[str]:
    return frozenset(" ".join(name.split()) for name in text.lower().split(",") if name.strip())


COUNTRIES = _names(
    """afghanistan, albania, algeria, andorra, angola, antigua and barbuda, argentina, armenia, australia, austria,
    azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus, belgium, belize, benin, bhutan, bolivia,
    bosnia and herzegovina, botswana, brazil, brunei, bulgaria, burkina faso, burundi, cambodia, cameroon, canada,
    cape verde, central african republic, chad, chile, china, colombia, comoros, congo, costa rica, croatia, cuba,
    cyprus, czech republic, czechia, denmark, djibouti, dominica, dominican republic, east timor, ecuador, egypt,
    el salvador, equatorial guinea, eritrea, estonia, eswatini, ethiopia, fiji, finland, france, gabon, gambia,
    germany, ghana, greece, grenada, guatemala, guinea, guinea-bissau, guyana, haiti, honduras, hungary,
    iceland, india, indonesia, iran, iraq, ireland, israel, italy, ivory coast, jamaica, japan, jordan,
    kazakhstan, kenya, kiribati, kosovo, kuwait, kyrgyzstan, laos, latvia, lebanon, lesotho, liberia, libya,
    liechtenstein, lithuania, luxembourg, madagascar, malawi, malaysia, maldives, mali, malta, marshall islands,
    mauritania, mauritius, mexico, micronesia, moldova, monaco, mongolia, montenegro, morocco, mozambique,
    myanmar, burma, namibia, nauru, nepal, netherlands, holland, new zealand, nicaragua, niger, nigeria,
    north korea, north macedonia, macedonia, norway, oman, pakistan, palau, palestine, panama, papua new guinea,
    paraguay, peru, philippines, poland, portugal, qatar, romania, russia, rwanda, saint kitts and nevis,
    saint lucia, saint vincent and the grenadines, samoa, san marino, sao tome and principe, saudi arabia,
    senegal, serbia, seychelles, sierra leone, singapore, slovakia, slovenia, solomon islands, somalia,
    south africa, south korea, korea, south sudan, spain, sri lanka, sudan, suriname, sweden, switzerland, syria,
    taiwan, tajikistan, tanzania, thailand, togo, tonga, trinidad and tobago, tunisia, turkey, turkmenistan,
    tuvalu, uganda, ukraine, united arab emirates, united kingdom, uk, england, scotland, wales, great britain,
    united states, usa, america, uruguay, uzbekistan, vanuatu, vatican, venezuela, vietnam, yemen, zambia,
    zimbabwe, british virgin islands, puerto rico, greenland, hong kong, macau, bermuda, guam, aruba, curacao,
    bonaire, french guiana, martinique, guadeloupe, new caledonia, french polynesia, faroe islands,
    cayman islands, turks and caicos islands, american samoa, northern mariana islands"""
)
US_STATES = _names(
    """alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida, georgia, hawaii,
    idaho, illinois, indiana, iowa, kansas, kentucky, louisiana, maine, maryland, massachusetts, michigan,
    minnesota, mississippi, missouri, montana, nebraska, nevada, new hampshire, new jersey, new mexico, new york,
    north carolina, north dakota, ohio, oklahoma, oregon, pennsylvania, rhode island, south carolina,
    south dakota, tennessee, texas, utah, vermont, virginia, washington, west virginia, wisconsin, wyoming,
    district of columbia"""
)
US_STATE_CODES = frozenset(
    """AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK
    OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC""".split()
)
_LONGEST = max(len(name.split()) for name in COUNTRIES | US_STATES)


def place_kinds(words: list[str]) -> list[str | None]:
    """Per word: "country", "state" or None, longest names first ("south dakota" before "south")."""
    kinds: list[str | None] = [None] * len(words)
    lows = [w.lower() for w in words]
    index = 0
    while index < len(words):
        for size in range(min(_LONGEST, len(words) - index), 0, -1):
            name = " ".join(lows[index : index + size])
            kind = "country" if name in COUNTRIES else "state" if name in US_STATES else None
            if kind is None and size == 1 and words[index] in US_STATE_CODES:
                kind = "state"
            if kind is not None:
                kinds[index : index + size] = [kind] * size
                index += size
                break
        else:
            index += 1
    return kinds
