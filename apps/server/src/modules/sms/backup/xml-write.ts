import { SMS_TYPE_RECEIVED } from '@phonecloud/shared';

/**
 * Writer of the "SMS Backup & Restore" XML (the Android app's format, docs/sms.md): `<smses>`
 * with one `<sms>` per text and one `<mms>` (parts and addresses) per message with pictures.
 */

// XML 1.0 allows tab, line feed and carriage return below 0x20; the rest cannot be written.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

export function xmlAttr(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"'\n\r\t]/g, (c) => ESCAPES[c] as string);
}

/** The phone app's readable_date, in China time (the product's time zone). */
export function readableDate(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

export function xmlHead(count: number, backupDate: number): string {
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n` +
    `<smses count="${count}" backup_date="${backupDate}" type="full">\n`
  );
}
export const XML_TAIL = '</smses>\n';

export interface ExportMessage {
  address: string;
  body: string;
  date: number;
  type: number;
  read: number;
  locked: number;
  contactName: string;
  readable: string;
}

export function smsElement(m: ExportMessage): string {
  return (
    `  <sms protocol="0" address="${xmlAttr(m.address)}" date="${m.date}" type="${m.type}" subject="null" ` +
    `body="${xmlAttr(m.body)}" toa="null" sc_toa="null" service_center="null" read="${m.read}" status="-1" ` +
    `locked="${m.locked}" date_sent="0" readable_date="${m.readable}" contact_name="${xmlAttr(m.contactName)}" />\n`
  );
}

export interface ExportPicture {
  mime: string;
  name: string;
  base64: string;
}

/** An MMS: msg_box 1 received / 2 sent; the sender's addr is type 137, a recipient's 151. */
export function mmsElement(m: ExportMessage, pictures: readonly ExportPicture[]): string {
  const received = m.type === SMS_TYPE_RECEIVED;
  const parts: string[] = [];
  let seq = 0;
  for (const p of pictures) {
    parts.push(
      `      <part seq="${seq++}" ct="${xmlAttr(p.mime)}" name="${xmlAttr(p.name)}" chset="null" cd="null" ` +
        `fn="null" cid="&lt;${xmlAttr(p.name)}&gt;" cl="${xmlAttr(p.name)}" ctt_s="null" ctt_t="null" text="null" data="${p.base64}" />\n`,
    );
  }
  if (m.body) {
    parts.push(
      `      <part seq="${seq++}" ct="text/plain" name="null" chset="106" cd="null" fn="null" cid="&lt;text&gt;" ` +
        `cl="text.txt" ctt_s="null" ctt_t="null" text="${xmlAttr(m.body)}" />\n`,
    );
  }
  const addr = xmlAttr(m.address);
  return (
    `  <mms date="${m.date}" ct_t="application/vnd.wap.multipart.related" msg_box="${received ? 1 : 2}" ` +
    `address="${addr}" m_type="${received ? 132 : 128}" read="${m.read}" locked="${m.locked}" text_only="0" ` +
    `sub="null" date_sent="0" seen="1" readable_date="${m.readable}" contact_name="${xmlAttr(m.contactName)}">\n` +
    `    <parts>\n${parts.join('')}    </parts>\n` +
    `    <addrs>\n      <addr address="${addr}" type="${received ? 137 : 151}" charset="106" />\n    </addrs>\n` +
    '  </mms>\n'
  );
}
