// The WebSocket monitor (spec section 7): watches one compilation by its id and reports each stage
// as the server ran it. Optional: when the socket cannot open, the compile's answer carries the
// same stages.
import { MONITOR_CONNECT_TIMEOUT_MS, MONITOR_PATH } from '../lib/demo-config.ts';

export type MonitorEvent =
  | { type: 'stage'; compilationId: string; stage: string; ms: number; progress: number }
  | { type: 'complete'; compilationId: string; progress: number; compilationTime: number }
  | { type: 'error'; compilationId: string; stage: string; error: string };

/** Opens the monitor for a compilation; resolves once it is listening (or could not connect). */
export function watchCompilation(compilationId: string, onEvent: (event: MonitorEvent) => void): Promise<() => void> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      const url = new URL(`${MONITOR_PATH}?compilationId=${encodeURIComponent(compilationId)}`, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
    } catch {
      resolve(() => {});
      return;
    }
    const close = () => {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    };
    // A socket that neither opens nor fails soon does not hold the compile back.
    setTimeout(() => resolve(close), MONITOR_CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => resolve(close), { once: true });
    socket.addEventListener('error', () => resolve(close), { once: true });
    socket.addEventListener('message', (message) => {
      try {
        const event = JSON.parse(String(message.data)) as MonitorEvent;
        if (event.compilationId === compilationId) onEvent(event);
        if (event.type !== 'stage') close();
      } catch {
        // Not an event of ours.
      }
    });
  });
}
