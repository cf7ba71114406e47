/**
 * The review states of a pull request, in the order lists show them. Free of zod so the web's
 * analytics and the server's SQL builder read the names without the schemas.
 */
export const PULL_REQUEST_REVIEW_STATES = [
  'approved',
  'changes_requested',
  'commented',
  'review_required',
  'none',
] as const;

/**
 * Which state a pull request is in when several hold: the first of these that holds. A reviewer's
 * latest verdict of changes_requested holds over another's approval, any reviewer's latest review
 * makes it at least commented, a review asked for and not given makes it review_required, and none
 * always holds. The pull-request list (TypeScript) and the analytics' breakdown (SQL) both decide
 * by this order, so the two cannot rank the states differently.
 */
export const REVIEW_STATE_PRECEDENCE = [
  'changes_requested',
  'approved',
  'commented',
  'review_required',
  'none',
] as const satisfies ReadonlyArray<(typeof PULL_REQUEST_REVIEW_STATES)[number]>;
