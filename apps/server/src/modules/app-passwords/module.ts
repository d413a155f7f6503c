import type { AppModule } from '../../platform/app-module.js';
import { appPasswordAuthenticator } from './authenticator.js';
import { appPasswordRoutes } from './routes.js';

/** App passwords of DAV clients (docs/app-passwords.md): the account centre's list and the DAV credential. */
export const appPasswordsModule: AppModule = {
  name: 'app-passwords',
  routes: appPasswordRoutes,
  authenticators: (deps) => [appPasswordAuthenticator(deps)],
};
