import { Code2, Download, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { formatPercent } from '../../../../lib/format';
import { notify } from '../../../../lib/ui-store';
import { downloadBlob, downloadText } from '../../model/download';
import { renderMermaid, type DiagramTheme } from '../../model/mermaid-render';
import { decodeSvgText, serializeSvg, svgSize, svgToPng } from '../../model/svg-export';
import { useDarkMode } from '../use-dark-mode';
import { useDrawWhenNear } from './use-draw-when-near';
import { usePanZoom, type View } from './use-pan-zoom';

type Status = { key: string; state: 'ready' } | { key: string; state: 'error'; message: string };

const toolButton = 'px-2.5 py-1.5';

/**
 * The Mermaid diagram drawn to SVG (Mermaid loads on first use), in the page's theme unless told
 * otherwise, with pan and zoom, SVG and PNG downloads, and the Mermaid source on request.
 */
export function DiagramViewer({
  source,
  fileName,
  theme: fixedTheme,
  label,
}: {
  source: string;
  fileName: string;
  /** The report prints on paper: it asks for the light theme whatever the page's. */
  theme?: DiagramTheme;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const dark = useDarkMode();
  const theme: DiagramTheme = fixedTheme ?? (dark ? 'dark' : 'light');
  const key = `${theme}\n${source}`;
  const [status, setStatus] = useState<Status | null>(null);
  const [showSource, setShowSource] = useState(false);
  const [exporting, setExporting] = useState(false);
  const content = useRef<HTMLDivElement | null>(null);
  const sourceId = useId();

  const fit = useCallback((): View => {
    const svg = content.current?.querySelector('svg');
    const box = content.current?.parentElement?.getBoundingClientRect();
    if (!svg || !box || box.width === 0) return { scale: 1, x: 0, y: 0 };
    const size = svgSize(svg);
    const scale = Math.max(
      0.2,
      Math.min(1, (box.width - 32) / size.width, (box.height - 32) / size.height),
    );
    return {
      scale,
      x: (box.width - size.width * scale) / 2,
      y: Math.max(16, (box.height - size.height * scale) / 2),
    };
  }, []);
  const viewport = useRef<HTMLDivElement | null>(null);
  const { view, setView, zoomIn, zoomOut, reset, handlers } = usePanZoom(viewport, fit);
  // Mermaid loads and draws when the box nears the screen; the box has its final size already.
  const { near, drawn } = useDrawWhenNear(viewport);

  useEffect(() => {
    if (!near) return;
    let live = true;
    renderMermaid(source, theme).then(
      (svgText) => {
        const target = content.current;
        if (!live || !target) return;
        // Mermaid's own output with securityLevel 'strict': sanitised by Mermaid's DOMPurify.
        target.innerHTML = svgText;
        const svg = target.querySelector('svg');
        if (svg) {
          decodeSvgText(svg);
          const size = svgSize(svg);
          svg.setAttribute('width', String(size.width));
          svg.setAttribute('height', String(size.height));
          svg.style.maxWidth = 'none';
        }
        setStatus({ key: `${theme}\n${source}`, state: 'ready' });
        setView(fit());
        drawn();
      },
      (error: unknown) => {
        if (live)
          setStatus({
            key: `${theme}\n${source}`,
            state: 'error',
            message: error instanceof Error ? error.message : String(error),
          });
        drawn();
      },
    );
    return () => {
      live = false;
    };
  }, [near, source, theme, fit, setView, drawn]);

  const current = status?.key === key ? status : null;
  const svgElement = () => content.current?.querySelector('svg') ?? null;
  const downloadSvg = () => {
    const svg = svgElement();
    if (svg) downloadText(serializeSvg(svg), `${fileName}.svg`, 'image/svg+xml');
  };
  const downloadPng = async () => {
    const svg = svgElement();
    if (!svg) return;
    setExporting(true);
    try {
      const png = await svgToPng(
        serializeSvg(svg),
        svgSize(svg),
        theme === 'dark' ? '#0f172a' : '#ffffff',
      );
      downloadBlob(png, `${fileName}.png`);
    } catch (error) {
      notify.error(t('analysis.diagram.pngFailed'), {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setExporting(false);
    }
  };
  const ready = current?.state === 'ready';

  return (
    <div className="flex flex-col gap-3">
      <div
        className="flex flex-wrap items-center gap-2 print:hidden"
        role="toolbar"
        aria-label={t('analysis.diagram.toolbar')}
      >
        <Button
          variant="secondary"
          className={toolButton}
          onClick={zoomIn}
          disabled={!ready}
          aria-label={t('analysis.diagram.zoomIn')}
        >
          <ZoomIn className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          className={toolButton}
          onClick={zoomOut}
          disabled={!ready}
          aria-label={t('analysis.diagram.zoomOut')}
        >
          <ZoomOut className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="secondary" className={toolButton} onClick={reset} disabled={!ready}>
          <Maximize2 className="size-4" aria-hidden="true" />
          {t('analysis.diagram.fit')}
        </Button>
        <span
          className="text-sm text-slate-600 tabular-nums dark:text-slate-400"
          aria-live="polite"
        >
          {formatPercent(Math.round(view.scale * 100), i18n.language, 0)}
        </span>
        <span className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className={toolButton}
            onClick={downloadSvg}
            disabled={!ready}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('analysis.diagram.downloadSvg')}
          </Button>
          <Button
            variant="secondary"
            className={toolButton}
            onClick={() => void downloadPng()}
            disabled={!ready || exporting}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('analysis.diagram.downloadPng')}
          </Button>
          <Button
            variant="secondary"
            className={toolButton}
            aria-expanded={showSource}
            {...(showSource ? { 'aria-controls': sourceId } : {})}
            onClick={() => setShowSource((shown) => !shown)}
          >
            <Code2 className="size-4" aria-hidden="true" />
            {showSource ? t('analysis.diagram.hideSource') : t('analysis.diagram.showSource')}
          </Button>
        </span>
      </div>
      <div
        ref={viewport}
        role="application"
        aria-roledescription={t('analysis.diagram.viewerRole')}
        aria-label={label}
        aria-describedby={`${sourceId}-help`}
        tabIndex={0}
        {...handlers}
        className={cn(
          'relative h-[60vh] min-h-80 cursor-grab touch-none overflow-hidden rounded-lg border border-slate-200 select-none focus-visible:outline-2 focus-visible:outline-indigo-600 active:cursor-grabbing dark:border-slate-800 print:h-auto print:min-h-0 print:overflow-visible',
          // The report's diagram is drawn light for paper: it keeps a light surface in dark mode too.
          fixedTheme === 'light' ? 'bg-white' : 'bg-white dark:bg-slate-950',
        )}
        data-testid="diagram-viewport"
      >
        <div
          ref={content}
          aria-hidden="true"
          className="absolute top-0 left-0 origin-top-left print:static print:transform-none! print:[&_svg]:h-auto print:[&_svg]:max-w-full"
          style={{
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
          }}
          data-testid="diagram-svg"
        />
        {!current && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label={t('analysis.diagram.rendering')} />
          </div>
        )}
        {current?.state === 'error' && (
          <p
            role="alert"
            className="absolute inset-x-4 top-4 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {t('analysis.diagram.renderFailed')} {current.message}
          </p>
        )}
      </div>
      <p
        id={`${sourceId}-help`}
        className="text-xs text-slate-600 dark:text-slate-400 print:hidden"
      >
        {t('analysis.diagram.help')}
      </p>
      {showSource && (
        <pre
          id={sourceId}
          className="max-h-96 overflow-auto rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800"
          data-testid="diagram-source"
          tabIndex={0}
        >
          {source}
        </pre>
      )}
    </div>
  );
}
