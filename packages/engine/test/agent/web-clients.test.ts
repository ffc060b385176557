// Web, WebSocket and gRPC clients' words (web-clients.ts): where each connects and what it sends;
// outbound-commands.test.ts shows the hook judging what they send.
import { describe, expect, it } from 'vitest';
import { listedRequests, webClientCall } from '../../src/agent/web-clients.ts';

/** A call that connects nowhere and sends nothing: each case says what its words add. */
const none = { targets: [], files: [], texts: [], scripts: [], requestLists: [], sendsInput: false, tls: false };

describe('a web client’s words', () => {
  it.each([
    ['ab', ['-n', '100', '-p', 'body.json', '-T', 'application/json', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], files: ['body.json'] }],
    ['hey', ['-m', 'POST', '-d', '{"a":1}', '-H', 'X-Key: k', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], texts: ['{"a":1}', 'X-Key: k'] }],
    ['lynx', ['-post_data', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], sendsInput: true }],
    ['lynx', ['-dump', 'https://acme.io'], { ...none, targets: ['https://acme.io'] }],
    ['websocat', ['-H', 'Authorization: Bearer t', 'wss://api.acme.io/ws'], { ...none, targets: ['wss://api.acme.io/ws'], texts: ['Authorization: Bearer t'], sendsInput: true }],
    ['websocat', ['ws-l:127.0.0.1:8080', '-'], { ...none, sendsInput: true }],
    ['wscat', ['--connect=wss://api.acme.io/ws', '-x', 'hello'], { ...none, targets: ['wss://api.acme.io/ws'], texts: ['hello'], sendsInput: true }],
    ['grpcurl', ['-d', '@', '-import-path', 'protos', 'api.acme.io:443', 'acme.Leads/Add'], { ...none, targets: ['api.acme.io:443'], sendsInput: true, tls: true }],
    ['grpcurl', ['-plaintext', 'localhost:50051', 'list'], { ...none, targets: ['localhost:50051'] }],
    ['wrk', ['-t', '2', '-s', 'post.lua', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], scripts: ['post.lua'] }],
    // Load testers: their body files and texts, and the options that take a value.
    ['oha', ['-n', '100', '-m', 'POST', '-D', 'c.csv', '-d', 'a=1', '-H', 'X-Key: k', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], files: ['c.csv'], texts: ['a=1', 'X-Key: k'] }],
    ['h2load', ['-n', '100', '-d', 'c.csv', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], files: ['c.csv'] }],
    ['h2load', ['-i', 'uris.txt', '-B', 'https://api.acme.io'], { ...none, targets: ['https://api.acme.io'], requestLists: ['uris.txt'] }],
    ['bombardier', ['-c', '10', '-m', 'POST', '-f', 'c.csv', '-b', 'a=1', 'https://api.acme.io/in'], { ...none, targets: ['https://api.acme.io/in'], files: ['c.csv'], texts: ['a=1'] }],
    // ghz: over TLS unless --insecure; -b sends its input, -B a file.
    ['ghz', ['--insecure', '--proto', 'crm.proto', '--call', 'crm.v1.Contacts/Import', '-D', 'c.json', 'crm.acme.io:443'], { ...none, targets: ['crm.acme.io:443'], files: ['c.json'] }],
    ['ghz', ['--call=crm.v1.Contacts/Import', '-b', 'crm.acme.io:443'], { ...none, targets: ['crm.acme.io:443'], sendsInput: true, tls: true }],
    ['ghz', ['-d', '{"a":1}', '-B', 'c.bin', 'crm.acme.io:443'], { ...none, targets: ['crm.acme.io:443'], files: ['c.bin'], texts: ['{"a":1}'], tls: true }],
    // buf curl: `@file` is a file, `@-` its input, anything else text.
    ['buf', ['curl', '--data', '@c.json', 'https://crm.acme.io/crm.v1.Contacts/Import'], { ...none, targets: ['https://crm.acme.io/crm.v1.Contacts/Import'], files: ['c.json'] }],
    ['buf', ['curl', '-d', '@-', '-H', 'X-Key: k', 'https://crm.acme.io/m'], { ...none, targets: ['https://crm.acme.io/m'], texts: ['X-Key: k'], sendsInput: true }],
    ['buf', ['curl', '--data={"a":1}', 'https://crm.acme.io/m'], { ...none, targets: ['https://crm.acme.io/m'], texts: ['{"a":1}'] }],
    // siege: a URL with its method and body, and a list of them.
    ['siege', ['-c', '5', '--content-type', 'text/csv', 'https://api.acme.io/in POST < c.csv'], { ...none, targets: ['https://api.acme.io/in POST < c.csv'], files: ['c.csv'] }],
    ['siege', ['-c', '5', '-f', 'urls.txt'], { ...none, requestLists: ['urls.txt'] }],
    // vegeta attack: its targets from a file (a Go flag's `-targets=`), or from its input.
    ['vegeta', ['attack', '-targets=t.txt', '-duration=10s'], { ...none, requestLists: ['t.txt'] }],
    ['vegeta', ['attack', '-rate', '50/s', '-body', 'c.csv'], { ...none, files: ['c.csv'], requestLists: ['-'] }],
  ])('%s %j', (program, args, call) => {
    expect(webClientCall(program, args)).toEqual(call);
  });

  it('is none for another program, or another command of a program with one', () => {
    expect(webClientCall('curl', ['https://api.acme.io'])).toBeNull();
    expect(webClientCall('constructor', [])).toBeNull();
    expect(webClientCall('buf', ['push'])).toBeNull();
    expect(webClientCall('vegeta', ['report'])).toBeNull();
  });
});

describe('a list of requests', () => {
  it('gives where siege’s and h2load’s lines go and the body files they name', () => {
    expect(listedRequests('# nightly\nhttps://api.acme.io/health\nhttps://api.acme.io/in POST < c.csv\nhttps://api.acme.io/in POST {"a":1}\n')).toEqual({
      targets: ['https://api.acme.io/health', 'https://api.acme.io/in'],
      files: ['c.csv'],
    });
  });

  it('gives where vegeta’s targets go, in its http and json formats, and their @body files', () => {
    expect(listedRequests('POST https://api.acme.io/in\nContent-Type: text/csv\n@c.csv\n\nGET https://api.acme.io/health\n')).toEqual({ targets: ['https://api.acme.io/in', 'https://api.acme.io/health'], files: ['c.csv'] });
    expect(listedRequests('{"method": "POST", "url": "https://api.acme.io/in", "body": "e30="}\n')).toEqual({ targets: ['https://api.acme.io/in'], files: [] });
  });
});
