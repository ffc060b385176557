// The live compliance stream over a WebSocket (same origin, the visitor's cookie): frames feed the
// stream state; when the socket closes the badge says connecting and it reconnects with backoff.
import { useEffect, useReducer, useRef, useState } from 'react';
import { STREAM_PRUNE_INTERVAL_MS } from '../../../config/constants.ts';
import { receptionistPaths } from '../api/receptionist-api.ts';
import { STREAM_RECONNECT_BASE_MS, STREAM_RECONNECT_MAX_MS, STREAM_SESSION_REFUSED_CODE } from '../lib/receptionist-config.ts';
import { type StreamFrame, emptyStream, reconnectDelay, streamReducer } from '../lib/stream-state.ts';

export type ConnectionStatus = 'connected' | 'connecting';

const FRAME_TYPES = new Set(['hello', 'decision', 'counters', 'checkpoint']);

function streamUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${receptionistPaths.stream}`;
}

/**
 * Connects while `enabled`; returns the state and the connection status. A socket the server
 * refuses for want of a live session is not retried: `onRefused` hears of it instead.
 */
export function useComplianceStream(enabled: boolean, onRefused: () => void) {
  const [state, dispatch] = useReducer(streamReducer, emptyStream);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  }, [onRefused]);

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      setStatus('connecting');
      socket = new WebSocket(streamUrl());
      socket.addEventListener('open', () => {
        attempt = 0;
        setStatus('connected');
      });
      socket.addEventListener('message', (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as StreamFrame;
          if (frame && FRAME_TYPES.has(frame.type)) dispatch(frame);
        } catch {
          // A frame that is not JSON is not ours to show.
        }
      });
      socket.addEventListener('close', (event) => {
        socket = null;
        if (stopped) return;
        if (event.code === STREAM_SESSION_REFUSED_CODE) {
          refused.current();
          return;
        }
        setStatus('connecting');
        timer = setTimeout(connect, reconnectDelay(attempt, STREAM_RECONNECT_BASE_MS, STREAM_RECONNECT_MAX_MS));
        attempt += 1;
      });
    };
    connect();
    const prune = setInterval(() => dispatch({ type: 'prune', now: Date.now() }), STREAM_PRUNE_INTERVAL_MS);

    return () => {
      stopped = true;
      clearInterval(prune);
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [enabled]);

  return { state, status };
}
