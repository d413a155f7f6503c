import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// smtp-server is a dev dependency of apps/server, hoisted to the root by npm workspaces.
import { SMTPServer } from 'smtp-server';
import { mailText } from './mail-decoding';

export interface SinkMessage {
  channel: 'sms' | 'email';
  to: string;
  text: string;
  /** Milliseconds since the epoch when the sink got it. */
  at: number;
}

export interface Sinks {
  smtpUrl: string;
  smsWebhookUrl: string;
  /** Where the tests read what arrived: GET /messages answers SinkMessage[]. */
  readUrl: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server and an HTTP endpoint standing in for an SMS gateway, keeping every code the
 * portal sends; the same HTTP server lets the tests (in other processes) read them.
 */
export async function startSinks(): Promise<Sinks> {
  const messages: SinkMessage[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nothing to upgrade, so nodemailer must not try.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = mailText(Buffer.concat(chunks).toString('utf8'));
        for (const rcpt of session.envelope.rcptTo) {
          messages.push({ channel: 'email', to: rcpt.address, text, at: Date.now() });
        }
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/messages')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
      return;
    }
    if (req.method === 'POST' && req.url === '/sms') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        const sms = JSON.parse(body) as { phone: string; text: string };
        messages.push({ channel: 'sms', to: sms.phone, text: sms.text, at: Date.now() });
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    smsWebhookUrl: `http://127.0.0.1:${httpPort}/sms`,
    readUrl: `http://127.0.0.1:${httpPort}/messages`,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
