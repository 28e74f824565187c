/** A Server-Sent Events reader over fetch, for tests of GET /api/events. */
export interface SseMessage {
  id: string | null;
  /** The event's name (`event:`), null for a plain message. */
  event: string | null;
  data: string | null;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<{ next(timeoutMs?: number): Promise<SseMessage>; close(): void; status: number }> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  if (!res.body) throw new Error('no stream');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ready: SseMessage[] = [];
  // One read in flight at a time: a read that outlives a time-out is awaited by the next call.
  let pending: ReturnType<typeof reader.read> | null = null;

  const parse = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      let event: string | null = null;
      let data: string | null = null;
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      // Comments (heartbeats) and the retry hint carry neither.
      if (id !== null || data !== null) ready.push({ id, event, data });
    }
  };

  return {
    status: res.status,
    async next(timeoutMs = 2_000) {
      const until = Date.now() + timeoutMs;
      while (ready.length === 0) {
        const left = until - Date.now();
        if (left <= 0) throw new Error('no event in time');
        let timer: NodeJS.Timeout | undefined;
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left))),
        ]);
        clearTimeout(timer);
        if (chunk === null) continue;
        pending = null;
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return ready.shift() as SseMessage;
    },
    close: () => controller.abort(),
  };
}
