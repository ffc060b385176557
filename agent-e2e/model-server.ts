// A local HTTP server that plays the model for the real Claude Code CLI (AGENT-E2E.md): the first
// turn answers with one Bash tool_use carrying the scripted command, the turn after a tool_result
// answers with a short text. It records every request so a test can read the tool_result the
// agent sent back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Message = { role: string; content: unknown };
export type ModelServer = { url: string; requests: { path: string; body: Record<string, unknown> }[]; close: () => Promise<void> };

function sse(res: http.ServerResponse, events: Record<string, unknown>[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`event: ${e.type as string}\ndata: ${JSON.stringify(e)}\n\n`);
  res.end();
}

const usage = { input_tokens: 12, output_tokens: 8, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function start(id: string) {
  return { type: 'message_start', message: { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage } };
}

function textTurn(res: http.ServerResponse, text: string) {
  sse(res, [
    start('msg_text'),
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } },
    { type: 'message_stop' },
  ]);
}

function toolTurn(res: http.ServerResponse, command: string) {
  sse(res, [
    start('msg_tool'),
    { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_bytebound_e2e_1', name: 'Bash', input: {} } },
    { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify({ command, description: 'run the requested command' }) } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 20 } },
    { type: 'message_stop' },
  ]);
}

export async function startModelServer(command: string): Promise<ModelServer> {
  const requests: ModelServer['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        // not JSON: answered below like any other call
      }
      requests.push({ path: req.url ?? '', body });
      if (req.url?.includes('count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 12 }));
        return;
      }
      if (!req.url?.startsWith('/v1/messages')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const messages = (body.messages as Message[] | undefined) ?? [];
      const last = messages[messages.length - 1];
      const hasToolResult = Array.isArray(last?.content) && (last.content as { type?: string }[]).some((b) => b.type === 'tool_result');
      const offersBash = Array.isArray(body.tools) && (body.tools as { name?: string }[]).some((t) => t.name === 'Bash');
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ id: 'msg_plain', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null, usage }),
        );
      } else if (offersBash && !hasToolResult) toolTurn(res, command);
      else textTurn(res, 'Done.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The tool_result blocks the agent sent back to the model. */
export function toolResults(requests: ModelServer['requests']): { tool_use_id: string; is_error?: boolean; content: unknown }[] {
  const out: { tool_use_id: string; is_error?: boolean; content: unknown }[] = [];
  for (const r of requests) {
    for (const m of (r.body.messages as Message[] | undefined) ?? []) {
      if (!Array.isArray(m.content)) continue;
      for (const b of m.content as { type?: string; tool_use_id: string; is_error?: boolean; content: unknown }[]) {
        if (b.type === 'tool_result' && !out.some((o) => o.tool_use_id === b.tool_use_id)) out.push(b);
      }
    }
  }
  return out;
}
