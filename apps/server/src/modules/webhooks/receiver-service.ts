import { ErrorCodes, type WebhookAccepted } from '@rota/contracts';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { DeliveryBatcher, type BatchDeps } from './delivery-batch.js';
import { repositoryRef } from './delivery-job.js';
import { parseSignature } from './signature.js';

export type ReceiverDeps = BatchDeps;

export interface IncomingDelivery {
  body: Buffer;
  signature: string | string[] | undefined;
  deliveryId: string | string[] | undefined;
  event: string | string[] | undefined;
}

const DELIVERY_ID = /^[A-Za-z0-9._-]{1,100}$/;
const EVENT_NAME = /^[a-z_]{1,64}$/;

const badRequest = (message: string) => new AppError(ErrorCodes.badRequest, message);
const badSignature = () =>
  unauthorized(
    ErrorCodes.webhookSignatureInvalid,
    'The delivery is not signed with this repository’s webhook secret (X-Hub-Signature-256).',
  );

/**
 * `POST /webhook/github`: checks a delivery, records it and puts it on the queue — nothing more,
 * so GitHub gets its answer in milliseconds; the work happens in the `webhook-delivery` job.
 * What needs the database (the repository's hook secrets, the insert, the job) is done for many
 * deliveries at once by `DeliveryBatcher`. Fails closed: any doubt about the signature is a 401
 * and nothing is recorded.
 */
export class WebhookReceiver {
  private readonly batcher: DeliveryBatcher;

  constructor(deps: ReceiverDeps) {
    this.batcher = new DeliveryBatcher(deps);
  }

  async receive(incoming: IncomingDelivery): Promise<WebhookAccepted> {
    const signature = parseSignature(incoming.signature);
    if (!signature) throw badSignature();
    const { deliveryId, event } = incoming;
    if (typeof deliveryId !== 'string' || !DELIVERY_ID.test(deliveryId))
      throw badRequest('X-GitHub-Delivery is missing or malformed');
    if (typeof event !== 'string' || !EVENT_NAME.test(event))
      throw badRequest('X-GitHub-Event is missing or malformed');
    const payload = parseJson(incoming.body);
    const repository = repositoryRef(payload);
    if (!repository) throw badRequest('The payload names no repository (repository.full_name)');
    const answer = await this.batcher.submit({
      deliveryId,
      event,
      body: incoming.body,
      signature,
      payload,
      repository,
    });
    if ('accepted' in answer) return answer.accepted;
    if (answer.refused === 'unknown-repository') throw notFound('No project has this repository');
    throw badSignature();
  }
}

// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL's jsonb refuses
const UNSTORABLE = /\u0000|\p{Cs}/gu;
const storable = (text: string) => text.replace(UNSTORABLE, '\uFFFD');

/**
 * The payload as JSON, with what jsonb cannot hold (NUL, unpaired surrogates — a pull request's
 * text may carry them) replaced by U+FFFD: refusing a signed delivery would lose it for good.
 */
function revive(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.some((key) => storable(key) !== key)) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [storable(key), item as unknown]),
      );
    }
  }
  return value;
}

/**
 * NUL and lone surrogates can only reach the text as `\u` escapes (invalid UTF-8 bytes already
 * decode to U+FFFD), so a body without such an escape skips the reviver, which visits every value.
 */
const MAY_BE_UNSTORABLE = /\\u(?:0000|d[89a-f])/i;

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const text = body.toString('utf8');
    const parsed: unknown = MAY_BE_UNSTORABLE.test(text)
      ? JSON.parse(text, revive)
      : JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // falls through to the 400
  }
  throw badRequest('The delivery body is not a JSON object');
}
