/**
 * A small trend line over a figure's buckets, drawn in SVG. Unknown buckets (null) break the line.
 * The drawing is an image whose accessible name the caller gives (what it shows, in words).
 */
export function Sparkline({
  values,
  label,
  testId,
}: {
  values: ReadonlyArray<number | null>;
  label: string;
  testId?: string;
}) {
  const width = 120;
  const height = 32;
  const known = values.filter((value): value is number => value !== null);
  const min = Math.min(...known);
  const max = Math.max(...known);
  const span = max - min || 1;
  const x = (index: number) =>
    values.length <= 1 ? width / 2 : (index / (values.length - 1)) * width;
  const y = (value: number) =>
    max === min ? height / 2 : height - 2 - ((value - min) / span) * (height - 4);
  // One path of segments; a null bucket starts a new segment after it.
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(index).toFixed(1)} ${y(value).toFixed(1)} `;
    drawing = true;
  });
  const last = values.findLastIndex((value) => value !== null);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-8 w-28 max-w-full overflow-visible"
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <path
        d={path.trim()}
        fill="none"
        strokeWidth="1.5"
        strokeLinejoin="round"
        className="stroke-indigo-600 dark:stroke-indigo-400"
      />
      {last >= 0 && (
        <circle
          cx={x(last)}
          cy={y(values[last] as number)}
          r="2"
          className="fill-indigo-600 dark:fill-indigo-400"
        />
      )}
    </svg>
  );
}
