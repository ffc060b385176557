// /operator/leads: the team's view of every lead (bookings, pilot requests, contacts, newsletter
// subscribers) and the demo's A/B counts, each with a CSV export. Operator accounts only; the
// server decides, this page only shows its answer.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { alertClass, linkClass, secondaryButtonClass } from '../../../components/forms/form-fields.tsx';
import { failureMessage } from '../../../lib/lead-validation.ts';
import { downloadLeadsCsv, LEAD_KINDS, type LeadKind, type LeadRow, loadOperatorLeads, type OperatorLeads } from '../api/leads-api.ts';

export const OPERATOR_ONLY = 'You need an operator account to see this page.';

const TITLES: Record<LeadKind, string> = {
  bookings: 'Demo bookings',
  pilotRequests: 'Pilot requests',
  contacts: 'Contact messages',
  subscribers: 'Newsletter subscribers',
};

type State = { kind: 'loading' } | { kind: 'denied' } | { kind: 'failed'; message: string } | { kind: 'ready'; leads: OperatorLeads };

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'pilotRequestId' -> 'Pilot request id'. */
function columnTitle(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function LeadTable({ kind, rows, signInPath }: { kind: LeadKind; rows: LeadRow[]; signInPath: string }) {
  const [exportError, setExportError] = useState<string | null>(null);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const titleId = `leads-${kind}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-white">
          {TITLES[kind]} <span className="text-base font-normal text-slate-300">({rows.length})</span>
        </h2>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setExportError(null);
            downloadLeadsCsv(kind).catch((error: unknown) => setExportError(error instanceof Error ? error.message : 'The export failed.'));
          }}
        >
          Download {TITLES[kind].toLowerCase()} (CSV)
        </button>
      </div>
      {exportError && (
        <p role="alert" className={alertClass}>
          {exportError}{' '}
          <Link to={signInPath} className={linkClass}>
            Sign in again
          </Link>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-slate-300">None yet.</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        <div className="overflow-x-auto rounded-xl border border-ink-700" tabIndex={0} role="region" aria-label={`${TITLES[kind]} table`}>
          <table className="min-w-full text-left text-sm text-slate-200">
            <thead className="bg-ink-800 text-slate-100">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {columnTitle(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={cell(row.id) || index} className="border-t border-ink-700">
                  {columns.map((column) => (
                    <td key={column} className="max-w-xs px-3 py-2 align-top break-words">
                      {cell(row[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function OperatorLeadsPage({ signInPath }: { signInPath: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    loadOperatorLeads().then(
      (leads) => live && setState({ kind: 'ready', leads }),
      (error: unknown) => {
        if (!live) return;
        // Any answer with a body is the server saying no (401 signed out, 403 not an operator).
        if (error instanceof Error) setState({ kind: 'failed', message: failureMessage(error, 'The leads could not be loaded.') });
        else setState({ kind: 'denied' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === 'loading') return <p className="text-center text-slate-300">Loading leads…</p>;
  if (state.kind === 'failed') {
    return (
      <p role="alert" className={alertClass}>
        {state.message}
      </p>
    );
  }
  if (state.kind === 'denied') {
    return (
      <div className="space-y-3 text-center text-slate-200">
        <p role="alert">{OPERATOR_ONLY}</p>
        <p>
          <Link to={signInPath} className={linkClass}>
            Sign in with an operator account
          </Link>
        </p>
      </div>
    );
  }

  const { leads } = state;
  return (
    <div className="space-y-10">
      {LEAD_KINDS.map((kind) => (
        <LeadTable key={kind} kind={kind} rows={leads[kind]} signInPath={signInPath} />
      ))}
      <section aria-labelledby="leads-variants-title" className="space-y-3">
        <h2 id="leads-variants-title" className="text-xl font-semibold text-white">
          Demo A/B variants
        </h2>
        <table className="min-w-full text-left text-sm text-slate-200">
          <thead className="bg-ink-800 text-slate-100">
            <tr>
              <th scope="col" className="px-3 py-2">Variant</th>
              <th scope="col" className="px-3 py-2">Compiles</th>
              <th scope="col" className="px-3 py-2">Succeeded</th>
              <th scope="col" className="px-3 py-2">Failed</th>
            </tr>
          </thead>
          <tbody>
            {leads.demoVariants.map((row) => (
              <tr key={row.variant} className="border-t border-ink-700">
                <th scope="row" className="px-3 py-2 font-semibold">{row.variant}</th>
                <td className="px-3 py-2">{row.compiles}</td>
                <td className="px-3 py-2">{row.succeeded}</td>
                <td className="px-3 py-2">{row.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
