import { readdirSync, readFileSync } from 'node:fs';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

// The Chinese catalogues against the English ones, entry by entry: a translation that drops, renames
// or adds a placeholder (a size, a symbol) or a tag would show the trader a wrong or missing number,
// and the build's check (every message translated) does not see it.

const dir = new URL('../locales/', import.meta.url);
const parts = readdirSync(new URL('en/', dir)).filter((f) => f.endsWith('.po'));

/** Each placeholder and tag of an ICU message: `{size}`, `{count, plural, …}` (by its variable), `<0>`. */
function slots(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([A-Za-z_$][\w$]*)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe.each(LOCALES.filter((l) => l !== 'en'))('the %s catalogues', (locale) => {
  for (const part of parts) {
    it(`${part}: every message translated, with the same placeholders and tags as the English`, () => {
      const source = PO.parse(readFileSync(new URL(`en/${part}`, dir), 'utf8'));
      const target = PO.parse(readFileSync(new URL(`${locale}/${part}`, dir), 'utf8'));
      const key = (i: { msgctxt?: string | null; msgid: string }) => `${i.msgctxt ?? ''}\u0004${i.msgid}`;
      const translated = new Map(target.items.map((i) => [key(i), i.msgstr.join('')]));
      expect(source.items.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const item of source.items) {
        const text = translated.get(key(item));
        if (!text) wrong.push(`missing: ${item.msgid}`);
        else if (slots(text).join(' ') !== slots(item.msgid).join(' ')) wrong.push(`${item.msgid} → ${text}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
