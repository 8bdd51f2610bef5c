// Every API module, mounted under /api/v1 by app.ts. A new module adds one line here.
import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes.js';
import { userRoutes } from './users/users.routes.js';

export const apiModules: FastifyPluginAsync[] = [healthRoutes as FastifyPluginAsync, userRoutes as FastifyPluginAsync];
