import sharp from 'sharp';
import type { AppDeps } from '../../../http/context.js';
import { type SeededRandom, seededRandom } from '../../../lib/seeded-random.js';
import { ContactNames } from '../contact-names.js';
import { addMessages, type IncomingMessage } from '../store.js';
import {
  CARRIER,
  CITIES,
  CODE_SENDERS,
  FAMILY_LINES,
  FRIEND_LINES,
  NOTICE_SENDERS,
  SURNAMES,
  WORK_LINES,
} from './data.js';

const DAY_MS = 24 * 60 * 60_000;
const SPAN_DAYS = 180;
const RECEIVED = 1;
const SENT = 2;

function fill(rng: SeededRandom, template: string, date: number): string {
  const d = new Date(date + 8 * 3600_000);
  const money = () => (rng.int(100, 99_999) / 100).toFixed(2);
  const values: Record<string, () => string> = {
    date: () => `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`,
    month: () => String(d.getUTCMonth() + 1),
    day: () => String(d.getUTCDate()),
    hh: () => String(d.getUTCHours()).padStart(2, '0'),
    mm: () => String(d.getUTCMinutes()).padStart(2, '0'),
    n: () => String(rng.int(1, 30)),
    m: () => String(rng.int(1, 20)),
    money,
    money2: money,
    money3: () => (rng.int(100_000, 9_999_999) / 100).toFixed(2),
    card: () => rng.digits(4),
    code4: () => `${rng.int(1, 9)}-${rng.int(1, 9)}-${rng.digits(4)}`,
    code6: () => rng.digits(6),
    digits10: () => rng.digits(10),
    digits12: () => rng.digits(12),
    city: () => rng.pick(CITIES),
    surname: () => rng.pick(SURNAMES),
    phone: () => `1${rng.pick(['38', '39', '86'])}${rng.digits(8)}`,
    train: () => String(rng.int(1, 999)),
    car: () => String(rng.int(1, 16)).padStart(2, '0'),
    seat: () => `${rng.int(1, 20)}${rng.pick(['A', 'B', 'C', 'D', 'F'])}`,
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key]?.() ?? whole);
}

/** A moment in the last SPAN_DAYS days, in the waking hours of China time. */
function moment(rng: SeededRandom, now: number): number {
  const dayStart = now - rng.int(0, SPAN_DAYS) * DAY_MS;
  const t = dayStart - (dayStart % DAY_MS) - 8 * 3600_000 + rng.int(8 * 60, 22 * 60 + 30) * 60_000;
  return Math.min(t + rng.int(0, 59_999), now - 30 * 60_000);
}

function notices(
  rng: SeededRandom,
  now: number,
  address: string,
  lines: readonly string[],
  n: number,
): IncomingMessage[] {
  return Array.from({ length: n }, () => {
    const date = moment(rng, now);
    return { address, body: fill(rng, rng.pick(lines), date), date, type: RECEIVED, read: 1, locked: 0 };
  });
}

/** A chat in bursts: a few messages minutes apart, back and forth. */
function chat(
  rng: SeededRandom,
  now: number,
  address: string,
  lines: { received: readonly string[]; sent: readonly string[] },
  n: number,
): IncomingMessage[] {
  const out: IncomingMessage[] = [];
  while (out.length < n) {
    let date = moment(rng, now);
    const burst = rng.int(2, 8);
    for (let i = 0; i < burst && out.length < n; i++) {
      const type = rng.next() < 0.5 ? RECEIVED : SENT;
      out.push({
        // The phone writes a number as it was dialled: both spellings land in one conversation.
        address:
          rng.next() < 0.2 && address.length === 11
            ? `+86 ${address.slice(0, 3)}-${address.slice(3, 7)}-${address.slice(7)}`
            : address,
        body: rng.pick(type === RECEIVED ? lines.received : lines.sent),
        date,
        type,
        read: 1,
        locked: 0,
      });
      date = Math.min(date + rng.int(20_000, 15 * 60_000), now - 10 * 60_000);
    }
  }
  return out;
}

/** The demo picture of the box's one MMS: a small sunset drawn here (no file to ship). */
async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ff9a5a"/><stop offset="1" stop-color="#ffd36e"/></linearGradient></defs>
    <rect width="480" height="320" fill="url(#sky)"/>
    <circle cx="240" cy="210" r="70" fill="#fff3b0"/>
    <rect y="220" width="480" height="100" fill="#3a7bd5"/>
    <path d="M0 250 Q120 230 240 250 T480 250 V320 H0 Z" fill="#2f5fa8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The demo account's box: the carrier, banks, deliveries and verification codes with their 【】
 * signatures, family, work and friends' chats with emoji (several with numbers of the demo
 * contacts, so they show names and avatars), a few favourites and one MMS picture. About 2,500
 * messages in more than 60 conversations.
 */
export async function seedSms(deps: AppDeps, userId: number): Promise<void> {
  const rng = seededRandom(20260108);
  const now = deps.clock.now();
  const messages: IncomingMessage[] = [];
  messages.push(...notices(rng, now, CARRIER.address, CARRIER.lines, 60));
  for (const s of NOTICE_SENDERS) messages.push(...notices(rng, now, s.address, s.lines, rng.int(20, 45)));
  for (const s of CODE_SENDERS) {
    messages.push(...notices(rng, now, s.address, [`【${s.sign}】${s.text}`], rng.int(8, 25)));
  }

  // Numbers of the demo contacts (contacts seed first), mobiles only, in the book's order.
  const book = await new ContactNames(deps.db).all(userId);
  const known = [...book.keys()].filter((a) => /^1\d{10}$/.test(a)).slice(0, 16);
  while (known.length < 16) known.push(`1${rng.pick(['38', '39', '50', '86'])}${rng.digits(8)}`);
  known.forEach((address, i) => {
    const lines = i < 3 ? FAMILY_LINES : i < 9 ? WORK_LINES : { received: FRIEND_LINES, sent: FRIEND_LINES };
    messages.push(...chat(rng, now, address, lines, rng.int(i < 3 ? 150 : 60, i < 3 ? 220 : 120)));
  });
  // Numbers not in the book.
  for (let i = 0; i < 26; i++) {
    const address = `1${rng.pick(['33', '53', '77', '80', '89'])}${rng.digits(8)}`;
    messages.push(...chat(rng, now, address, { received: FRIEND_LINES, sent: FRIEND_LINES }, rng.int(2, 14)));
  }

  messages.sort((a, b) => a.date - b.date);
  // Favourites: some family lines, a train ticket, a bank notice.
  const favourite = (test: (m: IncomingMessage) => boolean, n: number) => {
    for (const m of messages.filter(test).slice(-n)) m.locked = 1;
  };
  favourite((m) => m.address.endsWith(known[0]?.slice(-8) ?? '-') && m.body.includes('❤️'), 2);
  favourite((m) => m.address === '12306', 1);
  favourite((m) => m.address === '95588' && m.body.includes('工资'), 2);
  favourite((m) => m.address.endsWith(known[4]?.slice(-8) ?? '-') && m.type === RECEIVED, 2);

  const family = known[0] as string;
  messages.push({
    address: family,
    body: '今天的晚霞真好看，给你拍了一张🌅',
    date: now - 5 * 60_000,
    type: RECEIVED,
    read: 1,
    locked: 1,
    pictures: [{ mime: 'image/jpeg', name: 'sunset.jpg', bytes: await picture() }],
  });
  for (let i = 0; i < messages.length; i += 1000)
    await addMessages(deps, userId, messages.slice(i, i + 1000));
}
