import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
}

/** Delivers codes: e-mail by SMTP, SMS by webhook; with neither, to outbox.log (never the log). */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

export interface MessengerOptions {
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsWebhookUrl: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
}

export function createMessenger(opts: MessengerOptions): Messenger {
  const mailer: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const outbox = path.join(opts.dataDir, 'outbox.log');

  async function toOutbox(m: OutgoingMessage) {
    // Self-hosters without a gateway read codes here; never used once a channel is configured.
    // The log says only that one was written: a code in a log is a code anyone reading it can use.
    opts.log.info({ channel: m.channel }, `code written to ${outbox}`);
    const line = `${new Date().toISOString()}\t${m.channel}\t${m.to}\t${m.text}\n`;
    await appendFile(outbox, line, { mode: 0o600 });
  }

  return {
    async send(m) {
      if (m.channel === 'email' && mailer) {
        await mailer.sendMail({ from: opts.smtpFrom, to: m.to, subject: m.subject, text: m.text });
        return;
      }
      if (m.channel === 'sms' && opts.smsWebhookUrl) {
        const res = await fetch(opts.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: m.to, text: m.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
        return;
      }
      await toOutbox(m);
    },
  };
}
