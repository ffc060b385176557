// Whether the engine (this server) answers: the demo shows 'Connecting to the engine....' until it does.
import { HEALTH_PATH } from '../lib/demo-config.ts';

export async function engineReachable(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(HEALTH_PATH, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}
