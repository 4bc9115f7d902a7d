/** Importers of a cluster's own description (ibnetdiscover, LFT dumps, OpenSM QoS options) and their writers. */
export { ClusterFormatError, formatImportWarning, type ClusterFormat, type ImportWarning } from './importError.js';
export { IB_SPEEDS, IB_WIDTHS, linkCodeOfRate, linkDataRateGbps } from './linkRate.js';
export { parseIbnetdiscover, type IbnetDiscovery, type IbnetLink, type IbnetNode, type IbnetPortLine } from './ibnetdiscover.js';
export { parseLfts, type LftTable } from './lfts.js';
export { formatOpenSmSl2vl, parseOpenSmSl2vl, QOS_PORT_TYPES, readOpenSmQos, type OpenSmQos, type PortQos, type QosPortType } from './opensmQos.js';
export { importCluster, type ClusterSources, type ImportedCluster, type ImportedQos, type MissingRoute } from './cluster.js';
export { clusterScenario, type ClusterScenarioOptions } from './clusterScenario.js';
export { summarizeTopology, type ClusterSummary } from './summary.js';
export { clusterIdentities, writeIbnetdiscover, writeIbnetdiscoverPorts, writeLfts, type ClusterIdentities } from './writers.js';
