import type { Locator, Page } from '@playwright/test';

// Words that are the same in Chinese: tickers and symbols, brands, order-type codes, keyboard keys,
// compact units, the product's name and the language picker's own "English".
const NOT_ENGLISH_WORDS = new Set(
  [
    'BTC', 'ETH', 'XAU', 'XAG', 'USD', 'DUSD', 'USDT', 'BNB', 'SOL', 'BSC', 'EVM', 'Solana', 'Phantom', 'Solflare', 'MetaMask',
    'WalletConnect', 'Devnet', 'GTC', 'IOC', 'ALO', 'FOK', 'TP', 'SL', 'PnL', 'ROE', 'UTC', 'Esc', 'Enter', 'Tab', 'Delete', 'Shift', 'Ctrl', 'Alt',
    'Option', 'Mac', 'English', 'ID', 'TradingView', 'CSV', 'API', 'ms', 'OHLC', 'EIP', 'PERPS', 'reqRemoteCall', 'JWT', 'Gas', 'Rabby',
    // Order and indicator names Chinese venues write as they are.
    'TWAP', 'MA', 'EMA', 'BB', 'VWAP', 'RSI', 'MACD', 'VOL',
  ].map((w) => w.toLowerCase()),
);

/**
 * The English words a Chinese screen still shows, in its visible text and in the names, titles and
 * placeholders of its visible elements. Numbers, addresses, hashes, symbols (BTC-USD), tickers and
 * brands are not words; a text inside `[data-exchange-text]` is the exchange's own and one inside
 * `<kbd>` a key's name: both are skipped.
 */
export async function englishLeft(scope: Page | Locator): Promise<string[]> {
  const root = 'mainFrame' in scope ? scope.locator('body') : scope;
  const texts: string[] = await root.evaluate((el) => {
    const out: string[] = [];
    const visible = (e: Element) => (e as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !visible(parent) || parent.closest('[data-exchange-text], kbd, script, style, [aria-hidden=true]')) continue;
      if (n.textContent?.trim()) out.push(n.textContent);
    }
    for (const e of el.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription]')) {
      if (!visible(e) || e.closest('[data-exchange-text]')) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const v = e.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out;
  });
  const left = new Set<string>();
  for (const text of texts) {
    const cleaned = text
      .replace(/0x[0-9a-fA-F]{4,}(?:…[0-9a-fA-F]+)?/g, ' ') // addresses and hashes, shortened or not
      .replace(/[\w-]*\d[\w-]*/g, ' ') // ids and codes with digits in them (client order ids, 10x)
      .replace(/\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g, ' ') // base58 (Solana) addresses
      .replace(/\b[A-Z]{2,5}-USD\b/g, ' '); // symbols
    for (const word of cleaned.match(/[A-Za-z]{2,}/g) ?? []) {
      if (!NOT_ENGLISH_WORDS.has(word.toLowerCase())) left.add(`${word} (in "${text.trim().slice(0, 60)}")`);
    }
  }
  return [...left];
}
