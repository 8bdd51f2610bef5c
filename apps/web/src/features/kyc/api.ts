// Identity checks (docs/product.md#identity-checks): the user's status and submission, the admins' review desk and
// the super admin's form designer. Files travel as { name, data (base64) } like support tickets' (decision 022).
import type { AdminKycSubmission, KycField, KycForm, KycFormBody, KycStatusResponse, KycSubmissionBody } from '@app/contract';
import { api, type ApiEnvelope } from '../../lib/api';
import { currentLang } from '../../lib/i18n';

export const kycKeys = {
  all: ['kyc'] as const,
  mine: ['kyc', 'mine'] as const,
  desk: (status: string) => ['kyc', 'desk', status] as const,
  form: ['kyc', 'form'] as const,
};

/** A field's or an option's label in the language on screen. */
export const labelOf = (l: { labelEn: string; labelAr: string } | { en: string; ar: string }) =>
  'labelEn' in l ? (currentLang() === 'ar' ? l.labelAr : l.labelEn) : currentLang() === 'ar' ? l.ar : l.en;

/** What an answer means to a reader: a select's option in the language on screen, anything else as typed. */
export function answerText(field: KycField, value: string | undefined): string {
  if (value === undefined) return '—';
  const option = field.kind === 'select' ? field.options.find((o) => o.en === value) : undefined;
  return option ? labelOf(option) : value;
}

export const documentUrl = (id: string, inline = false) => `/api/v1/kyc/documents/${id}${inline ? '?inline=1' : ''}`;

export { fileAsBase64 as readFile } from '../../lib/file-base64';

export async function fetchMyKyc(): Promise<KycStatusResponse> {
  return (await api.get<KycStatusResponse>('/kyc')).data;
}

export async function sendKyc(body: KycSubmissionBody): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>('/kyc/submissions', body)).data;
}

export async function fetchKycDesk(status: string): Promise<ApiEnvelope & { submissions: AdminKycSubmission[]; total: number }> {
  return (await api.get<ApiEnvelope & { submissions: AdminKycSubmission[]; total: number }>('/admin/kyc/submissions', { params: { status } })).data;
}

export async function reviewKyc(id: string, decision: 'approve' | 'reject', reason?: string): Promise<ApiEnvelope> {
  return (await api.post<ApiEnvelope>(`/admin/kyc/submissions/${id}/review`, { decision, reason })).data;
}

export async function fetchKycForm(): Promise<KycForm | null> {
  return (await api.get<ApiEnvelope & { form: KycForm | null }>('/admin/kyc/form')).data.form;
}

export async function saveKycForm(body: KycFormBody): Promise<ApiEnvelope & { form: KycForm }> {
  return (await api.put<ApiEnvelope & { form: KycForm }>('/admin/kyc/form', body)).data;
}
