import type { ShareCard } from '../../lib/share-card';
import type { CardText } from './draw-card';

/** What the trader chose to show: the PnL amount (on by default), the account (off by default). */
export interface CardOptions {
  showPnl: boolean;
  showAccount: boolean;
}

/**
 * Every word the share dialog shows or draws, given by the feature that opens it: src/ui's messages
 * land in the shell's catalogue, loaded before the first paint, and these belong with the panels'
 * (lingui.config.ts PANELS), loaded with the account tabs.
 */
export interface PnlCardWords {
  /** The words drawn on the card. */
  text: (card: ShareCard, options: CardOptions) => CardText;
  /** The picture's text alternative: never more than the picture shows. */
  alt: (card: ShareCard, options: CardOptions) => string;
  title: (card: ShareCard) => string;
  /** What the card's figures rest on, when it needs saying (a closed trade's leverage); null otherwise. */
  note: (card: ShareCard) => string | null;
  showPnl: string;
  showAccount: string;
  copy: string;
  download: string;
  drawing: string;
  drawFailed: string;
  downloading: (filename: string) => string;
  copied: string;
  copyUnsupported: string;
  copyRefused: (detail: string) => string;
}
