import { useParams } from 'react-router';
import { MarketsTable } from '../features/markets/markets-table';
import { ServiceStatus } from '../features/service-status/service-status';
import { DEFAULT_SYMBOL } from './symbols';

export function TradePage() {
  const symbol = useParams().symbol ?? DEFAULT_SYMBOL;
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-10 items-center justify-between border-b border-line bg-panel px-3">
        <span className="font-semibold tracking-wide text-accent">PERPS</span>
        <ServiceStatus />
      </header>
      <main className="flex-1 overflow-auto p-2">
        <section className="rounded border border-line bg-panel">
          <h1 className="border-b border-line px-2 py-1 text-sm font-medium">{symbol}</h1>
          <MarketsTable activeSymbol={symbol} />
        </section>
      </main>
    </div>
  );
}
