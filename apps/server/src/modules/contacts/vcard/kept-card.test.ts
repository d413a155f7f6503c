import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ContactContent, checkContactContent, normalizeContactContent } from '@phonecloud/shared';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { cardToKeep, mergeKeptCard } from './kept-card.js';
import { decodeVcardFile, splitCards } from './lines.js';
import { preparePiece } from './prepare.js';

const CORPUS = path.join(import.meta.dirname, '../../../../test/fixtures/vcards');

type Prop = [string, Record<string, unknown>, string, ...unknown[]];

/** Every card of the test corpus that can be kept, with the file it came from. */
function corpusCards(): Array<{ where: string; kept: string }> {
  const out: Array<{ where: string; kept: string }> = [];
  for (const folder of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(path.join(CORPUS, folder.name))) {
      if (!file.endsWith('.vcf')) continue;
      const text = decodeVcardFile(readFileSync(path.join(CORPUS, folder.name, file)));
      splitCards(text).forEach((raw, i) => {
        const kept = cardToKeep(raw);
        if (kept) out.push({ where: `${folder.name}/${file}#${i + 1}`, kept });
      });
    }
  }
  return out;
}

/** The content a CardDAV PUT of the card stores (null: the card is refused or a group). */
function storedContent(kept: string): ContactContent | null {
  const card = preparePiece(kept)[0];
  if (card?.ok !== true) return null;
  const checked = checkContactContent(
    normalizeContactContent((JSON.parse(card.body) as { content: unknown }).content),
    { phoneLetters: true },
  );
  return checked.ok ? checked.content : null;
}

/** A card's properties as comparable texts, REV left out (it says when the card was written). */
function propsOf(card: string): string[] {
  const jcard = ICAL.parse(card) as [string, Prop[], unknown[]];
  return jcard[1]
    .filter((p) => p[0] !== 'rev')
    .map((p) => {
      const params = Object.fromEntries(
        Object.entries(p[1])
          .map(([k, v]) => [k.toLowerCase(), v] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
      return JSON.stringify([p[0], params, ...p.slice(3)]);
    })
    .sort();
}

const minus = (a: string[], b: string[]) => {
  const left = [...b];
  return a.filter((x) => {
    const i = left.indexOf(x);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
};

const cards = corpusCards().flatMap((c) => {
  const content = storedContent(c.kept);
  return content ? [{ ...c, content }] : [];
});

describe('kept cards', () => {
  it('the corpus has cards to check', () => {
    expect(cards.length).toBeGreaterThan(80);
  });

  it.each(cards.map((c) => [c.where, c] as const))('%s comes back property by property', (_w, c) => {
    const merged = mergeKeptCard({ card: c.kept, photo: null }, c.content, undefined, { rev: 1 });
    expect(propsOf(merged)).toEqual(propsOf(c.kept));
  });

  it.each(cards.filter((c) => c.content.phone.length > 0).map((c) => [c.where, c] as const))(
    '%s: a phone changed in the portal changes that phone only',
    (_w, c) => {
      const content = structuredClone(c.content);
      const phone = content.phone[0];
      if (!phone) throw new Error('no phone');
      phone.number = '13900000001';
      const merged = mergeKeptCard({ card: c.kept, photo: null }, content, undefined, { rev: 1 });
      const gone = minus(propsOf(c.kept), propsOf(merged));
      const added = minus(propsOf(merged), propsOf(c.kept));
      expect(added.filter((p) => p.startsWith('["tel"'))).toHaveLength(1);
      expect(added.find((p) => p.startsWith('["tel"'))).toContain('13900000001');
      expect(gone.filter((p) => p.startsWith('["tel"'))).toHaveLength(1);
      // A label of the changed phone's item group may go with it; nothing else does.
      expect(gone.filter((p) => !p.startsWith('["tel"') && !p.startsWith('["x-ablabel"'))).toEqual([]);
      // The extension a tel: URI carried stays with the contact as its note (read.ts).
      expect(added.filter((p) => !p.startsWith('["tel"') && !/^\["note".* ext\. /.test(p))).toEqual([]);
    },
  );
});
