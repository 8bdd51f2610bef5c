// Deposits confirmed on the Tron chain: split by concern (see chain-settings.ts for the map of the module). What
// other modules import from here keeps its name and place.
export { chainSettings, type ChainSettings } from './chain-settings.js';
export { claimOnChain } from './claims.js';
