// A folder a static web server serves, and the port a tunnel puts on the internet (served-folders.ts).
import { describe, expect, it } from 'vitest';
import { servedFolder, tunnelledPort } from '../../src/agent/served-folders.ts';

const words = (line: string) => line.split(' ');

describe('servedFolder and tunnelledPort', () => {
  it('reads the folder and port of python’s http.server, serve, http-server and php -S, with their defaults', () => {
    expect(servedFolder(words('python3 -m http.server'))).toEqual({ port: '8000', folder: '.' });
    expect(servedFolder(words('python3 -m http.server 9000 --bind 0.0.0.0 -d exports'))).toEqual({ port: '9000', folder: 'exports' });
    expect(servedFolder(words('serve exports -l tcp://0.0.0.0:4000'))).toEqual({ port: '4000', folder: 'exports' });
    expect(servedFolder(words('http-server -p 8081'))).toEqual({ port: '8081', folder: './public' });
    expect(servedFolder(words('php -S localhost:8080 -t web'))).toEqual({ port: '8080', folder: 'web' });
    expect(servedFolder(words('python3 -m pytest'))).toBeNull();
    expect(servedFolder(words('php artisan serve'))).toBeNull();
  });

  it('reads the port ngrok, cloudflared and localtunnel put on the internet, and their service', () => {
    expect(tunnelledPort(words('ngrok http 8000'), '/srv')).toEqual({ port: '8000', host: 'ngrok.com' });
    expect(tunnelledPort(words('ngrok http --domain x.ngrok.app http://localhost:3000'), '/srv')).toEqual({ port: '3000', host: 'ngrok.com' });
    expect(tunnelledPort(words('cloudflared tunnel --url http://localhost:9000'), '/srv')).toEqual({ port: '9000', host: 'trycloudflare.com' });
    expect(tunnelledPort(words('lt --port 4000 --subdomain acme'), '/srv')).toEqual({ port: '4000', host: 'loca.lt' });
    expect(tunnelledPort(words('ngrok config add-authtoken x'), '/srv')).toBeNull();
    expect(tunnelledPort(words('cloudflared tunnel run crm'), '/srv')).toBeNull();
  });

  it('reads the folder ngrok and tailscale serve themselves, and the port tailscale funnels', () => {
    expect(tunnelledPort(words('ngrok http file:///srv/site'), '/work')).toEqual({ folder: '/srv/site', host: 'ngrok.com' });
    expect(tunnelledPort(words('tailscale funnel --bg 8000'), '/work')).toEqual({ port: '8000', host: 'ts.net' });
    expect(tunnelledPort(words('tailscale serve ./exports'), '/work')).toEqual({ folder: '/work/exports', host: 'ts.net' });
    expect(tunnelledPort(words('tailscale funnel status'), '/work')).toBeNull();
    expect(tunnelledPort(words('tailscale status'), '/work')).toBeNull();
  });
});
