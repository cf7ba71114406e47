export * from './common.js';
export * from './structure.js';
export * from './composition.js';
export * from './branches.js';
export * from './history.js';
export * from './readme.js';
export * from './diagram.js';
