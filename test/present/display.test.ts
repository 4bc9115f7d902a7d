import { describe, expect, it } from 'vitest';
import { JUPYTER_DISPLAY, compare, jupyterDisplay, mimeBundle, withJupyterDisplay } from '../../src/index.js';

describe('mimeBundle', () => {
  it('text/plain always; text/html and image/svg+xml only when given', () => {
    expect(mimeBundle({ text: 'L = 2' })).toEqual({ 'text/plain': 'L = 2' });
    expect(mimeBundle({ text: 't', html: '<b>h</b>', svg: '<svg/>' })).toEqual({ 'text/plain': 't', 'text/html': '<b>h</b>', 'image/svg+xml': '<svg/>' });
  });
});

describe('withJupyterDisplay', () => {
  it('adds a Symbol.for("Jupyter.display") method (Deno’s kernel calls it) that JSON and toEqual do not see', () => {
    let calls = 0;
    const record = withJupyterDisplay({ throughput: 5 }, () => {
      calls++;
      return mimeBundle({ text: 'T = 5' });
    });
    expect(JUPYTER_DISPLAY).toBe(Symbol.for('Jupyter.display'));
    expect(calls).toBe(0); // built only when shown
    expect((record as unknown as Record<symbol, () => unknown>)[Symbol.for('Jupyter.display')]!()).toEqual({ 'text/plain': 'T = 5' });
    expect(calls).toBe(1);
    expect(JSON.stringify(record)).toBe('{"throughput":5}');
    expect(record).toEqual({ throughput: 5 });
  });

  it('jupyterDisplay reads the bundle back; undefined for values without one', () => {
    expect(jupyterDisplay(withJupyterDisplay({}, () => mimeBundle({ text: 'x' })))).toEqual({ 'text/plain': 'x' });
    for (const v of [{}, null, 3, 'text', undefined]) expect(jupyterDisplay(v)).toBeUndefined();
  });

  it('a comparison shows itself as text, HTML and SVG', () => {
    const bundle = jupyterDisplay(compare([{ throughput: 4.9 }], [{ throughput: { mean: 5, halfWidth: 0.2 } }]))!;
    expect(Object.keys(bundle)).toEqual(['text/plain', 'text/html', 'image/svg+xml']);
    expect(bundle['text/plain']).toMatch(/^PASS: /m);
  });
});
