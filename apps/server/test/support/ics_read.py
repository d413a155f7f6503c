"""Reads an iCalendar file from stdin with Python's icalendar (Debian python3-icalendar) and
prints what the calendar tests check as JSON: a second parser, independent of the server's."""

import json
import sys

try:
    from icalendar import Calendar
except ImportError:
    sys.stderr.write("the Python module icalendar is missing: apt-get install python3-icalendar\n")
    sys.exit(3)

TIMED = ("DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE", "RDATE")


def values(prop):
    """The dates or date-times of a property that may repeat and hold several values."""
    out = []
    for p in prop if isinstance(prop, list) else [prop]:
        dts = getattr(p, "dts", None)
        if dts is not None:
            out.extend(d.dt.isoformat() for d in dts)
        else:
            out.append(p.dt.isoformat())
    return out


def zones_named(component):
    ids = set()
    for name in TIMED:
        prop = component.get(name)
        if prop is None:
            continue
        for p in prop if isinstance(prop, list) else [prop]:
            tzid = p.params.get("TZID")
            if tzid:
                ids.add(str(tzid))
    return ids


cal = Calendar.from_ical(sys.stdin.buffer.read())
events = []
used = set()
for ev in cal.walk("VEVENT"):
    used |= zones_named(ev)
    rrule = ev.get("RRULE")
    events.append(
        {
            "uid": str(ev.get("UID")) if ev.get("UID") is not None else None,
            "dtstamp": ev.decoded("DTSTAMP").isoformat() if ev.get("DTSTAMP") is not None else None,
            "summary": str(ev.get("SUMMARY", "")),
            "location": str(ev.get("LOCATION", "")),
            "description": str(ev.get("DESCRIPTION", "")),
            "start": ev.decoded("DTSTART").isoformat(),
            "start_tzid": ev["DTSTART"].params.get("TZID"),
            "start_is_date": ev["DTSTART"].params.get("VALUE") == "DATE"
            or len(ev["DTSTART"].to_ical()) == 8,
            "end": ev.decoded("DTEND").isoformat() if ev.get("DTEND") is not None else None,
            "rrule": rrule.to_ical().decode() if rrule is not None else None,
            "exdates": values(ev["EXDATE"]) if ev.get("EXDATE") is not None else [],
            "rdates": values(ev["RDATE"]) if ev.get("RDATE") is not None else [],
            "recurrence_id": values(ev["RECURRENCE-ID"])[0] if ev.get("RECURRENCE-ID") is not None else None,
            "lunar": str(ev.get("X-LUNAR-DATE")) if ev.get("X-LUNAR-DATE") is not None else None,
            "alarms": [str(a.get("TRIGGER").to_ical().decode()) for a in ev.walk("VALARM")],
        }
    )
print(
    json.dumps(
        {
            "prodid": str(cal.get("PRODID", "")),
            "version": str(cal.get("VERSION", "")),
            "zones": sorted(str(z.get("TZID")) for z in cal.walk("VTIMEZONE")),
            "zones_used": sorted(used),
            "events": events,
        },
        ensure_ascii=False,
    )
)
