/**
 * The colour tokens of src/app/styles.css as each theme and colour convention resolves them, read from the
 * CSS text itself: what the contrast test (src/app/styles-contrast.test.ts) checks, so a colour changed in
 * styles.css is checked as written.
 */

export type ThemeName = 'dark' | 'light';
export type Convention = 'green-up' | 'red-up' | 'colour-blind';
export const THEMES: readonly ThemeName[] = ['dark', 'light'];
export const CONVENTIONS: readonly Convention[] = ['green-up', 'red-up', 'colour-blind'];

type Declarations = Record<string, string>;

/** Every top-level or innermost `selector { --name: value; … }` block's custom properties, by selector. */
function blocks(css: string): Map<string, Declarations> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out = new Map<string, Declarations>();
  for (const m of text.matchAll(/([^{};]+)\{([^{}]*)\}/g)) {
    const selector = m[1]!.trim().replace(/\s+/g, ' ').replace(/"/g, "'");
    const decls: Declarations = { ...(out.get(selector) ?? {}) };
    for (const d of m[2]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);?/g)) decls[d[1]!] = d[2]!.trim();
    out.set(selector, decls);
  }
  return out;
}

/** The custom properties <html> has in `theme` with `convention`, var() references resolved. */
export function resolveTokens(css: string, theme: ThemeName, convention: Convention): Declarations {
  const b = blocks(css);
  const layers = ['@theme', ':root', ...(theme === 'light' ? ["html[data-theme='light']"] : []), `html[data-updown='${convention}']`];
  const raw: Declarations = Object.assign({}, ...layers.map((s) => b.get(s) ?? {}));
  const resolve = (value: string, depth = 0): string => {
    if (depth > 10) throw new Error(`var() cycle at ${value}`);
    return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
      const v = raw[name];
      if (v === undefined) throw new Error(`undefined token ${name}`);
      return resolve(v, depth + 1);
    });
  };
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, resolve(v)]));
}
