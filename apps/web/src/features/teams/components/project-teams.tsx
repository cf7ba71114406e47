import type { Project, TeamMember } from '@rota/contracts';
import { BarChart3, Fingerprint } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import '../i18n';

// The panel and dialogs load their code, and ask for their data, when first opened.
const TeamsPanel = lazy(async () => ({ default: (await import('./teams-panel')).TeamsPanel }));
const IdentitiesModal = lazy(async () => ({
  default: (await import('./identities-modal')).IdentitiesModal,
}));
const PersonFiguresModal = lazy(async () => ({
  default: (await import('./person-figures-modal')).PersonFiguresModal,
}));

/** A member's identities and figures, as two buttons on their row of the members' list. */
function MemberActions({ projectId, member }: { projectId: string; member: TeamMember }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'identities' | 'figures' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button
        variant="ghost"
        className="px-2 py-1.5"
        aria-label={t('teams.actions.identitiesOf', { name: member.name })}
        title={t('teams.actions.identities')}
        onClick={() => setOpen('identities')}
      >
        <Fingerprint className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        className="px-2 py-1.5"
        aria-label={t('teams.actions.figuresOf', { name: member.name })}
        title={t('teams.actions.figures')}
        onClick={() => setOpen('figures')}
      >
        <BarChart3 className="size-4" aria-hidden="true" />
      </Button>
      <Suspense fallback={null}>
        {open === 'identities' && (
          <IdentitiesModal projectId={projectId} member={member} onClose={close} />
        )}
        {open === 'figures' && (
          <PersonFiguresModal projectId={projectId} member={member} onClose={close} />
        )}
      </Suspense>
    </>
  );
}

/** "Manage teams": opens the project's teams below the members' list. */
function TeamsSection({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (project.team_members.length === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        className="self-start"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('teams.actions.hideTeams') : t('teams.actions.showTeams')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TeamsPanel projectId={project.id} members={project.team_members} />
        </Suspense>
      )}
    </>
  );
}

/**
 * What teams add to a project's members' section (the app puts it there): identities and
 * figures on each member, and the teams below the list. The project's page is its owner's, so
 * every member's figures may be opened here.
 */
export function projectTeams(project: Project): {
  memberActions: (member: TeamMember) => ReactNode;
  below: ReactNode;
} {
  return {
    memberActions: (member) => <MemberActions projectId={project.id} member={member} />,
    below: <TeamsSection project={project} />,
  };
}
