import {
  AVATAR_FID,
  type ContactContent,
  normalizeContactContent,
  validateContactContent,
} from '@phonecloud/shared';
import sharp from 'sharp';
import type { AppDeps } from '../../../http/context.js';
import { type SeededRandom, seededRandom } from '../../../lib/seeded-random.js';
import { changeBook } from '../book.js';
import type { ContactBody } from '../doc.js';
import { AvatarService } from '../files/avatar.js';
import {
  AVATAR_COLOURS,
  COMPANIES,
  GIVEN_CHARS,
  GROUPS,
  LATIN_FIRST,
  LATIN_LAST,
  MAIL_DOMAINS,
  NICKNAMES,
  NOTES,
  PLACES,
  SURNAMES,
  TITLES,
} from './demo-data.js';

const DAY_MS = 24 * 60 * 60_000;
const DEMO_SIZE = 320;

const PINYIN_MAIL = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'zhao', 'sun', 'zhou', 'wu', 'xu', 'hu'];

function person(rng: SeededRandom, i: number): ContactContent {
  const latin = i % 7 === 3;
  const given = latin
    ? rng.pick(LATIN_FIRST)
    : rng.pick(GIVEN_CHARS) + (rng.chance(0.7) ? rng.pick(GIVEN_CHARS) : '');
  const family = latin ? rng.pick(LATIN_LAST) : rng.pick(SURNAMES);
  const display = latin ? `${given} ${family}` : family + given;
  const mobile = `1${rng.pick(['38', '39', '50', '58', '86', '88', '35', '77'])}${rng.digits(8)}`;
  const c: Record<string, unknown> = {
    name: [{ is_primary: 1, display_name: display, given_name: given }],
    phone: [
      {
        is_primary: 1,
        number: rng.chance(0.3) ? `${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}` : mobile,
        type: 2,
      },
    ],
  };
  const phones = c.phone as Array<Record<string, unknown>>;
  if (rng.chance(0.25))
    phones.push({
      number: `0${rng.pick(['10', '21', '20', '755', '571'])}-${rng.digits(8)}`,
      type: rng.pick([1, 3]),
    });
  if (rng.chance(0.05)) phones.push({ number: `0${rng.pick(['10', '21'])}-${rng.digits(8)}`, type: 4 });
  if (rng.chance(0.55)) {
    const local = latin
      ? `${given}.${family}`.toLowerCase().replace(/[^a-z.]/g, '')
      : `${rng.pick(PINYIN_MAIL)}${rng.digits(3)}`;
    c.email = [{ address: `${local}@${rng.pick(MAIL_DOMAINS)}`, type: 1 }];
  }
  if (rng.chance(0.45)) {
    const company = rng.pick(COMPANIES);
    c.organization = [{ company, title: rng.pick(TITLES), type: 1 }];
    if (rng.chance(0.4)) {
      const work = { address: `${rng.pick(PINYIN_MAIL)}${rng.digits(2)}@corp-${i}.cn`, type: 2 };
      c.email = [...((c.email as unknown[] | undefined) ?? []), work];
    }
  }
  if (rng.chance(0.3)) {
    const [city, street] = rng.pick(PLACES);
    // Parts kept apart (the text is joined from them): '北京市朝阳区建国路88号'.
    c['postal-address'] = [{ city, street, type: rng.pick([1, 2]) }];
  }
  if (rng.chance(0.35)) {
    const y = 1960 + Math.floor(rng.next() * 45);
    const m = 1 + Math.floor(rng.next() * 12);
    const d = 1 + Math.floor(rng.next() * 28);
    const lunar = rng.chance(0.3);
    c.event = [{ start_date: `${y}-${m}-${d}`, lunar_or_solar: lunar ? 1 : 0, type: 3 }];
  }
  if (rng.chance(0.15)) c.note = [{ note: rng.pick(NOTES) }];
  if (rng.chance(0.1)) c.nickname = [{ name: rng.pick(NICKNAMES), type: 1 }];
  if (rng.chance(0.2))
    c.im = [{ protocol: 4, address: `${1 + Math.floor(rng.next() * 9)}${rng.digits(8)}`, type: 3 }];
  if (rng.chance(0.05)) c.website = [{ url: `https://blog.example.com/u${i}`, type: 2 }];
  if (rng.chance(0.5)) c.group = [{ groupTitle: rng.pick(GROUPS) }];
  return normalizeContactContent(c);
}

/** A generic head-and-shoulders picture in one colour: no font needed. */
async function avatarImage(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160">
<rect width="160" height="160" fill="${colour}"/>
<circle cx="80" cy="62" r="30" fill="#ffffff" fill-opacity="0.9"/>
<ellipse cx="80" cy="150" rx="52" ry="44" fill="#ffffff" fill-opacity="0.9"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Possible duplicates for the merge screen: the same person written another way. */
function variant(rng: SeededRandom, c: ContactContent, kind: number): ContactContent {
  const copy = normalizeContactContent(structuredClone(c));
  const number = copy.phone[0]?.number.replace(/\s/g, '') ?? '';
  if (kind === 0)
    copy.phone = [
      {
        is_primary: 1,
        number: `+86 ${number.slice(0, 3)}-${number.slice(3, 7)}-${number.slice(7)}`,
        type: 2,
      },
    ];
  if (kind === 1)
    copy.phone = [{ is_primary: 1, number: `1${rng.pick(['39', '86'])}${rng.digits(8)}`, type: 2 }];
  if (kind === 2)
    copy.name = [
      {
        is_primary: 1,
        display_name: `${copy.name[0]?.display_name}(公司)`,
        given_name: '',
        phonetic_family_name: '',
      },
    ];
  copy.group = [];
  return copy;
}

/**
 * The demo account's book: 320 people with Chinese and Latin names, six groups, a dozen
 * avatars, identical and look-alike entries for the merge screen, written in three batches
 * days apart (so the time machine has nodes) and a few entries in the recycle bin.
 */
export async function seedContacts(deps: AppDeps, userId: number): Promise<void> {
  const rng = seededRandom(20260101);
  const avatars = new AvatarService(deps);
  const people = Array.from({ length: DEMO_SIZE }, (_, i) => person(rng, i));
  const bodies: ContactBody[] = [];
  for (const [i, content] of people.entries()) {
    const checked = validateContactContent(content);
    if (!checked.ok) continue;
    const attachment =
      i % 25 === 1
        ? [
            {
              fid: AVATAR_FID,
              cloud_path: await avatars.store(
                userId,
                await avatarImage(AVATAR_COLOURS[i % AVATAR_COLOURS.length] as string),
                'demo.jpg',
              ),
            },
          ]
        : [];
    bodies.push({ content: checked.content, attachment });
  }
  const twins = [5, 17, 42, 99].map((i) => bodies[i]).filter((b): b is ContactBody => b !== undefined);
  const lookalikes = [8, 23, 61, 130, 201, 250].flatMap((i, k) => {
    const b = bodies[i];
    return b ? [{ content: variant(rng, b.content, k % 3), attachment: [] }] : [];
  });

  const now = deps.clock.now();
  const at = (t: number) => ({ ...deps, clock: { now: () => t } });
  const write = async (t: number, list: ContactBody[]) =>
    changeBook(at(t), userId, async (change) => {
      if (list === bodies) await change.repo.insertGroups(userId, GROUPS, t);
      const ids = await change.allocateIds(list.length);
      for (const [i, b] of list.entries()) change.insert(ids[i] as number, structuredClone(b));
      return ids;
    });
  const first = await write(now - 3 * DAY_MS, bodies);
  await write(now - 2 * DAY_MS, [...twins, ...lookalikes]);
  // A few contacts deleted an hour ago: the recycle bin and the time machine have something to show.
  const doomed = [50, 120, 180, 240, 300].flatMap((i) => {
    const id = first.result[i];
    return id === undefined ? [] : [id];
  });
  await changeBook(at(now - 60 * 60_000), userId, (change) => change.toRecycleBin(doomed));
}
