import { D, type Dec } from './decimal';
import { numberSymbols, type NumberSymbols } from './display-locale';

/**
 * Why a typed amount is not a number, precisely enough for the view to say how to fix it (the words
 * are the view's: src/ui/typed-decimal-words.ts).
 */
export type TypedDecimalProblem =
  | 'empty'
  | 'negative'
  | 'signed'
  | 'with-unit'
  | 'space-between-thousands'
  | 'exponent'
  | 'two-points'
  | 'comma-after-point'
  | 'decimal-comma'
  | 'misplaced-comma'
  | 'not-a-number'
  | 'too-many-decimals';

/** What a typed amount reads as: a decimal, or why it is not one. */
export type TypedDecimal =
  | { ok: true; value: Dec }
  | {
      ok: false;
      reason: 'empty' | 'not-a-number' | 'negative' | 'too-many-decimals';
      problem: TypedDecimalProblem;
      /** With 'too-many-decimals': how many the amount may have. */
      maxDecimals?: number;
    };

// The app shows amounts as 1,234,567.89 in English and Chinese (lib/format): commas between groups
// of three, a point before the fraction. Plain digits are read too. Nothing else is guessed at. A
// locale with other separators (1.234.567,89) is read by first writing its separators as these.
const PLAIN = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;
// A leading zero group ("0,500") is someone else's decimal comma, never read as five hundred.
const GROUPED = /^([1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d*))?$/;

function notANumber(problem: TypedDecimalProblem): TypedDecimal {
  return { ok: false, reason: 'not-a-number', problem };
}

// A minus (ASCII or the typographic one a paste may carry) before something that reads as a number.
const NEGATIVE = /^[-\u2212]\s*[\d.,]*\d[\d.,]*$/;
// Digits with a currency sign, a % or a word beside them: "$95,000", "95,000 USD", "0.05 BTC".
const WITH_UNIT = /^(?:[$€£%]|[a-z]{2,})\s*[\d.,]*\d[\d.,]*$|^[\d.,]*\d[\d.,]*\s*(?:[$€£%]|[a-z]{2,})$/i;

/** Why `t` (trimmed, not empty, not a number) is not a number, precisely enough to say how to fix it. */
function whyNotANumber(t: string): TypedDecimal {
  // Amounts typed here are sizes, prices and margins: never below zero, whatever the notation.
  if (NEGATIVE.test(t)) return { ok: false, reason: 'negative', problem: 'negative' };
  if (/^[+-]/.test(t)) return notANumber('signed');
  // A pasted unit is refused, not stripped: "0.05 BTC" in a USD field would otherwise read as dollars.
  if (WITH_UNIT.test(t)) return notANumber('with-unit');
  // "1 234" may be a thousands space or two numbers run together: it is not guessed at.
  if (/^\d[\d ]*\d(?:\.\d*)?$/.test(t)) return notANumber('space-between-thousands');
  if (/^[\d.]*e[+-]?\d*$/i.test(t)) return notANumber('exponent');
  if ((t.match(/\./g) ?? []).length > 1) return notANumber('two-points');
  if (/^[\d,.]+$/.test(t) && /\..*,/.test(t)) return notANumber('comma-after-point');
  if (/\d/.test(t) && /^[\d,]*(\.\d*)?$/.test(t)) {
    if (/^\d+,\d{1,2}$|^0,/.test(t)) return notANumber('decimal-comma');
    return notANumber('misplaced-comma');
  }
  return notANumber('not-a-number');
}

const SPACES = new Set([' ', '\u00a0', '\u202f']);

/**
 * `text` with the locale's group separator written as "," and its decimal separator as "." (a swap
 * where a locale uses them the other way round); a locale that groups with a space takes any space.
 */
function inCommaPointNotation(text: string, { group, decimal }: NumberSymbols): string {
  if (group === ',' && decimal === '.') return text;
  const spaceGroup = SPACES.has(group);
  let out = '';
  for (const ch of text) {
    if (ch === decimal) out += '.';
    else if (ch === group || (spaceGroup && SPACES.has(ch))) out += ',';
    else out += ch;
  }
  return out;
}

/**
 * Reads what a trader typed as a decimal: "1234.5" or "1,234.5" as the app itself displays
 * amounts (a value pasted from the app reads back as shown), spaces around ignored. Anything else
 * is refused with a reason, never guessed at: a second point, letters, an exponent, a sign (a minus:
 * "Must be positive"), a currency or unit, "1,00" (a decimal comma?) or "1 234" (a space between
 * thousands?). The text itself is never changed; the caller keeps it as typed.
 * With `maxDecimals`, more fraction digits than that are refused (the amount's precision).
 */
export function parseTypedDecimal(
  text: string,
  { maxDecimals, symbols = numberSymbols() }: { maxDecimals?: number; symbols?: NumberSymbols } = {},
): TypedDecimal {
  const t = inCommaPointNotation(text.trim(), symbols);
  if (t === '') return { ok: false, reason: 'empty', problem: 'empty' };
  const plain = PLAIN.exec(t);
  const grouped = plain ? null : GROUPED.exec(t);
  if (!plain && !grouped) return whyNotANumber(t);
  const int = plain ? (plain[1] ?? '0') : grouped![1]!.replaceAll(',', '');
  const frac = plain ? (plain[2] ?? plain[3] ?? '') : (grouped![2] ?? '');
  const value = new D(frac === '' ? int : `${int}.${frac}`);
  // Trailing zeros are not precision: "1.50" fits two decimals and one.
  if (maxDecimals !== undefined && value.decimalPlaces() > maxDecimals) {
    return { ok: false, reason: 'too-many-decimals', problem: 'too-many-decimals', maxDecimals };
  }
  return { ok: true, value };
}

/** The decimal typed, or null when the text is not one (for callers that word their own errors). */
export function typedDecimalOrNull(text: string): Dec | null {
  const r = parseTypedDecimal(text);
  return r.ok ? r.value : null;
}
