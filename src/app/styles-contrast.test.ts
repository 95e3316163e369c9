import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, over, parseHex, type Rgb } from '../lib/contrast';
import { CONVENTIONS, resolveTokens, THEMES, type Convention, type ThemeName } from '../lib/style-tokens';

const CSS = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

interface Pair {
  what: string;
  ratio: number;
  min: number;
}

/**
 * Every pair of colours the app draws together, with the least contrast WCAG 2.1 AA asks of it:
 * 4.5:1 for text (1.4.3), 3:1 for a field's boundary (1.4.11).
 */
function contrastPairs(theme: ThemeName, convention: Convention): Pair[] {
  const t = resolveTokens(CSS, theme, convention);
  const c = (name: string): Rgb => parseHex(t[`--color-${name}`] ?? t[name] ?? '');
  const pairs: Pair[] = [];
  const check = (what: string, fg: Rgb, bg: Rgb, min: number) => pairs.push({ what, ratio: contrastRatio(fg, bg), min });
  const surfaces = ['bg', 'panel', 'panel-2'] as const;
  for (const s of surfaces) {
    for (const text of ['text', 'muted', 'up', 'down', 'ok', 'error', 'accent', 'warn']) check(`${text} on ${s}`, c(text), c(s), 4.5);
    check(`field boundary on ${s}`, c('field'), c(s), 3);
    check(`chart grid text (muted) on ${s}`, c('muted'), c(s), 4.5);
  }
  // Badges and notices: muted on the line-coloured badge, text in warn/10 and error/10 panels.
  check('muted on line', c('muted'), c('line'), 4.5);
  for (const tone of ['warn', 'error']) for (const text of ['text', 'muted', tone]) check(`${text} on ${tone}/10 over panel`, c(text), over(c(tone), 0.1, c('panel')), 4.5);
  // A book row's price over its depth bar (15 % of its colour), also hovered (panel-2); the position's side badge.
  for (const side of ['up', 'down']) for (const s of ['panel', 'panel-2']) check(`${side} on ${side}/15 over ${s}`, c(side), over(c(side), 0.15, c(s)), 4.5);
  // Buy / Sell buttons and chosen sides (text-bg on bg-up), the accent button, the chosen pill.
  for (const fill of ['up', 'down', 'accent']) check(`bg on ${fill}`, c('bg'), c(fill), 4.5);
  check('accent on panel-2', c('accent'), c('panel-2'), 4.5);
  // The soft button (accent on accent/20, hovered /30), accent notes on accent/10, warn banners on warn/15.
  for (const a of [0.1, 0.2, 0.3]) check(`accent on accent/${a * 100} over panel`, c('accent'), over(c('accent'), a, c('panel')), 4.5);
  check('warn on warn/15 over bg', c('warn'), over(c('warn'), 0.15, c('bg')), 4.5);
  return pairs;
}

describe('colour contrast (WCAG 2.1 AA) of the tokens in styles.css', () => {
  it('computes ratios as WCAG defines them', () => {
    expect(contrastRatio(parseHex('#000000'), parseHex('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#767676'), parseHex('#ffffff'))).toBeCloseTo(4.54, 2);
  });

  it('swaps up and down for red up, and uses blue / orange for colour-blind, in both themes', () => {
    for (const theme of THEMES) {
      const green = resolveTokens(CSS, theme, 'green-up');
      const red = resolveTokens(CSS, theme, 'red-up');
      const blind = resolveTokens(CSS, theme, 'colour-blind');
      expect(red['--color-up']).toBe(green['--color-down']);
      expect(red['--color-down']).toBe(green['--color-up']);
      expect(new Set([blind['--color-up'], blind['--color-down']]).size).toBe(2);
      expect([green['--color-up'], green['--color-down']]).not.toContain(blind['--color-up']);
      // Success and error keep their colours whatever the convention.
      expect([red['--color-ok'], red['--color-error']]).toEqual([green['--color-ok'], green['--color-error']]);
    }
    expect(resolveTokens(CSS, 'light', 'green-up')['--color-bg']).not.toBe(resolveTokens(CSS, 'dark', 'green-up')['--color-bg']);
  });

  for (const theme of THEMES) {
    for (const convention of CONVENTIONS) {
      it(`${theme} theme, ${convention}: every pair reaches its ratio`, () => {
        const failing = contrastPairs(theme, convention)
          .filter((p) => p.ratio < p.min)
          .map((p) => `${p.what}: ${p.ratio.toFixed(2)} < ${p.min}`);
        expect(failing).toEqual([]);
      });
    }
  }
});
