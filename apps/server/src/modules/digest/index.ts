/**
 * The digest e-mail (docs/digest.md): per user, daily or weekly at their hour in their
 * time zone, what their projects did — merged pull requests and time to merge against the period
 * before, the longest waits for a first review, broken working agreements, Rota's requests for
 * changes, failures, changes in the analyses — with its preview route and the hourly send job.
 */
export type { DigestBreach, DigestData } from './content.js';
export { digestSchedule, DIGEST_SEND_JOB } from './job.js';
export { renderDigest } from './render.js';
export { digestRoutes } from './routes.js';
export {
  DigestService,
  type DigestEmail,
  type DigestPorts,
  type DigestServiceDeps,
} from './service.js';
