// What the command-line clients of message brokers publish, and to which broker: Kafka's
// `kafka-console-producer` (its input, to `--bootstrap-server`), kcat's producer mode (`kcat -b
// host -t topic -P [files]`), Redpanda's `rpk topic produce`, MQTT's `mosquitto_pub` (`-m`, `-f`,
// or its input with `-s`/`-l`), NATS's `nats pub|request|kv put|object put`, and `amqp-publish`.
// A broker the line does not name is the client's default, on this machine. classify.ts reads the
// files named, whole, the texts given, and the input where it is sent, as storage copies are read.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { lastValue, valuesOf, wordsOf } from './option-words.ts';
import type { StorageCopy } from './storage-copies.ts';

/** Their options that take the next word as a value. */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  'kafka-console-producer': new Set(['--bootstrap-server', '--broker-list', '--topic', '--producer.config', '--producer-property', '--property', '--reader-config', '--compression-codec', '--batch-size', '--timeout', '--request-required-acks', '--request-timeout-ms', '--max-block-ms', '--message-send-max-retries', '--retry-backoff-ms', '--socket-buffer-size', '--max-memory-bytes', '--max-partition-memory-bytes', '--metadata-expiry-ms', '--line-reader', '--command-config']),
  kcat: new Set(['-b', '-t', '-p', '-k', '-K', '-H', '-X', '-F', '-D', '-c', '-o', '-f', '-s', '-r', '-G', '-z', '-d', '-m', '-M', '-a']),
  rpk: new Set(['--brokers', '-X', '--config', '--profile', '-k', '--key', '-H', '--header', '-p', '--partition', '-f', '--format', '-z', '--compression', '--acks', '--max-message-bytes', '--delivery-timeout', '--tls-cert', '--tls-key', '--tls-truststore', '--user', '--password', '--sasl-mechanism']),
  mosquitto_pub: new Set(['-h', '--host', '-p', '--port', '-L', '--url', '-t', '--topic', '-m', '--message', '-f', '--file', '-u', '--username', '-P', '--pw', '-i', '--id', '-I', '--id-prefix', '-q', '--qos', '-k', '--keepalive', '-A', '-V', '--protocol-version', '-D', '--property', '--cafile', '--capath', '--cert', '--key', '--ciphers', '--tls-version', '--psk', '--psk-identity', '--proxy', '--will-topic', '--will-payload', '--will-qos', '--repeat', '--repeat-delay', '-o', '-x']),
  nats: new Set(['-s', '--server', '--user', '--password', '--creds', '--nkey', '--tlscert', '--tlskey', '--tlsca', '--context', '--timeout', '-H', '--header', '--count', '--sleep', '--reply', '--js-domain', '--inbox-prefix', '--connection-name', '--socks-proxy', '--name', '--description']),
  'amqp-publish': new Set(['-u', '--url', '-s', '--server', '--vhost', '--username', '--password', '-e', '--exchange', '-r', '--routing-key', '-b', '--body', '-C', '--content-type', '-E', '--content-encoding', '-H', '--header', '--heartbeat', '--cacert', '--key', '--cert']),
};

/** A program's name as the table knows it: `kafka-console-producer.sh`, kafkacat (kcat's old name). */
function programOf(argv0: string): string {
  const name = path.basename(argv0).replace(/\.sh$/, '');
  return name === 'kafkacat' ? 'kcat' : name;
}

/** The host of a broker address: the first of a list (`a:9092,b:9092`), with or without a scheme (`nats://n1:4222`, `amqps://u:p@mq/vhost`). */
function brokerHost(address: string): string | null {
  const first = address.split(',')[0]!.trim();
  if (first === '') return null;
  return hostOf(/^[a-z][\w+.-]*:\/\//i.test(first) ? first : `tcp://${first}`);
}

/** A publish with its texts; the broker the client uses when the line names none is this machine's. */
function publish(program: string, address: string | undefined, sent: { files?: string[]; input?: boolean; texts?: string[] }): StorageCopy {
  const host = brokerHost(address ?? '') ?? 'localhost';
  return { summary: `${program} to ${host}`, host, files: sent.files ?? [], input: sent.input ?? false, text: (sent.texts ?? []).join('\n') };
}

/**
 * What `argv` publishes as a message broker's client, with `environment` the variables it runs with
 * (NATS_URL); null for another command, and for a client that reads, lists or administers.
 */
export function brokerPublish(argv: readonly string[], environment: Readonly<Record<string, string | undefined>>): StorageCopy | null {
  const program = programOf(argv[0] ?? '');
  const options = VALUE_OPTIONS[program];
  if (options === undefined) return null;
  const words = wordsOf(argv.slice(1), options);
  if (program === 'kafka-console-producer') {
    return publish(program, lastValue(words, '--bootstrap-server', '--broker-list'), { input: true });
  }
  if (program === 'kcat') {
    if (!words.flags.has('-P')) return null;
    // The files named are sent (each whole, or line by line with -l); with none, the input.
    const texts = [...valuesOf(words, '-k'), ...valuesOf(words, '-H')];
    return publish(program, lastValue(words, '-b'), { files: words.operands, input: words.operands.length === 0, texts });
  }
  if (program === 'rpk') {
    const [group, command] = words.operands;
    if (group !== 'topic' || command !== 'produce') return null;
    const broker = lastValue(words, '--brokers') ?? valuesOf(words, '-X').find((x) => x.startsWith('brokers='))?.slice('brokers='.length);
    return publish(program, broker, { input: true, texts: [...valuesOf(words, '-k', '--key'), ...valuesOf(words, '-H', '--header')] });
  }
  if (program === 'mosquitto_pub') {
    const url = lastValue(words, '-L', '--url');
    const texts = valuesOf(words, '-m', '--message', '--will-payload');
    const input = words.flags.has('-s') || words.flags.has('--stdin-file') || words.flags.has('-l') || words.flags.has('--stdin-line');
    return publish(program, url ?? lastValue(words, '-h', '--host'), { files: valuesOf(words, '-f', '--file'), input, texts });
  }
  if (program === 'nats') {
    const [command, ...rest] = words.operands;
    const server = lastValue(words, '-s', '--server') ?? environment.NATS_URL;
    const headers = valuesOf(words, '-H', '--header');
    // `nats pub SUBJECT [BODY]` (`request`, `req`): the body, or the input when there is none.
    if (command === 'pub' || command === 'publish' || command === 'request' || command === 'req') {
      const body = rest.slice(1);
      return publish(program, server, { input: body.length === 0, texts: [...body, ...headers] });
    }
    // `nats kv put BUCKET KEY [VALUE]`, `nats object put BUCKET FILE`.
    if (command === 'kv' && rest[0] === 'put') return publish(program, server, { input: rest.length < 4, texts: rest.slice(3) });
    if ((command === 'object' || command === 'obj') && rest[0] === 'put') return publish(program, server, { files: rest.slice(2), input: rest.length < 3 });
    return null;
  }
  // amqp-publish -u amqp://host -r key [-b body]: the body, or the input when there is none.
  const body = valuesOf(words, '-b', '--body');
  return publish(program, lastValue(words, '-u', '--url', '-s', '--server'), { input: body.length === 0, texts: [...body, ...valuesOf(words, '-H', '--header')] });
}
