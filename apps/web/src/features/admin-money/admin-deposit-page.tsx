import { MSG, formatPoints, type AdminDepositRecord } from '@app/contract';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { deleteDeposit, fetchDeposits, setDepositStatus } from './api';
import { PointsForm } from './points-form';
import { UnmatchedPanel } from './unmatched-panel';
import { useAppConfig } from '../../lib/config';
import { RecordsPanel, type RecordKind } from './records-panel';

/** docs/product.md#messages gives fixed texts (in the current language); a server reason (e.g. the user no longer has the amount,
 * already in the user's language) is added to them. */
const withReason = (text: string, err: unknown) => {
  const reason = errorMessage(err, '');
  return reason ? `${text}: ${reason}` : text;
};

const depositKind: RecordKind<AdminDepositRecord> = {
  texts: {
    plural: msg('deposits'),
    filter: msg('Filter deposits'),
    loading: msg('Loading deposits…'),
    noMatch: msg('No deposits match these filters.'),
    none: msg('No deposits yet.'),
    count: msg('{count, plural, one {{count} deposit} other {{count} deposits}}'),
  },
  queryKey: 'admin-deposits',
  rowTestId: 'admin-deposit-row',
  opensOn: 'pending',
  fetch: fetchDeposits,
  statuses: [
    { value: 'pending', label: msg('Pending') },
    { value: 'deposited', label: msg('Approved') },
  ],
  doneLabel: msg('Approved'),
  referenceLabel: msg('Transaction ID'),
  reference: (d) => d.transactionId,
  done: (d) => d.deposited,
  markLabel: (target) => (target ? msg('Mark deposited') : msg('Mark pending')),
  setStatus: (d, target, key) => setDepositStatus(d._id, target, key),
  remove: (d, key) => deleteDeposit(d._id, key),
  confirmStatus: (d, target) =>
    target
      ? {
          title: t('Mark this deposit as deposited?'),
          message: t('{amount} USDT is credited to {email} (transaction {transactionId}). Check that the funds arrived first.', {
            amount: formatPoints(d.amount),
            email: d.email,
            transactionId: d.transactionId,
          }),
        }
      : {
          title: t('Mark this deposit as pending?'),
          message: t('{amount} USDT is taken back from {email}. This fails if they no longer have it.', { amount: formatPoints(d.amount), email: d.email }),
          tone: 'danger',
        },
  confirmDelete: (d) => ({
    title: t('Delete this deposit form?'),
    message: d.deposited
      ? t('The {amount} USDT credited to {email} is taken back first, then the form is hidden.', { amount: formatPoints(d.amount), email: d.email })
      : t('The pending form of {email} ({amount} USDT) is hidden. No money moves.', { amount: formatPoints(d.amount), email: d.email }),
    tone: 'danger',
  }),
  toasts: {
    fetchError: () => t(MSG.adminDepositFetchFailed),
    updated: () => t(MSG.adminDepositUpdated),
    updateError: (err) => withReason(t(MSG.adminDepositUpdateFailed), err),
    deleted: () => t(MSG.adminDepositDeleted),
    deleteError: (err) => withReason(t(MSG.adminDepositDeleteFailed), err),
  },
};

function ChainDeposits() {
  return useAppConfig().chainDeposits ? <UnmatchedPanel /> : null;
}

export function AdminDepositPage() {
  return (
    <section>
      <PageHeader title={t('Admin Deposit')} intro={t('Approve deposit forms once the USDT has arrived, and add points to a user.')} />
      {/* The work first: the pending forms, oldest first; then the chain's unmatched transfers; the points form folded last. */}
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('Deposits')}</h2>
          <RecordsPanel kind={depositKind} title={t('Deposits')} />
        </Card>
        {/* Deposits confirmed on the chain (shown while TRON_API_URL is set): the poller's health, unmatched transfers. */}
        <ChainDeposits />
        <PointsForm action="add" />
      </div>
    </section>
  );
}
