export * from './users.js';
export * from './ledger.js';
export * from './money.js';
export * from './settings.js';
export * from './referrals.js';
export * from './subscription-codes.js';
export * from './security.js';
