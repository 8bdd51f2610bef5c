// Every API module, mounted under /api/v1 by app.ts. A new module adds one line here.
import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes.js';
import { userRoutes } from './users/users.routes.js';
import { adminUserRoutes } from './users/admin-users.routes.js';
import { closedAccountRoutes } from './users/closed-accounts.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { videoRoutes } from './videos/videos.routes.js';
import { pointRoutes } from './points/points.routes.js';
import { depositRoutes } from './deposits/deposits.routes.js';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes.js';
import { adpointRoutes } from './adpoint/adpoint.routes.js';
import { subscriptionRoutes } from './subscription/subscription.routes.js';
import { subscriptionCodeRoutes } from './subscription-codes/subscription-codes.routes.js';
import { statementRoutes } from './statement/statement.routes.js';
import { ledgerRoutes } from './admin/ledger-check.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { chainDepositRoutes } from './chain-deposits/chain-deposits.routes.js';
import { securityRoutes } from './security/security.routes.js';
import { referralRoutes } from './referrals/referrals.routes.js';
import { notificationRoutes } from './notifications/notifications.routes.js';
import { notificationEmailRoutes } from './notifications/email.routes.js';
import { supportRoutes } from './support/support.routes.js';
import { kycRoutes } from './kyc/kyc.routes.js';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes as FastifyPluginAsync,
  userRoutes as FastifyPluginAsync,
  adminUserRoutes as FastifyPluginAsync,
  closedAccountRoutes as FastifyPluginAsync,
  adminRoutes as FastifyPluginAsync,
  videoRoutes as FastifyPluginAsync,
  pointRoutes as FastifyPluginAsync,
  depositRoutes as FastifyPluginAsync,
  withdrawalRoutes as FastifyPluginAsync,
  adpointRoutes as FastifyPluginAsync,
  subscriptionRoutes as FastifyPluginAsync,
  subscriptionCodeRoutes as FastifyPluginAsync,
  statementRoutes as FastifyPluginAsync,
  ledgerRoutes as FastifyPluginAsync,
  settingsRoutes as FastifyPluginAsync,
  chainDepositRoutes as FastifyPluginAsync,
  securityRoutes as FastifyPluginAsync,
  referralRoutes as FastifyPluginAsync,
  notificationRoutes as FastifyPluginAsync,
  notificationEmailRoutes as FastifyPluginAsync,
  supportRoutes as FastifyPluginAsync,
  kycRoutes as FastifyPluginAsync,
];
