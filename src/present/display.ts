/**
 * How results show themselves in a notebook. A Jupyter display is a MIME bundle: the same content
 * as plain text (always; what a terminal front end shows), and optionally as HTML and SVG. Deno's
 * Jupyter kernel displays a value that has a `Symbol.for('Jupyter.display')` method by calling it
 * and showing the bundle it returns; {@link withJupyterDisplay} adds that method to a result record
 * without making it part of the record (not enumerable: JSON and equality checks see the plain data).
 */
import { checkKind, recordParameter } from '../core/shapes.js';

/** A Jupyter display bundle: MIME type → content. */
export interface MimeBundle {
  readonly 'text/plain': string;
  readonly 'text/html'?: string;
  readonly 'image/svg+xml'?: string;
}

/** The symbol under which Deno's Jupyter kernel looks for a display method. */
export const JUPYTER_DISPLAY: symbol = Symbol.for('Jupyter.display');

/** The parts of a {@link MimeBundle}: the text is required, HTML and SVG are added when given. */
export interface DisplayParts {
  readonly text: string;
  readonly html?: string;
  readonly svg?: string;
}

/**
 * A MIME bundle from its parts.
 *
 * @example mimeBundle({ text: 'L = 2', html: '<b>L</b> = 2' }) // { 'text/plain': 'L = 2', 'text/html': '<b>L</b> = 2' }
 */
export function mimeBundle(parts: DisplayParts): MimeBundle {
  recordParameter('parts', parts, { text: 'string' });
  return {
    'text/plain': parts.text,
    ...(parts.html === undefined ? {} : { 'text/html': parts.html }),
    ...(parts.svg === undefined ? {} : { 'image/svg+xml': parts.svg }),
  };
}

/**
 * Adds the Jupyter display method (`Symbol.for('Jupyter.display')`) to a record, not enumerable,
 * so JSON and equality checks see the plain record. `display` runs only when a notebook shows the
 * record. Returns the record itself.
 */
export function withJupyterDisplay<T extends object>(record: T, display: () => MimeBundle): T {
  if (typeof record !== 'object' || record === null) checkKind('record', record, 'object');
  checkKind('display', display, 'function');
  Object.defineProperty(record, JUPYTER_DISPLAY, { value: display, enumerable: false });
  return record;
}

/** What a notebook would show for a value: its display bundle, or undefined when it has no display method. */
export function jupyterDisplay(value: unknown): MimeBundle | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const show = (value as Record<symbol, unknown>)[JUPYTER_DISPLAY];
  return typeof show === 'function' ? (show.call(value) as MimeBundle) : undefined;
}
