import {
  AddressType,
  CalendarKind,
  type ContactContent,
  type CsvLayout,
  EmailType,
  EventType,
  isStructuredAddress,
  PhoneType,
  WebsiteType,
} from '@phonecloud/shared';
import { displayNameOf } from '../doc.js';
import { nameParts } from '../vcard/names.js';

type Row = Record<string, string>;

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Google writes several values of one cell (labels, e-mails) joined by this. */
const GOOGLE_JOIN = ' ::: ';

function emptyContent(): ContactContent {
  return {
    name: [],
    organization: [],
    phone: [],
    email: [],
    im: [],
    'postal-address': [],
    event: [],
    note: [],
    nickname: [],
    website: [],
    group: [],
  };
}

/** A person's shown name from its parts: family name first for CJK, as it is written there. */
function joinName(first: string, middle: string, last: string): string {
  if (CJK_RE.test(first + last)) return `${last}${middle}${first}`;
  return [first, middle, last].filter(Boolean).join(' ');
}

/** 'YYYY-MM-DD', '--MM-DD', Outlook's 'M/D/YYYY' (0/0/00 is none), Google's '--MM-DD'. */
function readCsvDate(value: string): string | null {
  const v = value.trim();
  if (!v || v === '0/0/00') return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (iso) return `${iso[1]}-${iso[2]?.padStart(2, '0')}-${iso[3]?.padStart(2, '0')}`;
  const noYear = /^--(\d{1,2})-(\d{1,2})$/.exec(v);
  if (noYear) return `--${noYear[1]?.padStart(2, '0')}-${noYear[2]?.padStart(2, '0')}`;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (us) return `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}`;
  // Anything else goes through the import's own date check, which reports it.
  return v;
}

/** The solar events a CSV can hold: lunar dates have no column any address book reads as lunar. */
const solarEvents = (c: ContactContent) => c.event.filter((e) => e.lunar_or_solar === CalendarKind.SOLAR);

// ---- Google Contacts ("Export" → Google CSV): numbered columns per kind, labels as text.

const GOOGLE_PHONE: Record<number, string> = {
  [PhoneType.MOBILE]: 'Mobile',
  [PhoneType.HOME]: 'Home',
  [PhoneType.WORK]: 'Work',
  [PhoneType.FAX]: 'Work Fax',
  [PhoneType.OTHER]: 'Other',
  [PhoneType.CUSTOM]: 'Other',
};
const GOOGLE_EMAIL: Record<number, string> = {
  [EmailType.PERSONAL]: 'Home',
  [EmailType.WORK]: 'Work',
  [EmailType.CUSTOM]: 'Other',
};
const GOOGLE_ADDRESS: Record<number, string> = {
  [AddressType.HOME]: 'Home',
  [AddressType.WORK]: 'Work',
  [AddressType.OTHER]: 'Other',
  [AddressType.CUSTOM]: 'Other',
};

function googlePhoneType(label: string): number {
  const l = label.toLowerCase();
  if (l.includes('fax')) return PhoneType.FAX;
  if (l.includes('mobile') || l.includes('cell')) return PhoneType.MOBILE;
  if (l.includes('work')) return PhoneType.WORK;
  if (l.includes('home')) return PhoneType.HOME;
  return l ? PhoneType.OTHER : PhoneType.MOBILE;
}
const labelType = (label: string, work: number, home: number, other: number) => {
  const l = label.toLowerCase();
  return l.includes('work') ? work : l.includes('home') ? home : l ? other : home;
};

/** Cells of a numbered kind ('Phone 1 - Value', 'Phone 2 - Value', …), old ('Type') or new ('Label') heads. */
function numbered(row: Row, kind: string, field: string): Array<{ label: string; value: string }> {
  const out: Array<{ label: string; value: string }> = [];
  for (let i = 1; `${kind} ${i} - ${field}` in row; i++) {
    const label = row[`${kind} ${i} - Label`] ?? row[`${kind} ${i} - Type`] ?? '';
    // Google puts several values of one label in one cell.
    for (const value of (row[`${kind} ${i} - ${field}`] ?? '').split(GOOGLE_JOIN)) {
      if (value.trim()) out.push({ label: label.replace(/^\* /, ''), value: value.trim() });
    }
  }
  return out;
}

export function googleRowToContent(row: Row): ContactContent {
  const c = emptyContent();
  const first = row['First Name'] ?? row['Given Name'] ?? '';
  const middle = row['Middle Name'] ?? row['Additional Name'] ?? '';
  const last = row['Last Name'] ?? row['Family Name'] ?? '';
  const display = row.Name || joinName(first, middle, last);
  const phonetic = [
    row['Phonetic Last Name'] ?? row['Family Name Yomi'] ?? '',
    row['Phonetic First Name'] ?? row['Given Name Yomi'] ?? '',
  ]
    .join('')
    .trim();
  c.name.push({ is_primary: 1, display_name: display, given_name: first, phonetic_family_name: phonetic });
  if (row.Nickname) c.nickname.push({ name: row.Nickname, type: 1 });
  const company = row['Organization Name'] ?? row['Organization 1 - Name'] ?? '';
  const title = row['Organization Title'] ?? row['Organization 1 - Title'] ?? '';
  if (company || title) c.organization.push({ is_primary: 0, company, title, type: 1 });
  for (const p of numbered(row, 'Phone', 'Value')) {
    c.phone.push({ is_primary: 0, number: p.value, type: googlePhoneType(p.label) });
  }
  for (const e of numbered(row, 'E-mail', 'Value')) {
    c.email.push({
      is_primary: 0,
      address: e.value,
      type: labelType(e.label, EmailType.WORK, EmailType.PERSONAL, EmailType.CUSTOM),
    });
  }
  for (let i = 1; `Address ${i} - Formatted` in row || `Address ${i} - Street` in row; i++) {
    const cell = (name: string) => (row[`Address ${i} - ${name}`] ?? '').replace(/\s*\n\s*/g, ' ').trim();
    const parts = {
      street: cell('Street'),
      po_box: cell('PO Box'),
      extended: cell('Extended Address'),
      city: cell('City'),
      region: cell('Region'),
      postcode: cell('Postal Code'),
      country: cell('Country'),
    };
    const formatted = cell('Formatted');
    if (!formatted && !Object.values(parts).some(Boolean)) continue;
    const label = row[`Address ${i} - Label`] ?? row[`Address ${i} - Type`] ?? '';
    c['postal-address'].push({
      is_primary: 0,
      // Derived from the parts when there are any besides the street (normalising does it).
      formatted_address: formatted || parts.street,
      ...parts,
      type: labelType(label, AddressType.WORK, AddressType.HOME, AddressType.OTHER),
    });
  }
  for (const w of numbered(row, 'Website', 'Value'))
    c.website.push({ url: w.value, type: WebsiteType.HOMEPAGE });
  const birthday = readCsvDate(row.Birthday ?? '');
  if (birthday)
    c.event.push({ is_primary: 0, start_date: birthday, lunar_or_solar: 0, type: EventType.BIRTHDAY });
  for (const e of numbered(row, 'Event', 'Value')) {
    const date = readCsvDate(e.value);
    const type = /anniversary/i.test(e.label) ? EventType.ANNIVERSARY : EventType.OTHER;
    if (date) c.event.push({ is_primary: 0, start_date: date, lunar_or_solar: 0, type });
  }
  if (row.Notes?.trim()) c.note.push({ note: row.Notes.trim() });
  // Google's own system groups ('* myContacts', '* starred') are not the user's groups.
  for (const g of (row.Labels ?? row['Group Membership'] ?? '').split(GOOGLE_JOIN)) {
    const title = g.trim();
    if (title && !title.startsWith('* ')) c.group.push({ groupTitle: title });
  }
  return c;
}

/** How many of each repeated kind the widest contact has: Google's CSV has that many column groups. */
interface GoogleCounts {
  phones: number;
  emails: number;
  addresses: number;
  websites: number;
  events: number;
}

function googleRows(contents: readonly ContactContent[]): { header: string[]; rows: string[][] } {
  const max = (f: (c: ContactContent) => number) => Math.max(1, ...contents.map(f));
  const counts: GoogleCounts = {
    phones: max((c) => c.phone.length),
    emails: max((c) => c.email.length),
    addresses: max((c) => c['postal-address'].length),
    websites: max((c) => c.website.length),
    events: max((c) => solarEvents(c).filter((e) => e.type !== EventType.BIRTHDAY).length),
  };
  return { header: googleHeader(counts), rows: contents.map((c) => googleRow(c, counts)) };
}

function googleHeader({ phones, emails, addresses, websites, events }: GoogleCounts): string[] {
  const header = [
    'First Name',
    'Middle Name',
    'Last Name',
    'Phonetic First Name',
    'Phonetic Middle Name',
    'Phonetic Last Name',
    'Name Prefix',
    'Name Suffix',
    'Nickname',
    'File As',
    'Organization Name',
    'Organization Title',
    'Organization Department',
    'Birthday',
    'Notes',
    'Labels',
  ];
  for (let i = 1; i <= emails; i++) header.push(`E-mail ${i} - Label`, `E-mail ${i} - Value`);
  for (let i = 1; i <= phones; i++) header.push(`Phone ${i} - Label`, `Phone ${i} - Value`);
  for (let i = 1; i <= addresses; i++) {
    header.push(
      `Address ${i} - Label`,
      `Address ${i} - Formatted`,
      `Address ${i} - Street`,
      `Address ${i} - City`,
      `Address ${i} - PO Box`,
      `Address ${i} - Region`,
      `Address ${i} - Postal Code`,
      `Address ${i} - Country`,
      `Address ${i} - Extended Address`,
    );
  }
  for (let i = 1; i <= websites; i++) header.push(`Website ${i} - Label`, `Website ${i} - Value`);
  for (let i = 1; i <= events; i++) header.push(`Event ${i} - Label`, `Event ${i} - Value`);
  return header;
}

function googleRow(
  c: ContactContent,
  { phones, emails, addresses, websites, events }: GoogleCounts,
): string[] {
  const display = displayNameOf(c);
  const parts = nameParts(display, c.name[0]?.given_name ?? '');
  const org = c.organization[0];
  const birthday = solarEvents(c).find((e) => e.type === EventType.BIRTHDAY);
  const row: string[] = [
    parts.given,
    '',
    parts.family,
    '',
    '',
    c.name[0]?.phonetic_family_name ?? '',
    '',
    '',
    c.nickname[0]?.name ?? '',
    display,
    org?.company ?? '',
    org?.title ?? '',
    '',
    birthday?.start_date ?? '',
    c.note.map((n) => n.note).join('\n'),
    ['* myContacts', ...c.group.map((g) => g.groupTitle)].join(GOOGLE_JOIN),
  ];
  const pad = <T>(list: readonly T[], n: number, cells: (x: T) => string[], width: number) => {
    for (let i = 0; i < n; i++) {
      const x = list[i];
      row.push(...(x === undefined ? new Array<string>(width).fill('') : cells(x)));
    }
  };
  pad(c.email, emails, (e) => [GOOGLE_EMAIL[e.type] ?? 'Other', e.address], 2);
  pad(c.phone, phones, (p) => [GOOGLE_PHONE[p.type] ?? 'Other', p.number], 2);
  pad(
    c['postal-address'],
    addresses,
    (a) => [
      GOOGLE_ADDRESS[a.type] ?? 'Other',
      a.formatted_address,
      a.street,
      a.city,
      a.po_box,
      a.region,
      a.postcode,
      a.country,
      a.extended,
    ],
    9,
  );
  pad(c.website, websites, (w) => ['', w.url], 2);
  const others = solarEvents(c).filter((e) => e !== birthday && e.type !== EventType.BIRTHDAY);
  pad(others, events, (e) => [e.type === EventType.ANNIVERSARY ? 'Anniversary' : 'Other', e.start_date], 2);
  return row;
}

// ---- Outlook ("Export to a file" → Comma Separated Values): one fixed column per kind.

const OUTLOOK_PHONES: Array<[string, number]> = [
  ['Mobile Phone', PhoneType.MOBILE],
  ['Home Phone', PhoneType.HOME],
  ['Home Phone 2', PhoneType.HOME],
  ['Business Phone', PhoneType.WORK],
  ['Business Phone 2', PhoneType.WORK],
  ['Business Fax', PhoneType.FAX],
  ['Home Fax', PhoneType.FAX],
  ['Other Phone', PhoneType.OTHER],
  ['Primary Phone', PhoneType.OTHER],
  ['Company Main Phone', PhoneType.WORK],
  ['Pager', PhoneType.OTHER],
  ['Car Phone', PhoneType.OTHER],
];
const OUTLOOK_EMAILS = ['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address'];
const OUTLOOK_ADDRESSES: Array<[string, number]> = [
  ['Home', AddressType.HOME],
  ['Business', AddressType.WORK],
  ['Other', AddressType.OTHER],
];
/** An Outlook address's columns after its prefix ('Home Street'...). */
const OUTLOOK_ADDRESS_CELLS = [
  'Street',
  'Street 2',
  'City',
  'State',
  'Postal Code',
  'Country/Region',
  'PO Box',
];
const OUTLOOK_HEADER = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Nickname',
  'Given Yomi',
  'Surname Yomi',
  ...OUTLOOK_EMAILS,
  ...OUTLOOK_PHONES.map(([h]) => h),
  'Company',
  'Job Title',
  ...OUTLOOK_ADDRESSES.flatMap(([p]) => OUTLOOK_ADDRESS_CELLS.map((x) => `${p} ${x}`)),
  'Web Page',
  'Birthday',
  'Anniversary',
  'Notes',
  'Categories',
];

export function outlookRowToContent(row: Row): ContactContent {
  const c = emptyContent();
  const first = row['First Name'] ?? '';
  const last = row['Last Name'] ?? '';
  const display = joinName(first, row['Middle Name'] ?? '', last);
  const phonetic = `${row['Surname Yomi'] ?? ''}${row['Given Yomi'] ?? ''}`.trim();
  c.name.push({ is_primary: 1, display_name: display, given_name: first, phonetic_family_name: phonetic });
  if (row.Nickname) c.nickname.push({ name: row.Nickname, type: 1 });
  if (row.Company || row['Job Title']) {
    c.organization.push({
      is_primary: 0,
      company: row.Company ?? '',
      title: row['Job Title'] ?? '',
      type: 1,
    });
  }
  for (const [head, type] of OUTLOOK_PHONES) {
    const v = row[head]?.trim();
    if (v) c.phone.push({ is_primary: 0, number: v, type });
  }
  for (const head of OUTLOOK_EMAILS) {
    const v = row[head]?.trim();
    if (v) c.email.push({ is_primary: 0, address: v, type: EmailType.PERSONAL });
  }
  for (const [p, type] of OUTLOOK_ADDRESSES) {
    const cell = (name: string) => (row[`${p} ${name}`] ?? '').replace(/\s*\n\s*/g, ' ').trim();
    const parts = {
      street: cell('Street'),
      // Outlook's third street line has no ADR part of its own: it goes with the second.
      extended: [cell('Street 2'), cell('Street 3')].filter(Boolean).join(' '),
      po_box: cell('PO Box'),
      city: cell('City'),
      region: cell('State'),
      postcode: cell('Postal Code'),
      country: cell('Country/Region'),
    };
    if (!Object.values(parts).some(Boolean)) continue;
    // The text follows from the parts (normalising joins them); a street alone is the text.
    c['postal-address'].push({ is_primary: 0, formatted_address: parts.street, ...parts, type });
  }
  const web = row['Web Page']?.trim() || row['Personal Web Page']?.trim();
  if (web) c.website.push({ url: web, type: WebsiteType.HOMEPAGE });
  const birthday = readCsvDate(row.Birthday ?? '');
  if (birthday)
    c.event.push({ is_primary: 0, start_date: birthday, lunar_or_solar: 0, type: EventType.BIRTHDAY });
  const anniversary = readCsvDate(row.Anniversary ?? '');
  if (anniversary) {
    c.event.push({ is_primary: 0, start_date: anniversary, lunar_or_solar: 0, type: EventType.ANNIVERSARY });
  }
  if (row.Notes?.trim()) c.note.push({ note: row.Notes.trim() });
  for (const g of (row.Categories ?? '').split(';')) if (g.trim()) c.group.push({ groupTitle: g.trim() });
  return c;
}

function outlookRows(contents: readonly ContactContent[]): { header: string[]; rows: string[][] } {
  const rows = contents.map((c) => {
    const display = displayNameOf(c);
    const parts = nameParts(display, c.name[0]?.given_name ?? '');
    const cells: Row = {
      'First Name': parts.given,
      'Last Name': parts.family,
      Nickname: c.nickname[0]?.name ?? '',
      'Surname Yomi': c.name[0]?.phonetic_family_name ?? '',
      Company: c.organization[0]?.company ?? '',
      'Job Title': c.organization[0]?.title ?? '',
      'Web Page': c.website[0]?.url ?? '',
      Notes: c.note.map((n) => n.note).join('\n'),
      Categories: c.group.map((g) => g.groupTitle).join(';'),
    };
    // Each phone to the first free column of its kind; one more of a kind than Outlook has is left out.
    for (const p of c.phone) {
      const head =
        OUTLOOK_PHONES.find(([h, t]) => t === p.type && !cells[h])?.[0] ??
        (cells['Other Phone'] ? undefined : 'Other Phone');
      if (head) cells[head] = p.number;
    }
    c.email.slice(0, OUTLOOK_EMAILS.length).forEach((e, i) => {
      cells[OUTLOOK_EMAILS[i] as string] = e.address;
    });
    for (const a of c['postal-address']) {
      const prefix = OUTLOOK_ADDRESSES.find(
        ([p, t]) => t === a.type && !OUTLOOK_ADDRESS_CELLS.some((x) => cells[`${p} ${x}`]),
      )?.[0];
      if (!prefix) continue;
      // Each part in its column; an address of one text only (no parts) goes in Street whole.
      cells[`${prefix} Street`] = isStructuredAddress(a) ? a.street : a.formatted_address || a.street;
      cells[`${prefix} Street 2`] = a.extended;
      cells[`${prefix} City`] = a.city;
      cells[`${prefix} State`] = a.region;
      cells[`${prefix} Postal Code`] = a.postcode;
      cells[`${prefix} Country/Region`] = a.country;
      cells[`${prefix} PO Box`] = a.po_box;
    }
    const solar = solarEvents(c);
    cells.Birthday = solar.find((e) => e.type === EventType.BIRTHDAY)?.start_date ?? '';
    cells.Anniversary = solar.find((e) => e.type === EventType.ANNIVERSARY)?.start_date ?? '';
    return OUTLOOK_HEADER.map((h) => cells[h] ?? '');
  });
  return { header: OUTLOOK_HEADER, rows };
}

/** Which layout a CSV file's header row is, by columns only that layout has; null for neither. */
export function layoutOf(header: readonly string[]): CsvLayout | null {
  const has = (h: string) => header.includes(h);
  if (has('E-mail 1 - Value') || has('Phone 1 - Value') || has('Given Name') || has('Labels'))
    return 'google';
  if (has('E-mail Address') || has('Mobile Phone') || has('Business Phone') || has('Home Phone'))
    return 'outlook';
  return null;
}

export const rowToContent: Record<CsvLayout, (row: Row) => ContactContent> = {
  google: googleRowToContent,
  outlook: outlookRowToContent,
};
export const contentsToRows: Record<
  CsvLayout,
  (contents: readonly ContactContent[]) => { header: string[]; rows: string[][] }
> = {
  google: googleRows,
  outlook: outlookRows,
};
