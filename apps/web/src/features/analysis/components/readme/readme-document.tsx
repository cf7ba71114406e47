import type { ProjectRepo, ReadmeFile } from '@rota/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../model/render-markdown';
import { repoFileResolver } from '../../model/repo-links';
import './readme-markdown.css';

/**
 * The README as readers see it on the host: Markdown rendered and sanitised (never raw HTML), other
 * formats as plain text. Its text comes with the analysis, capped at 512 KB by the server.
 */
export function ReadmeDocument({
  file,
  content,
  repo,
}: {
  file: ReadmeFile;
  content: string;
  repo: Pick<ProjectRepo, 'provider' | 'owner' | 'repo' | 'branch'> | null;
}) {
  const { t } = useTranslation();
  const html = useMemo(
    () =>
      file.format === 'markdown'
        ? renderMarkdown(content, {
            resolveRelative: repo ? repoFileResolver(repo, file.path) : () => null,
            taskLabel: (checked) =>
              t(checked ? 'analysis.readme.taskDone' : 'analysis.readme.taskOpen'),
            imageLabel: (alt) =>
              t('analysis.readme.imageLabel', { alt: alt || t('analysis.readme.imageNoAlt') }),
          })
        : null,
    [content, file.format, file.path, repo, t],
  );
  if (html === null) {
    return <pre className="overflow-x-auto text-sm whitespace-pre-wrap">{content}</pre>;
  }
  // Safe by construction: renderMarkdown drops raw HTML and sanitises what Markdown produced.
  return (
    <div
      className="rota-markdown text-sm"
      data-testid="readme-rendered"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
