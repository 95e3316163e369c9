import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('leaves plain values alone and keeps decimal strings exact', () => {
    expect(csvCell('BTC-USD')).toBe('BTC-USD');
    expect(csvCell('0.00012345678901234567')).toBe('0.00012345678901234567');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with commas, quotes or line breaks, doubling inner quotes', () => {
    expect(csvCell('1,234.5')).toBe('"1,234.5"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses spreadsheet formulas but keeps negative numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('-x')).toBe("'-x");
  });

  it('writes a header row and one CRLF-terminated line per row', () => {
    const csv = toCsv(
      [
        { id: 1, remark: 'ok' },
        { id: 2, remark: 'alo order rejected, would take' },
      ],
      [
        { header: 'id', value: (r) => r.id },
        { header: 'remark', value: (r) => r.remark },
      ],
    );
    expect(csv).toBe('id,remark\r\n1,ok\r\n2,"alo order rejected, would take"\r\n');
  });
});
