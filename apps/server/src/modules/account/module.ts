import type { AppModule } from '../module.js';
import { accountRoutes } from './routes.js';

export const accountModule: AppModule = { name: 'account', routes: accountRoutes };
