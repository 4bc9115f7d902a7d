/**
 * How a fabric's measurements show themselves in a notebook (see present/display.ts): one row per
 * flow (throughput, latency, marks, drops), one per busy port (utilisation, credit stalls), and the
 * flows' latency histograms as a plot. Attached by `Fabric.measurements()` (not enumerable).
 */
import { formatNumber } from '../../../present/number.js';
import { withRecordDisplay } from '../../../present/recordDisplay.js';
import { renderPlot } from '../../../present/svgPlot.js';
import type { FabricMeasurements, FlowMeasurements, PortMeasurements } from './measurements.js';
import { recordParameter } from '../../../core/shapes.js';

/** Flows drawn in the histogram plot (the table has them all). */
const PLOTTED_FLOWS = 8;

/** The measurements with their display method. Returns them. */
export function fabricMeasurementsDisplay(measurements: FabricMeasurements): FabricMeasurements {
  recordParameter('measurements', measurements, { flows: 'array', ports: 'array' });
  return withRecordDisplay(measurements, (m) => {
    const ports = m.ports.filter((p) => p.packets > 0 || p.creditStallTime > 0);
    const histograms = m.flows.filter((f) => f.delivered > 0).slice(0, PLOTTED_FLOWS);
    return {
      title: `Fabric measurements over ${formatNumber(m.duration * 1e3)} ms`,
      facts: `${m.flows.length} flows, ${formatNumber(m.packetHops)} packet-hops, ${formatNumber(m.events)} events`,
      tables: [
        {
          caption: 'flows',
          rows: m.flows,
          columns: [
            { header: 'flow', value: (f: FlowMeasurements) => f.name },
            { header: 'delivered', value: (f: FlowMeasurements) => f.delivered },
            { header: 'throughput [Gb/s]', value: (f: FlowMeasurements) => f.throughputGbps, digits: 4 },
            { header: 'mean latency [µs]', value: (f: FlowMeasurements) => f.meanLatencyUs, digits: 4 },
            { header: 'max latency [µs]', value: (f: FlowMeasurements) => f.maxLatencyUs, digits: 4 },
            { header: 'marked', value: (f: FlowMeasurements) => f.marked },
            { header: 'source drops', value: (f: FlowMeasurements) => f.sourceDrops },
          ],
        },
        {
          caption: 'transmitting ports',
          rows: ports,
          columns: [
            { header: 'port', value: (p: PortMeasurements) => p.name },
            { header: 'packets', value: (p: PortMeasurements) => p.packets },
            { header: 'utilisation', value: (p: PortMeasurements) => p.utilization, digits: 4 },
            { header: 'credit stall [fraction]', value: (p: PortMeasurements) => (m.duration > 0 ? p.creditStallTime / m.duration : 0), digits: 4 },
            { header: 'marks', value: (p: PortMeasurements) => p.marks },
          ],
        },
      ],
      ...(histograms.length
        ? {
            svg: renderPlot({
              title: 'Latency distribution per flow',
              subtitle: 'fraction of the delivered packets per histogram bin (bin centres)',
              xLabel: 'latency',
              xUnit: 'µs',
              yLabel: 'fraction of packets',
              series: histograms.map((f) => {
                const { binWidth, counts } = f.latencyHistogramUs;
                const total = counts.reduce((a, b) => a + b, 0) + f.latencyHistogramUs.overflow;
                let lastBin = counts.length - 1;
                while (lastBin > 0 && counts[lastBin] === 0) lastBin--;
                return { name: f.name, mode: 'line' as const, points: counts.slice(0, lastBin + 1).map((c, k) => ({ x: (k + 0.5) * binWidth, y: c / total })) };
              }),
            }),
          }
        : {}),
    };
  });
}
