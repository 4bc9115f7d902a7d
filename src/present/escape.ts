/** Escaping text for HTML and SVG (XML) content and attribute values. */
import { checkKind } from '../core/shapes.js';

/** Escapes text for SVG/HTML content and attribute values. */
export function escapeXml(text: string): string {
  checkKind('text', text, 'string');
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
