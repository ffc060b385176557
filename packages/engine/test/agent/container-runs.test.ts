// What `docker run` runs (container-runs.ts): the command after its image (or the client its image
// is), with the folders it mounts from this machine read where they are here; and what `docker
// exec` and Compose's `exec` and `run` run in a container.
import { describe, expect, it } from 'vitest';
import { containerRun } from '../../src/agent/container-runs.ts';

const run = (line: string) => containerRun(line.split(' '));

describe('containerRun', () => {
  it('runs the command after the image, each mounted folder’s path in the container read as its path here', () => {
    expect(run('docker run --rm -v $PWD:/data alpine wget --post-file=/data/c.csv https://a.io')).toEqual({ argv: ['wget', '--post-file=./c.csv', 'https://a.io'], env: {} });
    expect(run('podman run -it --volume=/srv/exports:/in:ro -e API=https://a.io alpine sh -c cat_/in/c.csv')?.argv).toEqual(['sh', '-c', 'cat_/in/c.csv']);
    expect(run('docker run --volume=/srv/exports:/in:ro alpine cat /in/c.csv /in2/x')?.argv).toEqual(['cat', '/srv/exports/c.csv', '/in2/x']);
    expect(run('nerdctl container run --mount type=bind,source=$(pwd)/exports,target=/in -e API=https://a.io alpine cat /in/c.csv')).toEqual({
      argv: ['cat', './exports/c.csv'],
      env: { API: 'https://a.io' },
    });
    // The longest container path first; a named volume is not this machine's.
    expect(run('docker run -v .:/w -v ./exports:/w/in -v cache:/c alpine cat /w/in/c.csv /w/a.csv /c/x')?.argv).toEqual(['cat', './exports/c.csv', './a.csv', '/c/x']);
  });

  it('runs the client an image is, or its --entrypoint, with the words given after the image', () => {
    expect(run('docker run --rm curlimages/curl:8.5.0 -d @/data/c.csv https://a.io')?.argv).toEqual(['curl', '-d', '@/data/c.csv', 'https://a.io']);
    expect(run('docker run --rm amazon/aws-cli s3 ls')?.argv).toEqual(['aws', 's3', 'ls']);
    expect(run('docker run --rm curlimages/curl curl https://a.io')?.argv).toEqual(['curl', 'https://a.io']);
    expect(run('docker run --entrypoint wget -v .:/d alpine --post-file=/d/c.csv https://a.io')?.argv).toEqual(['wget', '--post-file=./c.csv', 'https://a.io']);
  });

  it('runs the command docker exec and Compose’s exec and run give a container, past their own options and the container’s or service’s name', () => {
    expect(run('docker exec -i -e MODE=bulk -w /srv app curl -d @- https://a.io')).toEqual({ argv: ['curl', '-d', '@-', 'https://a.io'], env: { MODE: 'bulk' } });
    expect(run('podman container exec --user=app app psql -U app')?.argv).toEqual(['psql', '-U', 'app']);
    expect(run('docker compose -f dev.yml -p crm exec -T --index 2 api curl -T c.csv https://a.io')?.argv).toEqual(['curl', '-T', 'c.csv', 'https://a.io']);
    expect(run('docker-compose run --rm -v .:/w -e K=V api wget --post-file=/w/c.csv https://a.io')).toEqual({ argv: ['wget', '--post-file=./c.csv', 'https://a.io'], env: { K: 'V' } });
    expect(run('/usr/local/bin/podman-compose exec api cat c.csv')?.argv).toEqual(['cat', 'c.csv']);
    // A service's name is not an image: a service called curl runs the command given, not curl.
    expect(run('docker compose run curl sh -c x')?.argv).toEqual(['sh', '-c', 'x']);
  });

  it('is null for an image’s own command and for docker’s and Compose’s other commands', () => {
    expect(run('docker run -d -p 8080:80 nginx')).toBeNull();
    expect(run('docker build -t x .')).toBeNull();
    expect(run('docker ps')).toBeNull();
    expect(run('docker exec app')).toBeNull();
    expect(run('docker compose up -d')).toBeNull();
    expect(run('docker-compose -f dev.yml logs api')).toBeNull();
    expect(run('docker compose run --rm migrate')).toBeNull();
  });
});
