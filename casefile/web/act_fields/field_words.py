"""The words of an act form's inputs where the model gives none: labels and hints by field (and by
act and field), what one row of a repeating group is called, a choice's value in words, the words
of "none" in an optional choice. In the field's terms, for union staff."""

from __future__ import annotations

from typing import Any

from pydantic.fields import FieldInfo

#: Field name -> (label, hint); (act, field) overrides. In the field's terms, for union staff.
WORDS: dict[Any, tuple[str, str]] = {
    "party": ("Party", "Whose filing this is"),
    "method": ("How it was filed", "E-filing and fax are timely until 11:59 p.m. on the due date at the receiving office"),
    "nlrb": ('Filed with the NLRB?', 'A deadline is met only when the NLRB has received the filing. Not yet: the date above is the day you prepare it, and the deadline stays due until you confirm the e-filing on the case page.'),
    ("confirm-efiling", "filing"): ("Filing number", "The filing prepared in casefile, as the case page lists it"),
    "postmarked_on": ("Postmark date (optional)", "For a filing sent by mail: the postmark date, if it is on the envelope"),
    "note": ("Note (optional)", "Shown on the docket; not part of the filing or order"),
    "service": ("Service on the other parties (optional)",
                "Each party served, how and where. Leave empty to record service on each party's counsel by e-mail "
                "when the filing was received."),
    "service.party": ("Party served", ""),
    "service.person": ("Person served (optional)", "One of the party's counsel, by name; empty: each of its counsel"),
    "service.method": ("How it was served", ""),
    "service.address": ("Address (optional)", "E-mail or postal address; required for fax"),
    "service.on": ("Date served (optional)", "Empty: the day the filing was received"),
    "points": ("Points", "Each point of the brief or statement, one box each. Leave a box empty to leave it out."),
    "grounds": ("Grounds", "Each ground, one box each. Leave a box empty to leave it out."),
    "exceptions": ("Exceptions", "Each finding or recommendation excepted to, with its grounds"),
    "exceptions.excepted_to": ("Finding or recommendation excepted to", "As the report states it, with its page"),
    "exceptions.grounds": ("Grounds", ""),
    "witnesses": ("Witnesses", "The witnesses and what each will say, for each objection (29 CFR 102.66(c))"),
    "witnesses_public": ("The witnesses are in the record",
                         "Clear only when the record has the offer but not its witnesses (then give none)"),
    ("file-objections", "witnesses_public"): ("The offer of proof's witnesses are in the record",
                                              "Clear only when an offer came with the objections but its witnesses "
                                              "are not in the record (then give none)"),
    "date_public": ("The record shows its date", "Clear when the date given is one the record only implies"),
    "inferred_from": ("Only implied by the record (optional)",
                      "Empty when the record has it; else what the record shows instead, after \"The record shows\""),
    "issuer_region_public": ("The record shows which Region issued it", "Clear when it is not known which Region's Director"),
    "challenges_unresolved": ("Challenged ballots still unresolved (optional)", "Of those set for hearing, when the hearing opened; empty: not in the record"),
    "objection_numbers_public": ("The record shows which objections, by number",
                                 "Clear when only how many of each party's are known (the numbers given stand in)"),
    "case.agreement_public": ("The record names the election agreement", "Clear when the agreement given is inferred"),
    "case.petition_filed_on_public": ("The petition date is from the Board's record", "Clear when it is from reports"),
    ("open-hearing", "date_public"): ("The record shows the day it opened",
                                      "Clear when the record holds only the date the hearing was set to open"),
    "witnesses.objection": ("Objection number", "The objection this witness supports, e.g. 1"),
    "witnesses.witness": ("Witness", "Name and role, e.g. Jane Doe, picker"),
    "witnesses.summary": ("Summary of the expected testimony", ""),
    "number": ("Objection number", "As numbered when the objections were filed, e.g. 3"),
    "text": ("The objection as amended", "The full new text of the objection"),
    "why": ("Why", "Why this is done: the docket says so"),
    ("withdraw-objection", "why"): ("Why it is withdrawn", "As the party's request states it: the docket says so"),
    ("amend-objection", "why"): ("Why it is amended", "The docket says so"),
    "ruling": ("The Board's ruling", ""),
    "decision": ("The Board's decision on review",
                 "Only with a grant that decides the case; leave as it is when the decision is to follow"),
    "issuer": ("Issued by (optional)", "Who signed it, e.g. the Regional Director's name"),
    ("board-ruling", "issuer"): ("Issued by (optional)", "The Board members, or \"the Board\""),
    "summary": ("Summary (optional)", "What it orders, in a sentence or two"),
    "result": ("Result", ""),
    "rulings": ("Rulings on the objections", "Each objection ruled on: the party that filed it, its number and the ruling"),
    "rulings.party": ("Party that filed the objection", ""),
    "rulings.number": ("Objection number", "e.g. 1"),
    "rulings.ruling": ("Ruling", ""),
    "at_fault": ("Party whose conduct was objectionable (optional)",
                 "With a set-aside: the party at fault, named in the notice of the second election (Lufkin Rule Co.)"),
    "condition": ("Condition (optional)", "With a set-aside only: the second election is directed only if the revised "
                  "tally shows no majority for a labor organization"),
    "opens_on": ("Date the hearing opens (optional)", "For example, May 16, 2022"),
    "opens_at": ("Time the hearing opens (optional)", "On a 24-hour clock at the office that has the case, like 09:30"),
    ("dismiss-petition", "grounds"): ("Grounds for the dismissal", "As the Regional Director's order states them"),
    "place": ("Place (optional)", "Where the hearing is held, or how (e.g. by videoconference)"),
    "presiding": ("Hearing officer (optional)", "Who presides"),
    ("consolidate-with-ulp", "presiding"): ("Administrative Law Judge (optional)", "Who presides"),
    "objections": ("Objections set for hearing (optional)",
                   "Each party and the numbers of its objections set for hearing, like 1, 3, 4. None: every pending "
                   "objection."),
    "objections.party": ("Party that filed them", ""),
    "objections.numbers": ("Objection numbers", "Separated by commas, like 1, 3, 4"),
    "challenges": ("Set the determinative challenged ballots for hearing too", ""),
    **{(act, "challenges"): ("Rulings on the challenged ballots (optional)",
                             "The challenged ballots set for hearing with the objections: the voters named, or every "
                             "pending ballot with a ground (neither: every pending ballot), and the ruling")
       for act in ("ho-report", "rd-decision", "alj-decision")},
    "challenges.voters": ("Voters (optional)", "The challenged voters ruled on, one name per line"),
    "challenges.ground": ("Ground (optional)", "Every pending ballot challenged on this ground"),
    "challenges.ruling": ("Ruling", "Sustained: never counted; overruled: opened and counted"),
    "ulp_cases": ("Unfair labor practice cases", "One case number per line, like 10-CA-290000"),
    "briefs_due_on": ("Date post-hearing briefs are due (optional)", "As the hearing officer set it"),
    "status": ("Ruling on the challenges", ""),
    "voters": ("Voters", "The challenged voters ruled on, one name per line"),
    "ground": ("Ground (optional)", ""),
    "all_pending": ("Rule on every pending challenge", ""),
    "by": ("Ruled by", ""),
    "reason": ("Reason (optional)", ""),
    "counted": ("Votes counted for each choice", "Each labor organization and the votes the opened ballots gave it"),
    "counted.key": ("Labor organization", "As on the ballot"),
    "counted.value": ("Votes", ""),
    "counted_against": ("Votes counted against", ""),
    "opened": ("Challenged ballots opened (optional)", ""),
    "sustained": ("Challenges sustained (optional)", ""),
    "held_from_on": ("First day of voting (optional)", "For example, February 4, 2022"),
    "held_to_on": ("Last day of voting (optional)", "For example, March 25, 2022"),
    "deadline": ("Deadline number (optional)", "As the case's deadlines list numbers it; or choose its kind below"),
    "kind": ("Which period (optional)", "The period of the case's current election"),
    "due": ("Due date set by the order", "For example, April 29, 2022"),
    "order": ("The order", "Who ordered it and how, e.g. Regional Director's order of April 20, 2022"),
    "until": ("Until (optional)", "The date asked for"),
    "reasons": ("Reasons", "Why the extension is needed (29 CFR 102.2(c))"),
    "positions": ("Other parties' positions (optional)", "Whether the other parties agree"),
    "region": ("Region", "The Region the case is transferred to, e.g. 15"),
    "office": ("Office (optional)", "The receiving office, when the Region has more than one"),
    "running_deadlines": ("Deadlines already running", ""),
    "prepared_on": ("Date the tally was prepared (optional)", ""),
    "choices": ("Votes for each choice", "Each labor organization and its votes"),
    "choices.key": ("Labor organization", "As on the ballot"),
    "choices.value": ("Votes", ""),
    "against": ("Votes against (optional)", ""),
    "challenged": ("Challenged ballots (optional)", ""),
    "void": ("Void ballots (optional)", ""),
    "eligible": ("Approximate number of eligible voters (optional)", ""),
    "eligible_exact": ("The number of eligible voters is exact", ""),
    "name": ("Name", ""),
    "representative": ("Representative (optional)", ""),
    "email": ("E-mail (optional)", ""),
    "address": ("Address (optional)", ""),
    "firm": ("Firm (optional)", ""),
    "phone": ("Telephone (optional)", ""),
    "bar_number": ("Bar number (optional)", ""),
    "unit_description": ("Description of the unit (optional)", ""),
    "agreement": ("Election agreement (optional)", ""),
    "petition_filed_on": ("Date the petition was filed (optional)", ""),
    "consented_by": ("Consent given by", "Who consented to the withdrawal (the Regional Director)"),
    "to": ("Attach to", "The filing the PDF is of, or the act of the Region, the judge or the Board recorded from it"),
    "file": ("The document (PDF)", "The PDF as filed or issued, uploaded from your computer (at most "
             "25 MB unless the instance says otherwise)"),
    "confirmation": ("Confirmation number (optional)", "The e-filing confirmation, if any"),
    "election": ("Election", "Which election of the case this is about"),
    ("file-motion", "to"): ("Made to", "Whom the motion is addressed to: the hearing officer during the hearing, "
                             "the Regional Director, or the Board once the case is before it"),
    ("open-case", "case.number"): ("Case number", "As on the petition, like 19-RC-361042"),
    ("open-case", "case.agreement"): ("Election agreement", "How the election came about: a consent agreement's "
                                      "rulings are the Regional Director's, final (no request for review)"),
    ("open-case", "case.petition_filed_on"): ("Date the petition was filed", "It decides which rules apply"),
    ("open-case", "case.office"): ("Receiving office (optional)",
                                   "Where filings go; empty: the main office of the case number's Region"),
    ("open-case", "case.unit_description"): ("The bargaining unit (optional)",
                                             "As the petition or the election agreement describes it"),
    ("open-case", "counsel.name"): ("Name", "Counsel of record, who signs the filings"),
    ("open-case", "counsel.firm"): ("Firm (optional)", ""),
    ("open-case", "counsel.address"): ("Postal address (optional)", "For the signature block and service"),
    ("open-case", "counsel.phone"): ("Telephone (optional)", ""),
    ("open-case", "counsel.email"): ("E-mail (optional)", "Where the other parties serve your party"),
    ("open-case", "counsel.bar_number"): ("Bar number (optional)", "As printed under the signature, like WSBA No. 41234"),
}


#: What one row of a repeating group is called ("Add another ...").
ITEMS = {"service": "service", "witnesses": "witness", "exceptions": "exception", "points": "point",
         "grounds": "ground", "rulings": "ruling", "objections": "party's objections", "counted": "labor organization",
         "choices": "labor organization", "challenges": "challenge", "parties": "party"}


#: A choice's value -> words (the Literal and enum values of the acts).
OPTION_WORDS: dict[str, str] = {
    "e-filed": "Already e-filed with the NLRB on the date above", "prepared": "Not yet: prepare the PDF",
    "e-filing": "E-filing", "fax": "Fax", "paper": "Paper (hand delivery, mail or delivery service)",
    "email": "E-mail", "mail": "Mail", "overnight": "Overnight delivery service", "hand": "Hand delivery",
    "set-aside": "Set aside: the objections sustained, a new election directed",
    "overrule": "Overruled: the objections overruled", "sustained": "Sustained", "overruled": "Overruled",
    "withdrawn": "Withdrawn", "moot": "Moot", "granted": "Review granted", "denied": "Review denied",
    "remanded": "Remanded to the Regional Director", "affirmed": "Affirmed",
    "open-and-count": "The challenged ballots to be opened and counted",
    "no-union-majority": "Only if the revised tally shows no majority for a labor organization",
    "union-majority": "Only if the revised tally shows a majority for a labor organization (otherwise a certification of results)",
    "stay": "They stay with the receiving office they were computed for", "move": "They move to the new office",
    "consent": "Consent election agreement", "stipulated": "Stipulated election agreement",
    "directed": "Directed election",
}


#: The words of "none" in an optional choice.
NONE_WORDS = {"decision": "None: the decision is to follow", "condition": "None", "kind": "Not stated",
              "agreement": "Not known yet"}


def option_words(value: str, tp: Any) -> str:
    from casefile.vocab import DeadlineKind
    from casefile.web.words import deadline_words

    if isinstance(tp, type) and issubclass(tp, DeadlineKind):
        return deadline_words(value)
    return OPTION_WORDS.get(value) or value.replace("-", " ").capitalize()


def words_of(act_name: str, key: str, info: FieldInfo | None) -> tuple[str, str]:
    if info is not None and info.description:
        label, _, hint = info.description.partition(": ")
        return label, hint
    return WORDS.get((act_name, key)) or WORDS.get(key) or (key.replace("_", " ").capitalize(), "")
