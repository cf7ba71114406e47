/**
 * Deployments and incidents as GitHub reports them (docs/delivery.md): deployments with their
 * latest status, releases, workflow runs of the default branch, and labelled issues, synced
 * incrementally per repository by the `delivery-sync` job, queued after each pull-request sync.
 * Publishes `deployments.stored` and `incidents.stored`.
 */
export {
  createDeliverySyncHandler,
  DELIVERY_SYNC_JOB,
  deliverySyncKey,
  enqueueDeliverySync,
  thenSyncDelivery,
} from './sync-job.js';
export { GITHUB_DELIVERY_SOURCES, syncDelivery, type DeliverySyncOutcome } from './sync.js';
