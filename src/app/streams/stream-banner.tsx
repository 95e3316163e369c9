import { useStreamStatus } from './streams-context';

/** Says so when live data stopped; the streams reconnect on their own and HTTP fills the gap. */
export function StreamBanner() {
  const status = useStreamStatus();
  if (status !== 'reconnecting' && status !== 'closed') return null;
  return (
    <div role="status" data-testid="stream-banner" className="border-b border-warn/40 bg-warn/15 px-3 py-1 text-center text-warn">
      Live data disconnected — reconnecting…
    </div>
  );
}
