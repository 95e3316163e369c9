import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyPng } from './card-image';

// The browser's clipboard cannot run in jsdom: these stand in for what a browser answers.
describe('copying the card', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  afterEach(() => vi.unstubAllGlobals());

  it('says when this browser has no image clipboard, rather than doing nothing', async () => {
    vi.stubGlobal('ClipboardItem', undefined);
    expect(await copyPng(png)).toEqual({ code: 'unsupported' });
  });

  it('passes on the browser’s refusal in its words', async () => {
    vi.stubGlobal('ClipboardItem', class { constructor(readonly items: Record<string, Blob>) {} });
    vi.stubGlobal('navigator', { clipboard: { write: () => Promise.reject(new Error('Document is not focused.')) } });
    expect(await copyPng(png)).toEqual({ code: 'refused', detail: 'Document is not focused.' });
  });

  it('copies the PNG as image/png', async () => {
    const written: unknown[] = [];
    vi.stubGlobal('ClipboardItem', class { constructor(readonly items: Record<string, Blob>) {} });
    vi.stubGlobal('navigator', { clipboard: { write: (items: unknown[]) => (written.push(...items), Promise.resolve()) } });
    expect(await copyPng(png)).toEqual({ code: 'copied' });
    expect(Object.keys((written[0] as { items: Record<string, Blob> }).items)).toEqual(['image/png']);
  });
});
