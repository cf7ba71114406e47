/** One line of a time chart: which field of each row it draws, its name and its colour. */
export interface ChartSeries<Key extends string = string> {
  key: Key;
  label: string;
  /** A colour readable on both the light and the dark card. */
  color: string;
}

/** A chart's rows: one per day (`YYYY-MM-DD`) with a number, or null when not measured, per series. */
export interface ChartRow {
  date: string;
  [series: string]: string | number | null;
}

/** Colours that keep 3:1 contrast on white and on slate-900 (indigo, emerald, amber, rose). */
export const SERIES_COLORS = ['#6366f1', '#10b981', '#d97706', '#e11d48'] as const;
