/**
 * A project's working agreements: the rules a team picks for its pull requests (first review
 * within N working hours, size, approval, Rota's review, days open, reviewers), the project's
 * working time they are measured in, how well they were kept, a preview of an unsaved set, and
 * breach detection, which records each breach once and publishes `agreement.breached`.
 */
export {
  AGREEMENT_CHECK_JOB,
  agreementCheckSchedule,
  BreachDetector,
  detectBreachesOnEvents,
} from './detection.js';
export { agreementRoutes } from './routes.js';
export { AgreementsService } from './service.js';
export { addWorkingHours, workingDuration } from './working-time.js';
export { agreementName } from './names.js';
