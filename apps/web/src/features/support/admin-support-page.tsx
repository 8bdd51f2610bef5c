// /admin/support (ADMIN or SADMIN): the support desk. Open tickets first, the one waiting longest at the top;
// filters by status, category and "assigned to me"; search by the user's e-mail or the subject.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { Input } from '../../components/ui/input';
import { LoadError, PageGone, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { DESK_LIMIT, fetchDesk, supportKeys, type DeskFilters } from './api';
import { CATEGORY_LABEL, CATEGORY_OPTIONS, STATUS_OPTIONS, SelectField, TicketRow } from './labels';

export function AdminSupportPage() {
  const [filters, setFilters] = useState<DeskFilters>({ page: 1, status: 'all', category: 'all', mine: false, q: '' });
  const set = (patch: Partial<DeskFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const list = useQuery({ queryKey: supportKeys.desk(filters), queryFn: () => fetchDesk(filters), placeholderData: keepPreviousData, refetchOnMount: 'always' });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / DESK_LIMIT)) : 1;

  let content: ReactNode;
  if (list.isPending) content = <ListLoading label={t('Loading tickets…')} />;
  else if (list.isError || !data) content = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the tickets.'))}</LoadError>;
  else if (data.total === 0) content = <p className="text-slate-600 dark:text-slate-300">{t('No ticket matches.')}</p>;
  else if (data.tickets.length === 0) content = <PageGone onFirstPage={() => set({})} />;
  else
    content = (
      <>
        <ul className="grid gap-2" aria-busy={list.isFetching} data-testid="desk-tickets">
          {data.tickets.map((ticket) => (
            <TicketRow key={ticket._id} ticket={ticket} to={`/admin/support/${ticket._id}`}>
              <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
                {ticket.email} · {t(CATEGORY_LABEL[ticket.category])} · {ticket.assignedTo ? t('Assigned to {name}', { name: ticket.assignedTo.name }) : t('Not assigned')}
              </p>
              {ticket.waitingSince && (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t('Waiting since')} <DateTime iso={ticket.waitingSince} />
                </p>
              )}
            </TicketRow>
          ))}
        </ul>
        <Pagination label={t('Tickets')} page={filters.page} pageCount={pageCount} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </>
    );

  return (
    <>
      <PageHeader title={t('Support desk')} intro={t('Open tickets first, the one waiting longest at the top.')} />
      <Card className="mb-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField label={t('Status')} value={filters.status} onChange={(status) => set({ status })} options={[{ value: 'all', label: msg('All') }, ...STATUS_OPTIONS]} />
          <SelectField
            label={t('Category')}
            value={filters.category}
            onChange={(category) => set({ category })}
            options={[{ value: 'all', label: msg('All') }, ...CATEGORY_OPTIONS]}
          />
          <Input label={t('Search e-mail or subject')} type="search" value={filters.q} onChange={(e) => set({ q: e.target.value })} autoComplete="off" />
          <label className="flex items-center gap-2 self-end py-2 text-sm font-medium">
            <input type="checkbox" checked={filters.mine} onChange={(e) => set({ mine: e.target.checked })} className="h-4 w-4 accent-emerald-700 dark:accent-emerald-400" />
            {t('Assigned to me')}
          </label>
        </div>
      </Card>
      <Card>{content}</Card>
    </>
  );
}
