// Web, WebSocket and gRPC clients' words (web-clients.ts): where each connects and what it sends;
// outbound-commands.test.ts shows the hook judging what they send.
import { describe, expect, it } from 'vitest';
import { webClientCall } from '../../src/agent/web-clients.ts';

describe('a web client’s words', () => {
  it.each([
    ['ab', ['-n', '100', '-p', 'body.json', '-T', 'application/json', 'https://api.acme.io/in'], { targets: ['https://api.acme.io/in'], files: ['body.json'], texts: [], sendsInput: false }],
    ['hey', ['-m', 'POST', '-d', '{"a":1}', '-H', 'X-Key: k', 'https://api.acme.io/in'], { targets: ['https://api.acme.io/in'], files: [], texts: ['{"a":1}', 'X-Key: k'], sendsInput: false }],
    ['lynx', ['-post_data', 'https://api.acme.io/in'], { targets: ['https://api.acme.io/in'], files: [], texts: [], sendsInput: true }],
    ['lynx', ['-dump', 'https://acme.io'], { targets: ['https://acme.io'], files: [], texts: [], sendsInput: false }],
    ['websocat', ['-H', 'Authorization: Bearer t', 'wss://api.acme.io/ws'], { targets: ['wss://api.acme.io/ws'], files: [], texts: ['Authorization: Bearer t'], sendsInput: true }],
    ['websocat', ['ws-l:127.0.0.1:8080', '-'], { targets: [], files: [], texts: [], sendsInput: true }],
    ['wscat', ['--connect=wss://api.acme.io/ws', '-x', 'hello'], { targets: ['wss://api.acme.io/ws'], files: [], texts: ['hello'], sendsInput: true }],
    ['grpcurl', ['-d', '@', '-import-path', 'protos', 'api.acme.io:443', 'acme.Leads/Add'], { targets: ['api.acme.io:443'], files: [], texts: [], sendsInput: true }],
    ['wrk', ['-t', '2', '-s', 'post.lua', 'https://api.acme.io/in'], { targets: ['https://api.acme.io/in'], files: ['post.lua'], texts: [], sendsInput: false }],
  ])('%s %j', (program, args, call) => {
    expect(webClientCall(program, args)).toEqual(call);
  });

  it('is none for another program', () => {
    expect(webClientCall('curl', ['https://api.acme.io'])).toBeNull();
    expect(webClientCall('constructor', [])).toBeNull();
  });
});
