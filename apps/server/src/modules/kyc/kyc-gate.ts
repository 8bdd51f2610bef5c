// The setting KYC_REQUIRED on the withdrawal path (docs/product.md#identity-checks): one call at the start of a
// withdrawal request, in its transaction, refuses (403, saying why and where to go) a user who is not verified when
// the setting asks for it: "withdrawals" for every request, "withdrawals_above" for requests above KYC_THRESHOLD.
import { KYC_MSG, formatCents } from '@app/contract';
import type { Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { SettingsStore } from '../settings/settings.store.js';
import { kycStatusOf } from './kyc.service.js';

export async function assertKycAllows(tx: Tx, settings: Pick<SettingsStore, 'get'>, userId: string, amountCents: number): Promise<void> {
  const mode = settings.get('kycRequired');
  if (mode === 'off') return;
  const threshold = settings.get('kycThreshold');
  if (mode === 'withdrawals_above' && amountCents <= threshold) return;
  if ((await kycStatusOf(tx, userId)) === 'verified') return;
  throw forbidden(mode === 'withdrawals' ? KYC_MSG.withdrawalNeedsKyc : KYC_MSG.withdrawalNeedsKycAbove(formatCents(threshold)));
}
