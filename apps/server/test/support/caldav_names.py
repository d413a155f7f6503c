"""python-caldav against the server: an event saved under a name of the client's choosing is
listed, read, synced and deleted under that name. Prints what the library saw as JSON."""

import json
import sys

import caldav

url, username, password, name, ics = sys.argv[1:6]
client = caldav.DAVClient(url=url, username=username, password=password)
calendar = client.principal().calendars()[0]
target = calendar.url.join(caldav.lib.url.quote(name))

start = calendar.objects_by_sync_token(load_objects=False)
event = caldav.Event(client, url=target, data=ics, parent=calendar)
event.save()
listed = sorted(str(e.url) for e in calendar.events())
read = calendar.event_by_url(target)
read.load()
updated, _ = start.sync()
event.delete()
_, deleted = start.sync()
print(
    json.dumps(
        {
            "target": str(target),
            "listed": listed,
            "read": read.data,
            "updated": [str(o.url) for o in updated],
            "deleted": [str(o.url) for o in deleted],
        }
    )
)
