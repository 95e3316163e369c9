import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { INDICATOR_KINDS, paramProblem, type IndicatorKind, type IndicatorSettings } from '../../../lib/indicator-catalog';
import { MAX_INDICATORS, useChartIndicators } from '../../../stores/chart-indicators';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { NumericInput } from '../../../ui/numeric-input';
import { INDICATOR_COLOURS, nextColour, type IndicatorColour } from './indicator-colours';
import { indicatorLabel } from './indicator-legend';
import { INDICATOR_NAMES, PARAM_NAMES, paramProblemWords } from './indicator-words';

const COLOUR_NAMES: Record<IndicatorColour, MessageDescriptor> = {
  '#f59e0b': msg`Amber`,
  '#3b82f6': msg`Blue`,
  '#a855f7': msg`Purple`,
  '#ec4899': msg`Pink`,
  '#14b8a6': msg`Teal`,
  '#eab308': msg`Yellow`,
  '#64748b': msg`Slate`,
};
const KINDS = Object.keys(INDICATOR_KINDS) as IndicatorKind[];

/** The Indicators dialog: add one, and each one's parameters, colour and visibility, or remove it. */
export function IndicatorsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const list = useChartIndicators((s) => s.list);
  const add = useChartIndicators((s) => s.add);
  const full = list.length >= MAX_INDICATORS;
  // A removed row's button is gone: the focus goes to the first Add.
  const firstAdd = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={t`Indicators`} onClose={onClose} testId="indicators-dialog" width="max-w-[520px]">
      {list.length === 0 ? (
        <p className="mb-3 text-muted">
          <Trans>No indicators on the chart yet.</Trans>
        </p>
      ) : (
        <ul className="mb-3 space-y-2" aria-label={t`On the chart`}>
          {list.map((s) => (
            <IndicatorRow key={s.id} settings={s} onRemoved={() => firstAdd.current?.focus()} />
          ))}
        </ul>
      )}
      <h3 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-muted">
        <Trans>Add</Trans>
      </h3>
      <div className="grid grid-cols-2 gap-1">
        {KINDS.map((kind, i) => {
          const name = i18n._(INDICATOR_NAMES[kind].name);
          return (
            <Button key={kind} ref={i === 0 ? firstAdd : undefined} disabled={full} onClick={() => add(kind, nextColour(list.map((s) => s.color)))} className="justify-start text-left text-text" aria-label={t`Add ${name}`}>
              + {name}
            </Button>
          );
        })}
      </div>
      {full && (
        <p className="mt-2 text-muted">
          <Trans>At most {MAX_INDICATORS} indicators: remove one to add another.</Trans>
        </p>
      )}
    </Modal>
  );
}

/** One indicator: its parameters (kept as typed, applied once valid), colour, shown or hidden, remove. */
function IndicatorRow({ settings: s, onRemoved }: { settings: IndicatorSettings; onRemoved: () => void }) {
  const { t, i18n } = useLingui();
  const change = useChartIndicators((st) => st.change);
  const remove = useChartIndicators((st) => st.remove);
  const [texts, setTexts] = useState(() => s.params.map(String));
  const label = indicatorLabel(s);
  const read = texts.map(Number);
  const problems = texts.map((text, i) => (text.trim() === '' ? { code: 'not-whole' as const } : paramProblem(s.kind, i, Number(text), read)));
  const edit = (i: number, text: string) => {
    const next = texts.map((x, j) => (j === i ? text : x));
    setTexts(next);
    const values = next.map(Number);
    if (next.every((x, j) => x.trim() !== '' && paramProblem(s.kind, j, values[j]!, values) === null)) change(s.id, { params: values });
  };
  return (
    <li className="rounded border border-line p-2" data-testid={`indicator-row-${s.kind}`}>
      <div className="mb-1 flex items-center gap-2">
        <span aria-hidden="true" className="inline-block h-3 w-1 rounded-sm" style={{ background: s.color }} />
        <span className="font-medium">{label}</span>
        <span className="truncate text-muted">{i18n._(INDICATOR_NAMES[s.kind].name)}</span>
        <label className="ml-auto flex items-center gap-1">
          <input type="checkbox" checked={s.visible} onChange={(e) => change(s.id, { visible: e.target.checked })} />
          <Trans>Shown</Trans>
        </label>
        <Button
          onClick={() => {
            remove(s.id);
            onRemoved();
          }}
          aria-label={t`Remove ${label}`}
          className="text-muted"
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
      {INDICATOR_KINDS[s.kind].params.length > 0 && (
        <div className="mb-1 flex flex-wrap gap-2">
          {INDICATOR_KINDS[s.kind].params.map((p, i) => {
            const problem = problems[i];
            return (
              <Field key={p.name} label={i18n._(PARAM_NAMES[p.name])} dense error={problem ? i18n._(paramProblemWords(problem)) : undefined}>
                <NumericInput value={texts[i]!} onChange={(text) => edit(i, text)} aria-label={`${label}: ${i18n._(PARAM_NAMES[p.name])}`} />
              </Field>
            );
          })}
        </div>
      )}
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">{t`Colour of ${label}`}</legend>
        {INDICATOR_COLOURS.map((c) => (
          <label key={c} title={i18n._(COLOUR_NAMES[c])} className="cursor-pointer">
            <input type="radio" name={`colour-${s.id}`} className="peer sr-only" checked={s.color === c} onChange={() => change(s.id, { color: c })} aria-label={i18n._(COLOUR_NAMES[c])} />
            <span aria-hidden="true" className="block h-4 w-4 rounded-full border border-transparent peer-checked:border-text peer-checked:ring-1 peer-checked:ring-text peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-accent" style={{ background: c }} />
          </label>
        ))}
      </fieldset>
    </li>
  );
}
