/**
 * InfiniBand link data rates from the active width and speed that `ibnetdiscover` prints (`4xQDR`):
 * rate = lanes × lane signalling rate × line-coding efficiency (IBA vol. 2 ch. 5–6; the lane rates of
 * the InfiniBand Trade Association's roadmap). SDR, DDR and QDR use 8b/10b (8/10 of the signalling
 * rate carries data); FDR10, FDR, EDR, HDR, NDR and XDR use 64b/66b. The forward error correction of
 * EDR and later generations is not subtracted (it is outside the 64b/66b blocks), so 4x HDR gives
 * 4 × 53.125 × 64/66 = 206.06 Gb/s rather than the marketing figure of 200.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { checkKind } from '../../core/shapes.js';

/** Lane signalling rate (Gb/s) and coding efficiency of each speed code. */
export const IB_SPEEDS: Readonly<Record<string, { readonly laneGbaud: number; readonly coding: '8b/10b' | '64b/66b' }>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, { laneGbaud: number; coding: '8b/10b' | '64b/66b' }>, {
    SDR: { laneGbaud: 2.5, coding: '8b/10b' },
    DDR: { laneGbaud: 5, coding: '8b/10b' },
    QDR: { laneGbaud: 10, coding: '8b/10b' },
    FDR10: { laneGbaud: 10.3125, coding: '64b/66b' },
    FDR: { laneGbaud: 14.0625, coding: '64b/66b' },
    EDR: { laneGbaud: 25.78125, coding: '64b/66b' },
    HDR: { laneGbaud: 53.125, coding: '64b/66b' },
    NDR: { laneGbaud: 106.25, coding: '64b/66b' },
    XDR: { laneGbaud: 212.5, coding: '64b/66b' },
  }),
);

/** Link widths (lanes) that InfiniBand defines. */
export const IB_WIDTHS: readonly number[] = [1, 2, 4, 8, 12];

/**
 * The data rate in Gb/s of a link of `width` lanes at speed `speed` (`'QDR'`, `'EDR'`, …).
 *
 * @throws InvalidParameterError naming `width` or `speed` when it is not one InfiniBand defines.
 * @example linkDataRateGbps(4, 'QDR'); // → 32
 * @example linkDataRateGbps(4, 'EDR'); // → 100
 */
export function linkDataRateGbps(width: number, speed: string): number {
  if (!IB_WIDTHS.includes(width)) throw new InvalidParameterError('width', `one of ${IB_WIDTHS.map((w) => `${w}x`).join(', ')}`, width);
  const s = Object.hasOwn(IB_SPEEDS, speed) ? IB_SPEEDS[speed] : undefined;
  if (s === undefined) throw new InvalidParameterError('speed', `one of ${Object.keys(IB_SPEEDS).join(', ')}`, speed);
  return (width * s.laneGbaud * (s.coding === '8b/10b' ? 8 : 64)) / (s.coding === '8b/10b' ? 10 : 66);
}

/**
 * The width × speed code (`'4xQDR'`) whose data rate is `rateGbps`, or undefined (the inverse of
 * {@link linkDataRateGbps}, used by the writers).
 */
export function linkCodeOfRate(rateGbps: number): string | undefined {
  checkKind('rateGbps', rateGbps, 'number');
  // Widths outer with 4x first (the common cable), so 32 Gb/s reads 4xQDR rather than 8xDDR.
  for (const width of [4, 1, 2, 8, 12]) {
    for (const speed of Object.keys(IB_SPEEDS)) {
      if (Math.abs(linkDataRateGbps(width, speed) - rateGbps) <= 1e-9 * rateGbps) return `${width}x${speed}`;
    }
  }
  return undefined;
}
