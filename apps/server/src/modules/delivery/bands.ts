import type { DoraBand } from '@rota/contracts';

/**
 * DORA performance levels (docs/metrics.md "Delivery (DORA)"): the thresholds of the 2023
 * Accelerate State of DevOps report, as DevLake applies them. Each figure's band is the best level
 * whose threshold it meets; null when the figure is unknown.
 */
export const BAND_YEAR = 2023;

type Band = NonNullable<DoraBand['band']>;
const band = (value: Band | null): DoraBand => ({ band: value, year: BAND_YEAR });

/**
 * Deployment frequency: elite (on demand) at seven or more successful deployments a week, high
 * at one deployment day a week or more, medium at one a month or more (7/30 days a week), else low.
 */
export function frequencyBand(perWeek: number | null, daysPerWeek: number | null): DoraBand {
  if (perWeek === null || daysPerWeek === null) return band(null);
  if (perWeek >= 7) return band('elite');
  if (daysPerWeek >= 1) return band('high');
  if (daysPerWeek >= 7 / 30) return band('medium');
  return band('low');
}

/** Lead time for changes (median hours): under a day, a week, a month (30 days), else low. */
export function leadTimeBand(medianHours: number | null): DoraBand {
  if (medianHours === null) return band(null);
  if (medianHours < 24) return band('elite');
  if (medianHours < 24 * 7) return band('high');
  if (medianHours < 24 * 30) return band('medium');
  return band('low');
}

/** Change failure rate: at most 5 %, 10 %, 15 %, else low. */
export function failureRateBand(rate: number | null): DoraBand {
  if (rate === null) return band(null);
  if (rate <= 0.05) return band('elite');
  if (rate <= 0.1) return band('high');
  if (rate <= 0.15) return band('medium');
  return band('low');
}

/** Time to restore (median hours): under an hour, a day, a week, else low. */
export function restoreBand(medianHours: number | null): DoraBand {
  if (medianHours === null) return band(null);
  if (medianHours < 1) return band('elite');
  if (medianHours < 24) return band('high');
  if (medianHours < 24 * 7) return band('medium');
  return band('low');
}
