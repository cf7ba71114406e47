import {
  ErrorCodes,
  FallbackMessages,
  ProjectMessages,
  RepositoryHostMessages,
  validationMessageKey,
} from '@rota/contracts';
import type { TFunction } from 'i18next';
import { ClientErrorCodes } from './api-error';
import { codeText, isKnownCode } from './failure-text';

// Field messages the API sends that are not among spec §5's (contracts' ValidationMessages).
const extraValidationKeys: Record<string, string> = {
  [ProjectMessages.duplicateRepo]: 'validation.duplicateRepo',
  [RepositoryHostMessages.loopback]: 'validation.hostLoopback',
  [RepositoryHostMessages.private]: 'validation.hostPrivate',
  [RepositoryHostMessages.metadata]: 'validation.hostMetadata',
  [RepositoryHostMessages.reserved]: 'validation.hostReserved',
};

/** A validation message from a contracts schema or the server (English) in the UI language. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = validationMessageKey(message);
  if (key) return t(`validation.${key}`);
  const extra = extraValidationKeys[message];
  return extra ? t(extra) : message;
}

const keyByCode: Record<string, string> = {
  [ErrorCodes.invalidCredentials]: 'errors.invalidCredentials',
  [ErrorCodes.emailTaken]: 'errors.emailTaken',
  [ErrorCodes.validation]: 'errors.validation',
  [ErrorCodes.serviceUnavailable]: 'errors.serviceUnavailable',
  [ErrorCodes.tokenInvalid]: 'errors.invalidToken',
  [ErrorCodes.tokenExpired]: 'errors.invalidToken',
  [ErrorCodes.projectArchived]: 'errors.projectArchived',
  [ErrorCodes.githubForbidden]: 'errors.githubForbidden',
  [ErrorCodes.webhookUrlUnreachable]: 'errors.webhookUrlUnreachable',
  [ErrorCodes.webhookAdminRequired]: 'errors.webhookAdminRequired',
  [ErrorCodes.webhookRejected]: 'errors.webhookRejected',
  [ErrorCodes.webhookNotSupported]: 'errors.webhookNotSupported',
  [ErrorCodes.reviewPublishRejected]: 'errors.reviewPublishRejected',
  [ClientErrorCodes.network]: 'errors.network',
};

const keyByMessage: Record<string, string> = {
  [FallbackMessages.generic]: 'errors.generic',
  [FallbackMessages.network]: 'errors.network',
  [FallbackMessages.loginFailed]: 'errors.loginFailed',
  [FallbackMessages.registrationFailed]: 'errors.registrationFailed',
  [FallbackMessages.invalidToken]: 'errors.invalidToken',
  [FallbackMessages.fetchProjects]: 'errors.fetchProjects',
  [FallbackMessages.fetchProject]: 'errors.fetchProject',
  [FallbackMessages.fetchPullRequests]: 'errors.fetchPullRequests',
  [FallbackMessages.createProject]: 'errors.createProject',
  [FallbackMessages.updateProject]: 'errors.updateProject',
  [FallbackMessages.deleteProject]: 'errors.deleteProject',
  [ProjectMessages.notFound]: 'errors.projectNotFound',
  [ProjectMessages.repoNotFound]: 'errors.repoNotFound',
  [ProjectMessages.memberNotFound]: 'errors.memberNotFound',
};

export interface DescribableError {
  message: string;
  code?: string;
  retryAfterSeconds?: number | null;
}

/**
 * Server messages are English; known codes and messages get the UI language. A code the server
 * sends always has its sentence (failure-text.ts, both languages), so a Turkish page never shows
 * the server's English; only a failure with no code of ours (a proxy's page) is shown as written.
 */
export function translateError(t: TFunction, error: DescribableError): string {
  const wait = error.retryAfterSeconds;
  if (error.code === ErrorCodes.rateLimited) {
    return wait ? t('errors.rateLimitedSeconds', { seconds: wait }) : t('errors.rateLimited');
  }
  // The active-analyses Retry-After is only the server's guess, so the text says "when some
  // have finished" rather than a time; the hourly limit knows its time, in minutes.
  if (error.code === ErrorCodes.activeAnalysesLimit) return t('errors.activeAnalysesLimit');
  if (error.code === ErrorCodes.repoAnalyzeHourlyLimit) {
    return wait
      ? t('errors.repoAnalyzeHourlyLimitMinutes', { minutes: Math.ceil(wait / 60) })
      : t('errors.repoAnalyzeHourlyLimit');
  }
  if (error.code === ErrorCodes.githubRateLimited) {
    return wait
      ? t('errors.githubRateLimitedMinutes', { minutes: Math.ceil(wait / 60) })
      : t('errors.githubRateLimited');
  }
  const key = (error.code && keyByCode[error.code]) || keyByMessage[error.message];
  if (key) return t(key);
  if (isKnownCode(error.code)) return codeText(t, error.code);
  return translateValidation(t, error.message) ?? t('errors.generic');
}

/**
 * A failed action as a toast says it (spec §8): the store's fallback ('Failed to create project')
 * as the title, and what went wrong as the detail unless that would only repeat "an error occurred".
 */
export function describeFailure(
  t: TFunction,
  fallbackKey: string,
  error: DescribableError,
): { title: string; detail: string | undefined } {
  const title = t(fallbackKey);
  const detail = translateError(t, error);
  return { title, detail: detail === t('errors.generic') || detail === title ? undefined : detail };
}
