/**
 * The VL arbitration tables of the output ports, by port type: `arbitration` for switch ports and
 * `hostArbitration` for host (CA) ports, as OpenSM programs them separately (`qos_swe_` and
 * `qos_ca_` options). Part of the checking front door (build.ts).
 */
import { VlArbiter, type VlArbiterConfig } from '../../../admission/index.js';
import { InvalidParameterError } from '../../../core/errors.js';
import { knownKeys, plainObject } from '../../../core/guards.js';

/**
 * Checks a VL arbitration option (the admission module's {@link VlArbiterConfig}).
 * @throws InvalidParameterError naming `option.high[2].weight` and the like.
 */
export function checkArbitration(option: string, value: unknown): VlArbiterConfig {
  const a = plainObject(option, value);
  knownKeys(option, a, ['high', 'low', 'limitOfHighPriority']);
  try {
    new VlArbiter(value as VlArbiterConfig);
  } catch (e) {
    if (e instanceof InvalidParameterError) throw new InvalidParameterError(e.parameter.replace(/^config/, option), e.rule, e.value);
    throw e;
  }
  return value as VlArbiterConfig;
}

/** The arbitration of switch ports and of host ports; `hostArbitration` defaults to `arbitration`. */
export function portArbitrations(arbitration: unknown, hostArbitration: unknown, vls: number): { switches: VlArbiterConfig; hosts: VlArbiterConfig; servedVls: Set<number> } {
  const switches: VlArbiterConfig =
    arbitration === undefined
      ? { high: [], low: Array.from({ length: vls }, (_, vl) => ({ vl, weight: 1 })), limitOfHighPriority: 255 }
      : checkArbitration('arbitration', arbitration);
  const hosts = hostArbitration === undefined ? switches : checkArbitration('hostArbitration', hostArbitration);
  const served = (c: VlArbiterConfig) => new Set([...c.high, ...c.low].filter((e) => e.weight > 0).map((e) => e.vl));
  const s = served(switches);
  const h = served(hosts);
  // A VL is served when both kinds of port send it.
  return { switches, hosts, servedVls: new Set([...s].filter((vl) => h.has(vl))) };
}
