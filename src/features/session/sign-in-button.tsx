import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSessionStore } from '../../wallet/session-store';
import { SessionGuard } from './session-guard';
import { useSignInRequest } from '../../stores/sign-in-request';
import { VaultPicker } from './vault-picker';
import { withPanelWords } from '../../i18n/activate';
import { formatMoment } from '../../lib/time';

// The dialog (wallet options, the challenge check) loads when it is first asked for, not with the page.
const SignInDialog = lazy(() => withPanelWords(import('./sign-in-dialog')).then((m) => ({ default: m.SignInDialog })));

/** Sign in / account menu in the top bar, with the sign-in modal and the session guard. */
export function SignInButton() {
  const { t } = useLingui();
  const session = useSessionStore((s) => s.session);
  const openDialog = useSignInRequest((s) => s.request);
  const dialogOpen = useSignInRequest((s) => s.dialog.open);
  return (
    <>
      <SessionGuard />
      {dialogOpen && (
        <Suspense fallback={null}>
          <SignInDialog />
        </Suspense>
      )}
      {session ? (
        <AccountMenu />
      ) : (
        <button type="button" className="rounded bg-accent px-3 py-1 font-medium text-bg hover:opacity-90" onClick={() => openDialog()}>
          {t`Sign in`}
        </button>
      )}
    </>
  );
}

function AccountMenu() {
  const { t } = useLingui();
  const session = useSessionStore((s) => s.session)!;
  const vault = useSessionStore((s) => s.vault);
  const signOut = useSessionStore((s) => s.signOut);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [open]);
  const short = `${session.address.slice(0, 6)}…${session.address.slice(-4)}`;
  const chain = session.chain;
  const until = formatMoment(session.expiresAt);
  return (
    <div ref={box} className="relative" data-testid="account-menu">
      <button
        type="button"
        aria-expanded={open}
        className="num flex items-center gap-1.5 rounded bg-panel-2 px-2 py-1 hover:text-text"
        title={`${session.chain} ${session.address}`}
        onClick={() => setOpen((v) => !v)}
      >
        {/* Named by what it shows plus what it is (WCAG 2.5.3: the name holds the visible text, spaces included). */}
        <span className="rounded bg-line px-1 text-[10px] uppercase text-muted">{session.chain}</span> {short}
        {vault && <span className="text-accent"> · {t`vault`}</span>}
        <span className="sr-only">{t`, account menu`}</span>
      </button>
      {open && (
        <div className="absolute right-0 z-30 mt-1 flex w-72 flex-col gap-3 rounded border border-line bg-panel p-3 shadow-xl">
          <div>
            <span className="text-[11px] uppercase tracking-wide text-muted">
              <Trans>Signed in · {chain}</Trans>
            </span>
            <p className="num break-all">{session.address}</p>
            <p className="text-muted">
              <Trans>Session until {until}</Trans>
            </p>
          </div>
          <VaultPicker />
          <button
            type="button"
            className="self-start rounded border border-line px-2 py-1 text-muted hover:border-error hover:text-error"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
