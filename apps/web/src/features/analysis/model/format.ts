// Numbers and sizes are formatted by lib/format.ts (one module for the whole UI); these names are
// kept so older imports build.
export { formatBytes, formatNumber, formatPercent, formatShare } from '../../../lib/format';

export const shortSha = (sha: string | null | undefined) => (sha ? sha.slice(0, 7) : '');
