// A process of bench phones, each holding a command poll against one server, as the reference
// phone does: a receipt is the moment its poll answers with the command (sent to the parent as
// wall-clock milliseconds, comparable across processes); it then acknowledges, reports the
// result and polls again. The find-scale bench spreads its phones over several of these, so no
// process holds more sockets than its file-descriptor limit allows.
// Messages from the parent: {type: 'start', url, tokens}, {type: 'stop'}.
const POLL_WAIT_MS = 25_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const wallNow = () => performance.timeOrigin + performance.now();

let stopped = false;
let loops = [];

function call(url, token, pathname, body) {
  return fetch(url + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then((r) => r.json());
}

async function phone(url, token) {
  while (!stopped) {
    let res;
    try {
      res = await call(url, token, '/device/v1/commands/poll', { wait_ms: POLL_WAIT_MS });
    } catch {
      await sleep(500);
      continue;
    }
    const at = wallNow();
    for (const c of res.data?.commands ?? []) {
      process.send?.({ type: 'receipt', id: c.command_id, at });
      try {
        await call(url, token, '/device/v1/commands/ack', { command_id: c.command_id });
        await call(url, token, '/device/v1/commands/result', { command_id: c.command_id, success: true });
      } catch {
        // The server is going away at the end of the run.
      }
    }
  }
}

process.on('message', async (msg) => {
  if (msg.type === 'start') {
    loops = msg.tokens.map((token) => phone(msg.url, token));
    process.send?.({ type: 'started' });
  } else if (msg.type === 'stop') {
    stopped = true;
    await Promise.race([Promise.all(loops), sleep(POLL_WAIT_MS + 5_000)]);
    process.exit(0);
  }
});
