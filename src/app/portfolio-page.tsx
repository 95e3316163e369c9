import { Trans } from '@lingui/react/macro';
import { PortfolioPanel } from '../features/portfolio/portfolio-panel';
import { SidePage } from './side-page';

/** `/portfolio`: loaded on demand with the history walk, the figures' worker and the curves. */
export default function PortfolioPage() {
  return (
    <SidePage title={<Trans>Portfolio</Trans>}>
      <PortfolioPanel />
    </SidePage>
  );
}
