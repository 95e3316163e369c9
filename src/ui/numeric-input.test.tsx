// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { act, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import type { TypedDecimal } from '../lib/parse-decimal-input';
import { Field } from './field';
import { NumericInput } from './numeric-input';
import { typedDecimalWords } from './typed-decimal-words';

let lastRead: TypedDecimal | null;
const view = mountEachTest();
beforeEach(() => {
  lastRead = null;
});

/** A price field as a form uses it: the text in state, the error from what it reads as. */
function PriceField() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Field id="price" label="Price" error={error} hint="USD per BTC">
      <NumericInput
        value={text}
        maxDecimals={1}
        onChange={(t, read) => {
          lastRead = read;
          setText(t);
          setError(read.ok || read.reason === 'empty' ? null : i18n._(typedDecimalWords(read)));
        }}
      />
    </Field>
  );
}

const input = () => view.container.querySelector('input')!;
function type(value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const error = () => view.container.querySelector('#price-error');

describe('numeric input', () => {
  it('is named by its field and described by its hint', () => {
    view.render(<PriceField />);
    expect(input().id).toBe('price');
    expect(view.container.querySelector('label[for=price]')?.textContent).toContain('Price');
    expect(input().getAttribute('aria-describedby')).toBe('price-hint');
    expect(input().getAttribute('inputmode')).toBe('decimal');
  });

  it('reads an amount with thousands separators as a decimal, leaving the text as typed', () => {
    view.render(<PriceField />);
    type('95,000.5');
    expect(input().value).toBe('95,000.5');
    expect(lastRead).toMatchObject({ ok: true });
    expect(lastRead?.ok && lastRead.value.toFixed()).toBe('95000.5');
    expect(error()).toBeNull();
  });

  it('keeps text that is not a number on screen and says why beside it', () => {
    view.render(<PriceField />);
    type('1.2.3');
    expect(input().value).toBe('1.2.3');
    expect(error()?.textContent).toBe('Use one decimal point');
    expect(error()?.getAttribute('role')).toBe('alert');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe('price-error');
    type('1.2.3x');
    expect(input().value).toBe('1.2.3x');
  });

  it('refuses more decimals than the price has instead of rounding them away', () => {
    view.render(<PriceField />);
    type('95000.55');
    expect(input().value).toBe('95000.55');
    expect(error()?.textContent).toBe('At most 1 decimal');
    type('95000.5');
    expect(error()).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });
});
