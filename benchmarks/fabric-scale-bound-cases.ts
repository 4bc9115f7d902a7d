/** The bound's case names (fabric-scale-bound.ts, fabric-scale-bound-misses.ts): LAYOUT:CALENDAR[:wN][:xM]. */
import { buildBound, type BoundRun, type Layout } from './fabric-scale-bound-kernel.js';
import { buildPacked } from './fabric-scale-bound-packed.js';
import type { CalendarKind } from './fabric-scale-bound-calendar.js';

const LAYOUTS: readonly string[] = ['one64', 'one128', 'split4', 'pack32', 'pack64'];
const CALENDARS: readonly string[] = ['heap', 'wheel'];

/** LAYOUT:CALENDAR → its parts (throws naming the bad case). */
export function boundCase(name: string): { readonly layout: Layout; readonly calendar: CalendarKind; readonly work: number; readonly extraTables: number } {
  const [layout = '', calendar = '', ...extras] = name.split(':');
  let work = 0;
  let extraTables = 0;
  let bad = !LAYOUTS.includes(layout) || !CALENDARS.includes(calendar);
  for (const e of extras) {
    if (/^w\d+$/.test(e)) work = Number(e.slice(1));
    else if (/^x\d+$/.test(e) && layout.startsWith('pack')) extraTables = Number(e.slice(1));
    else bad = true;
  }
  if (bad) {
    throw new Error(`fabric-scale-bound: case "${name}": real, or LAYOUT:CALENDAR[:wN][:xM] with LAYOUT ${LAYOUTS.join(' | ')}, CALENDAR ${CALENDARS.join(' | ')}, N rounds of work per event, M extra per-port tables (pack layouts only)`);
  }
  return { layout: layout as Layout, calendar: calendar as CalendarKind, work, extraTables };
}

/** The bound of case `name` at k, built (its sources' first arrivals posted). */
export function buildCase(k: number, name: string): BoundRun {
  const c = boundCase(name);
  return c.layout === 'pack32' || c.layout === 'pack64' ? buildPacked({ k, ...c }) : buildBound({ k, ...c });
}
