import { MSG, formatPoints, type AdminDepositRecord } from '@app/contract';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { deleteDeposit, fetchDeposits, setDepositStatus } from './api';
import { PointsForm } from './points-form';
import { UnmatchedPanel } from './unmatched-panel';
import { useAppConfig } from '../../lib/config';
import { RecordsPanel, type RecordKind } from './records-panel';

/** Spec §8 gives fixed texts; a server reason (e.g. the user no longer has the amount) is added to them. */
const withReason = (text: string, err: unknown) => {
  const reason = errorMessage(err, '');
  return reason ? `${text}: ${reason}` : text;
};

const depositKind: RecordKind<AdminDepositRecord> = {
  plural: 'deposits',
  queryKey: 'admin-deposits',
  rowTestId: 'admin-deposit-row',
  fetch: fetchDeposits,
  statuses: [
    { value: 'pending', label: 'Pending' },
    { value: 'deposited', label: 'Approved' },
  ],
  doneLabel: 'Approved',
  referenceLabel: 'Transaction ID',
  reference: (d) => d.transactionId,
  done: (d) => d.deposited,
  markLabel: (target) => (target ? 'Mark deposited' : 'Mark pending'),
  setStatus: (d, target, key) => setDepositStatus(d._id, target, key),
  remove: (d, key) => deleteDeposit(d._id, key),
  confirmStatus: (d, target) =>
    target
      ? {
          title: 'Mark this deposit as deposited?',
          message: `${formatPoints(d.amount)} USDT is credited to ${d.email} (transaction ${d.transactionId}). Check that the funds arrived first.`,
        }
      : {
          title: 'Mark this deposit as pending?',
          message: `${formatPoints(d.amount)} USDT is taken back from ${d.email}. This fails if they no longer have it.`,
          tone: 'danger',
        },
  confirmDelete: (d) => ({
    title: 'Delete this deposit form?',
    message: d.deposited
      ? `The ${formatPoints(d.amount)} USDT credited to ${d.email} is taken back first, then the form is hidden.`
      : `The pending form of ${d.email} (${formatPoints(d.amount)} USDT) is hidden. No money moves.`,
    tone: 'danger',
  }),
  toasts: {
    fetchError: () => MSG.adminDepositFetchFailed,
    updated: () => MSG.adminDepositUpdated,
    updateError: (err) => withReason(MSG.adminDepositUpdateFailed, err),
    deleted: () => MSG.adminDepositDeleted,
    deleteError: (err) => withReason(MSG.adminDepositDeleteFailed, err),
  },
};

function ChainDeposits() {
  return useAppConfig().chainDeposits ? <UnmatchedPanel /> : null;
}

export function AdminDepositPage() {
  return (
    <section>
      <PageHeader title="Admin Deposit" intro="Approve deposit forms once the USDT has arrived, and add points to a user." />
      <div className="grid grid-cols-1 gap-6">
        <PointsForm action="add" />
        {/* Deposits confirmed on the chain (shown while TRON_API_URL is set): the poller's health, unmatched transfers. */}
        <ChainDeposits />
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Deposits</h2>
          <RecordsPanel kind={depositKind} title="Deposits" />
        </Card>
      </div>
    </section>
  );
}
