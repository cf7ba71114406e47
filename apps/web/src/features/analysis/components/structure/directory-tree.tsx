import type { StructureDirectory } from '@rota/contracts';
import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { formatBytes, formatNumber } from '../../../../lib/format';
import { buildDirectoryTree, type DirectoryNode } from '../../model/structure-data';
import { SectionCard } from '../stat-tile';

/**
 * Figures never clip (no fixed width, no wrapping); from 640 px a minimum width lines the columns up.
 * Below it they move under the name as one right-aligned line, so a phone keeps the folder's name.
 */
const stat = 'text-right whitespace-nowrap';

function Row({
  node,
  open,
  toggle,
}: {
  node: DirectoryNode;
  open: Set<string>;
  toggle: (path: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { entry } = node;
  const expandable = node.children.length > 0;
  const expanded = open.has(entry.path);
  const name =
    entry.kind === 'rest'
      ? t('analysis.structure.restDirectories', { count: entry.directories })
      : entry.path === ''
        ? t('analysis.structure.rootDirectory')
        : `${node.name}/`;
  return (
    <li>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded px-1 py-1 hover:bg-slate-50 dark:hover:bg-slate-800/60">
        {expandable ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'analysis.structure.collapse' : 'analysis.structure.expand', {
              name,
            })}
            onClick={() => toggle(entry.path)}
            className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {expanded ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
          </button>
        ) : (
          <span className="w-5 shrink-0" />
        )}
        {expanded ? (
          <FolderOpen
            className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
        ) : (
          <Folder
            className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
        )}
        <span
          data-testid="tree-label"
          className="min-w-0 flex-1 basis-32 truncate font-mono text-sm"
          title={entry.path || '/'}
        >
          {name}
          {entry.language && (
            <span className="ml-2 font-sans text-xs text-slate-600 dark:text-slate-400">
              {entry.language}
            </span>
          )}
        </span>
        <span className="ml-auto flex flex-wrap justify-end gap-x-3 text-xs text-slate-600 tabular-nums dark:text-slate-400">
          <span className={`${stat} sm:min-w-20`}>
            {t('analysis.structure.filesCount', {
              count: entry.files,
              formatted: formatNumber(entry.files, locale),
            })}
          </span>
          <span className={`${stat} sm:min-w-16`}>{formatBytes(entry.bytes, locale)}</span>
          <span data-testid="tree-lines" className={`${stat} sm:min-w-32`}>
            {t('analysis.structure.codeLinesCount', {
              count: entry.code,
              formatted: formatNumber(entry.code, locale),
            })}
          </span>
        </span>
      </div>
      {expandable && expanded && (
        <ul className="ml-4 border-l border-slate-200 pl-2 dark:border-slate-800">
          {node.children.map((child) => (
            <Row key={child.entry.path} node={child} open={open} toggle={toggle} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Directories with size and code lines, nested; the top levels open at first. */
export function DirectoryTree({
  directories,
  depthLimit,
  openDepth = 1,
}: {
  directories: readonly StructureDirectory[];
  depthLimit: number;
  /** Directories shallower than this start open. */
  openDepth?: number;
}) {
  const { t } = useTranslation();
  const tree = useMemo(() => buildDirectoryTree(directories), [directories]);
  const all = useMemo(() => directories.map((entry) => entry.path), [directories]);
  const [open, setOpen] = useState<Set<string>>(
    () =>
      new Set(directories.filter((entry) => entry.depth < openDepth).map((entry) => entry.path)),
  );
  const toggle = (path: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const actions = (
    <div className="flex gap-2 print:hidden">
      <Button variant="ghost" className="px-2 py-1" onClick={() => setOpen(new Set(all))}>
        {t('analysis.structure.expandAll')}
      </Button>
      <Button variant="ghost" className="px-2 py-1" onClick={() => setOpen(new Set(['']))}>
        {t('analysis.structure.collapseAll')}
      </Button>
    </div>
  );
  return (
    <SectionCard
      id="structure-directories"
      title={t('analysis.structure.directoriesTitle')}
      actions={actions}
    >
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('analysis.structure.directoriesNote', { depth: depthLimit })}
      </p>
      {tree ? (
        <ul data-testid="directory-tree">
          <Row node={tree} open={open} toggle={toggle} />
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('analysis.structure.noDirectories')}
        </p>
      )}
    </SectionCard>
  );
}
