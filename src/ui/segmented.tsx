import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  title?: string | undefined;
  disabled?: boolean | undefined;
  /** Colour of the chosen button when it means a side: buy green, sell red. */
  tone?: 'buy' | 'sell' | undefined;
}

/**
 * How the choices look. `underline`: panel tabs with an accent underline; `pill`: a compact row
 * (candle intervals); `joined`: one bordered group; `block`: equal buttons in a grid (margin mode,
 * buy / sell).
 */
export type SegmentedLook = 'underline' | 'pill' | 'joined' | 'block';

interface Props<T extends string> {
  /** `tabs` switches what a panel shows (tablist / tab); `choice` picks a value (radiogroup / radio). */
  kind: 'tabs' | 'choice';
  /** Accessible name of the group. */
  label?: string | undefined;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  look: SegmentedLook;
  /** Layout of the group (flex, grid, gaps, borders). */
  className?: string | undefined;
  /** Extra classes on every button (flex-1, capitalize…). */
  itemClassName?: string | undefined;
  title?: string | undefined;
  /**
   * Whether arrow keys choose as they move (the default). Off where choosing sends a command (margin
   * mode): arrows then only move focus and Space / Enter choose.
   */
  arrowsChoose?: boolean;
  /** Anything after the buttons inside the group's row (e.g. a filter at the end of a tab bar). */
  children?: ReactNode;
}

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const CHOSEN_TONE = { buy: 'bg-up text-bg', sell: 'bg-down text-bg' } as const;

function itemClass(look: SegmentedLook, chosen: boolean, tone: Choice<string>['tone']): string {
  switch (look) {
    case 'underline':
      return `-mb-px shrink-0 border-b-2 ${chosen ? 'border-accent text-text' : 'border-transparent text-muted hover:text-text'}`;
    case 'pill':
      return `rounded px-1.5 py-0.5 ${chosen ? 'bg-panel-2 text-accent' : 'text-muted hover:text-text'}`;
    case 'joined':
      return `px-2 py-0.5 ${chosen ? 'bg-panel-2 text-text' : 'text-muted hover:text-text'}`;
    case 'block':
      if (tone) return `rounded py-1.5 font-medium ${chosen ? CHOSEN_TONE[tone] : 'bg-panel-2 text-muted hover:text-text'}`;
      return `rounded border py-1 ${chosen ? 'border-accent text-accent' : 'border-line text-muted hover:text-text'} disabled:cursor-not-allowed disabled:opacity-60`;
  }
}
/* eslint-enable lingui/no-unlocalized-strings */

const NEXT: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One row of mutually exclusive buttons: tabs or a segmented choice. Only the chosen button is in
 * the tab order; arrow keys (and Home / End) move to the next enabled one and choose it, as the
 * WAI-ARIA tabs and radio group patterns describe (unless `arrowsChoose` is off).
 */
export function Segmented<T extends string>({
  kind,
  label,
  choices,
  value,
  onChange,
  look,
  className = '',
  itemClassName = '',
  title,
  arrowsChoose = true,
  children,
}: Props<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabs = kind === 'tabs';
  const enabled = choices.map((c, i) => (c.disabled ? -1 : i)).filter((i) => i >= 0);
  // The chosen button takes focus from Tab; when it is disabled, the first enabled one does.
  const current = choices.findIndex((c) => c.value === value);
  const focusable = current >= 0 && !choices[current]?.disabled ? current : (enabled[0] ?? -1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed in `children` (a checkbox after the tabs) are theirs.
    const from = buttons.current.findIndex((b) => b === e.target);
    if (from < 0 || enabled.length === 0) return;
    const at = enabled.indexOf(from);
    let to: number | undefined;
    if (e.key === 'Home') to = enabled[0];
    else if (e.key === 'End') to = enabled[enabled.length - 1];
    else if (NEXT[e.key]) to = enabled[(at + NEXT[e.key]! + enabled.length) % enabled.length];
    if (to === undefined) return;
    e.preventDefault();
    buttons.current[to]?.focus();
    const choice = choices[to];
    if (arrowsChoose && choice && choice.value !== value) onChange(choice.value);
  };

  return (
    <div role={tabs ? 'tablist' : 'radiogroup'} aria-label={label} className={className} title={title} onKeyDown={onKeyDown}>
      {choices.map((c, i) => {
        const chosen = c.value === value;
        return (
          <button
            key={c.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role={tabs ? 'tab' : 'radio'}
            aria-selected={tabs ? chosen : undefined}
            aria-checked={tabs ? undefined : chosen}
            tabIndex={i === focusable ? 0 : -1}
            disabled={c.disabled}
            title={c.title}
            onClick={() => onChange(c.value)}
            className={`${itemClass(look, chosen, c.tone)} ${itemClassName}`}
          >
            {c.label}
          </button>
        );
      })}
      {children}
    </div>
  );
}
