import { useEffect, useState, type ChangeEvent } from 'react';
import { shareCardFilename, type ShareCard } from '../../lib/share-card';
import { useDisplaySettings } from '../../stores/display-settings';
import { Button } from '../button';
import { Modal } from '../modal';
import { copyPng, downloadPng, renderCardPng } from './card-image';
import type { CardOptions, PnlCardWords } from './card-words';
import { CARD_HEIGHT, CARD_WIDTH, currentLook } from './draw-card';

export interface PnlCardDialogProps {
  card: ShareCard;
  words: PnlCardWords;
  onClose: () => void;
  /** Where the focus goes on close when the Share button that opened it is gone (the position closed meanwhile). */
  fallbackFocus?: () => HTMLElement | null;
}

type Status = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The PnL share card: a preview of the picture, what it shows (the PnL amount, on by default; the
 * account, off by default — nothing identifies the trader unless they choose), and Download PNG /
 * Copy image. Drawn in the app's theme and up / down colours; a copy the browser refuses is said
 * in the status line, never passed over. The Modal takes the focus, keeps it, and gives it back to
 * the Share button on Escape.
 */
export default function PnlCardDialog({ card, words, onClose, fallbackFocus }: PnlCardDialogProps) {
  const [options, setOptions] = useState<CardOptions>({ showPnl: true, showAccount: false });
  // The picture with what it was drawn from: Download and Copy take it only while that is what the
  // boxes say (a box just unticked must not let the picture with the address or PnL out while redrawn).
  const [png, setPng] = useState<{ blob: Blob; url: string; card: ShareCard; options: CardOptions; look: string } | null | 'failed'>(null);
  const [status, setStatus] = useState<Status>(null);
  // The theme and colour convention: a change redraws the card as the screen now looks.
  const theme = useDisplaySettings((s) => s.theme);
  const upDown = useDisplaySettings((s) => s.upDown);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    void renderCardPng(card, words.text(card, options), currentLook()).then((blob) => {
      if (!live) return;
      if (!blob) return setPng('failed');
      url = URL.createObjectURL(blob);
      setPng({ blob, url, card, options, look: `${theme}|${upDown}` });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [card, options, words, theme, upDown]);

  const shown = png !== null && png !== 'failed' ? png : null;
  const ready = shown && shown.card === card && shown.options === options && shown.look === `${theme}|${upDown}` ? shown : null;
  const download = () => {
    if (!ready) return;
    const filename = shareCardFilename(card);
    downloadPng(ready.blob, filename);
    setStatus({ tone: 'ok', text: words.downloading(filename) });
  };
  const copy = async () => {
    if (!ready) return;
    const outcome = await copyPng(ready.blob);
    if (outcome.code === 'copied') setStatus({ tone: 'ok', text: words.copied });
    else if (outcome.code === 'unsupported') setStatus({ tone: 'error', text: words.copyUnsupported });
    else setStatus({ tone: 'error', text: words.copyRefused(outcome.detail) });
  };
  const toggle = (key: keyof CardOptions) => (e: ChangeEvent<HTMLInputElement>) => {
    const on = e.target.checked;
    setOptions((o) => ({ ...o, [key]: on }));
    setStatus(null);
  };
  const note = words.note(card);

  return (
    <Modal title={words.title(card)} onClose={onClose} testId="pnl-card-dialog" width="max-w-[640px]" {...(fallbackFocus ? { fallbackFocus } : {})}>
      <div className="overflow-hidden rounded border border-line" style={{ aspectRatio: `${CARD_WIDTH} / ${CARD_HEIGHT}` }}>
        {shown ? (
          <img src={shown.url} alt={words.alt(shown.card, shown.options)} width={CARD_WIDTH} height={CARD_HEIGHT} className="block h-auto w-full" data-testid="pnl-card-preview" />
        ) : (
          <p className="flex h-full items-center justify-center text-muted" role="status">
            {png === 'failed' ? words.drawFailed : words.drawing}
          </p>
        )}
      </div>
      {note && <p className="mt-2 text-[12px] text-muted">{note}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {(['showPnl', 'showAccount'] as const).map((key) => (
          <label key={key} className="inline-flex items-center gap-1.5">
            <input type="checkbox" checked={options[key]} onChange={toggle(key)} />
            {words[key]}
          </label>
        ))}
        <span className="ml-auto flex gap-2">
          <Button size="md" onClick={() => void copy()} disabled={!ready}>
            {words.copy}
          </Button>
          <Button size="md" variant="primary" onClick={download} disabled={!ready}>
            {words.download}
          </Button>
        </span>
      </div>
      <p role="status" aria-live="polite" className={`mt-2 min-h-[1.25rem] text-[12px] ${status?.tone === 'error' ? 'text-error' : 'text-muted'}`} data-testid="pnl-card-status">
        {status?.text}
      </p>
    </Modal>
  );
}
