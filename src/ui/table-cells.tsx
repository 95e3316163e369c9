import type { TdHTMLAttributes, ThHTMLAttributes } from 'react';

/** Numbers line up on the right; the first column (what the row is) on the left, unless told. */
type Align = { align?: 'left' | 'right' | undefined };

function sideOf(align: Align['align']): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind class names
  return align === 'left' ? 'text-left' : align === 'right' ? 'text-right' : 'text-right first:text-left';
}

/** A column heading that stays in view while the table scrolls. */
export function Th({ children, className = '', align, ...rest }: ThHTMLAttributes<HTMLTableCellElement> & Align) {
  return (
    <th className={`sticky top-0 whitespace-nowrap bg-panel px-2 py-1 font-normal text-muted ${sideOf(align)} ${className}`} {...rest}>
      {children}
    </th>
  );
}

export function Td({ children, className = '', align, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & Align) {
  return (
    <td className={`whitespace-nowrap px-2 py-1 ${sideOf(align)} ${className}`} {...rest}>
      {children}
    </td>
  );
}

/** The row classes every data table shares: a hairline between rows, a highlight under the pointer. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind class names
export const ROW = 'border-t border-line/60 hover:bg-panel-2';
