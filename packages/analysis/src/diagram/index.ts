/** The technical (architecture) diagram: see docs/analysis/diagram.md. */
export { buildDiagram, type BuildDiagramOptions } from './build-diagram.js';
export { stableId } from './render/ids.js';
