/** Numbers as the UI language writes them ("1.234" in Turkish, "1,234" in English). */
export const formatNumber = (value: number, locale: string, digits = 0) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);

/** Shares arrive as percentages (0–100). */
export const formatPercent = (value: number, locale: string, digits = 1) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(
    value / 100,
  );

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in binary steps with the unit names everyone reads (KB = 1024 B, as GitHub shows them). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, locale, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}

export const shortSha = (sha: string | null | undefined) => (sha ? sha.slice(0, 7) : '');
