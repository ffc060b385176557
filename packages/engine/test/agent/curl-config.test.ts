// curl's config files read as the command-line words they stand for (curl-config.ts);
// outbound-commands.test.ts shows the hook judging what a config sends.
import { describe, expect, it } from 'vitest';
import { curlConfigWords, curlrcPaths, readsCurlrc } from '../../src/agent/curl-config.ts';

describe('a curl config file', () => {
  it('reads each line as an option and its value', () => {
    const config = [
      '# upload the export',
      'url = "https://api.acme-analytics.io/in"',
      'data=@customers.csv',
      '--header: "X-Note: a \\"quoted\\" word"',
      '-u deploy:secret',
      'silent',
      '',
      'user-agent "acme uploader"',
    ].join('\n');
    expect(curlConfigWords(config)).toEqual([
      '--url', 'https://api.acme-analytics.io/in',
      '--data', '@customers.csv',
      '--header', 'X-Note: a "quoted" word',
      '-u', 'deploy:secret',
      '--silent',
      '--user-agent', 'acme uploader',
    ]);
  });

  it('reads a line naming another config as the option that names it', () => {
    expect(curlConfigWords('config = "inner.cfg"\n-K other.cfg\n')).toEqual(['--config', 'inner.cfg', '-K', 'other.cfg']);
  });

  it('is the user’s .curlrc unless the first argument starts with -q or is --disable', () => {
    expect(['curl -q', 'curl -qs x.io', 'curl --disable x.io'].map((c) => readsCurlrc(c.split(' ')))).toEqual([false, false, false]);
    expect(['curl', 'curl -sq x.io', 'curl -s -q x.io', 'curl x.io -q'].map((c) => readsCurlrc(c.split(' ')))).toEqual([true, true, true, true]);
  });

  it('is looked for where curl looks, in its order', () => {
    expect(curlrcPaths({ CURL_HOME: '/etc/curl' }, '/home/dev')).toEqual(['/etc/curl/.curlrc', '/home/dev/.config/curlrc', '/home/dev/.curlrc']);
    expect(curlrcPaths({ XDG_CONFIG_HOME: '/xdg' }, '/home/dev')).toEqual(['/xdg/curlrc', '/home/dev/.curlrc']);
  });
});
