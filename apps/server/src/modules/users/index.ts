/**
 * The installation's accounts and who administers them: the rule that makes an account made
 * while there is no administrator one (auth and oauth call it when they make an account), the
 * list of accounts and role changes, for administrators only.
 */
export { administerIfUnadministered } from './queries.js';
export { userAdministrationRoutes } from './routes.js';
export { UsersService } from './service.js';
