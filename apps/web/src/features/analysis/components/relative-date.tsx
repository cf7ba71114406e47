import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

/** "3 days ago" in the UI language; the exact time on hover and for machines. */
export function RelativeDate({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value} title={formatDateTime(value, i18n.language)}>
      {formatRelativeTime(value, i18n.language)}
    </time>
  );
}
