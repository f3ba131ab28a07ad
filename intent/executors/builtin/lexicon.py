"""English words the built-in recognizer knows: verbs, particles, request frames, constraint markers."""

from __future__ import annotations

__all__ = [
    "AMBIGUOUS_VERBS",
    "ASSISTANT_NOUNS",
    "CONSTRAINT_STARTERS",
    "CORRECTION_MARKERS",
    "CORRECTION_VERBS",
    "CUT_WORDS",
    "DETERMINERS",
    "FRAMES",
    "INDIRECT_QUESTION_VERBS",
    "LEAD_WORDS",
    "NOUN_COMPOUNDS",
    "PARTICLES",
    "PERSON_WORDS",
    "PHRASAL",
    "PRONOUN_REFERENCES",
    "REMOVAL_VERBS",
    "SOCIAL_WORDS",
    "SUBJECT_PRONOUNS",
    "SUBORDINATORS",
    "VERBS",
    "WH_WORDS",
]

# Verbs people use to ask for things; any verb works at the head of a sentence, these also
# start a new request after "and" or a comma.
VERBS = frozenset(
    """
    accept access activate add adjust allow apply approve archive arrange ask assign attach authorize
    back bake block book bring browse buy calculate call cancel change charge check choose clean clear
    close collect compare compile complete compose compute configure confirm connect contact convert
    copy correct create cut deactivate debug decline decrease delete deliver deny deploy describe
    disable disconnect dismiss display download draft drop edit email enable end enroll enter escalate
    estimate explain export extend fetch file fill filter find finish fix flag follow forward freeze
    generate get give grab hide hold identify import increase install invite issue join keep launch
    leave let list load locate lock log look lower make mark merge message migrate mind modify monitor
    move mute name notify open order organize pack pause pay pick ping place plan play post postpone
    prepare print process publish pull purchase push put raise rate read rebook receive record recover
    redeem refresh refund register reinstall reject reload remind remove rename renew reopen reorder
    repair repeat replace reply report request reschedule reserve reset resolve restart restore resume
    retrieve return review revoke run save scan schedule search select sell send set share ship show
    shut sign skip snooze sort split start stop store stream submit subscribe summarize suspend swap
    switch sync take tell terminate text track transfer translate turn unblock uninstall unlock
    unmute unsubscribe update upgrade downgrade upload validate verify view void wake withdraw write
    water feed walk wash cook heat cool dim brighten charge top sort tidy fetch buy rent hire
    donate tip split transfer deposit withdraw lodge dispute claim contest appeal investigate
    process approve reimburse bill invoice quote price insure renew unfreeze settle empty fold
    cc bcc dm listen watch
    answer attend bump buzz cancel cash catch celebrate certify chat clone collapse comment compress
    contact count cover crop decrypt define delegate deliver design detect dial dim discard discuss
    dispatch divide double draw drive duplicate edit embed encrypt erase evaluate exchange exit expand
    fax fetch fire fit flip fly focus format forget frame gather go grant greet group guide handle
    hang help highlight host hurry ignore include inform insert inspect invest iron label limit link
    load lock log mail manage map measure meet mention mix name nominate note notify offer order
    outline paint park paste patch pin plant plug pour prefer present preview print prioritize
    proofread protect provide publish purge put query queue quote rank reach rebuild recharge
    recommend reconnect redirect redo reduce refer refill reformat rehearse reload relocate remember
    remind render rent reorganize repost request rescan research reserve resize resend respond
    restock retry revert revise rewind rewrite ring rotate round route sanitize schedule scroll
    seal search shorten shuffle sketch slice snooze solve spell start stash stock submit suggest
    supply surprise swap tag talk teach test thank tidy time trace train transcribe trim trigger
    trust try tune tweak type undo unfollow unpack unpin unsubscribe untag use vacuum verify visit
    vote wait warm warn watch weigh wipe wish wrap zip zoom arrange assemble brief clarify consolidate
    customize grab hail halt kick mop organise prepare recycle refuel reheat renew retire revisit
    rsvp scrub serve shop simplify skim speed sponsor spray stack staple steam stir sweep tighten
    toggle tow transmit unlock unplug unregister upvote mow walk wake vacate fetch defrost preheat
    preorder prepay recharge repay repost reroute reset reactivate unsubscribe refinance downgrade
    wire postpone locate purchase display escalate notify pause free inspect terminate
    """.split()
)

# Things an assistant keeps, books, sends or looks up: a noun phrase headed by one of them, with a
# time, a place or "please", is a request without its verb ("new reminder at three pm"); and the
# events a calendar keeps ("lunch with mom on sunday at noon", "church on sunday").
ASSISTANT_NOUNS = frozenset(
    """
    alarm reminder timer meeting appointment event calendar schedule agenda weather forecast
    temperature ticket flight train bus taxi cab ride hotel table reservation booking email mail
    inbox message notification text news headline traffic recipe list note playlist song music
    podcast radio audiobook date time
    lunch dinner breakfast brunch party birthday anniversary wedding class lesson practice game match
    concert interview conference church gym workout session trip
    rain snow storm sunrise sunset movie film uber lyft pizza coffee dentist doctor haircut checkup
    """.split()
)

# A verb that is a noun before these words: "train tickets to london" asks for tickets.
NOUN_COMPOUNDS: dict[str, frozenset[str]] = {
    "train": frozenset("ticket tickets times timetable schedule station ride".split()),
}

# Words that are nouns as often as verbs: after "and" or a comma they start a request only when
# an object follows (a determiner, a pronoun, a particle or a number).
AMBIGUOUS_VERBS = frozenset(
    """
    back bill book call charge claim clean clear cook cool copy cut email feed file fill fix flag
    freeze heat hold issue list lock log mark message milk mind name order pack park pay plan play
    post price print quote rate record rent report request return review run save sign split store
    stream switch text tip top track turn walk wash water butter iron paint plant ship water time
    """.split()
)

PARTICLES = frozenset("up down off on out in back over away through around about along".split())

# verb -> particles that form one phrasal verb with it ("back up", "turn off", "free up").
PHRASAL: dict[str, frozenset[str]] = {
    verb: frozenset(parts.split())
    for verb, parts in {
        "back": "up", "bring": "up back down over", "call": "back off up", "carry": "out over",
        "check": "in out up on over", "clean": "up out", "clear": "out up off", "close": "down out off up",
        "cut": "off down back out", "dial": "in up down", "drop": "off by", "figure": "out", "fill": "in out up",
        "find": "out", "fix": "up", "follow": "up", "free": "up", "get": "back in out off on up",
        "give": "back up away", "hand": "over in out", "hang": "up", "hold": "off on", "hook": "up",
        "keep": "up", "lay": "out off", "let": "in out", "lock": "up out down", "log": "in out off on",
        "look": "up into over for at after", "listen": "to", "lower": "down", "make": "up", "mark": "down up off",
        "mix": "up",
        "move": "up back out over on", "note": "down", "open": "up", "pay": "off back out", "pick": "up out",
        "print": "out", "pull": "up out back over", "put": "away back down off on out up through",
        "read": "out back over", "ring": "up back", "roll": "back out over", "run": "through over down",
        "scale": "up down back", "send": "out back over off in", "set": "up aside out", "settle": "up",
        "shut": "down off", "sign": "up in out off", "sort": "out", "speed": "up", "spin": "up down",
        "start": "up over", "switch": "off on over", "take": "off out down back over away", "tear": "down",
        "throw": "away out", "tidy": "up", "top": "up", "turn": "on off up down over around",
        "warm": "up", "wind": "down", "wipe": "out", "wrap": "up", "write": "down up out", "zoom": "in out",
        "power": "on off down up", "boot": "up", "dim": "down", "cool": "down",
        "heat": "up", "charge": "up", "load": "up", "stock": "up", "cash": "out in",
        "opt": "out in", "plug": "in", "rule": "out", "single": "out", "block": "out off", "cross": "off out",
        "wake": "up", "ship": "out", "break": "down", "count": "up", "add": "up on",
        "pass": "on along", "fire": "up", "size": "up", "go": "over through back ahead out",
    }.items()
}  # fmt: skip

# Openings that wrap a request without being its action ("Could you please", "I'd like to").
FRAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(frame.split())
    for frame in sorted(
        """
        can you|could you|would you|will you|can u|could u|would you mind|would you be able to|
        could you be able to|are you able to|can i|could i|may i|can we|could we|shall we|
        i'd like to|i would like to|i'd love to|i would love to|i want to|i wanna|i need to|i have to|
        i'd like you to|i want you to|i need you to|i would like you to|we need to|we want to|
        we'd like to|we would like to|i'm trying to|i am trying to|i'm looking to|i am looking to|
        i wish to|i'd want to|is it possible to|would it be possible to|i was wondering if you could|
        i was hoping you could|how do i|how can i|how do we|how can we|how to|help me|help me to|
        let's|lets|go ahead and|please|kindly|pls|plz|just|also|then|first|firstly|second|secondly|
        now|next|finally|lastly|afterwards|additionally|and|so|ok|okay|oh|and also|and then|
        but|plus|i also need you to|i also want to|i also need to|i'd also like to|can you also|
        could you also|you can|you could|try to|quickly|immediately|need to|want to|would like to|
        i'll need you to|i will need you to|i'd appreciate it if you could|please could you|please can you|
        we'll need to|gotta|got to|have to|trying to|looking to|time to|it's time to|can someone|
        could someone|can somebody|could somebody|can anyone|could anyone|would someone|go ahead|
        """.replace("\n", " ").split("|"),
        key=lambda f: -len(f.split()),
    )
    if frame.strip()
)

# People one calls, texts or emails: after "and", "call mom" is a request, not a list item.
PERSON_WORDS = frozenset(
    """
    mom mum mommy mummy mother dad daddy father grandma grandpa granny grandad grandmother grandfather
    nana nan papa gran auntie aunt uncle sis bro brother sister son daughter wife husband hubby boss
    someone somebody everyone everybody
    """.split()
)

# Leading discourse words that never carry the action.
LEAD_WORDS = frozenset("please kindly pls plz just also then first firstly now next finally lastly and so".split())

SUBJECT_PRONOUNS = frozenset("i we you it they he she i'm we're you're it's i've we've you've".split())

DETERMINERS = frozenset(
    """
    the a an my your our their his her its this that these those all any some every each no both
    me us him them it one two three four five six seven eight nine ten another more
    """.split()
)

# Subordinate openings that start a clause of their own.
SUBORDINATORS = frozenset("if unless when whenever until till once before after while because".split())

# Verbs whose "if"/"when" clause is what is asked, not a condition ("tell me when it arrives").
INDIRECT_QUESTION_VERBS = frozenset(
    "tell ask know check see find show explain confirm verify wonder wondering wondered let find out figure remind "
    "learn".split()
)

# Constraint openings (lower-case word sequences) and their kind.
CONSTRAINT_STARTERS: tuple[tuple[tuple[str, ...], str], ...] = tuple(
    (tuple(words.split()), kind)
    for words, kind in sorted(
        [
            ("do not", "prohibition"), ("don't", "prohibition"), ("dont", "prohibition"),
            ("never", "prohibition"), ("avoid", "prohibition"), ("without", "prohibition"),
            ("not", "prohibition"), ("no", "prohibition"), ("please don't", "prohibition"),
            ("please do not", "prohibition"), ("please never", "prohibition"), ("but not", "prohibition"),
            ("do not ever", "prohibition"), ("i don't want", "prohibition"), ("i do not want", "prohibition"),
            ("we don't want", "prohibition"), ("stay away from", "prohibition"), ("nothing", "prohibition"),
            ("make sure", "requirement"), ("please make sure", "requirement"), ("ensure", "requirement"),
            ("be sure to", "requirement"), ("keep", "requirement"), ("only", "requirement"),
            ("always", "requirement"), ("don't forget to", "requirement"), ("remember to", "requirement"),
            ("it must", "requirement"), ("it has to", "requirement"), ("it needs to", "requirement"),
            ("they must", "requirement"), ("you must", "requirement"), ("it should", "requirement"),
            ("must", "requirement"), ("please keep", "requirement"), ("please ensure", "requirement"),
            ("needs to", "requirement"), ("has to", "requirement"), ("it needs", "requirement"),
            ("it's important that", "requirement"), ("it is important that", "requirement"),
            ("preferably", "preference"), ("ideally", "preference"), ("if possible", "preference"),
            ("if you can", "preference"), ("if it's possible", "preference"), ("i'd prefer", "preference"),
            ("i prefer", "preference"), ("i would prefer", "preference"), ("i'd rather", "preference"),
            ("i would rather", "preference"), ("if you could", "preference"), ("where possible", "preference"),
            ("whenever possible", "preference"), ("if available", "preference"), ("optionally", "preference"),
            ("if", "condition"), ("only if", "condition"), ("unless", "condition"), ("when", "condition"),
            ("whenever", "condition"), ("until", "condition"), ("till", "condition"), ("in case", "condition"),
            ("as long as", "condition"), ("provided that", "condition"), ("as soon as", "condition"),
            ("but only if", "condition"), ("only when", "condition"), ("but only when", "condition"),
        ],
        key=lambda item: -len(item[0].split()),
    )
)  # fmt: skip

# Words after which a clause is no longer part of the target.
CUT_WORDS = frozenset("please asap thanks thank pls plz because immediately".split())

SOCIAL_WORDS = frozenset(
    """
    hi hello hey hiya howdy yo greetings thanks thank you thx ty cheers bye goodbye ok okay k great
    cool nice awesome perfect good morning afternoon evening night so much lot very appreciated
    appreciate it sure yes yeah yep no nope fine alright lol haha hmm um uh wow sounds all right
    there everyone folks team much again kind regards best wishes welcome got noted understood
    have day weekend meet to you a your for help the that's that is all it be will was this of lovely
    wonderful amazing brilliant excellent fantastic done bit just really super thats im i'm glad happy
    how are doing going up what's whats today you're best things been
    """.split()
)

WH_WORDS = frozenset("what what's whats where where's when when's who who's which how how's why whose".split())

PRONOUN_REFERENCES = ("that one", "this one", "the same", "those ones", "these ones", "it", "them", "those",
                      "these", "that", "this")  # fmt: skip

# Follow-up turns.
CORRECTION_MARKERS = frozenset("actually instead sorry correction rather oops wait meant no".split())
CORRECTION_VERBS = frozenset("make change switch update set move modify correct adjust".split())
REMOVAL_VERBS = frozenset("forget scratch drop skip cancel remove ignore disregard undo delete".split())
