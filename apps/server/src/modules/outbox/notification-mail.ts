import { agreementName } from '../agreements/index.js';
import type { Notification, UserSettings } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../events/index.js';
import type { EmailPayload } from './email-transport.js';
import { escapeHtml, messageIdOf, renderMailLayout } from './mail-layout.js';
import { MAIL_TEXTS, mailLanguageOf, type MailFacts } from './mail-texts/index.js';
import * as queries from './queries.js';
import type { Outbox } from './service.js';
import type { UnsubscribeLinks } from './unsubscribe.js';

/** The dedupe key of a notification's e-mail: one e-mail per notification, ever. */
export const notificationMailKey = (notificationId: string) =>
  `email:notification:${notificationId}`;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function dateIn(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/**
 * A notification's e-mail in the reader's language and time zone: subject, HTML (everything from
 * GitHub escaped) and plain text, a button into Rota and the link that stops this kind's e-mails.
 */
export function renderNotificationMail(input: {
  notification: Notification;
  to: string;
  preferences: Pick<UserSettings['preferences'], 'language' | 'timezone'>;
  publicUrl: string;
  unsubscribeUrl: string;
  from: string;
}): EmailPayload {
  const { notification } = input;
  const language = mailLanguageOf(input.preferences.language);
  const texts = MAIL_TEXTS[language];
  const detail = notification.detail;
  const { subject } = notification;
  const title = text(subject.title);
  const about =
    subject.repository && subject.number !== null
      ? `${subject.repository}#${subject.number}${title ? ` “${title}”` : ''}`
      : (title ?? subject.repository ?? notification.projectName ?? 'Rota');
  const verdict = text(detail.verdict);
  const work = text(detail.work);
  const facts: MailFacts = {
    subject: about,
    project: notification.projectName,
    actor: text(detail.actor),
    verdict: verdict ? (texts.verdicts[verdict] ?? verdict) : null,
    // The agreement's name carries its threshold ("İlk inceleme 8 çalışma saati içinde").
    agreement: text(detail.agreement)
      ? agreementName(
          text(detail.agreement)!,
          typeof detail.threshold === 'number' ? detail.threshold : null,
          language,
        )
      : null,
    threshold: null,
    failure: text(detail.failure),
    work: work ? (texts.works[work] ?? work) : null,
  };
  const kind = texts.kinds[notification.kind];
  const lead = kind.lead(facts);
  const lines = [lead];
  if (facts.project) lines.push(texts.project(facts.project));
  lines.push(
    texts.when(dateIn(notification.createdAt, texts.locale, input.preferences.timezone ?? 'UTC')),
  );
  const link = notification.link.startsWith('/') ? notification.link : `/${notification.link}`;
  const layout = renderMailLayout({
    language,
    title: kind.subject(facts),
    html: lines
      .map(
        (line, index) =>
          `<p style="margin:0 0 ${index === 0 ? 16 : 4}px;${index === 0 ? 'font-size:16px' : 'font-size:14px;color:#4b5563'}">${escapeHtml(line)}</p>`,
      )
      .join('\n'),
    text: lines.join('\n'),
    action: { label: texts.open, url: `${input.publicUrl}${link}` },
    unsubscribeUrl: input.unsubscribeUrl,
    unsubscribeTopic: texts.topics[notification.kind],
  });
  const key = notificationMailKey(notification.id);
  return {
    to: input.to,
    // One line: a subject never carries a line break from a pull request's title.
    subject: `[Rota] ${kind.subject(facts)}`.replace(/[\r\n]+/g, ' '),
    html: layout.html,
    text: layout.text,
    unsubscribeUrl: input.unsubscribeUrl,
    messageId: messageIdOf(key, input.from),
  };
}

/** A notification as the bus and the catch-up hand it over. */
interface MadeNotification {
  userId: string;
  notification: Notification;
}

/**
 * Queues an e-mail for each stored notification whose user wants e-mail (the kind's own flag was
 * checked when the notification was made) and has an address. Nothing without SMTP.
 *
 * The e-mail is queued when `notification.created` is heard, after the notification's commit: a
 * process that dies in between would leave it without one. So the outbox's drain also reads the
 * notifications of the last hour back (`recent`, the notifications module's) and queues each
 * e-mail that is missing — the dedupe key makes a second queueing a no-op. Answers that catch-up.
 */
export function mailNotifications(deps: {
  db: Database;
  events: EventBus;
  outbox: Outbox;
  links: UnsubscribeLinks;
  settings: { get(userId: string): Promise<UserSettings> };
  publicUrl: string;
  from: string;
  recent?: (since: Date, until: Date) => Promise<MadeNotification[]>;
  now?: () => number;
}): () => Promise<number> {
  const mail = async ({ userId, notification }: MadeNotification): Promise<boolean> => {
    if (!deps.outbox.sends('email')) return false;
    const settings = await deps.settings.get(userId);
    if (!settings.notifications.email) return false;
    const recipient = await queries.recipientOf(deps.db, userId);
    if (!recipient?.email) return false;
    const payload = renderNotificationMail({
      notification,
      to: recipient.email,
      preferences: settings.preferences,
      publicUrl: deps.publicUrl,
      unsubscribeUrl: deps.links.url(userId, notification.kind),
      from: deps.from,
    });
    return deps.outbox.enqueue({
      channel: 'email',
      dedupeKey: notificationMailKey(notification.id),
      payload: { ...payload },
    });
  };
  deps.events.on('notification.created', async (made) => {
    await mail(made);
  });
  return async () => {
    if (!deps.recent || !deps.outbox.sends('email')) return 0;
    const now = deps.now?.() ?? Date.now();
    // Older than a minute: what the subscriber of a live process is not still queueing.
    const made = await deps.recent(new Date(now - CATCH_UP_MS), new Date(now - 60_000));
    const queued = await queries.existingKeys(
      deps.db,
      made.map(({ notification }) => notificationMailKey(notification.id)),
    );
    let caught = 0;
    for (const item of made) {
      if (queued.has(notificationMailKey(item.notification.id))) continue;
      if (await mail(item)) caught += 1;
    }
    return caught;
  };
}

/** How far back the drain looks for notifications whose e-mail was never queued. */
const CATCH_UP_MS = 60 * 60_000;
