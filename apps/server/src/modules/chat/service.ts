import { createHash } from 'node:crypto';
import {
  ChatMessages,
  ErrorCodes,
  MAX_CHAT_DESTINATIONS,
  type ChatDestination,
  type ChatTestResult,
  type ChatTopic,
  type ChatUrlRefusal,
  type CreateChatDestinationBody,
  type UpdateChatDestinationBody,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { conflict, notFound, validationError } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { AgreementBreach, ChangeEvents } from '../events/index.js';
import { requireOwnedProject } from '../project-access/index.js';
import { formatMessage, type ChatMessage } from './message.js';
import { postJson } from './post.js';
import * as queries from './queries.js';
import { checkWebhookUrl, maskUrl, type ChatHostPolicy } from './url-policy.js';
import {
  agreementMessage,
  changesRequestedMessage,
  chatLanguage,
  linkLabel,
  testMessage,
  workFailedMessage,
} from './wording.js';

/** What the outbox keeps for one chat message: where to, and the message already worded. */
/** A type rather than an interface, so that it is a JSON record the outbox can store. */
export type ChatPayload = {
  destinationId: string;
  message: ChatMessage;
};

/**
 * The port through which chat messages are queued for delivery (the durable outbox, channel
 * 'chat'); true when queued, false when its dedupe key was queued before.
 */
export type EnqueueChat = (item: { dedupeKey: string; payload: ChatPayload }) => Promise<boolean>;

/** A send that failed; `permanent` ones are not tried again (the receiver refused the message). */
export class ChatSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ChatSendError';
  }
}

/** A digest of a project, worded by the digest module in the owner's language. */
export interface ChatDigest {
  title: string;
  lines: string[];
  link: string;
}

export interface ChatServiceDeps {
  db: Database;
  /** The key GitHub tokens are encrypted with (config ENCRYPTION_KEY). */
  encryptionKey: Buffer;
  hostPolicy: ChatHostPolicy;
  /** Rota's address, for the links in messages. */
  publicUrl: string;
  enqueue: EnqueueChat;
  /**
   * The error a send throws when trying again will not help (the outbox's PermanentSendError);
   * a `ChatSendError` marked permanent unless given.
   */
  permanentError?: (message: string) => Error;
  /** Time for one post, connection to the end of the answer (default 10 s). */
  timeoutMs?: number;
}

const urlError = (refusal: ChatUrlRefusal) =>
  validationError([{ path: 'webhookUrl', message: ChatMessages[refusal] }]);

/**
 * A project's outgoing chat webhooks: the destinations (owner only), the test message, and what is
 * sent to them — worded in the project owner's language, formatted for the destination, posted
 * through the outbox by `sendChatPayload`.
 */
export class ChatService {
  private readonly timeoutMs: number;

  constructor(private readonly deps: ChatServiceDeps) {
    this.timeoutMs = deps.timeoutMs ?? 10_000;
  }

  private toAnswer(row: queries.ChatDestinationRow): ChatDestination {
    return {
      id: row.id,
      projectId: row.projectId,
      name: row.name,
      format: row.format,
      urlMasked: row.urlHint,
      topics: row.topics,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The URL as it will be stored: checked by the host policy, then encrypted. */
  private async sealUrl(raw: string) {
    const verdict = await checkWebhookUrl(raw, this.deps.hostPolicy);
    if (!verdict.ok) throw urlError(verdict.refusal);
    const url = verdict.url.href;
    return { urlEnc: encryptSecret(url, this.deps.encryptionKey), urlHint: maskUrl(url) };
  }

  private async requireDestination(ownerId: string, projectId: string, destId: string) {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    const row = isUuid(destId)
      ? await queries.findDestination(this.deps.db, destId, projectId)
      : undefined;
    if (!row) throw notFound(ChatMessages.destinationNotFound);
    return row;
  }

  async list(ownerId: string, projectId: string): Promise<ChatDestination[]> {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    const rows = await queries.listDestinations(this.deps.db, projectId);
    return rows.map((row) => this.toAnswer(row));
  }

  async create(
    ownerId: string,
    projectId: string,
    body: CreateChatDestinationBody,
  ): Promise<ChatDestination> {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    if ((await queries.countDestinations(this.deps.db, projectId)) >= MAX_CHAT_DESTINATIONS)
      throw conflict(ErrorCodes.conflict, ChatMessages.tooMany);
    const sealed = await this.sealUrl(body.webhookUrl);
    const row = await queries.insertDestination(this.deps.db, {
      projectId,
      name: body.name,
      format: body.format,
      topics: body.topics,
      ...sealed,
    });
    return this.toAnswer(row);
  }

  async update(
    ownerId: string,
    projectId: string,
    destId: string,
    body: UpdateChatDestinationBody,
  ): Promise<ChatDestination> {
    await this.requireDestination(ownerId, projectId, destId);
    const sealed = body.webhookUrl !== undefined ? await this.sealUrl(body.webhookUrl) : {};
    const row = await queries.updateDestination(this.deps.db, destId, projectId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.format !== undefined ? { format: body.format } : {}),
      ...(body.topics !== undefined ? { topics: body.topics } : {}),
      ...sealed,
    });
    if (!row) throw notFound(ChatMessages.destinationNotFound);
    return this.toAnswer(row);
  }

  async remove(ownerId: string, projectId: string, destId: string): Promise<void> {
    await this.requireDestination(ownerId, projectId, destId);
    await queries.deleteDestination(this.deps.db, destId, projectId);
  }

  /** Sends a test message now, past the outbox, and says what the receiver did with it. */
  async test(ownerId: string, projectId: string, destId: string): Promise<ChatTestResult> {
    await this.requireDestination(ownerId, projectId, destId);
    const target = await queries.recipient(this.deps.db, destId);
    if (!target) throw notFound(ChatMessages.destinationNotFound);
    const language = chatLanguage(target.language);
    const message = testMessage(language, target.projectName, this.projectLink(projectId));
    const url = this.openUrl(target.destination);
    if (url === null) throw urlError('unreadable');
    const verdict = await checkWebhookUrl(url, this.deps.hostPolicy);
    if (!verdict.ok) throw urlError(verdict.refusal);
    const answer = await postJson(verdict.url, formatMessage(target.destination.format, message), {
      addresses: verdict.addresses,
      timeoutMs: this.timeoutMs,
    });
    return {
      accepted: answer.outcome === 'accepted',
      outcome: answer.outcome,
      status: answer.status,
      detail: answer.outcome === 'accepted' ? null : answer.detail,
    };
  }

  /**
   * The chat transport: posts one queued message. Returns when the receiver took it (2xx) or the
   * destination is gone; throws the permanent error on a refusal (4xx but 429, a host the policy
   * now refuses) and a retryable `ChatSendError` (with Retry-After) on 429, 5xx and no answer.
   */
  async sendChatPayload(payload: ChatPayload): Promise<void> {
    const destination = isUuid(payload.destinationId)
      ? await queries.findDestination(this.deps.db, payload.destinationId)
      : undefined;
    if (!destination) return;
    const permanent = (message: string) =>
      this.deps.permanentError?.(message) ?? new ChatSendError(message, true);
    const url = this.openUrl(destination);
    if (url === null) throw permanent(ChatMessages.unreadable);
    const verdict = await checkWebhookUrl(url, this.deps.hostPolicy);
    if (!verdict.ok) {
      if (verdict.refusal === 'unresolvable')
        throw new ChatSendError(ChatMessages.unresolvable, false);
      throw permanent(ChatMessages[verdict.refusal]);
    }
    const answer = await postJson(verdict.url, formatMessage(destination.format, payload.message), {
      addresses: verdict.addresses,
      timeoutMs: this.timeoutMs,
    });
    const said = `${answer.status ?? 'no answer'}${answer.detail ? `: ${answer.detail}` : ''}`;
    if (answer.outcome === 'accepted') return;
    if (answer.outcome === 'rejected')
      throw permanent(`the receiver refused the message (${said})`);
    throw new ChatSendError(
      `the receiver did not take the message (${said})`,
      false,
      answer.retryAfterMs,
    );
  }

  /** The stored URL, or null when it cannot be decrypted (the encryption key was changed). */
  private openUrl(row: queries.ChatDestinationRow): string | null {
    try {
      return decryptSecret(row.urlEnc, this.deps.encryptionKey);
    } catch {
      return null;
    }
  }

  private projectLink(projectId: string, tab?: string): string {
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    return `${base}/projects/${projectId}${tab ? `?tab=${tab}` : ''}`;
  }

  /** Queues one message per destination of the projects that chose `topic`. */
  private async fanOut(
    projectIds: string[],
    topic: ChatTopic,
    eventId: string,
    word: (recipient: queries.Recipient) => ChatMessage,
  ): Promise<void> {
    const recipients = await queries.recipientsOf(this.deps.db, projectIds, topic);
    for (const recipient of recipients)
      await this.deps.enqueue({
        dedupeKey: `chat:${recipient.destination.id}:${eventId}`,
        payload: { destinationId: recipient.destination.id, message: word(recipient) },
      });
  }

  async onAgreementBreached(breach: AgreementBreach): Promise<void> {
    await this.fanOut([breach.projectId], 'agreementBroken', `agreement:${breach.breachId}`, (r) =>
      agreementMessage(
        chatLanguage(r.language),
        r.projectName,
        breach,
        this.projectLink(breach.projectId, 'pull-requests'),
      ),
    );
  }

  /** Rota's review ended asking for changes: told once per review. */
  async onReviewStored(reviewId: string): Promise<void> {
    const found = isUuid(reviewId)
      ? await queries.reviewWithProjects(this.deps.db, reviewId)
      : undefined;
    if (!found) return;
    const { review, projectIds } = found;
    if (review.outcome !== 'reviewed' || review.status !== 'changes_requested') return;
    for (const projectId of projectIds)
      await this.fanOut([projectId], 'changesRequested', `review:${review.id}`, (r) =>
        changesRequestedMessage(
          chatLanguage(r.language),
          r.projectName,
          review,
          `${this.projectLink(projectId, 'reviews')}&review=${review.id}`,
        ),
      );
  }

  async onWorkFailed(failure: ChangeEvents['work.failed']): Promise<void> {
    const projectIds =
      failure.projectIds.length > 0
        ? failure.projectIds.filter(isUuid)
        : await queries.projectsWithRepository(this.deps.db, failure.repository);
    const eventId =
      failure.jobId !== null
        ? `work:${failure.jobId}`
        : `work:${hash([failure.work, failure.repository.url, failure.code, failure.message])}`;
    for (const projectId of projectIds)
      await this.fanOut([projectId], 'workFailed', eventId, (r) =>
        workFailedMessage(
          chatLanguage(r.language),
          r.projectName,
          failure,
          this.projectLink(projectId),
        ),
      );
  }

  /** The digest of a project, to its destinations that chose the digest (the digest module's port). */
  async postDigest(projectId: string, digest: ChatDigest): Promise<void> {
    if (!isUuid(projectId)) return;
    const eventId = `digest:${hash([projectId, digest.title, digest.link])}`;
    await this.fanOut([projectId], 'digest', eventId, (r) => ({
      title: digest.title,
      lines: digest.lines,
      link: digest.link,
      linkLabel: linkLabel(chatLanguage(r.language)),
    }));
  }
}

const hash = (parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
