import { ANALYTICS_PERIODS } from '@rota/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../ui/button';
import { Field, SelectField } from '../ui/field';
import {
  periodFromSearch,
  quarterOf,
  rangeError,
  recentQuarters,
  withPeriod,
  type PeriodChoice,
  type RangeError,
} from '../../lib/period';

/**
 * The period kept in the address (`?days=90` or `?from=…&to=…`): a link reproduces the view, and
 * each choice is a new history entry so back and forward step through them.
 */
export function usePeriodParam() {
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params);
  const setPeriod = (next: PeriodChoice) => setParams((current) => withPeriod(current, next));
  return { period, setPeriod };
}

const CUSTOM = 'custom';
const presetValue = (days: number) => `days:${days}`;
const rangeValue = (from: string, to: string) => `range:${from}:${to}`;

const periodKey = (period: PeriodChoice) =>
  'from' in period ? rangeValue(period.from, period.to) : presetValue(period.days);

/**
 * Presets, this calendar quarter and the four before it (in the user's time zone), or a custom
 * range checked with the server's own rules. A native select: compact on a 360 px phone, and
 * keyboard and screen readers work without extra code.
 */
export function PeriodPicker(props: PeriodPickerProps) {
  // A period set from outside (back, forward, a link) starts the picker afresh.
  return <PeriodSelect key={periodKey(props.value)} {...props} />;
}

interface PeriodPickerProps {
  value: PeriodChoice;
  onChange: (period: PeriodChoice) => void;
  /** The user's time zone as the server resolved the period; the browser's until known. */
  timeZone?: string | undefined;
  testId?: string;
}

function PeriodSelect({ value, onChange, timeZone, testId = 'period-picker' }: PeriodPickerProps) {
  const { t } = useTranslation();
  const quarters = recentQuarters(timeZone);
  const quarter = quarterOf(value, quarters);
  const isCustomRange = 'from' in value && !quarter;
  const [customOpen, setCustomOpen] = useState(isCustomRange);
  const [from, setFrom] = useState('from' in value ? value.from : '');
  const [to, setTo] = useState('from' in value ? value.to : '');
  const [error, setError] = useState<RangeError | null>(null);
  const formId = useId();

  const selected = customOpen || isCustomRange ? CUSTOM : periodKey(value);

  const choose = (option: string) => {
    if (option === CUSTOM) {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    setError(null);
    const [kind, first, second] = option.split(':');
    if (kind === 'range' && first && second) onChange({ from: first, to: second });
    else onChange({ days: Number(first) as (typeof ANALYTICS_PERIODS)[number] });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeError(from, to);
    setError(problem);
    if (problem === null) onChange({ from, to });
  };

  const message = error === null ? undefined : t(`period.errors.${error}`);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end" data-testid={testId}>
      <SelectField
        label={t('period.label')}
        value={selected}
        onChange={(event) => choose(event.target.value)}
        className="sm:w-56"
      >
        <optgroup label={t('period.presets')}>
          {ANALYTICS_PERIODS.map((days) => (
            <option key={days} value={presetValue(days)}>
              {t('period.lastDays', { count: days })}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('period.quarters')}>
          {quarters.map((item, index) => (
            <option key={item.from} value={rangeValue(item.from, item.to)}>
              {t(index === 0 ? 'period.thisQuarter' : 'period.quarter', {
                year: item.year,
                quarter: item.quarter,
              })}
            </option>
          ))}
        </optgroup>
        <option value={CUSTOM}>{t('period.custom')}</option>
      </SelectField>
      {selected === CUSTOM && (
        <form
          id={formId}
          noValidate
          onSubmit={apply}
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          aria-label={t('period.custom')}
          data-testid={`${testId}-custom`}
        >
          <Field
            type="date"
            label={t('period.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={error === 'rangeReversed' || error === 'rangeIncomplete' ? message : undefined}
            className="sm:w-40"
          />
          <Field
            type="date"
            label={t('period.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={error === 'rangeTooLong' || error === 'invalidDate' ? message : undefined}
            className="sm:w-40"
          />
          <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]">
            {t('period.apply')}
          </Button>
        </form>
      )}
    </div>
  );
}
