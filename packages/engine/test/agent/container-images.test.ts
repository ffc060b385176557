// Container images from their words (container-images.ts): the registry an image goes to, a
// build's context and tags, what its Dockerfile copies and what its .dockerignore leaves out;
// outbound-commands.test.ts shows the hook judging what a push sends.
import { describe, expect, it } from 'vitest';
import { dockerfileSources, dockerignoreRules, imageBuild, imageName, imageRegistry } from '../../src/agent/container-images.ts';

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
    // The final stage copies public/ and, from build, only what build made.
    expect(dockerfileSources(dockerfile)).toEqual(['public']);
    // `--target test`: test, build and deps.
    expect(dockerfileSources(dockerfile, 'test')).toEqual(['test', 'src', 'tsconfig.json', 'package.json', 'package-lock.json']);
    expect(dockerfileSources('FROM node:20\nWORKDIR /app\nCOPY . .\n')).toBe('whole');
    expect(dockerfileSources('FROM node:20 AS build\nCOPY . .\nRUN npm run build\nFROM nginx\nCOPY --from=build /app/dist /usr/share/nginx/html\n')).toEqual([]);
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
  });
});
