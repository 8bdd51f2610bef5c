// Support tickets (docs/product.md#support): the user's tickets and the admins' desk. Every read shares the
// `support` key family: the notification stream re-reads it when a support notification arrives, so an open
// thread shows the other side's reply live.
import type {
  AdminReplyBody,
  AdminTicketSummary,
  AdminTicketThread,
  CreateTicketBody,
  ReplyBody,
  SupportCategory,
  TicketStatus,
  TicketSummary,
  TicketThread,
} from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';

export const DESK_LIMIT = 20;

export const supportKeys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  desk: (filters: DeskFilters) => ['support', 'desk', filters] as const,
  deskTicket: (id: string) => ['support', 'desk-ticket', id] as const,
};

export interface DeskFilters {
  page: number;
  status: TicketStatus | 'all';
  category: SupportCategory | 'all';
  mine: boolean;
  q: string;
}

/** A file's address: a download, or (`inline`) an image shown in the page. */
export const attachmentUrl = (id: string, inline = false) => `/api/v1/support/attachments/${id}${inline ? '?inline=1' : ''}`;

export { fileAsBase64 as readFile } from '../../lib/file-base64';

export async function fetchMyTickets(): Promise<TicketSummary[]> {
  return (await api.get<ApiEnvelope & { tickets: TicketSummary[] }>('/support/tickets')).data.tickets;
}

export async function openTicket(body: CreateTicketBody): Promise<ApiEnvelope & { ticket: TicketThread }> {
  return (await api.post<ApiEnvelope & { ticket: TicketThread }>('/support/tickets', body)).data;
}

export async function fetchTicket(id: string): Promise<TicketThread> {
  return (await api.get<ApiEnvelope & { ticket: TicketThread }>(`/support/tickets/${id}`)).data.ticket;
}

export async function replyToTicket(id: string, body: ReplyBody): Promise<ApiEnvelope & { ticket: TicketThread }> {
  return (await api.post<ApiEnvelope & { ticket: TicketThread }>(`/support/tickets/${id}/messages`, body)).data;
}

export async function setTicketOpen(id: string, open: boolean): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>(`/support/tickets/${id}/${open ? 'reopen' : 'close'}`, {})).data;
}

export async function fetchDesk(f: DeskFilters): Promise<ApiEnvelope & { tickets: AdminTicketSummary[]; total: number }> {
  const params = { page: f.page, limit: DESK_LIMIT, status: f.status, category: f.category, mine: f.mine ? 'true' : undefined, q: f.q.trim() || undefined };
  return (await api.get<ApiEnvelope & { tickets: AdminTicketSummary[]; total: number }>('/admin/support/tickets', { params })).data;
}

export async function fetchDeskTicket(id: string): Promise<AdminTicketThread> {
  return (await api.get<ApiEnvelope & { ticket: AdminTicketThread }>(`/admin/support/tickets/${id}`)).data.ticket;
}

export async function staffReply(id: string, body: AdminReplyBody): Promise<ApiEnvelope & { ticket: AdminTicketThread }> {
  return (await api.post<ApiEnvelope & { ticket: AdminTicketThread }>(`/admin/support/tickets/${id}/messages`, body)).data;
}

export async function deskAction(id: string, action: 'assign' | 'close'): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>(`/admin/support/tickets/${id}/${action}`, {})).data;
}
