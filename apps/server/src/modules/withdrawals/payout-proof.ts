// Payout proof (docs/product.md#withdrawals, decision 021): the transaction an admin says paid a withdrawal is read
// from the chain (walletsolidity: solidified only) and believed only when its receipt is SUCCESS and its log holds a
// USDT Transfer to exactly the withdrawal's address for exactly its net amount. Anything else is refused with why.
import { WITHDRAW_MSG, formatCents } from '@app/contract';
import { AppError, conflict } from '../../errors.js';
import { ChainApiError, tronApi, type TxInfo } from '../chain-deposits/tron-api.js';
import { TRANSFER_TOPIC, tronToHex20 } from '../chain-deposits/tron-address.js';
import { UNITS_PER_CENT } from '../chain-deposits/chain-settings.js';
import type { SettingsStore } from '../settings/settings.store.js';

const hexValue = (data: string) => (/^(0x)?[0-9a-fA-F]{1,64}$/.test(data) ? BigInt(`0x${data.replace(/^0x/, '')}`) : -1n);

/** Why `info` does not pay `netCents` USDT to `address`, or null when it does. */
export function payoutRefusal(info: TxInfo | null, usdtContract: string, address: string, netCents: number): string | null {
  if (!info) return WITHDRAW_MSG.txNotSolid;
  if (info.receipt?.result !== 'SUCCESS') return WITHDRAW_MSG.txReverted;
  const usdtHex = tronToHex20(usdtContract);
  const transfers = (info.log ?? []).filter(
    (l) => l.topics.length >= 3 && l.topics[0].toLowerCase().replace(/^0x/, '') === TRANSFER_TOPIC && l.address?.toLowerCase() === usdtHex,
  );
  if (transfers.length === 0) return WITHDRAW_MSG.txNotUsdt;
  const toUser = transfers.filter((l) => l.topics[2].toLowerCase().slice(-40) === tronToHex20(address));
  if (toUser.length === 0) return WITHDRAW_MSG.txWrongRecipient;
  const units = BigInt(netCents) * UNITS_PER_CENT;
  // Exactly the net, in one transfer: a sum of several, or one that pays more, is not this withdrawal's payout.
  if (toUser.length !== 1 || hexValue(toUser[0].data) !== units) return WITHDRAW_MSG.txWrongAmount(formatCents(netCents));
  return null;
}

/** Asks the chain about `txId` and refuses (409, 503 when the API cannot be asked) unless it pays the withdrawal. */
export async function provePayout(settings: Pick<SettingsStore, 'get'>, txId: string, address: string, netCents: number): Promise<void> {
  const apiUrl = settings.get('tronApiUrl');
  if (!apiUrl) throw conflict(WITHDRAW_MSG.chainOff);
  let info: TxInfo | null;
  try {
    info = await tronApi(apiUrl, settings.get('tronApiKey')).transactionInfo(txId);
  } catch (e) {
    if (e instanceof ChainApiError) throw new AppError(503, WITHDRAW_MSG.chainUnavailable);
    throw e;
  }
  const refusal = payoutRefusal(info, settings.get('usdtContract'), address, netCents);
  if (refusal) throw conflict(refusal);
}
