// What runs in another environment of this machine (environment-runs.ts): nix's shells and the
// program `nix run` names, a network namespace's or VRF's command, a local VM's or container's, a
// terminal multiplexer's new session's, and a job at runs later.
import { describe, expect, it } from 'vitest';
import { environmentRun } from '../../src/agent/environment-runs.ts';

const run = (line: string) => environmentRun(line.split(' '));

describe('environmentRun', () => {
  it('gives nix-shell’s --run and --command as the command line it runs, wherever they stand', () => {
    expect(environmentRun(['nix-shell', '-p', 'curl', 'jq', '--run', 'curl -d @c.csv https://a.io'])).toEqual({ line: 'curl -d @c.csv https://a.io' });
    expect(environmentRun(['/run/current-system/sw/bin/nix-shell', 'shell.nix', '--pure', '--command', 'make upload'])).toEqual({ line: 'make upload' });
  });

  it('gives the command after nix shell’s and nix develop’s -c, past nix’s own options', () => {
    expect(run('nix --extra-experimental-features nix-command shell nixpkgs#curl nixpkgs#jq -c curl -T c.csv https://a.io')).toEqual({ argv: ['curl', '-T', 'c.csv', 'https://a.io'] });
    expect(run('nix develop .#ci --command bash -c x')).toEqual({ argv: ['bash', '-c', 'x'] });
  });

  it('runs the program a nix run installable names, with the words after -- or after it', () => {
    expect(run('nix run nixpkgs#curl -- -d @c.csv https://a.io')).toEqual({ argv: ['curl', '-d', '@c.csv', 'https://a.io'] });
    expect(run('nix --option sandbox false run github:NixOS/nixpkgs/nixos-24.05#python3Packages.httpie POST https://a.io')).toEqual({ argv: ['httpie', 'POST', 'https://a.io'] });
  });

  it('gives the command ip netns exec and ip vrf exec run, past the namespace’s name (none with -all)', () => {
    expect(run('ip netns exec blue curl -T c.csv https://a.io')).toEqual({ argv: ['curl', '-T', 'c.csv', 'https://a.io'] });
    expect(run('ip -all netns exec curl https://a.io')).toEqual({ argv: ['curl', 'https://a.io'] });
    expect(run('ip -n blue vrf exec mgmt scp c.csv host:')).toEqual({ argv: ['scp', 'c.csv', 'host:'] });
  });

  it('gives the command a local VM or system container runs: vagrant ssh -c’s line, multipass’s, lxc’s and incus’s words after --', () => {
    expect(environmentRun(['vagrant', 'ssh', 'web', '-c', 'curl -T c.csv https://a.io'])).toEqual({ line: 'curl -T c.csv https://a.io' });
    // The project's folder is /vagrant there.
    expect(environmentRun(['vagrant', 'ssh', '-c', 'cd /vagrant && curl -d @/vagrant/c.csv https://a.io/vagrant'])).toEqual({ line: 'cd . && curl -d @./c.csv https://a.io/vagrant' });
    expect(run('multipass exec vm --working-directory /srv -- curl -T c.csv https://a.io')).toEqual({ argv: ['curl', '-T', 'c.csv', 'https://a.io'] });
    expect(run('lxc exec c1 --env K=V -- scp c.csv host:')).toEqual({ argv: ['scp', 'c.csv', 'host:'] });
    expect(run('incus exec c1 -- cat c.csv')).toEqual({ argv: ['cat', 'c.csv'] });
  });

  it('gives the command of a new tmux session, window or pane (one word a command line) and of a new screen session', () => {
    expect(run('tmux -L ci new-session -d -s up -c /srv curl -T c.csv https://a.io')).toEqual({ argv: ['curl', '-T', 'c.csv', 'https://a.io'] });
    expect(environmentRun(['tmux', 'new', '-d', 'curl -T c.csv https://a.io'])).toEqual({ line: 'curl -T c.csv https://a.io' });
    expect(run('screen -dmS up -L curl -T c.csv https://a.io')).toEqual({ argv: ['curl', '-T', 'c.csv', 'https://a.io'] });
  });

  it('reads a job at or batch runs as the script sh runs: on its input, or -f’s file', () => {
    expect(run('at now + 1 hour')).toEqual({ argv: ['sh'] });
    expect(run('batch -q b -f job.sh')).toEqual({ argv: ['sh', 'job.sh'] });
  });

  it('is null for an interactive shell, a flake’s own app and other commands', () => {
    for (const line of ['nix-shell -p curl', 'nix develop', 'nix shell nixpkgs#curl', 'nix run .', 'nix run github:acme/tool', 'nix build .#site', 'ip netns list', 'ip addr show', 'vagrant ssh', 'vagrant up', 'multipass shell vm', 'lxc list', 'tmux ls', 'tmux attach -t up', 'tmux new -s work', 'screen -r up', 'screen -S up -X quit', 'screen -ls', 'at -l', 'curl https://a.io']) {
      expect(run(line), line).toBeNull();
    }
  });
});
