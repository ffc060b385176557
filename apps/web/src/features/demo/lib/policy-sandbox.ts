// The try-it panel's sandbox: the compiled JavaScript or WebAssembly output decides a request in a
// Web Worker made from a Blob URL (CSP worker-src 'self' blob:), never in the page. The worker gets
// the code as text, has no DOM and no access to the page; its network and storage globals are
// removed before the policy code runs, it is stopped after one decision or after a timeout, and any
// failure is a DENY (fail secure).
import { NO_REGULATION_REASON, UNDEFINED_SCENARIO_REASON } from '@bytebound/compiler/emit/escape';
import { WASM_NOTE_MALFORMED, WASM_NOTE_NO_REGULATION, WASM_NOTE_UNDEFINED, WASM_RULE_ENTRY, wasmArguments } from '@bytebound/compiler/emit/wasm';
import type { CompleteRequest } from '@bytebound/compiler/policy-model';
import { TRY_IT_TIMEOUT_MS } from './demo-config.ts';

export type SandboxDecision = {
  decision: 'ALLOW' | 'DENY';
  exitCode: 0 | 2;
  article: string | null;
  reasons: { text: string; article: string | null }[];
  /** Which output decided: the format's id. */
  ranBy: 'javascript' | 'wasm';
};

/** Runs first in the worker: the globals that could reach the network or storage are removed. */
const LOCKDOWN = `{
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'importScripts', 'indexedDB', 'caches', 'BroadcastChannel', 'Worker', 'SharedWorker', 'WebTransport']) {
    try { Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false }); } catch {}
  }
}
`;

const JS_HOST = `
self.onmessage = (event) => {
  let answer;
  try { answer = decide(event.data); } catch (error) { answer = { failed: String(error && error.message || error) }; }
  self.postMessage(answer);
};
`;

const WASM_HOST = `
self.onmessage = async (event) => {
  try {
    const { binary, args, entry } = event.data;
    const { instance } = await WebAssembly.instantiate(binary);
    const x = instance.exports;
    const verdict = x.decide(...args);
    const view = new DataView(x.memory.buffer);
    const text = (ptr, len) => new TextDecoder().decode(new Uint8Array(x.memory.buffer, ptr, len));
    const rule = (i) => {
      const at = (k) => view.getInt32(x.rules.value + i * entry + k * 4, true);
      return { article: text(at(2), at(3)), reason: text(at(4), at(5)) };
    };
    const result = x.result.value;
    const count = view.getInt32(result, true);
    const notes = view.getInt32(result + 4, true);
    const deciding = Array.from({ length: count }, (_, k) => rule(view.getInt32(result + 8 + k * 4, true)));
    self.postMessage({ verdict, notes, deciding });
  } catch (error) {
    self.postMessage({ failed: String(error && error.message || error) });
  }
};
`;

/** The worker's whole source for a JavaScript output: lockdown, the policy module, the host. */
export function javascriptWorkerSource(output: string): string {
  return `${LOCKDOWN}\n${output}\n${JS_HOST}`;
}

export const WASM_WORKER_SOURCE = `${LOCKDOWN}\n${WASM_HOST}`;

const denied = (text: string, ranBy: SandboxDecision['ranBy']): SandboxDecision => ({
  decision: 'DENY',
  exitCode: 2,
  article: null,
  reasons: [{ text, article: null }],
  ranBy,
});

function runWorker(source: string, message: unknown, transfer: Transferable[]): Promise<unknown> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    let worker: Worker;
    try {
      worker = new Worker(url, { type: 'module', name: 'bytebound-policy-sandbox' });
    } catch (error) {
      URL.revokeObjectURL(url);
      resolve({ failed: `the sandbox could not start: ${String(error)}` });
      return;
    }
    const finish = (answer: unknown) => {
      clearTimeout(timer);
      worker.terminate();
      URL.revokeObjectURL(url);
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ failed: `no decision within ${TRY_IT_TIMEOUT_MS} ms` }), TRY_IT_TIMEOUT_MS);
    worker.addEventListener('message', (event: MessageEvent) => finish(event.data));
    worker.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault();
      finish({ failed: event.message || 'the policy code failed to load' });
    });
    worker.postMessage(message, transfer);
  });
}

type JsAnswer = { decision?: unknown; reasons?: { text?: unknown; article?: unknown }[]; article?: unknown; failed?: string };

/** Decides a complete request with the compiled JavaScript module. */
export async function decideWithJavascript(output: string, request: CompleteRequest): Promise<SandboxDecision> {
  const answer = (await runWorker(javascriptWorkerSource(output), request, [])) as JsAnswer;
  if (answer?.failed !== undefined) return denied(`evaluation failed: ${answer.failed}`, 'javascript');
  if (answer?.decision !== 'ALLOW' && answer?.decision !== 'DENY') return denied('evaluation failed: the policy gave no decision', 'javascript');
  const reasons = (answer.reasons ?? []).map((r) => ({ text: String(r.text ?? ''), article: typeof r.article === 'string' ? r.article : null }));
  return {
    decision: answer.decision,
    exitCode: answer.decision === 'ALLOW' ? 0 : 2,
    article: typeof answer.article === 'string' ? answer.article : null,
    reasons,
    ranBy: 'javascript',
  };
}

type WasmAnswer = { verdict?: number; notes?: number; deciding?: { article: string; reason: string }[]; failed?: string };

/** Decides a complete request with the assembled WebAssembly module (the server's binary of the .wat). */
export async function decideWithWasm(binaryBase64: string, request: CompleteRequest): Promise<SandboxDecision> {
  const binary = Uint8Array.from(atob(binaryBase64), (c) => c.charCodeAt(0));
  const answer = (await runWorker(WASM_WORKER_SOURCE, { binary, args: wasmArguments(request), entry: WASM_RULE_ENTRY }, [binary.buffer])) as WasmAnswer;
  if (answer?.failed !== undefined || typeof answer?.verdict !== 'number') return denied(`evaluation failed: ${answer?.failed ?? 'no decision'}`, 'wasm');
  const notes = answer.notes ?? 0;
  const reasons: SandboxDecision['reasons'] = (answer.deciding ?? []).map((r) => ({ text: `${r.article}: ${r.reason}`, article: r.article }));
  if (notes & WASM_NOTE_NO_REGULATION) reasons.push({ text: NO_REGULATION_REASON, article: null });
  if (notes & WASM_NOTE_UNDEFINED) reasons.push({ text: UNDEFINED_SCENARIO_REASON, article: null });
  if (notes & WASM_NOTE_MALFORMED) reasons.push({ text: 'malformed request: a code outside the vocabulary', article: null });
  const deny = answer.verdict === 2;
  return { decision: deny ? 'DENY' : 'ALLOW', exitCode: deny ? 2 : 0, article: reasons[0]?.article ?? null, reasons, ranBy: 'wasm' };
}
