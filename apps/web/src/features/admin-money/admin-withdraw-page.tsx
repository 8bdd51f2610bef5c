import { MSG, formatPoints, type AdminWithdrawalRecord } from '@app/contract';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { errorMessage, httpStatus, type ApiEnvelope } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { deleteWithdrawal, fetchWithdrawals, setWithdrawalStatus } from './api';
import { PointsForm } from './points-form';
import { RecordsPanel, type RecordKind } from './records-panel';
import { WithdrawDesk } from './withdraw-desk';

/** docs/product.md#messages: "Failed to …" when the server refused (with its reason added), "An error occurred …" when it did not
 * answer; each text is read in the current language when the toast is raised. */
const failure = (refused: () => string, noAnswer: () => string) => (err: unknown) => {
  if (httpStatus(err) === undefined) return noAnswer();
  const reason = errorMessage(err, '');
  return reason ? `${refused()} ${reason}` : refused();
};

/** The server's message (in the user's language), else the fallback, a msg() id shown with t(). */
const serverMessage = (fallback: string) => (data: ApiEnvelope) => data.message || t(fallback);

const withdrawalKind: RecordKind<AdminWithdrawalRecord> = {
  texts: {
    plural: msg('withdrawals'),
    filter: msg('Filter withdrawals'),
    loading: msg('Loading withdrawals…'),
    noMatch: msg('No withdrawals match these filters.'),
    none: msg('No withdrawals yet.'),
    count: msg('{count, plural, one {{count} withdrawal} other {{count} withdrawals}}'),
  },
  queryKey: 'admin-withdrawals',
  rowTestId: 'admin-withdraw-row',
  fetch: fetchWithdrawals,
  statuses: [
    { value: 'pending', label: msg('Pending') },
    { value: 'processed', label: msg('Processed') },
  ],
  doneLabel: msg('Processed'),
  referenceLabel: msg('Payout address'),
  reference: (w) => w.paymentId,
  done: (w) => w.withdrawed,
  markLabel: (target) => (target ? msg('Mark processed') : msg('Mark pending')),
  setStatus: (w, target, key) => setWithdrawalStatus(w._id, target, key),
  remove: (w, key) => deleteWithdrawal(w._id, key),
  confirmStatus: (w, target) =>
    target
      ? {
          title: t('Mark this withdrawal as processed?'),
          message: t('Confirm that {amount} USDT has been paid to {email} at the payout address {paymentId}.', {
            amount: formatPoints(w.amount),
            email: w.email,
            paymentId: w.paymentId,
          }),
        }
      : {
          title: t('Mark this withdrawal as pending?'),
          message: t('The request of {email} ({amount} USDT) goes back to pending; the amount stays held.', { amount: formatPoints(w.amount), email: w.email }),
        },
  confirmDelete: (w) => ({
    title: t('Delete this withdrawal request?'),
    message: w.withdrawed
      ? t('The processed request of {email} is hidden. No money moves.', { email: w.email })
      : t('The held {amount} USDT is refunded to {email}, then the request is hidden.', { amount: formatPoints(w.amount), email: w.email }),
    tone: 'danger',
  }),
  toasts: {
    fetchError: failure(() => t(MSG.adminWithdrawFetchFailed), () => t(MSG.adminWithdrawFetchError)),
    updated: serverMessage(msg('Withdrawal status updated')),
    updateError: failure(() => t(MSG.adminWithdrawUpdateFailed), () => t(MSG.adminWithdrawUpdateError)),
    deleted: serverMessage(msg('Withdrawal request deleted')),
    deleteError: failure(() => t(MSG.adminWithdrawDeleteFailed), () => t(MSG.adminWithdrawDeleteError)),
  },
};

export function AdminWithdrawPage() {
  return (
    <section>
      <PageHeader
        title={t('Admin Withdraw')}
        intro={t("Pay out withdrawal requests, then mark them processed. Requested amounts are already held from the user's balance.")}
      />
      <div className="grid gap-6">
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('Pending withdrawals, oldest first')}</h2>
          <WithdrawDesk />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('Withdrawals')}</h2>
          <RecordsPanel kind={withdrawalKind} title={t('Withdrawals')} />
        </Card>
        <PointsForm action="remove" />
      </div>
    </section>
  );
}
