import ICAL from 'ical.js';

type Prop = [string, Record<string, unknown>, string, ...unknown[]];

/**
 * A card's properties as comparable texts, in a fixed order (order and folding aside, as a client
 * may write them); REV says when the card was written and is left out.
 */
export function propsOf(text: string): string[] {
  const jcard = ICAL.parse(text) as [string, Prop[], unknown[]];
  return jcard[1]
    .filter((p) => p[0] !== 'rev')
    .map((p) => {
      const params = Object.entries(p[1])
        .map(([k, v]) => [k.toLowerCase(), v] as const)
        .sort(([a], [b]) => a.localeCompare(b));
      return JSON.stringify([p[0], params, ...p.slice(3)]);
    })
    .sort();
}

/** The texts of `a` that `b` lacks, each counted. */
export function minus(a: string[], b: string[]): string[] {
  const left = [...b];
  return a.filter((x) => {
    const i = left.indexOf(x);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/**
 * A card as iOS writes one (its labels in item groups, X-ABLabel, social profiles, IMPP, ROLE,
 * phonetic names, a related name), with N's five parts and ORG's units: the shapes issue reports
 * and Apple's own exports show.
 */
export const IOS_SHAPED_CARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.4//EN',
  'UID:9F1B2C3D-IOS-0001',
  'N:Smith;John;Michael;Dr.;Jr.',
  'FN:Dr. John Michael Smith Jr.',
  'X-PHONETIC-FIRST-NAME:Jon',
  'X-PHONETIC-LAST-NAME:Smyth',
  'ORG:腾讯;微信事业群',
  'TITLE:产品经理',
  'ROLE:负责人',
  'item1.EMAIL;type=INTERNET:john@example.com',
  'item1.X-ABLabel:学校',
  'TEL;type=CELL;type=VOICE;type=pref:+86 139 0000 0001',
  'item2.TEL:010-88886666',
  'item2.X-ABLabel:_$!<AssistantPhone>!$_',
  'item3.X-ABRELATEDNAMES:Jane Smith',
  'item3.X-ABLabel:_$!<Spouse>!$_',
  'X-SOCIALPROFILE;type=twitter;x-user=jsmith:http://twitter.com/jsmith',
  'IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:john.smith',
  'NOTE:第一行\\n第二行',
  'X-CUSTOM-THING;X-PARAM=1:kept as it is',
  'END:VCARD',
  '',
].join('\r\n');
