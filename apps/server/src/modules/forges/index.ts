export type { DiffEntry } from './diff-entry.js';
export { ForgeRegistry } from './registry.js';
