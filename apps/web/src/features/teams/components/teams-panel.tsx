import type { Team } from '@rota/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api-error';
import { translateError, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useDeleteTeam, useSaveTeam, useTeams } from '../api/teams-api';
import '../i18n';

interface Member {
  id: string;
  name: string;
}

function useFailure() {
  const { t } = useTranslation();
  return (titleKey: string, caught: unknown) => {
    const failure = toApiError(caught);
    notify.error(t(titleKey), {
      description: translateValidation(t, failure.errors[0]?.message) ?? translateError(t, failure),
    });
  };
}

/** The project's teams: create, rename, delete, and which members each holds (one team each). */
export function TeamsPanel({ projectId, members }: { projectId: string; members: Member[] }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useTeams(projectId);
  const save = useSaveTeam(projectId);
  const failed = useFailure();
  const [name, setName] = useState('');

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const team = await save.mutateAsync({ input: { name, memberIds: [] } });
      notify.success(t('teams.created', { name: team.name }));
      setName('');
    } catch (caught) {
      failed('teams.createFailed', caught);
    }
  };

  return (
    <section aria-labelledby="project-teams-title" className="flex flex-col gap-3">
      <h3 id="project-teams-title" className="text-base font-semibold">
        {t('teams.title')}
      </h3>
      {isPending ? (
        <Spinner label={t('teams.loading')} />
      ) : error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {translateError(t, toApiError(error))}
        </p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('teams.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.map((team) => (
            <TeamRow key={team.id} projectId={projectId} team={team} members={members} />
          ))}
        </ul>
      )}
      <form onSubmit={create} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          label={t('teams.newName')}
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" disabled={save.isPending || !name.trim()}>
          {t('teams.create')}
        </Button>
      </form>
    </section>
  );
}

function TeamRow({
  projectId,
  team,
  members,
}: {
  projectId: string;
  team: Team;
  members: Member[];
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(team.name);
  const [chosen, setChosen] = useState<string[]>(team.memberIds);
  const save = useSaveTeam(projectId);
  const remove = useDeleteTeam(projectId);
  const failed = useFailure();

  const store = async () => {
    try {
      await save.mutateAsync({ teamId: team.id, input: { name, memberIds: chosen } });
      notify.success(t('teams.saved', { name }));
    } catch (caught) {
      failed('teams.saveFailed', caught);
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync(team.id);
      notify.success(t('teams.deleted', { name: team.name }));
    } catch (caught) {
      failed('teams.deleteFailed', caught);
    }
  };

  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <Field
        label={t('teams.name')}
        value={name}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="mb-1 text-sm font-medium">
          {t('teams.members', { name: team.name })}
        </legend>
        {members.map((member) => (
          <label key={member.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(member.id)}
              onChange={(event) =>
                setChosen(
                  event.target.checked
                    ? [...chosen, member.id]
                    : chosen.filter((id) => id !== member.id),
                )
              }
            />
            {member.name}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('teams.oneTeamEach')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="danger" disabled={remove.isPending} onClick={() => void drop()}>
          {t('teams.delete', { name: team.name })}
        </Button>
        <Button disabled={save.isPending || !name.trim()} onClick={() => void store()}>
          {t('teams.save')}
        </Button>
      </div>
    </li>
  );
}
