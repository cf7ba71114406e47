import type { CompositionAnalysis } from '@rota/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { licenseConflictText } from '../../model/license-conflict';
import { useHeadingTags } from '../id-scope';
import { SectionCard } from '../stat-tile';

function Group({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  const Sub = useHeadingTags().sub;
  return (
    <div className="flex flex-col gap-1">
      <Sub className="text-sm font-semibold">{title}</Sub>
      {children.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">{children}</ul>
      )}
    </div>
  );
}

const path = 'font-mono text-xs break-all';
const note = 'text-xs text-slate-600 dark:text-slate-400';

/** Manifests, the license with its SPDX id, entry points, docs folders and CI: where to start reading. */
export function KeyFiles({ composition }: { composition: CompositionAnalysis }) {
  const { t } = useTranslation();
  const { license } = composition;
  const ci = composition.manifests.filter((manifest) => manifest.ecosystem === 'ci');
  const manifests = composition.manifests.filter((manifest) => manifest.ecosystem !== 'ci');
  return (
    <SectionCard id="structure-key-files" title={t('analysis.structure.keyFilesTitle')}>
      <div className="grid gap-4 md:grid-cols-2" data-testid="key-files">
        <Group title={t('analysis.structure.manifests')} empty={t('analysis.structure.noneFound')}>
          {manifests.map((manifest) => (
            <li key={manifest.path}>
              <code className={path}>{manifest.path}</code>{' '}
              <span className={note}>
                {[
                  manifest.name &&
                    `${manifest.name}${manifest.version ? `@${manifest.version}` : ''}`,
                  t('analysis.structure.dependencies', { count: manifest.dependencyCount }),
                  manifest.parseError && t('analysis.structure.unreadable'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </Group>
        <Group title={t('analysis.structure.license')} empty={t('analysis.structure.noLicense')}>
          {license.spdxId || license.files.length > 0 || license.declared.length > 0
            ? [
                <li key="license">
                  <span className="font-semibold">
                    {license.spdxId ?? t('analysis.structure.unknownLicense')}
                  </span>{' '}
                  <span className={note}>
                    {t(`analysis.structure.licenseAgreement.${license.agreement}`)}
                  </span>
                </li>,
                ...license.files.map((file) => (
                  <li key={file.path}>
                    <code className={path}>{file.path}</code>{' '}
                    <span className={note}>
                      {file.spdxId ?? t('analysis.structure.unknownLicense')}
                    </span>
                  </li>
                )),
                ...license.conflicts.map((conflict) => {
                  const text = licenseConflictText(t, conflict);
                  return (
                    <li key={text} className="text-xs text-amber-900 dark:text-amber-200">
                      {text}
                    </li>
                  );
                }),
              ]
            : []}
        </Group>
        <Group
          title={t('analysis.structure.entryPoints')}
          empty={t('analysis.structure.noneFound')}
        >
          {composition.entryPoints.map((entry, index) => (
            <li key={`${entry.kind}-${entry.path ?? entry.command ?? index}`}>
              <code className={path}>{entry.path ?? entry.command ?? entry.name}</code>{' '}
              <span className={note}>
                {t(`analysis.structure.entryKinds.${entry.kind}`, { defaultValue: entry.kind })}
                {entry.declaredIn && ` · ${entry.declaredIn}`}
                {entry.path && !entry.inTree && ` · ${t('analysis.structure.notInTree')}`}
              </span>
            </li>
          ))}
        </Group>
        <Group
          title={t('analysis.structure.docsFolders')}
          empty={t('analysis.structure.noneFound')}
        >
          {composition.docs.map((docs) => (
            <li key={docs.path}>
              <code className={path}>{docs.path}/</code>{' '}
              <span className={note}>
                {t('analysis.structure.filesCount', {
                  count: docs.files,
                  formatted: String(docs.files),
                })}
                {docs.generator && ` · ${docs.generator}`}
              </span>
            </li>
          ))}
        </Group>
        <Group title={t('analysis.structure.ci')} empty={t('analysis.structure.noCi')}>
          {ci.map((manifest) => (
            <li key={manifest.path}>
              <code className={path}>{manifest.path}</code>{' '}
              <span className={note}>
                {[
                  manifest.ci?.name,
                  manifest.ci && t('analysis.structure.ciJobs', { count: manifest.ci.jobCount }),
                  manifest.ci?.triggers.join(', '),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </Group>
        {composition.workspaces.length > 0 && (
          <Group
            title={t('analysis.structure.workspaces')}
            empty={t('analysis.structure.noneFound')}
          >
            {composition.workspaces.map((workspace) => (
              <li key={workspace.manifest}>
                <code className={path}>{workspace.manifest}</code>{' '}
                <span className={note}>
                  {workspace.tool} ·{' '}
                  {t('analysis.structure.members', { count: workspace.members.length })}
                </span>
              </li>
            ))}
          </Group>
        )}
      </div>
    </SectionCard>
  );
}
