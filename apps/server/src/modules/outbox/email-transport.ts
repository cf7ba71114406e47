import nodemailer from 'nodemailer';
import { messageIdOf } from './mail-layout.js';
import { PermanentSendError, type OutboxTransport } from './service.js';

/** What an e-mail in the outbox carries (the notifications' and the digest's alike). */
export interface EmailPayload {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Sent as `List-Unsubscribe` with RFC 8058's one-click `List-Unsubscribe-Post`. */
  unsubscribeUrl?: string;
  /** `<…@domain>`; derived from the outbox row when absent. */
  messageId?: string;
}

function isEmailPayload(
  payload: Record<string, unknown>,
): payload is EmailPayload & Record<string, unknown> {
  return (
    typeof payload.to === 'string' &&
    typeof payload.subject === 'string' &&
    typeof payload.html === 'string' &&
    typeof payload.text === 'string' &&
    (payload.unsubscribeUrl === undefined || typeof payload.unsubscribeUrl === 'string') &&
    (payload.messageId === undefined || typeof payload.messageId === 'string')
  );
}

/**
 * An SMTP answer to a message that will not change on a retry: 5xx for the message or its
 * recipient. A refused login (EAUTH) or connection is the server's configuration or state, not the
 * message's, and is tried again.
 */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (code === 'EAUTH' || code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET')
    return false;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * Sends outbox e-mails over SMTP (SMTP_URL: smtp://, or smtps:// for TLS from the start; STARTTLS
 * when the server offers it). One connection per message: a drain sends a few at a time.
 */
export function createEmailTransport(options: {
  smtpUrl: string;
  from: string;
  /** Socket and greeting timeouts (default 30 s): a stalled server fails the attempt, not the lease. */
  timeoutMs?: number;
}): OutboxTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return async (payload, item) => {
    if (!isEmailPayload(payload))
      throw new PermanentSendError('the outbox e-mail lacks to, subject, html or text');
    try {
      await transporter.sendMail({
        from: options.from,
        to: payload.to,
        subject: payload.subject,
        html: payload.html,
        text: payload.text,
        messageId: payload.messageId ?? messageIdOf(`outbox:${item.id}`, options.from),
        headers: payload.unsubscribeUrl
          ? {
              'List-Unsubscribe': `<${payload.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : {},
      });
    } catch (error) {
      if (isPermanent(error))
        throw new PermanentSendError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
}
