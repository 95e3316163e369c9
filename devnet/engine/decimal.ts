// Exact fixed-point helpers. Money never touches a float: amounts are bigint
// counts of 1e-18 (the DUSD token's own precision, so on-chain amounts map 1:1),
// book prices/quantities are safe-integer counts of ticks/lots.

export const SCALE_DP = 18;
export const SCALE = 10n ** 18n;

const P10: bigint[] = [];
for (let i = 0; i <= 40; i++) P10.push(10n ** BigInt(i));

export function pow10(n: number): bigint {
  const v = P10[n];
  if (v === undefined) throw new RangeError(`pow10(${n}) out of range`);
  return v;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const DEC_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

function show(input: string): string {
  return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
}

/**
 * Parses a plain decimal string into an integer count of 10^-decimals units.
 * Floats, exponents, signs other than a leading '-', blanks and more significant
 * decimals than allowed are refused; trailing zeros beyond `decimals` are accepted
 * because they do not change the value.
 */
export function parseDecimal(
  input: unknown,
  decimals: number,
  field: string,
  allowNegative = false,
): Parsed<bigint> {
  if (typeof input !== 'string') return { ok: false, message: `${field} must be a decimal string` };
  const m = DEC_RE.exec(input);
  if (!m) return { ok: false, message: `${field} must be a plain decimal string such as "1.5" (got ${show(input)})` };
  const neg = m[1] === '-';
  const int = m[2] ?? '0';
  let frac = m[3] ?? '';
  if (neg && !allowNegative) return { ok: false, message: `${field} must not be negative` };
  if (frac.length > decimals) {
    if (/[^0]/.test(frac.slice(decimals))) {
      return { ok: false, message: `${field} has more than ${decimals} decimal places` };
    }
    frac = frac.slice(0, decimals);
  }
  if (int.replace(/^0+/, '').length > 30) return { ok: false, message: `${field} is too large` };
  const v = BigInt(int + frac.padEnd(decimals, '0'));
  return { ok: true, value: neg ? -v : v };
}

const POW10N = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * Like parseDecimal but for tick/lot counts that must stay safe JS integers.
 * A char loop handles the common well-formed case without regex or bigint;
 * anything else goes through parseDecimal for the exact error message.
 */
export function parseUnits(input: unknown, decimals: number, field: string): Parsed<number> {
  const v = plainUnits(input, decimals);
  if (!Number.isNaN(v)) return { ok: true, value: v };
  const r = parseDecimal(input, decimals, field);
  if (!r.ok) return r;
  if (r.value > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: `${field} is too large` };
  return { ok: true, value: Number(r.value) };
}

/**
 * parseUnits' fast path without a result object (new_order parses two or three per order): the
 * count of a short, well-formed decimal string, or NaN when parseUnits has to look closer (it may
 * still accept the input, or says why not).
 */
export function plainUnits(input: unknown, decimals: number): number {
  if (typeof input === 'string' && input.length > 0 && input.length <= 17) {
    let v = 0;
    let frac = -1;
    let ok = true;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        if (frac >= 0) {
          if (frac >= decimals) {
            if (c !== 48) {
              ok = false;
              break;
            }
            continue;
          }
          frac++;
        }
        v = v * 10 + (c - 48);
      } else if (c === 46 && frac < 0 && i > 0 && i < input.length - 1) frac = 0;
      else {
        ok = false;
        break;
      }
    }
    const scale = POW10N[decimals - (frac < 0 ? 0 : frac)];
    if (ok && scale !== undefined) {
      v *= scale;
      // `| 0` hands back a small integer (a Smi) where the count fits one: the arithmetic above leaves a
      // boxed double, and one such value stored in an order's qty or price makes V8 box that field in
      // every order record from then on (an extra heap object per field per order for the GC to copy).
      if (v <= 0x3fffffff) return v | 0;
      if (v <= Number.MAX_SAFE_INTEGER) return v;
    }
  }
  return NaN;
}

/** Canonical rendering: no trailing zeros, no trailing '.', "0" for zero. */
export function formatFixed(v: bigint, dp: number): string {
  if (v === 0n) return '0';
  const neg = v < 0n;
  let s = (neg ? -v : v).toString();
  if (dp > 0) {
    if (s.length <= dp) s = '0'.repeat(dp - s.length + 1) + s;
    const int = s.slice(0, s.length - dp);
    let end = s.length;
    while (end > int.length && s.charCodeAt(end - 1) === 48) end--;
    s = end > int.length ? `${int}.${s.slice(int.length, end)}` : int;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

/** Same rendering for safe-integer tick/lot counts, without a bigint round trip. */
export function formatUnits(n: number, dp: number): string {
  const neg = n < 0;
  let s = String(neg ? -n : n);
  if (dp > 0) {
    if (s.length <= dp) s = '0'.repeat(dp - s.length + 1) + s;
    const int = s.slice(0, s.length - dp);
    let end = s.length;
    while (end > int.length && s.charCodeAt(end - 1) === 48) end--;
    s = end > int.length ? `${int}.${s.slice(int.length, end)}` : int;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

/** 1e-18 amount rendering. */
export function fmt(v: bigint): string {
  return formatFixed(v, SCALE_DP);
}

// q × b ≠ a exactly when a % b ≠ 0n (q = a / b truncates): one multiplication in place of a second
// bigint division, which costs several times as much (margins are divided on every order).
export function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b !== a && (a > 0n) === (b > 0n) ? q + 1n : q;
}

export function divFloor(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b !== a && (a > 0n) !== (b > 0n) ? q - 1n : q;
}

/** Half away from zero. */
export function divRound(a: bigint, b: bigint): bigint {
  const neg = (a < 0n) !== (b < 0n);
  const aa = a < 0n ? -a : a;
  const bb = b < 0n ? -b : b;
  const q = (aa + bb / 2n) / bb;
  return neg ? -q : q;
}

export function bmin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function bmax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export function babs(a: bigint): bigint {
  return a < 0n ? -a : a;
}

let isoSecond = NaN;
let isoPrefix = '';

/** ISO 8601 UTC with milliseconds; the per-second prefix is cached (event rendering is hot). */
export function iso(ms: number): string {
  const sec = Math.floor(ms / 1000);
  if (sec !== isoSecond) {
    const full = new Date(sec * 1000).toISOString();
    if (full.length !== 24) return new Date(ms).toISOString();
    isoSecond = sec;
    isoPrefix = full.slice(0, 20);
  }
  const milli = ms - sec * 1000;
  return `${isoPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
