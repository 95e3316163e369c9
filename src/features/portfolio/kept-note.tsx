import { Trans, useLingui } from '@lingui/react/macro';

/** Says the figures shown are the ones kept from the last visit, and when they were computed. */
export function KeptNote({ asOf }: { asOf: number }) {
  const { i18n } = useLingui();
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(asOf);
  return (
    <p role="status" className="rounded border border-line bg-panel px-3 py-1.5 text-muted" data-testid="kept-summary-note">
      <Trans>Figures as of {when}, from your last visit in this browser. Updating them from your whole history…</Trans>
    </p>
  );
}
