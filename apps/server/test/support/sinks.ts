import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  to: string;
  text: string;
  subject?: string;
}

/** Decodes the single-part text mails the server sends (base64 or quoted-printable, UTF-8). */
function decodeMail(raw: string): { text: string; subject: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  const qp = (v: string) =>
    Buffer.from(
      v
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  const rawSubject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  const subject = rawSubject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
  );
  return { text, subject };
}

/** A real SMTP server that keeps every message it is given. */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: SinkMessage[];
  close(): Promise<void>;
}> {
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        messages.push({ to, ...decodeMail(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * An HTTP endpoint standing in for an SMS gateway: keeps the JSON `{phone, text}` it receives.
 * Given a port, it listens there: a gateway coming back where the server already points.
 */
export async function startWebhookSink(port = 0): Promise<{
  url: string;
  messages: SinkMessage[];
  close(): Promise<void>;
}> {
  const messages: SinkMessage[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as { phone: string; text: string };
      messages.push({ to: parsed.phone, text: parsed.text });
      res.writeHead(204).end();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/sms`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code of the last message to `to`. */
export function codeFor(messages: SinkMessage[], to: string): string {
  const m = [...messages].reverse().find((s) => s.to.includes(to));
  const code = m?.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
  if (!code) throw new Error(`no code was delivered to ${to}`);
  return code;
}
