import type { ButtonHTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

type Align = { align?: 'left' | 'right' };

export function Th({ children, className = '', align, ...rest }: ThHTMLAttributes<HTMLTableCellElement> & Align) {
  const side = align === 'left' ? 'text-left' : align === 'right' ? 'text-right' : 'text-right first:text-left';
  return (
    <th className={`sticky top-0 whitespace-nowrap bg-panel px-2 py-1 font-normal text-muted ${side} ${className}`} {...rest}>
      {children}
    </th>
  );
}

export function Td({ children, className = '', align, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & Align) {
  const side = align === 'left' ? 'text-left' : align === 'right' ? 'text-right' : 'text-right first:text-left';
  return (
    <td className={`whitespace-nowrap px-2 py-1 ${side} ${className}`} {...rest}>
      {children}
    </td>
  );
}

export function Empty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-2 py-6 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}

export function SmallButton({ children, className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`rounded border border-line px-1.5 py-0.5 hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-40 ${className}`} {...rest}>
      {children}
    </button>
  );
}
