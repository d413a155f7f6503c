import type { AppModule } from '../../platform/app-module.js';
import { verifyRoutes } from './routes.js';

export const verifyModule: AppModule = { name: 'verify', routes: verifyRoutes };
