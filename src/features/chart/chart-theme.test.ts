import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveTokens } from '../../lib/style-tokens';
import { candleColours, chartColours, faded, paletteFrom } from './chart-theme';

const CSS = readFileSync(new URL('../../app/styles.css', import.meta.url), 'utf8');

describe('chart theme', () => {
  it('draws candles, volume and the chart in the tokens of the theme and convention', () => {
    const light = resolveTokens(CSS, 'light', 'red-up');
    const p = paletteFrom((token) => light[token] ?? '');
    expect(candleColours(p)).toMatchObject({ upColor: light['--color-up'], downColor: light['--color-down'], wickUpColor: light['--color-up'] });
    expect(p.up).toBe(resolveTokens(CSS, 'light', 'green-up')['--color-down']);
    expect(p.upFaded).toBe(faded(light['--color-up']!, 0.35));
    expect(chartColours(p)).toMatchObject({ layout: { background: { color: '#ffffff' }, textColor: light['--color-muted'] }, grid: { vertLines: { color: light['--chart-grid'] } } });
    const blind = resolveTokens(CSS, 'dark', 'colour-blind');
    expect(paletteFrom((token) => blind[token] ?? '').down).toBe(blind['--tone-orange']);
  });

  it('keeps the dark colours where no token can be read', () => {
    const p = paletteFrom(() => '');
    expect([p.panel, p.up, p.down]).toEqual(['#11151d', '#22c55e', '#f87171']);
    expect(faded('#22c55e', 0.35)).toBe('rgba(34,197,94,0.35)');
  });
});
