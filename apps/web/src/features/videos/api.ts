// The video calls of docs/product.md#api and the texts of docs/product.md#messages. A refusal from the server (an answer with
// success:false or a 4xx) and no answer at all (network, 5xx) get different fixed texts.
import type { QueryClient } from '@tanstack/react-query';
import type { LibraryVideo, PublicVideo } from '@app/contract';
import { api, errorMessage, httpStatus, type ApiEnvelope } from '../../lib/api';
import { idempotencyHeader } from '../../lib/idempotency-key';

export const videoKeys = {
  list: ['videos'] as const,
  one: (id: string) => ['video', id] as const,
};

/** An answer the server gave but marked as failed (success:false with a 2xx). */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

function ensureSuccess<T extends ApiEnvelope>(data: T): T {
  if (!data || data.success === false) throw new RefusedError(data?.message ?? '');
  return data;
}

/** True when the server answered with a refusal; false when the outcome is unknown (no answer, 5xx). */
export function isRefusal(err: unknown): boolean {
  if (err instanceof RefusedError) return true;
  const status = httpStatus(err);
  return status !== undefined && status < 500;
}

/** docs/product.md#messages: `failed` for a refusal, `error` for anything else, with the server's reason added when it gave one. */
export function failureText(err: unknown, texts: { failed: string; error: string }): string {
  if (!isRefusal(err)) return texts.error;
  const reason = err instanceof RefusedError ? err.message : errorMessage(err, '');
  return reason ? `${texts.failed}: ${reason}` : texts.failed;
}

export async function fetchVideos(): Promise<LibraryVideo[]> {
  const { data } = await api.get<ApiEnvelope & { videos: LibraryVideo[] }>('/video');
  return ensureSuccess(data).videos ?? [];
}

/** Opening a video (re)starts this user's watch timer on the server. */
export async function openVideo(id: string): Promise<PublicVideo> {
  const { data } = await api.get<ApiEnvelope & { video: PublicVideo }>(`/video/${encodeURIComponent(id)}`);
  return ensureSuccess(data).video;
}

export interface VideoPayload {
  link: string;
  /** null: no title. */
  title: string | null;
  point: number;
  time: number;
}

export async function createVideo(body: VideoPayload): Promise<ApiEnvelope> {
  return ensureSuccess((await api.post<ApiEnvelope>('/video', body)).data);
}

export async function updateVideo(id: string, body: VideoPayload): Promise<ApiEnvelope> {
  return ensureSuccess((await api.put<ApiEnvelope>(`/video/${encodeURIComponent(id)}`, body)).data);
}

export async function deleteVideo(id: string): Promise<ApiEnvelope> {
  return ensureSuccess((await api.delete<ApiEnvelope>(`/video/${encodeURIComponent(id)}`)).data);
}

/** The server pays the video's own points; the Idempotency-Key makes a retried request pay at most once. */
export async function awardVideoPoints(videoId: string, key: string): Promise<ApiEnvelope & { point: number }> {
  const { data } = await api.post<ApiEnvelope & { point: number }>('/video/add-point', { videoId }, { headers: idempotencyHeader(key) });
  return ensureSuccess(data);
}

/** After a reward: everything that shows a balance is re-read. */
export function invalidateBalance(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(['point', 'statement', 'me', 'videos'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
