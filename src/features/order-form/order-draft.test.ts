import { describe, expect, it } from 'vitest';
import { initialFormDraft, reduceDraft, type FormDraft } from './order-draft';

const start = (over: Partial<FormDraft> = {}): FormDraft => ({ ...initialFormDraft({ sizeUnit: 'base', slippage: '1' }), ...over });

describe('order draft reducer', () => {
  it('starts empty, in the unit and slippage the settings name', () => {
    const d = initialFormDraft({ sizeUnit: 'quote', slippage: '0.5' });
    expect(d).toMatchObject({ side: 'buy', type: 'limit', tif: 'gtc', price: '', size: '', sizeUnit: 'quote', slippage: '0.5', leverage: null, attempted: false });
  });

  it('keeps typed text verbatim, and returns the same draft when nothing changes', () => {
    const d = reduceDraft(start(), { type: 'text', field: 'size', text: '0.0005' });
    expect(d.size).toBe('0.0005');
    expect(reduceDraft(d, { type: 'text', field: 'size', text: '0.0005' })).toBe(d);
    expect(reduceDraft(d, { type: 'side', side: 'buy' })).toBe(d);
    expect(reduceDraft(d, { type: 'text', field: 'leverage', text: '2.5' }).leverage).toBe('2.5');
  });

  it('switching the size unit clears the size typed in the old one', () => {
    const d = reduceDraft(start({ size: '0.1' }), { type: 'switch-unit' });
    expect(d).toMatchObject({ sizeUnit: 'quote', size: '' });
    expect(reduceDraft(d, { type: 'switch-unit' }).sizeUnit).toBe('base');
  });

  it('a price clicked in the book makes a limit order at it; a size comes in the base asset', () => {
    const d = reduceDraft(start({ type: 'market', sizeUnit: 'quote' }), { type: 'intent', intent: { price: '99000', qty: '0.2', side: 'sell' } });
    expect(d).toMatchObject({ type: 'limit', price: '99000', size: '0.2', sizeUnit: 'base', side: 'sell' });
    expect(reduceDraft(start({ type: 'market' }), { type: 'intent', intent: { side: 'sell' } })).toMatchObject({ type: 'market', side: 'sell' });
  });

  it('follows the settings: a new slippage unless the text already says it, a new unit only while the size is empty', () => {
    const d = start({ slippage: '1.50' });
    expect(reduceDraft(d, { type: 'settings', slippage: '1.5' })).toBe(d);
    expect(reduceDraft(d, { type: 'settings', slippage: '2' }).slippage).toBe('2');
    expect(reduceDraft(start(), { type: 'settings', sizeUnit: 'quote' }).sizeUnit).toBe('quote');
    expect(reduceDraft(start({ size: '0.1' }), { type: 'settings', sizeUnit: 'quote' }).sizeUnit).toBe('base');
  });

  it('Esc clears what was typed, keeping the side, type, time in force, unit, slippage and leverage', () => {
    const typed = start({ side: 'sell', type: 'limit', tif: 'alo', price: '1', size: '2', reduceOnly: true, tpsl: true, tp: '3', sl: '4', sizeUnit: 'quote', slippage: '2', leverage: '5', attempted: true });
    expect(reduceDraft(typed, { type: 'clear' })).toEqual({
      ...initialFormDraft({ sizeUnit: 'quote', slippage: '2' }),
      side: 'sell',
      tif: 'alo',
      leverage: '5',
    });
  });

  it('a sent order clears its size and TP/SL and the attempt; a % button sets the size', () => {
    const d = reduceDraft(start({ price: '99000', size: '1', tp: '2', sl: '3', tpsl: true }), { type: 'attempted' });
    expect(d.attempted).toBe(true);
    expect(reduceDraft(d, { type: 'attempted' })).toBe(d);
    expect(reduceDraft(d, { type: 'sent' })).toMatchObject({ price: '99000', size: '', tp: '', sl: '', tpsl: true, attempted: false });
    expect(reduceDraft(d, { type: 'sized', size: '0.091', pct: 100 })).toMatchObject({ size: '0.091', sizePct: 100 });
  });

  it('a % size stays a % until the trader types a size, switches the unit, clears or sends', () => {
    const d = reduceDraft(start({ price: '99000' }), { type: 'sized', size: '0.091', pct: 100 });
    expect(reduceDraft(d, { type: 'text', field: 'price', text: '98000' }).sizePct).toBe(100);
    expect(reduceDraft(d, { type: 'side', side: 'sell' }).sizePct).toBe(100);
    expect(reduceDraft(d, { type: 'text', field: 'size', text: '0.09' })).toMatchObject({ size: '0.09', sizePct: null });
    expect(reduceDraft(d, { type: 'switch-unit' }).sizePct).toBeNull();
    expect(reduceDraft(d, { type: 'clear' }).sizePct).toBeNull();
    expect(reduceDraft(d, { type: 'sent' }).sizePct).toBeNull();
    expect(reduceDraft(d, { type: 'intent', intent: { qty: '0.5' } }).sizePct).toBeNull();
  });
});
