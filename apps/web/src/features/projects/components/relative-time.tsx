import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

/**
 * "2 hours ago" in the UI language, the exact time on hover and for machines. `labelKey` wraps it
 * in a sentence whose word order each language chooses ("Updated {{time}}" / "{{time}} güncellendi").
 */
export function RelativeTime({ value, labelKey }: { value: string; labelKey?: string }) {
  const { t, i18n } = useTranslation();
  const time = formatRelativeTime(value, i18n.language);
  return (
    <time dateTime={value} title={formatDateTime(value, i18n.language)}>
      {labelKey ? t(labelKey, { time }) : time}
    </time>
  );
}
