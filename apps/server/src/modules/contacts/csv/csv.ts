import type { ContactContent } from '@phonecloud/shared';
import { ContactMsg, type CsvLayout } from '@phonecloud/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { invalid } from '../../../http/errors.js';
import { decodeVcardFile } from '../vcard/lines.js';
import { writeCard } from '../vcard/write.js';
import { contentsToRows, layoutOf, rowToContent } from './layouts.js';

/**
 * A Google or Outlook CSV file as vCard text, one card per row, so it goes through the same
 * import (its rules, duplicates and report) as a .vcf; row N is card N of the report. A CSV of
 * another layout is refused with its own text.
 */
export function csvToVcards(bytes: Buffer): string {
  // Outlook writes the system's code page; Chinese Windows' is GBK, which this decodes too.
  const text = decodeVcardFile(bytes);
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch {
    throw invalid(ContactMsg.IMPORT_CSV_LAYOUT);
  }
  const [header, ...rows] = records;
  const layout = header ? layoutOf(header.map((h) => h.trim())) : null;
  if (!header || !layout) throw invalid(ContactMsg.IMPORT_CSV_LAYOUT);
  const cards = rows.map((cells) => {
    const row: Record<string, string> = {};
    header.forEach((h, i) => {
      row[h.trim()] = cells[i] ?? '';
    });
    return writeCard(rowToContent[layout](row), null);
  });
  return cards.length === 0 ? '' : `${cards.join('\r\n')}\r\n`;
}

/** Contacts as a CSV file of Google's or Outlook's layout, UTF-8 with a BOM (Excel and Outlook need it). */
export function contentsToCsv(contents: readonly ContactContent[], layout: CsvLayout): Buffer {
  const { header, rows } = contentsToRows[layout](contents);
  return Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(stringify([header, ...rows], { record_delimiter: 'windows' })),
  ]);
}
