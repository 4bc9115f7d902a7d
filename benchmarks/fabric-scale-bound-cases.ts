/** The bound's case names (fabric-scale-bound.ts, fabric-scale-bound-misses.ts): LAYOUT:CALENDAR[:wN]. */
import { buildBound, type BoundRun, type Layout } from './fabric-scale-bound-kernel.js';
import { buildPacked } from './fabric-scale-bound-packed.js';
import type { CalendarKind } from './fabric-scale-bound-calendar.js';

const LAYOUTS: readonly string[] = ['one64', 'one128', 'split4', 'pack32', 'pack64'];
const CALENDARS: readonly string[] = ['heap', 'wheel'];

/** LAYOUT:CALENDAR → its parts (throws naming the bad case). */
export function boundCase(name: string): { readonly layout: Layout; readonly calendar: CalendarKind; readonly work: number } {
  const [layout = '', calendar = '', extra] = name.split(':');
  const work = extra === undefined ? 0 : /^w\d+$/.test(extra) ? Number(extra.slice(1)) : NaN;
  if (!LAYOUTS.includes(layout) || !CALENDARS.includes(calendar) || Number.isNaN(work)) {
    throw new Error(`fabric-scale-bound: case "${name}": real, or LAYOUT:CALENDAR[:wN] with LAYOUT ${LAYOUTS.join(' | ')}, CALENDAR ${CALENDARS.join(' | ')}, N rounds of work per event`);
  }
  return { layout: layout as Layout, calendar: calendar as CalendarKind, work };
}

/** The bound of case `name` at k, built (its sources' first arrivals posted). */
export function buildCase(k: number, name: string): BoundRun {
  const c = boundCase(name);
  return c.layout === 'pack32' || c.layout === 'pack64' ? buildPacked({ k, ...c }) : buildBound({ k, ...c });
}
