import { Trans, useLingui } from '@lingui/react/macro';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useServiceConfig } from '../../api/react';
import { serviceExtras } from '../../wallet/service-extras';
import { useSessionStore } from '../../wallet/session-store';

const VAULT_ID = /^cv_[A-Za-z0-9_-]+$/;

/**
 * Act as a vault the account owns (spec §5.4): every request and both streams then carry
 * `x-impersonate`. Where the service lists vaults (the devnet) they are offered; the public service
 * has no list endpoint, so the trader pastes an id.
 */
export function VaultPicker() {
  const { t } = useLingui();
  const config = useServiceConfig();
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const vault = useSessionStore((s) => s.vault);
  const selectVault = useSessionStore((s) => s.selectVault);
  const [typed, setTyped] = useState('');
  // Why the vault was not taken: the service's answer (as written), or a typed id that is not one.
  const [error, setError] = useState<{ text: string } | 'not-a-vault-id' | null>(null);
  const listed = serviceExtras(config).vaults;
  const vaults = useQuery({
    queryKey: queryKeys.devnet.vaults(session?.address ?? ''),
    queryFn: listed && session ? () => listed.list(session.token) : skipToken,
  });

  const choose = (id: string | null) => {
    setError(null);
    selectVault(id);
  };

  return (
    <div className="flex flex-col gap-1.5" data-testid="vault-picker">
      <span className="text-[11px] uppercase tracking-wide text-muted">
        <Trans>Act as</Trans>
      </span>
      <label className="flex items-center gap-2">
        <input type="radio" name="acting-as" checked={vault === null} onChange={() => choose(null)} />
        <span>
          <Trans>My account</Trans>
        </span>
      </label>
      {(vaults.data ?? []).map((id) => (
        <label key={id} className="flex items-center gap-2">
          <input type="radio" name="acting-as" checked={vault === id} onChange={() => choose(id)} />
          <span className="num">{id}</span>
        </label>
      ))}
      {vault && !(vaults.data ?? []).includes(vault) && (
        <label className="flex items-center gap-2">
          <input type="radio" name="acting-as" checked readOnly />
          <span className="num">{vault}</span>
        </label>
      )}
      {listed && session && (
        <button
          type="button"
          className="self-start text-accent hover:underline"
          onClick={() =>
            void listed
              .create(session.token)
              .then((id) => qc.invalidateQueries({ queryKey: queryKeys.devnet.vaults(session.address) }).then(() => id))
              .catch((e: unknown) => setError({ text: e instanceof Error ? e.message : String(e) }))
          }
        >
          <Trans>+ Create a test vault</Trans>
        </button>
      )}
      <form
        className="flex gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          const id = typed.trim();
          if (!VAULT_ID.test(id)) {
            setError('not-a-vault-id');
            return;
          }
          setTyped('');
          choose(id);
        }}
      >
        <input
          aria-label={t`Vault id`}
          placeholder={t`cv_… vault id`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="num min-w-0 flex-1 rounded border border-line bg-bg px-1.5 py-0.5"
        />
        <button type="submit" className="rounded border border-line px-2 hover:border-accent">
          <Trans>Use</Trans>
        </button>
      </form>
      {error && (
        <p role="alert" className="text-error">
          {error === 'not-a-vault-id' ? t`A vault id starts with cv_` : error.text}
        </p>
      )}
    </div>
  );
}
