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
    expect(imageBuild(['build', '-t', 'acme/app:1', '--build-arg', 'X=1', '-f', 'ops/Dockerfile', 'site'])).toEqual({ context: 'site', file: 'ops/Dockerfile', tags: ['acme/app:1'], push: false });
    expect(imageBuild(['buildx', 'build', '--platform', 'linux/amd64', '--tag=ghcr.io/acme/app', '--push', '.'])).toEqual({ context: '.', file: null, tags: ['ghcr.io/acme/app'], push: true });
    expect(imageBuild(['push', 'acme/app'])).toBeNull();
  });

  it('holds what its Dockerfile copies from the context', () => {
    const dockerfile = [
      'FROM node:20 AS build',
      'COPY --chown=node package.json package-lock.json ./',
      'COPY ["src", "tsconfig.json", "/app/"]',
      'ADD https://example.org/tool.tgz /opt/',
      'FROM node:20-slim',
      'COPY --from=build /app/dist /app/dist',
      'COPY public/ \\',
      '  /app/public',
    ].join('\n');
    expect(dockerfileSources(dockerfile)).toEqual(['package.json', 'package-lock.json', 'src', 'tsconfig.json', 'public']);
    expect(dockerfileSources('FROM node:20\nWORKDIR /app\nCOPY . .\n')).toBe('whole');
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
