import type { Identity } from '@rota/contracts';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api-error';
import { translateError, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useIdentities, useSaveIdentities } from '../api/teams-api';
import '../i18n';

const same = (a: Identity, b: Identity) =>
  a.kind === b.kind && a.value.trim().toLowerCase() === b.value.trim().toLowerCase();

/**
 * The commit identities (e-mails and names) a member claims, with the history's authors that are
 * likely theirs to accept in one click. Saving replaces the member's whole list.
 */
export function IdentitiesModal({
  projectId,
  member,
  onClose,
}: {
  projectId: string;
  member: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, error, isPending } = useIdentities(projectId);
  const current = data?.members.find((item) => item.memberId === member.id);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('teams.identities.title', { name: member.name })}
      description={t('teams.identities.description')}
      size="lg"
    >
      {isPending ? (
        <Spinner label={t('teams.identities.loading')} />
      ) : error || !current ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error ? translateError(t, toApiError(error)) : t('teams.identities.loadFailed')}
        </p>
      ) : (
        <IdentitiesEditor
          projectId={projectId}
          member={member}
          saved={current.identities}
          commits={current.commits}
          suggestions={data.suggestions.filter((item) => item.memberId === member.id)}
        />
      )}
    </Modal>
  );
}

function IdentitiesEditor({
  projectId,
  member,
  saved,
  commits,
  suggestions,
}: {
  projectId: string;
  member: { id: string; name: string };
  saved: Identity[];
  commits: number;
  suggestions: Array<{ name: string; email: string; commits: number }>;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<Identity[]>(saved);
  const [kind, setKind] = useState<Identity['kind']>('email');
  const [value, setValue] = useState('');
  const save = useSaveIdentities(projectId, member.id);

  const store = async (next: Identity[]) => {
    try {
      await save.mutateAsync(next);
      setList(next);
      notify.success(t('teams.identities.saved', { name: member.name }));
    } catch (caught) {
      const failure = toApiError(caught);
      notify.error(t('teams.identities.saveFailed'), {
        description:
          translateValidation(t, failure.errors[0]?.message) ?? translateError(t, failure),
      });
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const identity = { kind, value: value.trim() };
    if (!identity.value || list.some((item) => same(item, identity))) return;
    setList([...list, identity]);
    setValue('');
  };

  const open = suggestions.filter(
    (suggestion) => !list.some((item) => same(item, { kind: 'email', value: suggestion.email })),
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('teams.identities.matched', { count: commits })}
      </p>
      {open.length > 0 && (
        <ul aria-label={t('teams.identities.suggestions')} className="flex flex-col gap-2">
          {open.map((suggestion) => (
            <li
              key={suggestion.email}
              className="flex flex-wrap items-center gap-2 rounded-md bg-indigo-50 p-2 text-sm dark:bg-indigo-950"
            >
              <span className="min-w-0 flex-1 break-all">
                {t('teams.identities.question', { email: suggestion.email, name: member.name })}{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  ({t('teams.identities.commits', { count: suggestion.commits })})
                </span>
              </span>
              <Button
                variant="secondary"
                className="px-2 py-1"
                disabled={save.isPending}
                onClick={() => void store([...list, { kind: 'email', value: suggestion.email }])}
              >
                {t('teams.identities.accept')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.length === 0 ? (
        <p className="text-sm">{t('teams.identities.none')}</p>
      ) : (
        <ul aria-label={t('teams.identities.list')} className="flex flex-col gap-1">
          {list.map((identity) => (
            <li
              key={`${identity.kind}:${identity.value}`}
              className="flex items-center gap-2 text-sm"
            >
              <span className="text-slate-600 dark:text-slate-400">
                {t(`teams.identities.kind.${identity.kind}`)}
              </span>
              <span className="min-w-0 flex-1 break-all">{identity.value}</span>
              <Button
                variant="ghost"
                className="px-2 py-1"
                aria-label={t('teams.identities.remove', { value: identity.value })}
                onClick={() => setList(list.filter((item) => item !== identity))}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SelectField
          label={t('teams.identities.kindLabel')}
          value={kind}
          onChange={(event) => setKind(event.target.value as Identity['kind'])}
        >
          <option value="email">{t('teams.identities.kind.email')}</option>
          <option value="name">{t('teams.identities.kind.name')}</option>
        </SelectField>
        <Field
          label={t('teams.identities.value')}
          value={value}
          maxLength={200}
          onChange={(event) => setValue(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" variant="secondary">
          {t('teams.identities.add')}
        </Button>
      </form>
      <div className="flex justify-end">
        <Button disabled={save.isPending} onClick={() => void store(list)}>
          {t('teams.identities.save')}
        </Button>
      </div>
    </div>
  );
}
