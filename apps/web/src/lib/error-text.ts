import { ErrorCodes, FallbackMessages, validationMessageKey } from '@rota/contracts';
import type { TFunction } from 'i18next';
import { ClientErrorCodes } from './api-error';

/** A validation message from a contracts schema or the server (English) in the UI language. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = validationMessageKey(message);
  return key ? t(`validation.${key}`) : message;
}

const keyByCode: Record<string, string> = {
  [ErrorCodes.invalidCredentials]: 'errors.invalidCredentials',
  [ErrorCodes.emailTaken]: 'errors.emailTaken',
  [ErrorCodes.validation]: 'errors.validation',
  [ErrorCodes.serviceUnavailable]: 'errors.serviceUnavailable',
  [ErrorCodes.tokenInvalid]: 'errors.invalidToken',
  [ErrorCodes.tokenExpired]: 'errors.invalidToken',
  [ClientErrorCodes.network]: 'errors.network',
};

const keyByMessage: Record<string, string> = {
  [FallbackMessages.generic]: 'errors.generic',
  [FallbackMessages.network]: 'errors.network',
  [FallbackMessages.loginFailed]: 'errors.loginFailed',
  [FallbackMessages.registrationFailed]: 'errors.registrationFailed',
  [FallbackMessages.invalidToken]: 'errors.invalidToken',
  [FallbackMessages.fetchProjects]: 'errors.fetchProjects',
};

export interface DescribableError {
  message: string;
  code?: string;
  retryAfterSeconds?: number | null;
}

/**
 * Server messages are English; known codes and messages get the UI language, anything else is
 * shown as the server wrote it rather than hidden behind a vaguer text.
 */
export function translateError(t: TFunction, error: DescribableError): string {
  if (error.code === ErrorCodes.rateLimited) {
    return error.retryAfterSeconds
      ? t('errors.rateLimitedSeconds', { seconds: error.retryAfterSeconds })
      : t('errors.rateLimited');
  }
  const key = (error.code && keyByCode[error.code]) || keyByMessage[error.message];
  if (key) return t(key);
  return translateValidation(t, error.message) ?? t('errors.generic');
}
