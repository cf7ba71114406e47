/**
 * Part of every stored result's key: bump it when any analysis would answer differently for the
 * same input, so servers recompute instead of serving results of an older engine.
 */
export const ANALYZER_VERSION = '1.6.1';
