import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LineStyle, type IPriceLine } from 'lightweight-charts';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Order } from '../../api/schemas';
import type { Dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import type { ChartParts } from './chart-parts';
import { palette } from './chart-theme';
import { lineAt, snapToTick } from './line-drag';

export interface LineDrop {
  order: Order;
  price: Dec;
}

/**
 * Drag an open order's price line up or down (lightweight-charts lines do not drag by themselves):
 * pointer down within a few px of the line, on the plot or on its label, moves a preview line with the
 * price snapped to the tick; release proposes that price (`onDrop`), Esc drops the drag. While a
 * line is held the chart neither pans nor zooms: the pointer events are taken before the chart's own
 * mouse and touch handlers see them.
 */
export function useOrderLineDrag(a: {
  container: RefObject<HTMLDivElement | null>;
  parts: RefObject<ChartParts | null>;
  /** The orders that may be dragged (limit, resting, no modify under way). */
  orders: readonly Order[];
  priceDecimals: number;
  onDrop: (drop: LineDrop) => void;
  /** The language of the preview line's title. */
  i18n: I18n;
}): { hover: number | null; dragging: LineDrop | null } {
  // The listeners stay put for the chart's life and read the latest orders and callbacks from here.
  const latest = useRef(a);
  useLayoutEffect(() => {
    latest.current = a;
  });
  const [hover, setHover] = useState<number | null>(null);
  const [dragging, setDragging] = useState<LineDrop | null>(null);

  useEffect(() => {
    const el = a.container.current;
    if (!el) return;
    let held: { order: Order; price: Dec | null; preview: IPriceLine; pointerId: number } | null = null;

    const yOf = (e: { clientY: number }) => e.clientY - el.getBoundingClientRect().top;
    const orderNear = (y: number): Order | null => {
      const p = latest.current.parts.current;
      if (!p) return null;
      const orders = latest.current.orders;
      const id = lineAt(y, orders.map((o) => ({ orderId: o.id, y: p.candles.priceToCoordinate(Number(o.price)) })));
      return orders.find((o) => o.id === id) ?? null;
    };
    const title = (o: Order, price: Dec | null) => {
      const to = price ? show(price, latest.current.priceDecimals) : '—';
      return latest.current.i18n._(o.side === 'buy' ? msg`Buy → ${to}` : msg`Sell → ${to}`);
    };
    const freeze = (on: boolean) => latest.current.parts.current?.chart.applyOptions({ handleScroll: !on, handleScale: !on });

    const end = (drop: boolean) => {
      const h = held;
      if (!h) return;
      held = null;
      const p = latest.current.parts.current;
      if (p) {
        try {
          p.candles.removePriceLine(h.preview);
        } catch {
          // The chart went first; nothing left to clean.
        }
      }
      freeze(false);
      if (el.hasPointerCapture(h.pointerId)) el.releasePointerCapture(h.pointerId);
      setDragging(null);
      if (drop && h.price && !h.price.eq(h.order.price)) latest.current.onDrop({ order: h.order, price: h.price });
    };

    const onDown = (e: PointerEvent) => {
      if (held || e.button !== 0) return;
      const o = orderNear(yOf(e));
      const p = latest.current.parts.current;
      if (!o || !p) return;
      // Taken from the chart: no pan, no zoom, no mouse events for this press.
      e.preventDefault();
      e.stopPropagation();
      freeze(true);
      el.setPointerCapture(e.pointerId);
      const preview = p.candles.createPriceLine({ price: Number(o.price), color: palette.accent, lineWidth: 1, lineStyle: LineStyle.Solid, axisLabelVisible: true, title: title(o, null) });
      held = { order: o, price: null, preview, pointerId: e.pointerId };
      setDragging({ order: o, price: snapToTick(Number(o.price), latest.current.priceDecimals)! });
    };
    const onMove = (e: PointerEvent) => {
      const p = latest.current.parts.current;
      if (!p) return;
      if (!held) {
        setHover(orderNear(yOf(e))?.id ?? null);
        return;
      }
      e.stopPropagation();
      const price = snapToTick(p.candles.coordinateToPrice(yOf(e)), latest.current.priceDecimals);
      if (!price) return;
      held.price = price;
      held.preview.applyOptions({ price: price.toNumber(), title: title(held.order, price) });
      setDragging({ order: held.order, price });
    };
    const onUp = (e: PointerEvent) => {
      if (!held || e.pointerId !== held.pointerId) return;
      e.stopPropagation();
      end(true);
    };
    const onCancel = () => end(false);
    const onKey = (e: KeyboardEvent) => {
      if (held && e.key === 'Escape') {
        e.preventDefault();
        end(false);
      }
    };
    const onLeave = () => setHover(null);
    // Touch: the chart pans on touchstart; a touch that picked up a line must not reach it.
    const onTouch = (e: TouchEvent) => {
      if (held) e.stopPropagation();
    };

    el.addEventListener('pointerdown', onDown, true);
    el.addEventListener('pointermove', onMove, true);
    el.addEventListener('pointerup', onUp, true);
    el.addEventListener('pointercancel', onCancel, true);
    el.addEventListener('pointerleave', onLeave);
    el.addEventListener('touchstart', onTouch, true);
    el.addEventListener('touchmove', onTouch, true);
    window.addEventListener('keydown', onKey);
    return () => {
      end(false);
      el.removeEventListener('pointerdown', onDown, true);
      el.removeEventListener('pointermove', onMove, true);
      el.removeEventListener('pointerup', onUp, true);
      el.removeEventListener('pointercancel', onCancel, true);
      el.removeEventListener('pointerleave', onLeave);
      el.removeEventListener('touchstart', onTouch, true);
      el.removeEventListener('touchmove', onTouch, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [a.container]);

  return { hover, dragging };
}
