import { z } from 'zod';

/**
 * Outgoing chat webhooks of a project (`/api/projects/{id}/chat-destinations`): where Rota tells
 * the team what happened — a broken working agreement, a review of Rota's that asked for changes,
 * failed work, the digest. Owner only. The URL is a secret (whoever holds it may post to the
 * channel): it is stored encrypted and answered masked, never whole.
 */

/**
 * How a message is shaped: Slack incoming-webhook JSON (blocks with a text fallback), a Microsoft
 * Teams incoming-webhook MessageCard, or `{text, username}` as Mattermost reads it (and Discord at
 * its webhook's `/slack` address).
 */
export const CHAT_FORMATS = ['slack', 'teams', 'mattermost'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

/** What a destination is told about, each chosen on its own. */
export const CHAT_TOPICS = ['agreementBroken', 'changesRequested', 'workFailed', 'digest'] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/** The most destinations one project may have. */
export const MAX_CHAT_DESTINATIONS = 20;

export const ChatMessages = {
  nameRequired: 'Name the destination',
  invalidFormat: 'Format must be slack, teams or mattermost',
  invalidTopic: 'Topics must be among agreementBroken, changesRequested, workFailed, digest',
  invalidUrl: 'Enter the full webhook address, starting with https://',
  httpsRequired: 'The webhook address must start with https://',
  credentialsInUrl: 'The webhook address may not hold a user name or password',
  loopback: 'The webhook host points to this server itself (loopback); use a public address',
  private: 'The webhook host is in a private network; use a public address',
  metadata: 'The webhook host is a link-local or cloud metadata address; use a public address',
  reserved: 'The webhook host is not a public address; use a public address',
  unresolvable: 'The webhook host cannot be found (DNS); check the address',
  unreadable: 'The saved webhook address can no longer be read; enter it again',
  destinationNotFound: 'Chat destination not found',
  tooMany: 'A project may have at most 20 chat destinations',
} as const;

/** Why a webhook URL is refused, as the web words it (keys of ChatMessages). */
export const CHAT_URL_REFUSALS = [
  'invalidUrl',
  'httpsRequired',
  'credentialsInUrl',
  'loopback',
  'private',
  'metadata',
  'reserved',
  'unresolvable',
  'unreadable',
] as const;
export type ChatUrlRefusal = (typeof CHAT_URL_REFUSALS)[number];

export const ChatDestinationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  format: z.enum(CHAT_FORMATS),
  /** Scheme and host with the path hidden: `https://hooks.slack.com/…/x7Qa`. */
  urlMasked: z.string(),
  topics: z.array(z.enum(CHAT_TOPICS)),
  createdAt: z.string(),
});
export type ChatDestination = z.infer<typeof ChatDestinationSchema>;

export const ChatDestinationListSchema = z.array(ChatDestinationSchema);

const name = z
  .string({ error: ChatMessages.nameRequired })
  .trim()
  .min(1, { error: ChatMessages.nameRequired })
  .max(100, { error: 'Too long' });
const format = z.enum(CHAT_FORMATS, { error: ChatMessages.invalidFormat });
const url = z
  .string({ error: ChatMessages.invalidUrl })
  .trim()
  .min(1, { error: ChatMessages.invalidUrl })
  .max(2000, { error: 'Too long' });
const topics = z
  .array(z.enum(CHAT_TOPICS, { error: ChatMessages.invalidTopic }), {
    error: ChatMessages.invalidTopic,
  })
  .max(CHAT_TOPICS.length, { error: ChatMessages.invalidTopic })
  .transform((chosen) => CHAT_TOPICS.filter((topic) => chosen.includes(topic)));

/** `POST /api/projects/{id}/chat-destinations`. */
export const CreateChatDestinationBody = z.strictObject({ name, format, webhookUrl: url, topics });
export type CreateChatDestinationBody = z.infer<typeof CreateChatDestinationBody>;

/** `PUT /api/projects/{id}/chat-destinations/{destId}`: what is left out stays (the URL too). */
export const UpdateChatDestinationBody = z.strictObject({
  name: name.optional(),
  format: format.optional(),
  webhookUrl: url.optional(),
  topics: topics.optional(),
});
export type UpdateChatDestinationBody = z.infer<typeof UpdateChatDestinationBody>;

export const ChatDestinationParams = z.object({
  id: z.string().max(100),
  destId: z.string().max(100),
});

/**
 * What a receiver did with a message: `accepted` (2xx), `rejected` (4xx but 429: the URL or the
 * body is wrong, sending again will not help), `unavailable` (429 or 5xx: it may take it later),
 * `unreachable` (no answer: DNS, connection, TLS or the time limit).
 */
export const CHAT_SEND_OUTCOMES = ['accepted', 'rejected', 'unavailable', 'unreachable'] as const;
export type ChatSendOutcome = (typeof CHAT_SEND_OUTCOMES)[number];

/** `POST /api/projects/{id}/chat-destinations/{destId}/test`: sent now, and how it went. */
export const ChatTestResultSchema = z.object({
  accepted: z.boolean(),
  outcome: z.enum(CHAT_SEND_OUTCOMES),
  /** The receiver's HTTP status; null when it never answered. */
  status: z.number().int().nullable(),
  /** The start of the receiver's answer, or the network error (English, as the receiver wrote it). */
  detail: z.string().nullable(),
});
export type ChatTestResult = z.infer<typeof ChatTestResultSchema>;
