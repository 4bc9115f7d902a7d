/** Routing engines as a subnet manager runs them (OpenSM's minhop, updn, ftree), fat-tree detection and uniform link loads. */
export { parseRoutingEngines, routeFabric, ROUTING_ENGINES, type RoutedFabric, type RoutingEngine } from './engines.js';
export { detectFatTree, fatTreePorts, type FatTreeShape } from './fatTree.js';
export { minHopPorts } from './minHop.js';
export { uniformLinkLoad, type UniformLinkLoad } from './linkLoad.js';
export { switchGraph, type SwitchGraph } from './switchGraph.js';
