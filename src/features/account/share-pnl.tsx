import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { userQueries } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { useApi } from '../../api/react';
import type { Position, Trade } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { closedCardLeverage, closedPartOf, closedTradeCard, positionCard, type ShareCard } from '../../lib/share-card';
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

/** The closed trade's card, once its order (its leverage) and the symbol's setting are read (neither: no ROE, said so). */
function TradeCard({ trade, account, priceDecimals, onClose }: { trade: Trade; account: string; priceDecimals: number; onClose: () => void }) {
  const api = useApi();
  const config = useQuery(userQueries.positionConfig(api, account, trade.symbol));
  // A flip's pnl is on its closed part only: entry and ROE are worked out on that part.
  const closed = useQuery({
    queryKey: [...queryKeys.user.trades(account, { symbol: trade.symbol }), 'closed-part', trade.id],
    queryFn: () => closedPartOf(api.user, trade).then((q) => q?.toFixed() ?? null),
    staleTime: 0,
    retry: false,
  });
  // The closing order records the leverage the trade was at; the setting now only when it cannot be read.
  const order = useQuery({ ...userQueries.order(api, account, { order_id: trade.order_id }), retry: false });
  if (config.isPending || closed.isPending || order.isPending) return null;
  const closedQty = closed.data ? dec(closed.data) : undefined;
  const leverage = closedCardLeverage(order.data, config.data?.leverage);
  const card = closedTradeCard(trade, leverage.value, { price: priceDecimals }, closedQty, leverage.is);
  return card && <CardDialog card={card} onClose={onClose} />;
}

/** Share on a closing fill in Trade history (the row itself opens the order: the click stays here). */
export function ShareTradeButton({ trade, account, priceDecimals }: { trade: Trade; account: string; priceDecimals: number }) {
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
          <TradeCard trade={trade} account={account} priceDecimals={priceDecimals} onClose={() => setOpen(false)} />
        </span>
      )}
    </>
  );
}
