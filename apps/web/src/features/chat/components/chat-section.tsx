import {
  CHAT_FORMATS,
  CHAT_TOPICS,
  ChatMessages,
  CreateChatDestinationBody,
  type ChatDestination,
  type ChatFormat,
  type ChatTestResult,
  type ChatTopic,
} from '@rota/contracts';
import { Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Field, SelectField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import {
  useChatDestinations,
  useCreateChatDestination,
  useDeleteChatDestination,
  useTestChatDestination,
  useUpdateChatDestination,
} from '../api/chat-destinations';

/** The server's English field messages, by the key this feature words them with. */
const MESSAGE_KEYS = new Map<string, string>(
  (
    [
      'nameRequired',
      'invalidUrl',
      'httpsRequired',
      'credentialsInUrl',
      'loopback',
      'private',
      'metadata',
      'reserved',
      'unresolvable',
      'unreadable',
      'tooMany',
    ] as const
  ).map((key) => [ChatMessages[key], `chat.errors.${key}`]),
);

const wordMessage = (t: TFunction, message: string | undefined) =>
  message === undefined ? undefined : t(MESSAGE_KEYS.get(message) ?? 'chat.errors.invalidUrl');

interface Draft {
  name: string;
  format: ChatFormat;
  webhookUrl: string;
  topics: ChatTopic[];
}

type FieldErrors = Partial<Record<'name' | 'webhookUrl', string>>;

/** Add or edit one destination; when editing, an empty URL keeps the saved one. */
function DestinationForm({
  projectId,
  editing,
  onDone,
}: {
  projectId: string;
  editing: ChatDestination | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateChatDestination(projectId);
  const update = useUpdateChatDestination(projectId);
  const [draft, setDraft] = useState<Draft>(
    editing
      ? { name: editing.name, format: editing.format, webhookUrl: '', topics: editing.topics }
      : { name: '', format: 'slack', webhookUrl: '', topics: [...CHAT_TOPICS] },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const keepUrl = editing !== null && draft.webhookUrl.trim() === '';
    const checked = CreateChatDestinationBody.safeParse({
      ...draft,
      webhookUrl: keepUrl ? 'https://kept.invalid/' : draft.webhookUrl,
    });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'webhookUrl') && !found[field])
          found[field] = wordMessage(t, issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (editing) {
        const { webhookUrl, ...rest } = checked.data;
        await update.mutateAsync({
          id: editing.id,
          body: keepUrl ? rest : { ...rest, webhookUrl },
        });
      } else await create.mutateAsync(checked.data);
      notify.success(t('chat.saved'));
      onDone();
    } catch (caught) {
      const error = toApiError(caught);
      const found: FieldErrors = {};
      for (const fieldError of error.errors ?? [])
        if (fieldError.path === 'name' || fieldError.path === 'webhookUrl')
          found[fieldError.path] = wordMessage(t, fieldError.message);
      setErrors(found);
      const tooMany = error.message === ChatMessages.tooMany;
      const { title, detail } = describeFailure(t, 'chat.saveFailed', error);
      const description = tooMany
        ? t('chat.errors.tooMany')
        : Object.keys(found).length > 0
          ? Object.values(found).join(' ')
          : detail;
      notify.error(title, description ? { description } : {});
    }
  };

  const toggle = (topic: ChatTopic, on: boolean) =>
    setDraft((current) => ({
      ...current,
      topics: on
        ? CHAT_TOPICS.filter((each) => each === topic || current.topics.includes(each))
        : current.topics.filter((each) => each !== topic),
    }));

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={editing ? t('chat.formTitleEdit') : t('chat.formTitleNew')}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 className="font-medium">{editing ? t('chat.formTitleEdit') : t('chat.formTitleNew')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('chat.fields.name')}
          value={draft.name}
          maxLength={100}
          error={errors.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <SelectField
          label={t('chat.fields.format')}
          value={draft.format}
          onChange={(event) => setDraft({ ...draft, format: event.target.value as ChatFormat })}
        >
          {CHAT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`chat.formats.${format}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        label={t('chat.fields.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={draft.webhookUrl}
        error={errors.webhookUrl}
        hint={
          editing
            ? t('chat.fields.urlKeepHint', { masked: editing.urlMasked })
            : t('chat.fields.urlHint')
        }
        onChange={(event) => setDraft({ ...draft, webhookUrl: event.target.value })}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('chat.fields.topics')}</legend>
        {CHAT_TOPICS.map((topic) => (
          <CheckboxField
            key={topic}
            label={t(`chat.topics.${topic}`)}
            checked={draft.topics.includes(topic)}
            onChange={(event) => toggle(topic, event.target.checked)}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t('chat.save')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('chat.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** What the receiver did with the test message, in words. */
function TestResult({ result }: { result: ChatTestResult }) {
  const { t } = useTranslation();
  const tone = result.accepted
    ? 'text-emerald-800 dark:text-emerald-200'
    : 'text-red-800 dark:text-red-200';
  return (
    <div
      role="status"
      className={`flex flex-col gap-1 text-sm ${tone}`}
      data-testid="chat-test-result"
    >
      <p>{t(`chat.result.${result.outcome}`, { status: result.status ?? '' })}</p>
      {result.detail && (
        <p className="wrap-anywhere text-slate-700 dark:text-slate-300">
          {t('chat.result.detail', { detail: result.detail })}
        </p>
      )}
    </div>
  );
}

function DestinationRow({
  projectId,
  destination,
  onEdit,
}: {
  projectId: string;
  destination: ChatDestination;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const test = useTestChatDestination(projectId);
  const remove = useDeleteChatDestination(projectId);
  const [confirming, setConfirming] = useState(false);

  const sendTest = async () => {
    try {
      await test.mutateAsync(destination.id);
    } catch (caught) {
      const error = toApiError(caught);
      const fieldMessage = error.errors?.find((each) => each.path === 'webhookUrl')?.message;
      const { title, detail } = describeFailure(t, 'chat.testFailed', error);
      const description = wordMessage(t, fieldMessage) ?? detail;
      notify.error(title, description ? { description } : {});
    }
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(destination.id);
      notify.success(t('chat.deleted'));
    } catch (caught) {
      const { title, detail } = describeFailure(t, 'chat.deleteFailed', toApiError(caught));
      notify.error(title, detail ? { description: detail } : {});
    }
  };

  return (
    <li
      className="flex flex-col gap-3 border-b border-slate-200 py-4 last:border-b-0 dark:border-slate-800"
      aria-label={destination.name}
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere">{destination.name}</span>
          <Badge tone="indigo">{t(`chat.formats.${destination.format}`)}</Badge>
        </div>
        <code className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">
          {destination.urlMasked}
        </code>
        <p className="flex flex-wrap gap-1.5">
          {destination.topics.length === 0 ? (
            <span className="text-sm text-slate-600 dark:text-slate-400">{t('chat.noTopics')}</span>
          ) : (
            destination.topics.map((topic) => (
              <Badge key={topic} tone="slate">
                {t(`chat.topics.${topic}`)}
              </Badge>
            ))
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void sendTest()} disabled={test.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {test.isPending ? t('chat.sending') : t('chat.sendTest')}
        </Button>
        <Button variant="ghost" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('chat.edit')}
        </Button>
        {confirming ? (
          <>
            <Button
              variant="danger"
              onClick={() => void confirmDelete()}
              disabled={remove.isPending}
            >
              {t('chat.confirmDelete')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('chat.cancel')}
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('chat.delete')}
          </Button>
        )}
      </div>
      {test.data && !test.isPending && <TestResult result={test.data} />}
    </li>
  );
}

/**
 * A project's chat notifications: its outgoing chat webhooks (Slack, Teams, Mattermost/Discord),
 * each with what it is told; add, edit, delete, and a test message with what the channel answered.
 */
export function ChatSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const query = useChatDestinations(projectId);
  // 'new', a destination's id, or null: one form at a time.
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <section aria-labelledby="chat-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <h2 id="chat-title" className="text-lg font-semibold">
              {t('chat.title')}
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('chat.description')}</p>
          </div>
          {query.data && editing === null && (
            <Button className="shrink-0 self-start" onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" />
              {t('chat.add')}
            </Button>
          )}
        </div>
        {!query.data ? (
          <QueryState
            query={query}
            failureKey="chat.loadFailed"
            loadingLabel={t('chat.loading')}
            className="flex flex-col gap-2"
          >
            <Skeleton className="h-20 w-full rounded-lg" />
          </QueryState>
        ) : (
          <>
            {editing === 'new' && (
              <DestinationForm
                projectId={projectId}
                editing={null}
                onDone={() => setEditing(null)}
              />
            )}
            {query.data.length === 0 && editing !== 'new' ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('chat.empty')}</p>
            ) : (
              <ul aria-label={t('chat.listLabel')} className="flex flex-col">
                {query.data.map((destination) =>
                  editing === destination.id ? (
                    <li key={destination.id} className="py-4">
                      <DestinationForm
                        projectId={projectId}
                        editing={destination}
                        onDone={() => setEditing(null)}
                      />
                    </li>
                  ) : (
                    <DestinationRow
                      key={destination.id}
                      projectId={projectId}
                      destination={destination}
                      onEdit={() => setEditing(destination.id)}
                    />
                  ),
                )}
              </ul>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
