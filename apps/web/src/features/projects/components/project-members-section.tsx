import type { Project, TeamMember } from '@rota/contracts';
import { UserMinus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { afterPageSettles } from '../../../lib/after-page-settles';
import { AddMember } from './add-member';

// The dialog's code is fetched once the page has settled (as the add-member form's, add-member.tsx),
// and mounted from the first time a removal is asked for.
const loadRemoveMemberModal = () => import('./remove-member-modal');
const RemoveMemberModal = lazy(async () => ({
  default: (await loadRemoveMemberModal()).RemoveMemberModal,
}));

/** What another part of the app adds to the members' section (teams, identities, figures). */
export interface MembersAdditions {
  /** Buttons before a member's remove button. */
  memberActions?: (member: TeamMember) => ReactNode;
  /** Shown below the add-member form. */
  below?: ReactNode;
}

export function ProjectMembersSection({
  project,
  additions,
}: {
  project: Project;
  additions?: MembersAdditions | undefined;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [modalMounted, setModalMounted] = useState(false);
  if (removing && !modalMounted) setModalMounted(true);
  useEffect(() => afterPageSettles(() => void loadRemoveMemberModal()), []);
  const members = project.team_members;

  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="project-team-title" role="region">
      <h2 id="project-team-title" className="text-lg font-semibold">
        {t('projects.detail.team')}{' '}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          ({members.length})
        </span>
      </h2>
      {members.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('projects.detail.noTeam')}</p>
      ) : (
        <ul
          aria-label={t('projects.detail.teamList')}
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {members.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar initial={member.name.trim().charAt(0).toLocaleUpperCase() || '?'} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium">{member.name}</span>
                <span className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
                  <span>{member.role || t('projects.detail.noRole')}</span>
                  {member.github_login && (
                    <a
                      href={`https://github.com/${encodeURIComponent(member.github_login)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                    >
                      @{member.github_login}
                      <span className="sr-only">{t('common.opensInNewTab')}</span>
                    </a>
                  )}
                  <span>{t('projects.detail.contributions', { count: member.contributions })}</span>
                </span>
              </div>
              {additions?.memberActions?.(member)}
              <Button
                variant="ghost"
                className="px-2 py-1.5"
                aria-label={t('projects.detail.removeMember', { name: member.name })}
                onClick={() => setRemoving(member)}
              >
                <UserMinus className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddMember projectId={project.id} />
      {additions?.below}
      {modalMounted && (
        <Suspense fallback={null}>
          <RemoveMemberModal
            projectId={project.id}
            member={removing}
            onClose={() => setRemoving(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
