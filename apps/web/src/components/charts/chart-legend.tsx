import type { LegendPayload } from 'recharts';

/**
 * The chart's legend: each series' colour and name. Recharts' own legend labels every swatch
 * "<name> legend icon" in English, whatever the page's language; here the swatch is decoration
 * (the text beside it already names the series) and carries no label at all.
 */
export function ChartLegend({ payload }: { payload?: readonly LegendPayload[] }) {
  if (!payload?.length) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1 text-xs">
      {payload.map((entry) => (
        <li key={String(entry.value)} className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-1 w-3.5 rounded"
            style={{ backgroundColor: entry.color }}
          />
          {/* The page's text colour, not the series': a 12 px name needs 4.5:1, the colours keep 3:1. */}
          <span>{entry.value}</span>
        </li>
      ))}
    </ul>
  );
}
