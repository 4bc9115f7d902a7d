/** Public exports of src/sim/fabric: the switch-hardware fabric (docs/models.md §11; docs/fabric.md). */
export { CREDIT_BLOCK_BYTES } from './compiled.js';
export { Fabric } from './fabric.js';
export type { BufferMeasurements, CreditAudit, FabricMeasurements, FlowMeasurements, PortMeasurements } from './measure/measurements.js';
export { buildFabric, type FabricOptions } from './build.js';
export type { FlowSpec, FlowPacketSizes, RateControlSpec, TrafficSpec } from './buildFlows.js';
export type { MarkingSpec } from './switch/marking.js';
export type { OutputArbiter, InjectionControl, GapRule } from './plugins.js';
export { GAP_RULES } from './plugins.js';
export { IbCcInjectionControl, ResponseInjectionControl, type ResponseInjectionOptions } from './host/rateControl.js';
export type { DeliveryObserver } from './qos.js';
export { parseFabricScenario, replicateFabricScenario, type FabricScenarioParams } from './fabricScenario.js';
export { fabricMeasurementsDisplay } from './measure/display.js';
export type { HostTraffic } from './host/hostTraffic.js';
export { DrbPathSelection, type PathSelection, type PathSelectionSpec } from './host/pathSelection.js';
export { FabricDeadlockError, findWaitCycle } from './link/deadlock.js';
export { buildLeanFabric, type LeanFabric, type LeanFlowFigures, type LeanMeasurements, type LeanPortFigures } from './lean/index.js';
