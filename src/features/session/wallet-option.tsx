interface Props {
  name: string;
  detail: string;
  icon?: string | undefined;
  disabled?: boolean;
  onClick: () => void;
}

/**
 * One wallet in the sign-in dialog. While a sign-in runs it is announced unavailable but stays
 * focusable, so the focus stays on the wallet the trader chose instead of falling to the page.
 */
export function WalletOption({ name, detail, icon, disabled, onClick }: Props) {
  return (
    <button
      type="button"
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className="flex w-full items-center gap-2 rounded border border-line bg-panel-2 px-2.5 py-1.5 text-left hover:border-accent aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
    >
      {icon ? <img src={icon} alt="" className="size-5 rounded" /> : <span className="size-5 rounded bg-line" aria-hidden />}
      <span className="font-medium">{name}</span>
      <span className="ml-auto text-[11px] text-muted">{detail}</span>
    </button>
  );
}
