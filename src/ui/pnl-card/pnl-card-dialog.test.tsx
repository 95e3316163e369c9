// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareCard } from '../../lib/share-card';
import { mountEachTest } from '../../testing/mount-each-test';
import type { CardOptions, PnlCardWords } from './card-words';
import PnlCardDialog from './pnl-card-dialog';

// jsdom draws nothing: a canvas stand-in records the words drawn, and its toBlob answers when the test
// says (a browser's PNG encoding takes tens of ms), so a click can land while a redraw is under way.
const view = mountEachTest();
const pending: (() => void)[] = [];
let downloaded: string[] = [];

beforeEach(() => {
  pending.length = 0;
  downloaded = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const drawn: string[] = [];
    (this as HTMLCanvasElement & { drawn?: string[] }).drawn = drawn;
    return new Proxy({}, {
      get: (_t, k) => (k === 'fillText' ? (s: string) => drawn.push(s) : k === 'measureText' ? () => ({ width: 10 }) : () => undefined),
      set: () => true,
    }) as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done: BlobCallback) {
    const drawn = (this as HTMLCanvasElement & { drawn?: string[] }).drawn ?? [];
    pending.push(() => done(new Blob([drawn.join('\n')], { type: 'image/png' })));
  });
  let n = 0;
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', Object.assign(Object.create(URL) as object, {
    createObjectURL: (b: Blob) => {
      const url = `blob:${++n}`;
      blobs.set(url, b);
      return url;
    },
    revokeObjectURL: () => undefined,
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    void blobs.get(this.href)!.text().then((t) => downloaded.push(t));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const card: ShareCard = {
  kind: 'position', symbol: 'BTC-USD', side: 'long', leverage: '10', leverageIs: 'position', entry: '40,000.0', price: '42,000.0',
  roe: '+50.00%', pnl: '+1,000.00', tone: 'up', account: 'bsc_0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8', qty: '0.5', cover: null,
};
const text = (_c: ShareCard, o: CardOptions) => ({
  product: 'Perps', kind: 'Open position', symbol: 'BTC-USD', side: 'Long 10×', roeLabel: 'ROE', roe: '+50.00%', pnlLabel: 'PnL',
  pnl: o.showPnl ? '+1,000.00 USD' : null, rows: [], account: o.showAccount ? 'bsc_0x25dcd5…f0b8' : null,
});
const words = {
  text, alt: () => 'PnL card', title: () => 'Share PnL: BTC-USD', note: () => null, showPnl: 'Show PnL amount', showAccount: 'Show my address',
  copy: 'Copy image', download: 'Download PNG', drawing: 'Drawing…', drawFailed: 'failed', downloading: (f: string) => `Downloading ${f}`,
  copied: 'copied', copyUnsupported: 'unsupported', copyRefused: (d: string) => d,
} satisfies PnlCardWords;

const box = (name: string) => [...view.container.ownerDocument.querySelectorAll('label')].find((l) => l.textContent === name)!.querySelector('input')!;
const button = (name: string) => [...view.container.ownerDocument.querySelectorAll('button')].find((b) => b.textContent === name)!;
const drawn = async () => {
  await act(async () => {
    for (const p of pending.splice(0)) p();
    await Promise.resolve();
  });
};

describe('the share dialog gives only the picture the boxes say', () => {
  it('the address unticked: a Download before the redraw is done never saves the picture with the address', async () => {
    view.render(<PnlCardDialog card={card} words={words} onClose={() => undefined} />);
    await drawn();
    await act(async () => box('Show my address').click());
    await drawn();
    await act(async () => button('Download PNG').click());
    await new Promise((r) => setTimeout(r, 0));
    expect(downloaded.at(-1)).toContain('bsc_0x25dcd5…f0b8'); // chosen: it is on the card
    // Untick, and press Download at once, while the card without the address is still being drawn.
    await act(async () => box('Show my address').click());
    await act(async () => button('Download PNG').click());
    await drawn();
    await act(async () => button('Download PNG').click());
    await new Promise((r) => setTimeout(r, 0));
    expect(downloaded.slice(1).length).toBeGreaterThan(0);
    for (const png of downloaded.slice(1)) expect(png).not.toContain('bsc_0x25dcd5');
  });

  it('the PnL unticked: nothing with the amount is copied or saved once the box is off', async () => {
    view.render(<PnlCardDialog card={card} words={words} onClose={() => undefined} />);
    await drawn();
    await act(async () => box('Show PnL amount').click());
    await act(async () => button('Download PNG').click());
    await drawn();
    await act(async () => button('Download PNG').click());
    await new Promise((r) => setTimeout(r, 0));
    for (const png of downloaded) expect(png).not.toContain('+1,000.00 USD');
  });
});
