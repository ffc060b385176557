// What storage, backup and transfer clients send, and where (storage-copies.ts).
import { describe, expect, it } from 'vitest';
import { storageCopy } from '../../src/agent/storage-copies.ts';

const copy = (line: string, environment: Record<string, string> = {}) => storageCopy(line.split(' '), environment);

describe('storageCopy', () => {
  it('reads rclone’s copies and rcat, and MinIO’s mc cp, mirror and pipe, as sends to the remote or alias', () => {
    expect(copy('rclone copy --transfers 8 customers.csv exports remote:bucket')).toEqual({ summary: 'rclone copy to the remote remote', host: 'rclone:remote', files: ['customers.csv', 'exports'], input: false });
    expect(copy('rclone rcat remote:bucket/c.csv')).toMatchObject({ host: 'rclone:remote', files: [], input: true });
    expect(copy('mc cp --attr k=v customers.csv myminio/bucket/')).toMatchObject({ host: 'minio:myminio', files: ['customers.csv'], input: false });
    expect(copy('mc mirror exports myminio/bucket')).toMatchObject({ host: 'minio:myminio', files: ['exports'] });
    expect(copy('mc pipe myminio/bucket/c.csv')).toMatchObject({ host: 'minio:myminio', input: true });
  });

  it('reads azcopy and b2 uploads as sends to their service', () => {
    expect(copy('azcopy copy exports https://acct.blob.core.windows.net/c?sv=x --recursive')).toMatchObject({ host: 'acct.blob.core.windows.net', files: ['exports'] });
    expect(copy('b2 upload-file --content-type text/csv bucket customers.csv c.csv')).toMatchObject({ host: 'backblazeb2.com', files: ['customers.csv'] });
    expect(copy('b2 file upload bucket - c.csv')).toMatchObject({ host: 'backblazeb2.com', files: [], input: true });
    expect(copy('b2 sync exports b2://bucket/in')).toMatchObject({ host: 'backblazeb2.com', files: ['exports'] });
  });

  it('reads restic, borg and duplicity backups as sends to their repository’s host', () => {
    expect(copy('restic -r s3:s3.eu-west-1.amazonaws.com/bucket backup exports customers.csv')).toMatchObject({ host: 's3.eu-west-1.amazonaws.com', files: ['exports', 'customers.csv'] });
    expect(copy('restic backup customers.csv', { RESTIC_REPOSITORY: 'sftp:u@backup.acme.io:/srv/restic' })).toMatchObject({ host: 'backup.acme.io' });
    expect(copy('restic --repo sftp://u@backup.acme.io:2222//srv/restic backup --stdin --stdin-filename c.csv')).toMatchObject({ host: 'backup.acme.io', input: true });
    expect(copy('restic -r rest:https://u:p@backup.acme.io:8000/ backup x')?.host).toBe('backup.acme.io');
    expect(copy('restic -r b2:bucket:/r backup x')?.host).toBe('backblazeb2.com');
    expect(copy('borg create --compression lz4 ssh://u@backup.acme.io:2222/./repo::{now} exports')).toMatchObject({ host: 'backup.acme.io', files: ['exports'] });
    expect(copy('borg create ::monday exports', { BORG_REPO: 'u@backup.acme.io:repo' })?.host).toBe('backup.acme.io');
    expect(copy('duplicity full exports sftp://u@backup.acme.io/backup')).toMatchObject({ host: 'backup.acme.io', files: ['exports'] });
  });

  it('reads wormhole’s, croc’s and ffsend’s transfers as sends through their relay, or the one named', () => {
    expect(copy('wormhole send customers.csv exports')).toMatchObject({ host: 'relay.magic-wormhole.io', files: ['customers.csv', 'exports'], text: '' });
    expect(copy('wormhole --relay-url ws://relay.acme.io:4000/v1 send --text hello')).toMatchObject({ host: 'relay.acme.io', files: [], text: 'hello' });
    expect(copy('croc --relay relay.acme.io:9009 send customers.csv')).toMatchObject({ host: 'relay.acme.io', files: ['customers.csv'] });
    expect(copy('croc send --code 7-crossover customers.csv')).toMatchObject({ host: 'croc.schollz.com', files: ['customers.csv'] });
    expect(copy('ffsend upload --expiry 1d customers.csv')).toMatchObject({ host: 'send.vis.ee', files: ['customers.csv'] });
  });

  it('is null for downloads, listings, restores and repositories on this machine', () => {
    for (const line of ['rclone copy remote:bucket/c.csv .', 'rclone ls remote:', 'mc cp myminio/bucket/c.csv ./c.csv', 'mc ls myminio', 'azcopy copy https://acct.blob.core.windows.net/c/x ./x', 'b2 file download b2://bucket/x x', 'restic -r /srv/backup backup x', 'restic -r s3:s3.amazonaws.com/b snapshots', 'borg create /srv/repo::a x', 'duplicity restore sftp://u@backup.acme.io/backup out', 'duplicity exports file:///mnt/backup', 'wormhole receive 7-crossover', 'croc 7-crossover', 'ffsend download https://send.vis.ee/download/x', 'curl https://a.io']) {
      expect(copy(line), line).toBeNull();
    }
  });
});
