import type { AppModule } from '../../platform/app-module.js';
import { deviceAuthenticator } from './authenticator.js';
import { seedDemoPhone } from './demo.js';
import { deviceRoutes } from './routes.js';

/** The phone's side of find-my-phone (docs/find.md): no tile, no portal calls. */
export const deviceModule: AppModule = {
  name: 'device',
  routes: deviceRoutes,
  authenticators: (deps) => [deviceAuthenticator(deps)],
  seedDemo: seedDemoPhone,
};
