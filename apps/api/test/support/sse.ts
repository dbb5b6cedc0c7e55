/** A Server-Sent Events client for tests: reads a real HTTP stream and parses it as a browser does. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The body when the answer was not a stream (an error). */
  body?: unknown;
  events: SseEvent[];
  comments: string[];
  /** The next event (after those already taken) matching `match`, within `ms`. */
  next: (match?: (e: SseEvent) => boolean, ms?: number) => Promise<SseEvent>;
  close: () => void;
  closed: Promise<void>;
}

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let closed: Promise<void> = Promise.resolve();
  const isStream = res.headers.get('content-type')?.startsWith('text/event-stream');
  let body: unknown;
  if (!isStream) {
    body = await res.json().catch(() => undefined);
  } else {
    closed = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', data: '' };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'id') event.id = value;
              if (field === 'event') event.event = value;
              if (field === 'data') {
                event.data = value;
                isEvent = true;
              }
            }
            if (isEvent) events.push(event);
          }
          wake();
        }
      } catch {
        // aborted
      }
      wake();
    })();
  }
  const next = async (match: (e: SseEvent) => boolean = () => true, ms = 10_000) => {
    const until = Date.now() + ms;
    for (;;) {
      while (taken < events.length) {
        const event = events[taken++];
        if (match(event)) return event;
      }
      const left = until - Date.now();
      if (left <= 0)
        throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    body,
    events,
    comments,
    next,
    close: () => abort.abort(),
    closed,
  } satisfies SseStream;
}
