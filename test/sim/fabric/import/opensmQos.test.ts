/**
 * OpenSM QoS options → per-port-type SL→VL and VL arbitration: what `ibqos admit --opensm` writes
 * reads back into the same tables, OpenSM's fallbacks (port type → qos_ → hard-coded defaults of
 * "QoS management in OpenSM" §7), and errors naming the line and the rule.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../helpers/errors.js';
import { ClusterFormatError, importCluster, readOpenSmQos, validateFabricTopology, writeIbnetdiscover } from '../../../../src/index.js';
import { runCli } from '../../../helpers/cli.js';
import { tempDirForTest } from '../../../helpers/tempDir.js';
import { OPENSM_CONF, twoLevelFatTree } from '../../../fixtures/import/generate.js';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'import');

const errorOf = (text: string): ClusterFormatError => thrownBy(ClusterFormatError, () => readOpenSmQos(`${text}\n`, 'opensm.conf'));

describe('readOpenSmQos', () => {
  it('round trip: every port block that `ibqos admit --opensm` writes reads back into the tables of `admit --json`', async () => {
    const dir = tempDirForTest('qos');
    const topology = join(dir, 't.json');
    const requests = join(dir, 'r.json');
    writeFileSync(topology, JSON.stringify({ links: [{ id: 'L1', bandwidth: 100 }, { id: 'L2', bandwidth: 100 }] }));
    writeFileSync(
      requests,
      JSON.stringify([
        { id: 'a', path: ['L1', 'L2'], sl: 0, bandwidth: 20, distance: 8 },
        { id: 'b', path: ['L1'], sl: 1, bandwidth: 30, distance: 16 },
        { id: 'c', path: ['L2'], sl: 2, bandwidth: 10, distance: 4 },
      ]),
    );
    const opensm = await runCli(['admit', '--topology', topology, '--requests', requests, '--opensm']);
    const json = await runCli(['admit', '--topology', topology, '--requests', requests, '--json']);
    expect([opensm.code, json.code]).toEqual([0, 0]);
    const tables = (JSON.parse(json.out) as { tables: { port: string; high: unknown[]; low: unknown[]; limitOfHighPriority: number }[] }).tables;
    const blocks = opensm.out.trim().split(/\n\n/);
    expect(blocks).toHaveLength(tables.length);
    blocks.forEach((block, i) => {
      const q = readOpenSmQos(`${block}\n`).ports.ca;
      expect({ high: q.high, low: q.low, limitOfHighPriority: q.limitOfHighPriority }).toEqual({
        high: tables[i]!.high,
        low: tables[i]!.low,
        limitOfHighPriority: tables[i]!.limitOfHighPriority,
      });
    });
    expect(tables.some((t) => t.high.some((e) => (e as { weight: number }).weight > 0))).toBe(true);
  });

  it('a port type takes its own option, else qos_, else OpenSM\'s default; "(null)", 0 and -1 are unset', () => {
    const q = readOpenSmQos(OPENSM_CONF);
    expect(q.enabled).toBe(true);
    expect(q.ports.ca.slToVl).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    expect(q.ports.ca.low.slice(0, 4)).toEqual([{ vl: 0, weight: 0 }, { vl: 1, weight: 64 }, { vl: 2, weight: 128 }, { vl: 3, weight: 192 }]);
    expect(q.ports.swe.low.slice(3, 6)).toEqual([{ vl: 3, weight: 255 }, { vl: 0, weight: 0 }, { vl: 1, weight: 32 }]);
    expect([q.ports.ca.maxVls, q.ports.ca.limitOfHighPriority]).toEqual([4, 6]);
    // sw0 and rtr have no options of their own: qos_ is unset, so the §7 defaults.
    expect(q.ports.sw0.maxVls).toBe(15);
    expect(q.ports.rtr.slToVl).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7]);
    expect(q.ports.rtr.high[0]).toEqual({ vl: 0, weight: 4 });
    const generic = readOpenSmQos('qos_high_limit 9\nqos_ca_high_limit 3\n');
    expect([generic.ports.ca.limitOfHighPriority, generic.ports.swe.limitOfHighPriority]).toEqual([3, 9]);
  });

  it('the committed opensm.conf is the generator\'s text', () => {
    expect(readFileSync(join(FIXTURES, 'opensm.conf'), 'utf8')).toBe(OPENSM_CONF);
  });

  it('bad values name the line and the admission module\'s rule', () => {
    expect(errorOf('# x\nqos_ca_vlarb_high 0:4,15:2').message).toBe('opensm.conf, line 2: qos_ca_vlarb_high[1].vl must be a data VL 0..14, got 15');
    expect(errorOf('qos_swe_vlarb_low 1:256').message).toBe('opensm.conf, line 1: qos_swe_vlarb_low[0].weight must be an integer 0..255, got 256');
    expect(errorOf('qos_sl2vl 0,1,2').message).toMatch(/^opensm\.conf, line 1: qos_sl2vl must be a list of 16 VLs/);
    expect(errorOf('qos_ca_max_vls 16').message).toBe('opensm.conf, line 1: qos_ca_max_vls must be an integer in 1..15, got "16"');
    expect(errorOf('qos_ca_high_limit 3\nqos_ca_high_limit 4').message).toBe('opensm.conf, line 2: an option must be given once: qos_ca_high_limit is already set at line 1');
    expect(errorOf('qos_ca_vlarb_hihg 0:4').message).toMatch(/^opensm\.conf, line 1: a QoS option must be qos_/);
  });

  it('into fabric options: the CA table gives SL→VL and the host ports\' arbitration, the switches\' the rest', () => {
    const ib = writeIbnetdiscover(validateFabricTopology(twoLevelFatTree()));
    const c = importCluster({ ibnetdiscover: ib, qos: OPENSM_CONF });
    expect(c.qos!.vls).toBe(4);
    expect(c.qos!.hostArbitration.low).toEqual([{ vl: 0, weight: 0 }, { vl: 1, weight: 64 }, { vl: 2, weight: 128 }, { vl: 3, weight: 192 }]);
    expect(c.qos!.arbitration.low).toHaveLength(6);
    expect(c.qos!.hostArbitration.limitOfHighPriority).toBe(6);
    const dropped = importCluster({ ibnetdiscover: ib, qos: 'qos_sl2vl 0,1,15,1,0,1,0,1,0,1,0,1,0,1,0,1\n' });
    expect(dropped.qos!.slToVl[2]).toBe(0);
    expect(dropped.notes.join(' ')).toMatch(/SL 2 map to VL 15/);
  });
});
