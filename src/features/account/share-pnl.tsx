import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { queryKeys } from '../../api/query-keys';
import { useApi } from '../../api/react';
import type { Position, Trade } from '../../api/schemas';
import type { Dec } from '../../lib/decimal';
import { closedTradeCard, positionCard, type Places, type ShareCard } from '../../lib/share-card';
import { readClosedOrderCard } from '../../lib/share-card-order';
import { Button } from '../../ui/button';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { usePnlCardWords } from './pnl-card-words';

// The card's drawing and dialog load when first asked for, not with the account tabs.
const PnlCardDialog = lazy(() => import('../../ui/pnl-card/pnl-card-dialog'));

function CardDialog({ card, onClose }: { card: ShareCard; onClose: () => void }) {
  const words = usePnlCardWords();
  // On <body>: a table cell (sticky, a phone's card) is no place for a fixed overlay.
  return createPortal(
    <Suspense fallback={null}>
      <PnlCardDialog card={card} words={words} onClose={onClose} fallbackFocus={chosenAccountTab} />
    </Suspense>,
    document.body,
  );
}

/** A box with an arrow out of it: share. */
function ShareIcon() {
  return (
    <svg width="12" height="14" viewBox="0 0 12 14" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="my-px">
      <path d="M6 1v8M3 3.8 6 1l3 2.8M2.5 6.5H1.5v6.5h9V6.5h-1" />
    </svg>
  );
}

/**
 * Share on a position's row: the card of the position as it stands when pressed (its mark then),
 * so the picture does not move under the trader while they copy it.
 */
export function SharePositionButton({ position, mark, priceDecimals }: { position: Position; mark: Dec; priceDecimals: number }) {
  const { t } = useLingui();
  const [card, setCard] = useState<ShareCard | null>(null);
  const long = !position.qty.startsWith('-');
  const symbol = position.symbol;
  return (
    <>
      <Button
        onClick={() => setCard(positionCard(position, mark, { price: priceDecimals }))}
        aria-label={long ? t`Share ${symbol} long PnL card` : t`Share ${symbol} short PnL card`}
        title={t`A picture of this position’s ROE and PnL to download or copy`}
        data-focus-key="share-pnl"
        className="inline-flex items-center"
      >
        {/* An icon, not the word: the row's actions are pinned beside the TP / SL column, which a word would crowd out at 1440 px. */}
        <ShareIcon />
      </Button>
      {card && <CardDialog card={card} onClose={() => setCard(null)} />}
    </>
  );
}

/** Whether a fill closed something a card can show (lib/share-card closedTradeCard). */
export function tradeHasCard(trade: Trade): boolean {
  return closedTradeCard(trade, undefined, { price: 0 }) !== null;
}

/**
 * The closed trade's card: of the whole closing order `trade` is a fill of — its fills read from the
 * service, `loaded` (Trade history's rows) filling in what could not be, and the card saying so when
 * it is only a part — at the order's own leverage (the setting now only when it cannot be read).
 */
function TradeCard({ trade, loaded, account, places, onClose }: { trade: Trade; loaded: readonly Trade[]; account: string; places: Places; onClose: () => void }) {
  const api = useApi();
  const card = useQuery({
    queryKey: [...queryKeys.user.trades(account, { symbol: trade.symbol }), 'order-card', trade.order_id],
    queryFn: () => readClosedOrderCard(api.user, trade, loaded, places),
    staleTime: 0,
    retry: false,
  });
  return card.data ? <CardDialog card={card.data} onClose={onClose} /> : null;
}

/**
 * Share on a closing fill in Trade history (the row itself opens the order: the click stays here).
 * `loaded`: the rows Trade history holds, the order's other fills among them.
 */
export function ShareTradeButton({ trade, loaded, account, places }: { trade: Trade; loaded: readonly Trade[]; account: string; places: Places }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const symbol = trade.symbol;
  const long = trade.side === 'sell';
  return (
    <>
      <Button
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={long ? t`Share ${symbol} closed long PnL card` : t`Share ${symbol} closed short PnL card`}
        title={t`A picture of this closing trade’s ROE and PnL to download or copy`}
      >
        {t({ message: 'Share', context: 'share a PnL card' })}
      </Button>
      {open && (
        // The dialog is outside the row's click: a click in it must not open the order too.
        <span onClick={(e) => e.stopPropagation()} className="contents">
          <TradeCard trade={trade} loaded={loaded} account={account} places={places} onClose={() => setOpen(false)} />
        </span>
      )}
    </>
  );
}
