// 'Save as arbiter' for signed-in customers: keeps this text's policy as a named, versioned arbiter
// (POST /api/v1/home/blueprints/save with the stored bearer credential).
import { useId, useState } from 'react';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../config/constants.ts';
import { apiClient } from '../../../lib/api-client.ts';
import type { CompileOptionsInput } from '../api/compile-demo.ts';

function signedIn(): boolean {
  try {
    return Boolean(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY));
  } catch {
    return false;
  }
}

export function SaveArbiter({ legalText, jurisdiction, options }: { legalText: string; jurisdiction: string; options: CompileOptionsInput }) {
  const id = useId();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  if (!signedIn()) return null;
  async function save() {
    try {
      const arbiter = await apiClient.post<{ name?: string; latestVersion?: number; version?: number }>('/api/v1/home/blueprints/save', {
        name,
        source: legalText,
        jurisdiction,
        options: { enforcementLevel: options.enforcementLevel, includeTests: options.includeTests, optimize: options.optimizationLevel, target: options.targetEnvironment },
      });
      setMessage(`Saved as arbiter '${arbiter.name ?? name}'.`);
    } catch (error) {
      const text = typeof error === 'object' && error !== null && 'error' in error ? String((error as { error: unknown }).error) : error instanceof Error ? error.message : String(error);
      setMessage(`Not saved: ${text}`);
    }
  }
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div>
        <label htmlFor={id} className="block text-xs font-semibold text-slate-200">
          Arbiter name
        </label>
        <input id={id} value={name} onChange={(e) => setName(e.target.value)} required className="mt-1 rounded-md border border-ink-700 bg-ink-950 px-2 py-1.5 text-slate-100" />
      </div>
      <button type="submit" className="rounded-md border border-brand-400 px-3 py-1.5 font-semibold text-brand-200 hover:bg-ink-800">
        Save as arbiter
      </button>
      <p role="status" className="w-full text-slate-300">
        {message}
      </p>
    </form>
  );
}
