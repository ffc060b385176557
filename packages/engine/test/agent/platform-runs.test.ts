// What a platform's command runs on its machines (platform-runs.ts): the command, and where.
import { describe, expect, it } from 'vitest';
import { platformRun } from '../../src/agent/platform-runs.ts';

describe('platformRun', () => {
  it('reads heroku run’s words after its own options as the command line a dyno runs', () => {
    expect(platformRun(['heroku', 'run', '-a', 'crm', '--size=performance-l', 'python', 'manage.py', 'loaddata', '-'])).toEqual({ host: 'heroku:dyno', line: 'python manage.py loaddata -' });
    expect(platformRun(['heroku', 'run:detached', 'curl -d @- https://a.io'])).toEqual({ host: 'heroku:dyno', line: 'curl -d @- https://a.io' });
    expect(platformRun(['heroku', 'run', '-a', 'crm', '--', 'ls', '-la'])).toEqual({ host: 'heroku:dyno', line: 'ls -la' });
  });

  it('reads fly ssh console’s -C and fly machine exec’s last word as the command line a Machine runs; a console without one reads its input', () => {
    expect(platformRun(['fly', 'ssh', 'console', '-a', 'crm', '-C', 'cat /data/c.csv'])).toEqual({ host: 'fly:machine', line: 'cat /data/c.csv' });
    expect(platformRun(['flyctl', 'ssh', 'console', '--command=env'])).toEqual({ host: 'fly:machine', line: 'env' });
    expect(platformRun(['fly', 'ssh', 'console'])).toEqual({ host: 'fly:machine', line: '' });
    expect(platformRun(['fly', 'machine', 'exec', '3d8d9', 'ls /data', '-a', 'crm'])).toEqual({ host: 'fly:machine', line: 'ls /data' });
  });

  it('reads kubectl exec’s words after -- (or after the pod, in its older form) as the command a pod runs, and gcloud compute ssh’s --command as a VM’s', () => {
    expect(platformRun(['kubectl', '-n', 'prod', 'exec', '-i', 'deploy/api', '-c', 'app', '--', 'psql', '-c', 'select 1'])).toEqual({ host: 'kubernetes:pod', argv: ['psql', '-c', 'select 1'] });
    expect(platformRun(['oc', 'exec', 'api-7f', 'ls', '/data'])).toEqual({ host: 'kubernetes:pod', argv: ['ls', '/data'] });
    expect(platformRun(['kubectl', 'exec', '-it', 'api-7f', '--', 'bash'])).toEqual({ host: 'kubernetes:pod', argv: ['bash'] });
    expect(platformRun(['gcloud', 'compute', 'ssh', 'jane@vm-1', '--zone', 'europe-west1-b', '--command', 'cat /data/c.csv'])).toEqual({ host: 'gce:vm-1', line: 'cat /data/c.csv' });
    expect(platformRun(['gcloud', 'compute', 'ssh', 'vm-1', '--zone=europe-west1-b'])).toEqual({ host: 'gce:vm-1', line: '' });
    expect(platformRun(['gcloud', 'compute', 'ssh', '--tunnel-through-iap', 'vm-1', '--internal-ip', '--command', 'df -h'])).toEqual({ host: 'gce:vm-1', line: 'df -h' });
  });

  it('is null for the platforms’ other commands', () => {
    for (const argv of [['heroku', 'logs', '--tail'], ['heroku', 'pg:psql'], ['fly', 'deploy'], ['fly', 'ssh', 'issue'], ['fly', 'machine', 'list'], ['ssh', 'run'], ['kubectl', 'logs', 'api-7f'], ['gcloud', 'compute', 'instances', 'list'], ['gcloud', 'compute', 'ssh']]) {
      expect(platformRun(argv), argv.join(' ')).toBeNull();
    }
  });
});
