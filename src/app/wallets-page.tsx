import { Trans } from '@lingui/react/macro';
import { GeoNotice } from '../features/wallets/geo-notice';
import { WalletsPanel } from '../features/wallets/wallets-panel';
import { SidePage } from './side-page';

/** `/wallets`: loaded on demand (with wagmi, viem and the QR encoder), never with the trade page. */
export default function WalletsPage() {
  return (
    <SidePage title={<Trans>Wallets</Trans>} after={<GeoNotice />}>
      <WalletsPanel />
    </SidePage>
  );
}
