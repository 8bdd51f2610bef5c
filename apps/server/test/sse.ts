// A server-sent-events reader for tests: the browser's EventSource, as far as the notification stream uses it.
import type { Client } from './helpers.js';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The answer's body when it is not a stream (a refusal), as text and parsed JSON. */
  text: string;
  body: any;
  events: SseEvent[];
  /** Comment lines (heartbeats) and `retry:` values seen. */
  comments: string[];
  retry: number | undefined;
  /** Resolves with the events once `n` have arrived (rejects after `ms`, 10 s by default: a liveness bound, not a
   * latency goal — how soon events arrive is measured by bench/api-timings.ts). */
  waitFor(n: number, ms?: number): Promise<SseEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET `path` as an event stream with the client's cookies (and Last-Event-ID when given). */
export async function openSse(base: string, client: Client, path: string, lastEventId?: string): Promise<SseStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', cookie: client.cookieHeader() };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const res = await fetch(base + path, { headers, signal: abort.signal });
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    text: '',
    body: undefined,
    events: [],
    comments: [],
    retry: undefined,
    waitFor: (n, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          if (stream.events.length >= n) return resolve(stream.events.slice(0, n));
          if (Date.now() - started > ms) return reject(new Error(`${stream.events.length} of ${n} events after ${ms} ms`));
          setTimeout(poll, 10);
        };
        poll();
      }),
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.text = await res.text().catch(() => '');
    try {
      stream.body = JSON.parse(stream.text);
    } catch {
      /* not JSON */
    }
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const ev: SseEvent = { id: undefined, event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              ev.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              ev.data += line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) stream.events.push(ev);
        }
      }
    } catch {
      /* aborted by close() */
    }
  })();
  return stream;
}
