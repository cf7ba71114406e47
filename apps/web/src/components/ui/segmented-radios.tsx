import { useId } from 'react';
import { cn } from '../../lib/cn';

export interface SegmentedRadiosProps<Value extends string | number> {
  legend: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange: (value: Value) => void;
  testId?: string;
}

/**
 * A choice of a few options drawn as a segmented control on native radio buttons: one tab stop,
 * arrow keys move and choose, screen readers hear "radio, 2 of 4". Wraps on a narrow phone.
 */
export function SegmentedRadios<Value extends string | number>({
  legend,
  options,
  value,
  onChange,
  testId,
}: SegmentedRadiosProps<Value>) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
      </legend>
      <div
        className="inline-flex max-w-full flex-wrap items-center gap-0.5 self-start rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900"
        data-testid={testId}
      >
        {options.map((option) => (
          <label key={option.value} className="relative">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'inline-flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium',
                'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                'peer-checked:bg-indigo-600 peer-checked:text-white peer-checked:hover:bg-indigo-600',
                'dark:peer-checked:bg-indigo-400 dark:peer-checked:text-slate-950',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-indigo-600',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
