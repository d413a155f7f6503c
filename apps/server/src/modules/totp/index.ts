/**
 * The authenticator app's public face: the account centre mounts its routes and purges lapsed
 * enrolments, the second verification checks its codes. Its queries and secret box are its own.
 */

export { totpRoutes } from './routes.js';
export { TotpService } from './service.js';
