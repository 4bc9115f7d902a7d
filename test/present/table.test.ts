import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatTable, htmlTable, type Column, type HtmlCell } from '../../src/index.js';

describe('formatNumber', () => {
  it('integers as they are; others to 6 significant digits; exponent form below 1e-4 and from 1e9', () => {
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(2 / 3)).toBe('0.666667');
    expect(formatNumber(2 / 3, 3)).toBe('0.667');
    expect(formatNumber(1.5e-5, 3)).toBe('1.50e-5');
    expect(formatNumber(3.25e12 + 0.5, 3)).toBe('3.25e+12');
  });

  it('NaN, ±Infinity → NaN, inf, -inf', () => {
    expect([NaN, Infinity, -Infinity].map((v) => formatNumber(v))).toEqual(['NaN', 'inf', '-inf']);
  });
});

describe('formatTable', () => {
  it('right-aligned columns two spaces apart, a rule under the header, numbers to the column digits', () => {
    const rows = [{ name: 'a', value: 1 / 3 }, { name: 'bcd', value: 10 }];
    const columns: Column<(typeof rows)[number]>[] = [
      { header: 'name', value: (r) => r.name },
      { header: 'L', value: (r) => r.value, digits: 2 },
    ];
    expect(formatTable(rows, columns)).toBe(['name     L', '----  ----', '   a  0.33', ' bcd    10'].join('\n'));
  });
});

describe('htmlTable', () => {
  type Row = { readonly name: string; readonly value: number; readonly ok: boolean };
  const columns: Column<Row, HtmlCell>[] = [
    { header: 'name <id>', value: (r) => r.name },
    { header: 'L', value: (r) => r.value, digits: 3 },
    { header: 'verdict', value: (r) => (r.ok ? 'pass' : { html: '<b>FAIL</b>' }) },
  ];

  it('a header row, then one row per line; text escaped, numbers to the column digits, markup kept', () => {
    const rows: Row[] = [{ name: 'A & B', value: 2 / 3, ok: true }, { name: '"q"', value: Infinity, ok: false }];
    expect(htmlTable(rows, columns, { className: 'summary', rowClass: (r) => (r.ok ? undefined : 'fail') })).toBe(
      [
        '<table class="summary"><thead><tr><th>name &lt;id&gt;</th><th>L</th><th>verdict</th></tr></thead><tbody>',
        '<tr><td>A &amp; B</td><td>0.667</td><td>pass</td></tr>',
        '<tr class="fail"><td>&quot;q&quot;</td><td>inf</td><td><b>FAIL</b></td></tr>',
        '</tbody></table>',
      ].join('\n'),
    );
  });

  it('no rows → the header and an empty body; no class attributes without options', () => {
    expect(htmlTable([], columns)).toBe('<table><thead><tr><th>name &lt;id&gt;</th><th>L</th><th>verdict</th></tr></thead><tbody>\n</tbody></table>');
  });

  it('for any text in a cell: no markup escapes from it (no < or > left but the table’s own tags)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const html = htmlTable([text], [{ header: 'h', value: (t) => t }]);
        const cell = html.split('\n')[1]!.slice('<tr><td>'.length, -'</td></tr>'.length);
        expect(cell).not.toMatch(/[<>"']/);
        expect(cell.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')).toBe(text);
      }),
    );
  });
});
