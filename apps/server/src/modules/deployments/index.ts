/**
 * Deployments read from the repository mirrors and what each one brought (docs/delivery.md): a
 * repository's git tags become deployments of the `tags` source after each fetch of its mirror,
 * and whenever deployments of any source are stored, the commits each brought that no earlier
 * deployment of that source held are recorded (`deployment_commits`). Also a project's delivery
 * settings, its incident token, and the incidents posted with that token.
 */
export {
  commitsOfDeployments,
  MAX_DEPLOYMENTS_WITH_COMMITS,
  MirrorDeployments,
  recordDeploymentsOnEvents,
  type CommitsRecorded,
} from './mirror-deployments.js';
export { readTags, type MirrorTag } from './git.js';
export { deliverySettingsRoutes } from './routes.js';
export { DeliverySettingsService } from './service.js';
