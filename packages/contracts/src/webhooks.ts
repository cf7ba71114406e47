import { z } from 'zod';

/**
 * What installing or removing a project's webhooks did to each repository. One repository failing
 * (no admin rights on GitHub) never stops the others, so the answer is a list, not one status.
 * - installed / removed: done now;
 * - already_installed / not_installed: nothing to do;
 * - skipped: the repository is not on a forge Rota can install webhooks on (a plain git host);
 * - failed: the forge refused; `code` and `message` say why (the web translates the code).
 */
export const WebhookRepoStatusSchema = z.enum([
  'installed',
  'already_installed',
  'removed',
  'not_installed',
  'skipped',
  'failed',
]);
export type WebhookRepoStatus = z.infer<typeof WebhookRepoStatusSchema>;

export const WebhookRepoResultSchema = z.object({
  repoId: z.string(),
  owner: z.string(),
  repo: z.string(),
  status: WebhookRepoStatusSchema,
  /** True when the repository has a webhook after this call. */
  webhookInstalled: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type WebhookRepoResult = z.infer<typeof WebhookRepoResultSchema>;

/** `POST` and `DELETE /api/projects/{id}/webhook`. */
export const WebhookChangeSchema = z.object({
  projectId: z.string(),
  /** Where the forge sends deliveries (WEBHOOK_URL, else PUBLIC_URL + /webhook/github). */
  url: z.string(),
  repositories: z.array(WebhookRepoResultSchema),
});
export type WebhookChange = z.infer<typeof WebhookChangeSchema>;

/** `POST /webhook/github` answers 202 with this once the delivery is recorded. */
export const WebhookAcceptedSchema = z.object({
  deliveryId: z.string(),
  /** A delivery id seen before: acknowledged and ignored. */
  duplicate: z.boolean(),
});
export type WebhookAccepted = z.infer<typeof WebhookAcceptedSchema>;
