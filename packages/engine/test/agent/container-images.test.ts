// Container images from their words (container-images.ts): the registry an image goes to, a
// build's context and tags, what its Dockerfile copies and what its .dockerignore leaves out;
// outbound-commands.test.ts shows the hook judging what a push sends.
import { describe, expect, it } from 'vitest';
import { composeCall, composeImage, composeServices, composeVariables, dotenvVariables } from '../../src/agent/compose-files.ts';
import { cloudBuildSubmit, dockerfileSources, dockerignoreRules, imageBuild, imageName, imageRegistry } from '../../src/agent/container-images.ts';
import { orderedIgnoreRules } from '../../src/agent/ignore-files.ts';

describe('a container image', () => {
  it('goes to the registry its name names, or Docker Hub', () => {
    expect(imageRegistry('acme/orders-api:1.4.2')).toBe('registry-1.docker.io');
    expect(imageRegistry('orders-api')).toBe('registry-1.docker.io');
    expect(imageRegistry('ghcr.io/acme/orders-api:1.4.2')).toBe('ghcr.io');
    expect(imageRegistry('localhost:5000/orders-api')).toBe('localhost');
    expect(imageRegistry('registry.acme-corp.com:5000/team/app@sha256:abc')).toBe('registry.acme-corp.com');
    expect(imageName('localhost:5000/orders-api:1.4.2')).toBe('localhost:5000/orders-api');
  });

  it('is built from a context, with the tags and Dockerfile a build names', () => {
    expect(imageBuild(['build', '-t', 'acme/app:1', '--build-arg', 'X=1', '-f', 'ops/Dockerfile', '--target', 'runtime', 'site'])).toEqual({ context: 'site', file: 'ops/Dockerfile', target: 'runtime', tags: ['acme/app:1'], push: false });
    expect(imageBuild(['buildx', 'build', '--platform', 'linux/amd64', '--tag=ghcr.io/acme/app', '--push', '.'])).toEqual({ context: '.', file: null, target: null, tags: ['ghcr.io/acme/app'], push: true });
    expect(imageBuild(['buildx', 'build', '-t', 'ghcr.io/acme/app', '--output', 'type=registry', '.'])?.push).toBe(true);
    expect(imageBuild(['buildx', 'build', '-t', 'app', '--output', 'type=docker,dest=app.tar', '.'])?.push).toBe(false);
    expect(imageBuild(['push', 'acme/app'])).toBeNull();
  });

  it('holds what its Dockerfile copies from the context into the stage it ends with, and the stages that one is built from', () => {
    const dockerfile = [
      'FROM node:20 AS deps',
      'COPY --chown=node package.json package-lock.json ./',
      'FROM deps AS build',
      'COPY ["src", "tsconfig.json", "/app/"]',
      'ADD https://example.org/tool.tgz /opt/',
      'FROM build AS test',
      'COPY test/ /app/test/',
      'FROM node:20-slim',
      'COPY --from=build /app/dist /app/dist',
      'COPY public/ \\',
      '  /app/public',
    ].join('\n');
    // The final stage copies public/ and, from build, what build copied to /app/dist: src/dist (src's files went to /app).
    expect(dockerfileSources(dockerfile)).toContain('public');
    expect(dockerfileSources(dockerfile)).toContain('src/dist');
    expect(dockerfileSources(dockerfile)).not.toContain('test');
    // `--target test`: test, build and deps.
    expect(dockerfileSources(dockerfile, 'test')).toEqual(['test', 'src', 'tsconfig.json', 'package.json', 'package-lock.json']);
    expect(dockerfileSources('FROM node:20\nWORKDIR /app\nCOPY . .\n')).toBe('whole');
    expect(dockerfileSources('FROM node:20 AS build\nWORKDIR /app\nCOPY . .\nRUN npm run build\nFROM nginx\nCOPY --from=build /app/dist /usr/share/nginx/html\n')).toEqual(['dist']);
  });

  it('holds what a stage it copies from took from the context at the path it copies', () => {
    const build = 'FROM node:20 AS build\nWORKDIR /src\nCOPY . .\nRUN npm ci && npm run build\nFROM node:20-alpine\n';
    expect(dockerfileSources(`${build}COPY --from=build /src/data /app/data\n`)).toEqual(['data']);
    expect(dockerfileSources(`${build}COPY --from=build /src /app\n`)).toBe('whole');
    expect(dockerfileSources(`${build}COPY --from=0 /src/fixtures/customers.csv /seed/\n`)).toEqual(['fixtures/customers.csv']);
    // An image's files, and a later stage's, are not the context's.
    expect(dockerfileSources(`${build}COPY --from=nginx:1.27 /etc/nginx /etc/nginx\n`)).toEqual([]);
    // Through two stages: seed copies data/ to /seed, build copies /seed from it, the image /opt from build.
    expect(dockerfileSources('FROM alpine AS seed\nCOPY data /seed\nFROM alpine AS build\nCOPY --from=seed /seed /opt/seed\nFROM alpine\nCOPY --from=build /opt /opt\n')).toEqual(['data']);
    // A file copied into a folder is found by its name there.
    expect(dockerfileSources('FROM alpine AS b\nCOPY customers.csv /in/\nFROM alpine\nCOPY --from=b /in/customers.csv /x\n')).toContain('customers.csv');
  });

  it('reads COPY and ADD in every form Docker takes, not the text of its heredocs', () => {
    expect(dockerfileSources('from alpine\ncopy --chown=node:node --chmod=644 --link data/export.csv /app/\n')).toEqual(['data/export.csv']);
    expect(dockerfileSources('FROM alpine\nCOPY <<EOT /app/readme.txt\nCOPY . /app\nEOT\nCOPY --link customers.csv /app/\n')).toEqual(['customers.csv']);
    expect(dockerfileSources('FROM alpine\nRUN <<EOF\nFROM evil AS x\nEOF\nCOPY ["package.json", "customers.csv", "/app/"]\n')).toEqual(['package.json', 'customers.csv']);
    expect(dockerfileSources('ARG SEED=fixtures\nFROM alpine\nENV APP=/app\nCOPY ${SEED}/customers.csv $APP/\nCOPY ${MISSING:-data} /d\n')).toEqual(['fixtures/customers.csv', 'data']);
    expect(dockerfileSources('FROM alpine\nWORKDIR /app\n# COPY secrets /x\nCOPY ./ ./\n')).toBe('whole');
  });

  it('leaves out what .dockerignore names, each pattern from the context’s top', () => {
    const ignored = dockerignoreRules('# not sent\ntest\ndist/\n*.log\n**/fixtures\n!keep.log\n');
    expect(ignored('test/customers.csv', false)).toBe(true);
    expect(ignored('src/test/x.ts', false)).toBe(false);
    expect(ignored('dist', true)).toBe(true);
    expect(ignored('debug.log', false)).toBe(true);
    expect(ignored('logs/debug.log', false)).toBe(false);
    expect(ignored('src/fixtures/c.csv', false)).toBe(true);
    expect(ignored('src/index.ts', false)).toBe(false);
    expect(ignored('keep.log', false)).toBe(false);
  });

  it('takes back what a later `!` line names, the last line that matches deciding, as Docker does', () => {
    const onlySrc = dockerignoreRules('*\n!src\n');
    expect(onlySrc('customers.csv', false)).toBe(true);
    expect(onlySrc('src/index.ts', false)).toBe(false);
    // A folder left out with no exception inside it is not walked; one an exception reaches into is.
    expect(onlySrc('node_modules', true)).toBe(true);
    const seed = dockerignoreRules('data/\n!data/customers.csv\n');
    expect(seed('data', true)).toBe(false);
    expect(seed('data/customers.csv', false)).toBe(false);
    expect(seed('data/other.csv', false)).toBe(true);
    const csv = dockerignoreRules('**/*.csv\n!customers.csv\n');
    expect(csv('customers.csv', false)).toBe(false);
    expect(csv('exports/leads.csv', false)).toBe(true);
    // The last matching line decides: an exception before the pattern it would take back from is undone.
    expect(dockerignoreRules('!customers.csv\n*.csv\n')('customers.csv', false)).toBe(true);
  });

  it('reads a .gcloudignore line as git does: one with no slash names any depth’s, one with a slash at its start or inside only the top’s', () => {
    const ignored = orderedIgnoreRules(['fixtures', '/seed', 'docs/private', '!fixtures/keep.csv'], false);
    expect(ignored('fixtures/customers.csv', false)).toBe(true);
    expect(ignored('app/fixtures/customers.csv', false)).toBe(true);
    expect(ignored('fixtures/keep.csv', false)).toBe(false);
    expect(ignored('seed/customers.csv', false)).toBe(true);
    expect(ignored('app/seed/customers.csv', false)).toBe(false);
    expect(ignored('docs/private/c.csv', false)).toBe(true);
    expect(ignored('app/docs/private/c.csv', false)).toBe(false);
  });

  it('takes its Dockerfile from its input with -f -, and nothing from a folder with - as its context', () => {
    expect(imageBuild(['build', '-t', 'app', '-f-', '.'])).toMatchObject({ context: '.', file: '-' });
    expect(imageBuild(['build', '--file=-', '-t', 'app', 'site'])).toMatchObject({ context: 'site', file: '-' });
    expect(imageBuild(['build', '-t', 'app', '-'])).toMatchObject({ context: '-', file: null });
  });
});

describe('a compose file', () => {
  const yaml = [
    'name: crm',
    'services:',
    '  api:',
    '    build:',
    '      context: ./api',
    '      dockerfile: Dockerfile.prod # the release one',
    '      target: runtime',
    '    image: "ghcr.io/acme/crm-api:${TAG:-1.4.2}"',
    '    environment:',
    '      image: not-this',
    '  worker:',
    '    build: worker',
    '  inline:',
    '    build:',
    '      context: .',
    '      dockerfile_inline: |',
    '        FROM alpine',
    '        COPY . /app',
    '    image: ghcr.io/acme/inline',
    '  cache:',
    '    image: redis:7',
    '  flow:',
    '    build: { context: ./flow, dockerfile: Dockerfile.dev }',
    'volumes:',
    '  data:',
  ].join('\n');
  const files = [{ file: '/work/crm/compose.yaml', text: yaml }];

  it('builds each service with a build: from its context and Dockerfile, into the image it names', () => {
    const services = composeServices(files);
    expect(services.map((s) => s.name)).toEqual(['api', 'worker', 'inline', 'cache', 'flow']);
    expect(services[0]).toEqual({ name: 'api', image: 'ghcr.io/acme/crm-api:1.4.2', build: { context: '/work/crm/api', file: '/work/crm/api/Dockerfile.prod', target: 'runtime' } });
    expect(services[1]!.build).toEqual({ context: '/work/crm/worker', file: null, target: null });
    expect(services[2]!.build?.dockerfile).toBe('FROM alpine\nCOPY . /app');
    expect(services[3]).toEqual({ name: 'cache', image: 'redis:7', build: null });
    expect(services[4]!.build).toEqual({ context: '/work/crm/flow', file: '/work/crm/flow/Dockerfile.dev', target: null });
    // A service whose file names no image gets compose's name for it: <project>-<service>.
    expect(composeImage(services[1]!, composeCall('docker', ['compose', 'build'])!, files, '/work/crm')).toBe('crm-worker');
    expect(composeImage(services[1]!, composeCall('docker', ['compose', '-p', 'Nightly', 'build'])!, files, '/work/crm')).toBe('nightly-worker');
  });

  it('is read with a later file’s keys over an earlier’s', () => {
    const override = { file: '/work/crm/compose.override.yaml', text: 'services:\n  api:\n    image: registry.acme-corp.com/crm-api\n' };
    expect(composeServices([...files, override])[0]).toMatchObject({ image: 'registry.acme-corp.com/crm-api', build: { context: '/work/crm/api' } });
  });

  it('is named by compose’s words, and pushes with push or build --push', () => {
    expect(composeCall('docker', ['compose', '-f', 'ops/compose.yaml', '--project-name=crm', '--env-file', 'ops/.env.prod', 'build', '--push', 'api'])).toEqual({
      files: ['ops/compose.yaml'],
      project: 'crm',
      folder: null,
      envFiles: ['ops/.env.prod'],
      command: 'build',
      services: ['api'],
      push: true,
    });
    expect(composeCall('docker-compose', ['push'])).toMatchObject({ command: 'push', services: [] });
    expect(composeCall('docker', ['build', '.'])).toBeNull();
  });
});

describe('the variables of a compose file', () => {
  const text = 'services:\n  api:\n    build: { context: "${API_DIR:-./api}" }\n    image: ${REGISTRY}/crm-api:${TAG-latest}\n';
  const files = [{ file: '/work/crm/compose.yaml', text }];
  const dotenv = '# the release\nexport REGISTRY=ghcr.io/acme\nTAG="1.4.2"\nAPI_DIR=  # set below\nNOTE=a b # c\n';

  it('are read from the project’s .env as compose reads one', () => {
    expect(dotenvVariables(dotenv)).toEqual({ REGISTRY: 'ghcr.io/acme', TAG: '1.4.2', API_DIR: '', NOTE: 'a b' });
  });

  it('are put in from the environment over the .env, defaults taken where unset or empty', () => {
    const read = (file: string) => (file === '/work/crm/.env' ? dotenv : file === '/work/crm/ops/.env.prod' ? 'REGISTRY=registry.acme-corp.com\n' : '');
    const call = composeCall('docker', ['compose', 'push'])!;
    const variables = composeVariables(call, files, '/work/crm', { TAG: '2.0.0' }, read);
    expect(composeServices(files, variables)[0]).toMatchObject({ image: 'ghcr.io/acme/crm-api:2.0.0', build: { context: '/work/crm/api' } });
    const prod = composeVariables(composeCall('docker', ['compose', '--env-file', 'ops/.env.prod', 'push'])!, files, '/work/crm', {}, read);
    expect(composeServices(files, prod)[0]!.image).toBe('registry.acme-corp.com/crm-api:latest');
    expect(composeServices(files)[0]!.image).toBe('/crm-api:latest');
  });

  it('keep a doubled dollar as one, and give another value where one is set', () => {
    const other = [{ file: '/w/compose.yaml', text: 'services:\n  api:\n    image: "acme/api:$${TAG}-${CI:+ci}${DEV:+dev}"\n' }];
    expect(composeServices(other, { CI: 'true' })[0]!.image).toBe('acme/api:${TAG}-ci');
  });
});

describe('a Cloud Build', () => {
  it('uploads the source folder it is given, or the one it runs in', () => {
    expect(cloudBuildSubmit(['builds', 'submit', '--tag', 'gcr.io/acme-prod/crm-sync', '.'])).toEqual({ source: '.', ignoreFile: null, config: null });
    expect(cloudBuildSubmit(['--project=acme-prod', 'beta', 'builds', 'submit', '--config', 'cloudbuild.yaml', '--ignore-file=.buildignore', 'site'])).toEqual({ source: 'site', ignoreFile: '.buildignore', config: 'cloudbuild.yaml' });
    expect(cloudBuildSubmit(['builds', 'submit', '--region', 'europe-west1'])?.source).toBe('.');
    expect(cloudBuildSubmit(['builds', 'submit', '--no-source', '--config=cloudbuild.yaml'])?.source).toBeNull();
    expect(cloudBuildSubmit(['builds', 'list'])).toBeNull();
  });
});

describe('reading long adversarial files', () => {
  // Linear work on a few hundred kilobytes takes milliseconds; a pattern that backtracked would run past the test's timeout.
  it('sets aside an ignore file with a line past the bounds, leaving nothing out', () => {
    expect(dockerignoreRules(`fixtures\na${' '.repeat(300_000)}b\n`)('fixtures', true)).toBe(false);
    expect(dockerignoreRules(`fixtures\n${'*a'.repeat(2000)}b\n`)('a'.repeat(200), false)).toBe(false);
    expect(dockerignoreRules('fixtures\n**/*.log\n')('fixtures', true)).toBe(true);
  });

  it('sets aside an ignore file of more lines than a walk can test each path against', () => {
    const ignored = dockerignoreRules('fixtures\n'.repeat(300_000));
    expect(Array.from({ length: 4096 }, (_, k) => ignored(`fixtures/f${k}`, false)).some(Boolean)).toBe(false);
  });

  it('takes the whole context where ENV values double on each line', () => {
    expect(dockerfileSources(`FROM node\nENV A=ab\n${'ENV A=$A$A\n'.repeat(40)}COPY $A /app/\n`)).toBe('whole');
    expect(dockerfileSources('FROM node\nENV A=ab\nENV A=$A$A\nCOPY $A /app/\n')).toEqual(['abab']);
  });

  it('takes the whole context where stages copy from a stage of 50,000 copies again and again', () => {
    expect(dockerfileSources(`FROM node AS base\n${'COPY a /x\n'.repeat(50_000)}FROM base\n${'COPY --from=base /x /y\n'.repeat(300)}`)).toBe('whole');
  });

  it('names 50,000 services’ images without reading the compose file for each', () => {
    const files = [{ file: '/w/compose.yaml', text: `name: crm\nservices:\n${Array.from({ length: 50_000 }, (_, k) => `  s${k}:\n    build: .\n`).join('')}` }];
    const services = composeServices(files);
    const call = composeCall('docker', ['compose', 'build'])!;
    expect(services.map((service) => composeImage(service, call, files, '/w')).at(-1)).toBe('crm-s49999');
  });

  it('reads a .env of a line of 300,000 spaces and variables that never close', () => {
    expect(dotenvVariables(`A=${' '.repeat(300_000)}x\nB=${'${'.repeat(100_000)}\n`).A).toBe('x');
    expect(composeServices([{ file: '/w/compose.yaml', text: `services:\n  api:\n    image: ${'${A:-'.repeat(60_000)}\n` }], { A: 'a' })[0]).toMatchObject({ name: 'api' });
  });

  it('reads a compose file with a value of 300,000 spaces', () => {
    const spaces = ' '.repeat(300_000);
    expect(composeServices([{ file: '/w/compose.yaml', text: `services:\n  api:\n    image: a${spaces}b # x\n    build: .\n` }])[0]).toMatchObject({ name: 'api' });
  });
});
