import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { numberSymbolsOf, setDisplayLocale } from './display-locale';
import { formatFixed } from './format';
import { parseTypedDecimal } from './parse-decimal-input';

// The places the devnet's symbols are quoted at (price_tick_decimals / qty_tick_decimals: BTC, ETH and
// XAU 2 / 3, XAG 3 / 1) and USD amounts (2).
const PRECISIONS = [1, 2, 3];
// The app's languages, and two whose separators differ (1.234,5 and 1 234,5) so the separators are
// shown to come from the locale, not from the code.
const LOCALES = ['en', 'zh-CN', 'de-DE', 'fr-FR'];

/** A small seeded generator (mulberry32): the same 10,000 values on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A positive decimal string with up to 12 integer digits and exactly `places` fraction digits. */
function randomAmount(next: () => number, places: number): string {
  const intDigits = 1 + Math.floor(next() * 12);
  let int = String(Math.floor(next() * 9) + 1);
  for (let i = 1; i < intDigits; i++) int += String(Math.floor(next() * 10));
  if (next() < 0.2) int = '0';
  let frac = '';
  for (let i = 0; i < places; i++) frac += String(Math.floor(next() * 10));
  return places === 0 ? int : `${int}.${frac}`;
}

describe('amounts in the trader’s language', () => {
  it('takes its separators from the locale', () => {
    expect(numberSymbolsOf('en')).toEqual({ group: ',', decimal: '.' });
    expect(numberSymbolsOf('zh-CN')).toEqual({ group: ',', decimal: '.' });
    expect(numberSymbolsOf('de-DE')).toEqual({ group: '.', decimal: ',' });
    expect(formatFixed('1234567.891', 3, numberSymbolsOf('de-DE'))).toBe('1.234.567,891');
    expect(formatFixed('-1234.5', 2, numberSymbolsOf('fr-FR'))).toBe('-1\u202f234,50');
  });

  for (const locale of LOCALES) {
    const symbols = numberSymbolsOf(locale);
    for (const places of PRECISIONS) {
      it(`${locale}, ${places} places: 10,000 amounts read back exactly as shown, digit for digit as Intl writes them`, () => {
        const next = random(places * 7919 + locale.length);
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
        for (let i = 0; i < 10_000; i++) {
          const amount = randomAmount(next, places);
          const shown = formatFixed(amount, places, symbols);
          // Up to 15 significant digits a float holds the value exactly enough for Intl to print the
          // same digits: there, ours must match the locale's own formatting character for character.
          if (amount.replace(/^0\.?0*/, '').replace('.', '').length <= 15) expect(shown).toBe(intl.format(Number(amount)));
          const read = parseTypedDecimal(shown, { maxDecimals: places, symbols });
          if (!read.ok) throw new Error(`${locale}: ${shown} (from ${amount}) was refused: ${read.problem}`);
          expect(read.value.eq(dec(amount))).toBe(true);
          // Pasted without separators, as a spreadsheet writes it, it reads the same.
          const plain = parseTypedDecimal(amount.replace('.', symbols.decimal), { maxDecimals: places, symbols });
          expect(plain.ok && plain.value.eq(dec(amount))).toBe(true);
        }
      });
    }
  }

  it('formats and reads in the language the app is shown in', () => {
    try {
      setDisplayLocale('de-DE');
      expect(formatFixed('95123.4', 2)).toBe('95.123,40');
      expect(parseTypedDecimal('95.123,4')).toMatchObject({ ok: true });
      setDisplayLocale('zh-CN');
      expect(formatFixed('95123.4', 2)).toBe('95,123.40');
    } finally {
      setDisplayLocale('en');
    }
  });

  it('refuses in a locale what it would refuse in English, with the same reason', () => {
    const de = numberSymbolsOf('de-DE');
    expect(parseTypedDecimal('1,2,3', { symbols: de })).toMatchObject({ ok: false, problem: 'two-points' });
    expect(parseTypedDecimal('-5', { symbols: de })).toMatchObject({ ok: false, problem: 'negative' });
    expect(parseTypedDecimal('1,2345', { maxDecimals: 2, symbols: de })).toMatchObject({ ok: false, problem: 'too-many-decimals' });
    expect(parseTypedDecimal('1 234,5', { symbols: numberSymbolsOf('fr-FR') })).toMatchObject({ ok: true });
  });
});
