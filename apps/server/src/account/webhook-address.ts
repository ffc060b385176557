// Where a decision webhook may be delivered: public internet addresses only. A customer-chosen URL
// must not reach this server's own network (cloud metadata at 169.254.169.254, databases on 10/8,
// the server itself on 127.0.0.1), so literal addresses are checked when the URL is saved and every
// resolved address is checked again when the request connects (the connection uses the address that
// was checked, so a DNS answer that changes in between cannot smuggle a private one in).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** True for an IP address on the public internet; false for private, loopback, link-local, ... */
export function isPublicAddress(address: string): boolean {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an IP address when it is one (brackets of IPv6 removed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

/**
 * A dns.lookup that answers only public addresses (every address the name resolves to must be
 * public), unless the host is local and local delivery is allowed (development).
 */
function publicLookup(allowLocal: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((entry) => !isPublicAddress(entry.address) && !(allowLocal && isLoopback(entry.address)));
      if (list.length === 0 || refused) {
        return callback(new WebhookAddressError(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`), '', 0);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}

export type WebhookResponse = { status: number };

/**
 * POSTs a webhook body, connecting only to public addresses (and to loopback when `allowLocal`),
 * without following redirects, within `timeoutMs`.
 */
export function postToPublicAddress(url: string, headers: Record<string, string>, body: string, options: { allowLocal: boolean; timeoutMs: number }): Promise<WebhookResponse> {
  const target = new URL(url);
  const literal = literalAddress(target.hostname);
  if (literal && !isPublicAddress(literal) && !(options.allowLocal && isLoopback(literal))) {
    return Promise.reject(new WebhookAddressError(`${literal} is not a public address`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: publicLookup(options.allowLocal),
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0 });
        });
        response.on('error', reject);
      },
    );
    // The whole exchange, not just an idle socket, must finish in time.
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('The webhook did not answer in time'), { name: 'TimeoutError' })), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
