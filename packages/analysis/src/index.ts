/**
 * Rota's repository analysis engine: (git directory, ref, options) -> typed results whose schemas
 * live in @rota/contracts. The engine arrives with the analysis-engine issue; until then this
 * package only fixes its place in the workspace and the version stored with every result.
 */
export const ANALYZER_VERSION = '0.0.0';
