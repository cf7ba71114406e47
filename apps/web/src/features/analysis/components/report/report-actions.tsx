import { ArrowLeft, FileJson, FileText, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../../components/ui/button';
import { drawAllDiagrams } from '../../model/diagram-drawing';
import { downloadText, fileSafe } from '../../model/download';
import { reportToMarkdown } from '../../model/report-markdown';
import { reportToJson, type Report } from '../../model/report-model';

const backLink =
  'inline-flex items-center gap-1 rounded-md text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

// Diagrams are drawn as they near the screen: printing first draws those not reached yet.
const printReport = async () => {
  await drawAllDiagrams();
  window.print();
};

/** Print (to PDF from the browser's dialog) and the two exports; the file is what is on screen now. */
export function ReportActions({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const fresh = () => ({ ...report, generatedAt: new Date().toISOString() });
  const base = fileSafe(t('analysis.report.fileName', { name: report.project.name }));
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" data-testid="report-actions">
      <Link
        to={`/projects/${encodeURIComponent(report.project.id)}`}
        className={`${backLink} mr-2`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('analysis.report.backToProject')}
      </Link>
      <Button variant="secondary" onClick={() => void printReport()}>
        <Printer className="size-4" aria-hidden="true" />
        {t('analysis.report.print')}
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          downloadText(
            reportToMarkdown(fresh(), { t, locale: i18n.language }),
            `${base}.md`,
            'text/markdown',
          )
        }
      >
        <FileText className="size-4" aria-hidden="true" />
        {t('analysis.report.exportMarkdown')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => downloadText(reportToJson(fresh()), `${base}.json`, 'application/json')}
      >
        <FileJson className="size-4" aria-hidden="true" />
        {t('analysis.report.exportJson')}
      </Button>
    </div>
  );
}
