export * from './money.js';
export * from './constants.js';
export * from './auth.js';
