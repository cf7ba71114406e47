/**
 * The forge boundary: everything specific to one code host (GitHub now; GitLab and Bitbucket
 * later) sits behind this interface, chosen per repository by the host of its URL, so projects,
 * analytics and reviews never name a forge themselves.
 */
export type ForgeId = 'github';

export interface Forge {
  readonly id: ForgeId;
  /** Whether repositories on this web host (lower-case, with port if any) belong to this forge. */
  ownsHost(host: string): boolean;
  /** Installing and removing webhooks; absent on a forge that has none. */
  readonly webhooks?: ForgeWebhooks;
}

export interface WebhookTarget {
  /** The Rota user whose forge credentials make the call (they must be an admin there). */
  userId: string;
  owner: string;
  repo: string;
}

/** Refusals are AppErrors whose code the web translates (admin rights needed, rate limit, …). */
export interface ForgeWebhooks {
  /** Creates a hook sending pull request, review and push events to `url`, signed with `secret`. */
  install(
    target: WebhookTarget,
    hook: { url: string; secret: string },
  ): Promise<{ hookId: string }>;
  /** Removes the hook; one the forge no longer has counts as removed. */
  remove(target: WebhookTarget, hookId: string): Promise<void>;
}
