/**
 * Packet overhead in admission: the header byte counts (IBA vol. 1: LRH 8 §7.7, BTH 12 §9.2,
 * ICRC 4 §7.8.1, VCRC 2 §7.8.2, GRH 40 §8.3) and the reservation B·(S + h)/S, checked in exact
 * arithmetic (fraction.js) against the broker's exact loads.
 */
import Fraction from 'fraction.js';
import { describe, expect, it } from 'vitest';
import { BandwidthBroker, InvalidParameterError, packetFormat, packetHeaderBytes, wireBandwidth } from '../../src/index.js';
import { thrownBy } from '../helpers/errors.js';

describe('packet overhead', () => {
  it('packetHeaderBytes → 8 + 12 + 4 + 2 = 26, and 66 with the 40-byte GRH', () => {
    expect(packetHeaderBytes()).toBe(8 + 12 + 4 + 2);
    expect(packetHeaderBytes(true)).toBe(8 + 40 + 12 + 4 + 2);
    expect(packetFormat({ payloadBytes: 4096, globalRouteHeader: true }).wireBytes).toBe(4096 + 66);
  });

  it('wireBandwidth → B·(S + 26)/S for the four sizes of the seed', () => {
    for (const S of [256, 1024, 2048, 4096]) expect(wireBandwidth(10, packetFormat({ payloadBytes: S }))).toBeCloseTo((10 * (S + 26)) / S, 12);
  });

  it('the broker reserves B·(S + h)/S exactly on every link of the path', () => {
    const broker = new BandwidthBroker({ links: [{ id: 'a', bandwidth: 2500 }, { id: 'b', bandwidth: 2500 }], packet: { payloadBytes: 256 } });
    expect(broker.admit({ id: 1, path: ['a', 'b'], sl: 0, bandwidth: '0.064' }).admitted).toBe(true);
    const expected = new Fraction('0.064').mul(282, 256);
    for (const l of ['a', 'b']) expect(new Fraction(broker.exactLoad(l)).equals(expected)).toBe(true);
  });

  it('a request whose wire bandwidth is exactly the capacity is refused (strict rule), a hair less is admitted', () => {
    const topology = { links: [{ id: 'L', bandwidth: 2500 }], bestEffortReserve: 0.2, packet: { payloadBytes: 256 } };
    // 2000 · 256/282 on the wire is 2000 exactly.
    const boundary = new Fraction(2000).mul(256, 282).toFraction();
    expect(new BandwidthBroker(topology).admit({ id: 1, path: ['L'], sl: 0, bandwidth: boundary }).admitted).toBe(false);
    const below = new Fraction(2000).mul(256, 282).sub(new Fraction(1, 10 ** 9)).toFraction();
    expect(new BandwidthBroker(topology).admit({ id: 1, path: ['L'], sl: 0, bandwidth: below }).admitted).toBe(true);
  });

  it('the table weight is that of the wire bandwidth: ⌈16320 · 250 · 282/256 / 2500⌉ = 1798, not 1632', () => {
    const withHeaders = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 2500 }], packet: { payloadBytes: 256 } });
    withHeaders.admit({ id: 1, path: ['L'], sl: 9, bandwidth: 250 });
    expect(withHeaders.tablesState()[0]!.vls[0]!.weight).toBe(Math.ceil((16320 * 250 * 282) / 256 / 2500));
    const without = new BandwidthBroker({ links: [{ id: 'L', bandwidth: 2500 }] });
    without.admit({ id: 1, path: ['L'], sl: 9, bandwidth: 250 });
    expect(without.tablesState()[0]!.vls[0]!.weight).toBe(1632);
  });

  it('packet sizes outside 256..4096, a bad GRH flag or header count → errors naming the field', () => {
    for (const payloadBytes of [255, 4097, 1024.5, '2048']) {
      const e = thrownBy(InvalidParameterError, () => new BandwidthBroker({ links: [{ id: 'L', bandwidth: 1 }], packet: { payloadBytes } as never }));
      expect(e.parameter).toBe('packet.payloadBytes');
      expect(e.message).toContain('256..4096');
    }
    expect(thrownBy(InvalidParameterError, () => packetFormat({ payloadBytes: 256, globalRouteHeader: 1 })).parameter).toBe('packet.globalRouteHeader');
    expect(thrownBy(InvalidParameterError, () => packetFormat({ payloadBytes: 256, headerBytes: 127 })).parameter).toBe('packet.headerBytes');
    expect(thrownBy(InvalidParameterError, () => packetFormat({ payloadBytes: 256, grh: true })).parameter).toBe('packet.grh');
  });
});
