// The images `docker buildx bake` builds from its bake files (bake-files.ts); outbound-commands.test.ts
// shows the hook judging what a bake pushes.
import { describe, expect, it } from 'vitest';
import { bakeCall, bakeTargets } from '../../src/agent/bake-files.ts';

const hcl = [
  '# Images of the CRM',
  'variable "TAG" { default = "1.4.2" }',
  'group "default" { targets = ["api", "web"] }',
  'target "common" {',
  '  dockerfile = "Dockerfile.prod" // shared',
  '  args = { NODE_VERSION = "20" }',
  '}',
  'target "api" {',
  '  inherits = ["common"]',
  '  context = "api"',
  '  tags = ["ghcr.io/acme/crm-api:${TAG}"]',
  '}',
  'target "web" {',
  '  context = "web"',
  '  target = "runtime"',
  '  tags = ["ghcr.io/acme/crm-web:${TAG}", notequal("", TAG) ? "ghcr.io/acme/crm-web:latest" : ""]',
  '  output = ["type=registry"]',
  '}',
].join('\n');

describe('a bake', () => {
  it('is asked for by its words: files, targets, --set, --push and --print', () => {
    expect(bakeCall(['buildx', 'bake', '-f', 'a.hcl', '--file=b.json', '--set', '*.platform=linux/amd64', '--push', 'api', 'web'])).toEqual({
      files: ['a.hcl', 'b.json'],
      targets: ['api', 'web'],
      sets: ['*.platform=linux/amd64'],
      push: true,
      print: false,
    });
    expect(bakeCall(['buildx', 'bake', '--print']))?.toMatchObject({ print: true });
    expect(bakeCall(['buildx', 'build', '.'])).toBeNull();
  });

  it('builds the default group’s targets, each with what it inherits, its variables read and its own output', () => {
    expect(bakeTargets([hcl], bakeCall(['buildx', 'bake'])!, {})).toEqual([
      { name: 'api', context: 'api', dockerfile: 'Dockerfile.prod', tags: ['ghcr.io/acme/crm-api:1.4.2'], target: null, push: false },
      { name: 'web', context: 'web', dockerfile: 'Dockerfile', tags: ['ghcr.io/acme/crm-web:1.4.2', 'ghcr.io/acme/crm-web:latest'], target: 'runtime', push: true },
    ]);
  });

  it('reads a variable from the environment over its default, --set over the file, and a later file over an earlier', () => {
    const call = bakeCall(['buildx', 'bake', '--set', 'api.tags=registry.acme-analytics.io/api:2', '--set', '*.output=type=registry', 'api'])!;
    const override = JSON.stringify({ target: { api: { context: 'services/api' } } });
    expect(bakeTargets([hcl, override], call, { TAG: '2.0.0' })).toEqual([
      { name: 'api', context: 'services/api', dockerfile: 'Dockerfile.prod', tags: ['registry.acme-analytics.io/api:2'], target: null, push: true },
    ]);
    expect(bakeTargets([hcl], bakeCall(['buildx', 'bake', 'web'])!, { TAG: '2.0.0' })[0]!.tags[0]).toBe('ghcr.io/acme/crm-web:2.0.0');
  });

  it('builds nothing from a file that is neither, or a target it does not have', () => {
    expect(bakeTargets(['not a bake file {', '{"target": 3}'], bakeCall(['buildx', 'bake'])!, {})).toEqual([
      { name: 'default', context: '.', dockerfile: 'Dockerfile', tags: [], target: null, push: false },
    ]);
  });
});

describe('reading long adversarial bake files', () => {
  // Linear work on a few hundred kilobytes takes milliseconds; a reader that went back over its input would run past the test's timeout.
  it.each([
    ['strings that never close', `"${'a'.repeat(300_000)}`],
    ['blocks that never close', 'target "a" {'.repeat(30_000)],
    ['lists that never close', 'target "a" { tags = ['.concat('['.repeat(300_000))],
    ['groups of themselves', `group "default" { targets = [${'"default", '.repeat(30_000)}] }`],
    ['a chain of inherits', Array.from({ length: 5_000 }, (_, i) => `target "t${i}" { inherits = ["t${i + 1}"] }`).join('\n')],
  ])('%s', (_name, text) => {
    expect(bakeTargets([text], bakeCall(['buildx', 'bake', 't0'])!, {}).length).toBeLessThanOrEqual(1);
    expect(bakeTargets([text], bakeCall(['buildx', 'bake'])!, {}).length).toBeLessThanOrEqual(1);
  });
});
