import { MSG, formatPoints, type AdminWithdrawalRecord } from '@app/contract';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { errorMessage, httpStatus, type ApiEnvelope } from '../../lib/api';
import { deleteWithdrawal, fetchWithdrawals, setWithdrawalStatus } from './api';
import { PointsForm } from './points-form';
import { RecordsPanel, type RecordKind } from './records-panel';

/** Spec §8: "Failed to …" when the server refused (with its reason added), "An error occurred …" when it did not answer. */
const failure = (refused: string, noAnswer: string) => (err: unknown) => {
  if (httpStatus(err) === undefined) return noAnswer;
  const reason = errorMessage(err, '');
  return reason ? `${refused} ${reason}` : refused;
};

const serverMessage = (fallback: string) => (data: ApiEnvelope) => data.message || fallback;

const withdrawalKind: RecordKind<AdminWithdrawalRecord> = {
  plural: 'withdrawals',
  queryKey: 'admin-withdrawals',
  rowTestId: 'admin-withdraw-row',
  fetch: fetchWithdrawals,
  statuses: [
    { value: 'pending', label: 'Pending' },
    { value: 'processed', label: 'Processed' },
  ],
  doneLabel: 'Processed',
  referenceLabel: 'Payment ID',
  reference: (w) => w.paymentId,
  done: (w) => w.withdrawed,
  markLabel: (target) => (target ? 'Mark processed' : 'Mark pending'),
  setStatus: (w, target, key) => setWithdrawalStatus(w._id, target, key),
  remove: (w, key) => deleteWithdrawal(w._id, key),
  confirmStatus: (w, target) =>
    target
      ? {
          title: 'Mark this withdrawal as processed?',
          message: `Confirm that ${formatPoints(w.amount)} USDT has been paid to ${w.email} at payment ID ${w.paymentId}.`,
        }
      : {
          title: 'Mark this withdrawal as pending?',
          message: `The request of ${w.email} (${formatPoints(w.amount)} USDT) goes back to pending; the amount stays held.`,
        },
  confirmDelete: (w) => ({
    title: 'Delete this withdrawal request?',
    message: w.withdrawed
      ? `The processed request of ${w.email} is hidden. No money moves.`
      : `The held ${formatPoints(w.amount)} USDT is refunded to ${w.email}, then the request is hidden.`,
    tone: 'danger',
  }),
  toasts: {
    fetchError: failure(MSG.adminWithdrawFetchFailed, MSG.adminWithdrawFetchError),
    updated: serverMessage('Withdrawal status updated'),
    updateError: failure(MSG.adminWithdrawUpdateFailed, MSG.adminWithdrawUpdateError),
    deleted: serverMessage('Withdrawal request deleted'),
    deleteError: failure(MSG.adminWithdrawDeleteFailed, MSG.adminWithdrawDeleteError),
  },
};

export function AdminWithdrawPage() {
  return (
    <section>
      <PageHeader
        title="Admin Withdraw"
        intro="Pay out withdrawal requests, then mark them processed. Requested amounts are already held from the user's balance."
      />
      <div className="grid gap-6">
        <PointsForm action="remove" />
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Withdrawals</h2>
          <RecordsPanel kind={withdrawalKind} title="Withdrawals" />
        </Card>
      </div>
    </section>
  );
}
