import type { AppModule } from '../../platform/app-module.js';
import { homeRoutes } from './routes.js';

/** The home area reads what the other areas declare (served ids, space used). */
export const homeModule = (areas: readonly AppModule[]): AppModule => ({
  name: 'home',
  routes: homeRoutes(areas),
});
