/**
 * How the broker and its verdicts show themselves in a notebook (see present/display.ts): a verdict
 * as one line (admitted with its slack, or refused with the binding link and the rule); the broker
 * as its links' loads (a table and a utilisation plot) and each port's VL guarantees. Attached by
 * `BandwidthBroker` (its constructor and `admit`), not enumerable.
 */
import { METRIC_COLUMNS, recordBundle, withRecordDisplay } from '../present/recordDisplay.js';
import type { MimeBundle } from '../present/display.js';
import { renderPlot } from '../present/svgPlot.js';
import { recordParameter } from '../core/shapes.js';
import type { LinkState } from './brokerRecords.js';

/** What the display reads of a verdict (declared here: broker.ts imports this file). */
interface Verdict {
  readonly id: string | number;
  readonly admitted: boolean;
  readonly bindingLink?: string;
  readonly reason?: string;
  readonly slack?: number;
}

/** What the display reads of a link's state. */
type LinkRow = Pick<LinkState, 'id' | 'port' | 'bandwidth' | 'capacity' | 'load' | 'utilization' | 'connections'>;

/** What the display reads of a port's tables. */
interface TableRow {
  readonly port: string;
  readonly freeEntries: number;
  readonly vls: readonly { readonly vl: number; readonly weight: number; readonly share: number; readonly delayBoundBytes: number }[];
}

/** The verdict with its display method. Returns the verdict itself. */
export function verdictDisplay<T extends Verdict>(verdict: T): T {
  recordParameter('verdict', verdict, { admitted: 'boolean' });
  return withRecordDisplay(verdict, (v) => ({
    title: v.admitted
      ? `Request ${v.id}: admitted`
      : `Request ${v.id}: REFUSED on link ${v.bindingLink} by the ${v.reason} rule`,
    tables: [
      {
        rows: [
          { name: 'admitted', value: v.admitted ? 'yes' : 'no' },
          ...(v.bindingLink !== undefined ? [{ name: 'binding link', value: v.bindingLink }] : []),
          ...(v.reason !== undefined ? [{ name: 'rule', value: v.reason }] : []),
          ...(v.slack !== undefined ? [{ name: v.admitted ? 'smallest headroom left on the path' : 'capacity − load − request', value: v.slack, unit: 'bandwidth units' }] : []),
        ],
        columns: METRIC_COLUMNS,
      },
    ],
  }));
}

/** The broker's bundle: links (table + utilisation plot) and the VL guarantees of each port with a table. */
export function brokerBundle(connections: number, links: readonly LinkRow[], tables: readonly TableRow[]): MimeBundle {
  const vlRows = tables.flatMap((t) => t.vls.map((g) => ({ port: t.port, free: t.freeEntries, ...g })));
  type VlRow = (typeof vlRows)[number];
  return recordBundle({
    title: `Bandwidth broker: ${connections} connections admitted on ${links.length} links`,
    tables: [
      {
        caption: 'links',
        rows: links,
        columns: [
          { header: 'link', value: (l: LinkRow) => l.id },
          { header: 'port', value: (l: LinkRow) => l.port },
          { header: 'bandwidth', value: (l: LinkRow) => l.bandwidth },
          { header: 'capacity', value: (l: LinkRow) => l.capacity },
          { header: 'load', value: (l: LinkRow) => l.load },
          { header: 'utilisation', value: (l: LinkRow) => l.utilization, digits: 4 },
          { header: 'connections', value: (l: LinkRow) => l.connections },
        ],
      },
      ...(vlRows.length
        ? [
            {
              caption: 'VL guarantees of the high-priority tables',
              rows: vlRows,
              columns: [
                { header: 'port', value: (r: VlRow) => r.port },
                { header: 'VL', value: (r: VlRow) => r.vl },
                { header: 'weight', value: (r: VlRow) => r.weight },
                { header: 'share', value: (r: VlRow) => r.share, digits: 4 },
                { header: 'delay bound [bytes]', value: (r: VlRow) => r.delayBoundBytes },
                { header: 'free entries', value: (r: VlRow) => r.free },
              ],
            },
          ]
        : []),
    ],
    ...(links.length > 0
      ? {
          svg: renderPlot({
            title: 'Admitted load per link',
            subtitle: 'fraction of each link’s bandwidth',
            xLabel: 'link',
            yLabel: 'utilisation',
            xTicks: links.map((l, k) => ({ value: k, label: l.id })),
            series: [
              { name: 'admitted load / bandwidth', mode: 'markers', filled: true, points: links.map((l, k) => ({ x: k, y: l.utilization })) },
              { name: 'capacity / bandwidth (the admission limit)', mode: 'markers', points: links.map((l, k) => ({ x: k, y: l.capacity / l.bandwidth })) },
            ],
          }),
        }
      : {}),
  });
}

