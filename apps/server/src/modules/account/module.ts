import type { AppModule } from '../../platform/app-module.js';
import { TotpService } from '../totp/index.js';
import { accountRoutes } from './routes.js';

export const accountModule: AppModule = {
  name: 'account',
  routes: accountRoutes,
  // Authenticator enrolments nobody confirmed in time.
  housekeeping: (deps) => new TotpService(deps).purgeLapsedEnrolments(),
};
