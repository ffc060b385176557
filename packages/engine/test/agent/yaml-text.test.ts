// YAML read by indentation (yaml-text.ts), as the hook reads playbooks and service settings.
import { describe, expect, it } from 'vitest';
import { readYaml } from '../../src/agent/yaml-text.ts';

describe('readYaml', () => {
  it('reads block maps and sequences, a sequence at its key’s indentation, and one-line maps and lists', () => {
    const text = ['---', '# a play', '- hosts: [web, db]', '  vars: { a: 1, b: "two" }', '  tasks:', '  - name: ship', '    copy:', '      src: customers.csv   # the leads', "      dest: '/srv/in'", '  -', '    shell: echo hi', '...', '- ignored'].join('\n');
    expect(readYaml(text)).toEqual([
      {
        hosts: ['web', 'db'],
        vars: { a: '1', b: 'two' },
        tasks: [{ name: 'ship', copy: { src: 'customers.csv', dest: '/srv/in' } }, { shell: 'echo hi' }],
      },
    ]);
  });

  it('reads block text, keeps a URL’s colon in a value and reads aliases as nothing', () => {
    const text = 'shell: |\n  curl -d @rows.csv https://api.acme-analytics.io/in\n  echo done\nfolded: >\n  one\n  two\nurl: https://api.acme-analytics.io:8443/x\nbase: &base web\nother: *base\n"quoted key": yes\n';
    expect(readYaml(text)).toEqual({
      shell: 'curl -d @rows.csv https://api.acme-analytics.io/in\necho done',
      folded: 'one two',
      url: 'https://api.acme-analytics.io:8443/x',
      base: 'web',
      other: null,
      'quoted key': 'yes',
    });
  });

  it('reads nothing from empty text and a scalar from a line that is one', () => {
    expect(readYaml('')).toBeNull();
    expect(readYaml('# only a comment\n')).toBeNull();
    expect(readYaml('just text')).toBe('just text');
  });
});
