// The customer account: profile, plan and trial, usage against the plan's quota, API keys (the
// secret shown once), recent decisions with their proof bundles, password, sign-out, and the data
// rights (export, delete).
import { useCallback, useEffect, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import {
  type AccountSummary,
  type ApiKey,
  type CustomArbiters,
  type WebhookStatus,
  changePassword,
  clearCredentials,
  createKey,
  type Decision,
  deleteAccount,
  eraseSubject,
  errorText,
  exportData,
  hasStoredToken,
  isUnauthorized,
  loadAccount,
  loadArbiters,
  loadWebhook,
  removeWebhook,
  saveWebhook,
  loadDecisions,
  loadKeys,
  revokeKey,
  signOut,
} from '../api/account-api.ts';

const input = 'mt-1 block w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-white focus:border-brand-400';
const button = 'rounded-lg bg-brand-400 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-300 disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-200';
const secondary = 'rounded-lg border border-ink-700 px-4 py-2 font-semibold text-slate-100 hover:bg-ink-800';
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

const noSubscription = () => () => {};

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'error'; message: string } | { kind: 'ready'; account: AccountSummary; keys: ApiKey[]; decisions: Decision[]; arbiters: CustomArbiters; webhook: WebhookStatus };

async function fetchAccountState(): Promise<State> {
  try {
    const [account, keys, decisions, arbiters, webhook] = await Promise.all([loadAccount(), loadKeys(), loadDecisions(), loadArbiters(), loadWebhook()]);
    return { kind: 'ready', account, keys: keys.keys, decisions: decisions.decisions, arbiters, webhook };
  } catch (error) {
    if (isUnauthorized(error)) {
      clearCredentials();
      return { kind: 'signed-out' };
    }
    return { kind: 'error', message: errorText(error, 'Your account could not be loaded. Please try again.') };
  }
}

export function AccountPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  // Bumped to load the account again (after a key is created or revoked).
  const [version, setVersion] = useState(0);
  const refresh = useCallback(async () => setVersion((v) => v + 1), []);

  // The prerendered page knows nothing of the visitor; once hydrated, no stored token means signed out.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const signedOut = state.kind === 'signed-out' || (hydrated && !hasStoredToken());

  useEffect(() => {
    if (!hasStoredToken()) return;
    let live = true;
    void fetchAccountState().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [version]);

  async function leave(everywhere: boolean) {
    try {
      await signOut(everywhere);
    } finally {
      clearCredentials();
      void navigate(paths.signIn, { replace: true });
    }
  }

  return (
    <section className="mx-auto max-w-5xl px-4 pt-24 pb-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-white">Your Account</h1>
      {state.kind === 'loading' && !signedOut && <p className="mt-6 text-slate-300">Your plan, API keys, usage and audit log.</p>}
      {signedOut && (
        <p className="mt-6 text-slate-200">
          Please{' '}
          <Link to={`${paths.signIn}?next=${encodeURIComponent(paths.account)}`} className="font-semibold text-brand-300 underline">
            sign in
          </Link>{' '}
          to see your plan, API keys, usage and audit log.
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="mt-6 text-red-200">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && !signedOut && (
        <div className="mt-8 space-y-8">
          {params.get('checkout') === 'success' && (
            <p role="status" className="rounded-lg border border-emerald-400/60 bg-emerald-950/60 px-4 py-3 text-emerald-100">
              Thank you — your {state.account.plan.name} plan is active.
            </p>
          )}
          <Overview account={state.account} />
          <Keys keys={state.keys} onChange={refresh} />
          <Decisions decisions={state.decisions} />
          <Arbiters arbiters={state.arbiters} />
          <Webhook status={state.webhook} onChange={refresh} />
          <DataSubjects />
          <PasswordPanel />
          <Panel title="Sign out">
            <div className="flex flex-wrap gap-3">
              <button type="button" className={secondary} onClick={() => void leave(false)}>
                Sign out of this device
              </button>
              <button type="button" className={secondary} onClick={() => void leave(true)}>
                Sign out everywhere
              </button>
            </div>
          </Panel>
          <DataRights onDeleted={() => void navigate(paths.home, { replace: true })} />
        </div>
      )}
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
      <h2 id={id} className="text-xl font-bold text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** How long proof payloads are kept, as the pricing page says it. */
function retention(days: number): string {
  if (days < 0) return 'without limit';
  if (days % 365 === 0) return `for ${days / 365} ${days === 365 ? 'year' : 'years'}`;
  return `for ${days} days`;
}

function Overview({ account }: { account: AccountSummary }) {
  const { profile, plan, usage } = account;
  const unlimited = usage.limit < 0;
  const percent = unlimited ? 0 : Math.min(100, Math.round((usage.calls / Math.max(1, usage.limit)) * 100));
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <Panel title="Profile">
        <dl className="space-y-1 text-sm text-slate-200">
          <dt className="sr-only">Name</dt>
          <dd className="font-semibold text-white">
            {profile.firstName} {profile.lastName}
          </dd>
          <dt className="sr-only">Company</dt>
          <dd>{profile.companyName}</dd>
          <dt className="sr-only">Email</dt>
          <dd>{profile.email}</dd>
          <dt className="sr-only">Customer id</dt>
          <dd className="font-mono text-xs text-slate-300">{profile.customerId}</dd>
        </dl>
      </Panel>
      <Panel title="Plan">
        <p className="text-lg font-semibold text-white" data-testid="plan-name">
          {plan.name}
          {plan.billingCycle ? ` (${plan.billingCycle})` : ''}
        </p>
        <p className="text-sm text-slate-300" data-testid="plan-status">
          {plan.contract ? 'Active, under contract' : plan.status === 'trialing' ? `Trial: ${plan.trialDaysLeft} ${plan.trialDaysLeft === 1 ? 'day' : 'days'} left` : plan.status === 'active' ? 'Active' : plan.status}
        </p>
        <p className="text-sm text-slate-300" data-testid="plan-retention">
          Proofs kept {retention(account.entitlements.auditRetentionDays)}
        </p>
        {plan.trialExpired && <p className="mt-2 text-sm text-amber-200">Your trial has ended: choose a plan to keep making decisions.</p>}
        {plan.contract ? (
          <Link to={paths.booking} className="mt-3 inline-block font-semibold text-brand-300 underline">
            Talk to us about your contract
          </Link>
        ) : (
          <Link to={paths.payment} className="mt-3 inline-block font-semibold text-brand-300 underline">
            {plan.id === 'trial' ? 'Choose a plan' : 'Change plan'}
          </Link>
        )}
      </Panel>
      <Panel title="Usage this month">
        <p className="text-lg font-semibold text-white" data-testid="usage">
          {usage.calls.toLocaleString('en-US')} / {unlimited ? 'unlimited' : usage.limit.toLocaleString('en-US')} API calls
        </p>
        {!unlimited && (
          <div className="mt-3 h-2 rounded bg-ink-700" role="progressbar" aria-label="API calls used this month" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-2 rounded bg-brand-400" style={{ width: `${percent}%` }} />
          </div>
        )}
      </Panel>
    </div>
  );
}

function Keys({ keys, onChange }: { keys: ApiKey[]; onChange: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const response = await createKey(name.trim());
      setCreated(response.key.key);
      setName('');
      await onChange();
    } catch (failure) {
      setError(errorText(failure, 'The key could not be created.'));
    }
  }

  async function revoke(id: string) {
    try {
      await revokeKey(id);
      await onChange();
    } catch (failure) {
      setError(errorText(failure, 'The key could not be revoked.'));
    }
  }

  return (
    <Panel title="API keys">
      <form onSubmit={create} className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="key-name" className="text-sm font-medium text-slate-200">
            Key name
          </label>
          <input id="key-name" className={input} value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} placeholder="e.g. Production agent" />
        </div>
        <button type="submit" className={button} disabled={!name.trim()}>
          Create key
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-200">
          {error}
        </p>
      )}
      {created && (
        <div role="status" className="mt-4 rounded-lg border border-amber-300/60 bg-amber-950/50 p-4">
          <p className="text-sm text-amber-100">Copy this key now: it is shown only once.</p>
          <code className="mt-2 block font-mono text-sm break-all text-white" data-testid="new-key">
            {created}
          </code>
          <button type="button" className={`${secondary} mt-3`} onClick={() => void navigator.clipboard?.writeText(created)}>
            Copy
          </button>
        </div>
      )}
      {keys.length === 0 ? (
        <p className="mt-4 text-sm text-slate-300">No keys yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-slate-300">
            <tr>
              <th className="py-2">Name</th>
              <th>Key</th>
              <th>Last used</th>
              <th>Status</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} className="border-t border-ink-700">
                <td className="py-2 text-white">{key.name}</td>
                <td className="font-mono text-xs">{key.prefix}…</td>
                <td>{date(key.lastUsedAt)}</td>
                <td>{key.revokedAt ? 'Revoked' : 'Active'}</td>
                <td className="text-right">
                  {!key.revokedAt && (
                    <button type="button" className="text-sm font-semibold text-red-200 underline" onClick={() => void revoke(key.id)} aria-label={`Revoke ${key.name}`}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function Decisions({ decisions }: { decisions: Decision[] }) {
  return (
    <Panel title="Recent decisions">
      {decisions.length === 0 ? (
        <p className="text-sm text-slate-300">No decisions yet. Create an API key and call POST /api/v1/decide.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-300">
            <tr>
              <th className="py-2">Time</th>
              <th>Verdict</th>
              <th>Article</th>
              <th>Proof</th>
            </tr>
          </thead>
          <tbody>
            {decisions.map((d) => (
              <tr key={d.id} className="border-t border-ink-700">
                <td className="py-2">{date(d.at)}</td>
                <td className={d.exitCode === 0 ? 'text-emerald-300' : 'text-red-200'}>
                  {d.decision} (exit {d.exitCode})
                </td>
                <td>{d.article ?? '—'}</td>
                <td>
                  {d.proofBundle ? (
                    <a href={d.proofBundle} className="text-brand-300 underline">
                      Proof bundle
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function Arbiters({ arbiters }: { arbiters: CustomArbiters }) {
  const limit = arbiters.allowed < 0 ? 'unlimited' : String(arbiters.allowed);
  return (
    <Panel title="Custom arbiters">
      <p className="text-sm text-slate-300" data-testid="arbiter-count">
        {arbiters.arbiters.length} of {limit} custom {arbiters.allowed === 1 ? 'arbiter' : 'arbiters'} used
        {arbiters.rulesPerArbiter > 0 ? `, up to ${arbiters.rulesPerArbiter.toLocaleString('en-US')} rules${arbiters.allowed === 1 ? '' : ' each'}` : ''}.{' '}
        {arbiters.allowed === 0 ? 'Your plan includes the built-in arbiters only.' : 'Create one with an API key: POST /api/v1/arbiters.'}
      </p>
      {arbiters.arbiters.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {arbiters.arbiters.map((a) => (
            <li key={a.id} className="text-slate-200">
              <span className="font-semibold text-white">{a.name}</span> — version {a.version}, {a.rules} rules, updated {date(a.updatedAt)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Webhook({ status, onChange }: { status: WebhookStatus; onChange: () => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const saved = await saveWebhook(url.trim());
      setSecret(saved.secret);
      setUrl('');
      await onChange();
    } catch (failure) {
      setError(errorText(failure, 'The webhook could not be saved.'));
    }
  }

  if (!status.allowed) {
    return (
      <Panel title="Decision webhook">
        <p className="text-sm text-slate-300">Decision webhooks (every blocked decision sent to your URL, signed) are part of the Growth and Enterprise plans.</p>
      </Panel>
    );
  }
  return (
    <Panel title="Decision webhook">
      {status.webhook ? (
        <p className="text-sm text-slate-200">
          Blocked decisions go to <code className="font-mono text-white">{status.webhook.url}</code>: {status.deliveries.delivered} delivered, {status.deliveries.pending} pending,{' '}
          {status.deliveries.failed} failed.{' '}
          <button type="button" className="font-semibold text-red-200 underline" onClick={() => void removeWebhook().then(onChange)}>
            Remove webhook
          </button>
        </p>
      ) : (
        <p className="text-sm text-slate-300">Every blocked decision is POSTed to this URL, signed with X-Bytebound-Signature, and retried when it fails.</p>
      )}
      <form onSubmit={save} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="webhook-url" className="text-sm font-medium text-slate-200">
            Webhook URL
          </label>
          <input id="webhook-url" type="url" className={input} value={url} required onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/bytebound" />
        </div>
        <button type="submit" className={button} disabled={!url.trim()}>
          Save webhook
        </button>
      </form>
      {secret && (
        <p role="status" className="mt-3 text-sm text-amber-100">
          Signing secret (shown once): <code className="font-mono break-all text-white">{secret}</code>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-200">
          {error}
        </p>
      )}
    </Panel>
  );
}

/** What a form's submission did: said as a status, or as an alert when it failed. */
type Outcome = { ok: boolean; text: string };

function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={`mt-3 text-sm ${outcome.ok ? 'text-emerald-200' : 'text-red-200'}`}>
      {outcome.text}
    </p>
  );
}

/** Erasing a data subject that decisions named (the decision API's `subject`), when the request reaches people rather than code. */
function DataSubjects() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState<Outcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      setMessage({ ok: true, text: (await eraseSubject(subject.trim())).message });
      setSubject('');
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, 'The subject could not be erased.') });
    }
  }

  return (
    <Panel title="Data subjects">
      <p className="text-sm text-slate-300">
        When a person your decisions named (the <code className="font-mono">subject</code> of a decision) asks to be erased, erase them here: the proofs stay and verify, but can no
        longer be linked to them.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="subject-reference" className="text-sm font-medium text-slate-200">
            Subject reference
          </label>
          <input id="subject-reference" className={input} value={subject} required maxLength={256} onChange={(e) => setSubject(e.target.value)} placeholder="user-8812" />
        </div>
        <button type="submit" className={button} disabled={!subject.trim()}>
          Erase subject
        </button>
      </form>
      <OutcomeMessage outcome={message} />
    </Panel>
  );
}

function PasswordPanel() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<Outcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await changePassword(current, next);
      setMessage({ ok: true, text: 'Your password has been changed. Other devices have been signed out.' });
      setCurrent('');
      setNext('');
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, 'The password could not be changed.') });
    }
  }

  return (
    <Panel title="Change password">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor="current-password" className="text-sm font-medium text-slate-200">
            Current password
          </label>
          <input id="current-password" type="password" autoComplete="current-password" className={input} value={current} required onChange={(e) => setCurrent(e.target.value)} />
        </div>
        <div>
          <label htmlFor="new-password" className="text-sm font-medium text-slate-200">
            New password
          </label>
          <input id="new-password" type="password" autoComplete="new-password" className={input} value={next} required onChange={(e) => setNext(e.target.value)} />
        </div>
        <button type="submit" className={button} disabled={!current || !next}>
          Change password
        </button>
      </form>
      <OutcomeMessage outcome={message} />
    </Panel>
  );
}

function DataRights({ onDeleted }: { onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setError(null);
    try {
      const data = await exportData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'bytebound-data-export.json';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      setError(errorText(failure, 'The export could not be made.'));
    }
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await deleteAccount(password);
      clearCredentials();
      onDeleted();
    } catch (failure) {
      setError(errorText(failure, 'The account could not be deleted.'));
    }
  }

  return (
    <Panel title="Your data">
      <p className="text-sm text-slate-300">Download everything we hold about you (GDPR Art. 15 and 20), or delete your account and its data (Art. 17).</p>
      <button type="button" className={`${secondary} mt-4`} onClick={() => void download()}>
        Export my data
      </button>
      <form onSubmit={remove} className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="delete-password" className="text-sm font-medium text-slate-200">
            Password (to confirm the deletion)
          </label>
          <input id="delete-password" type="password" autoComplete="current-password" className={input} value={password} required onChange={(e) => setPassword(e.target.value)} />
        </div>
        <button type="submit" className="rounded-lg bg-red-300 px-4 py-2 font-semibold text-ink-950 hover:bg-red-200 disabled:bg-slate-600 disabled:text-slate-200" disabled={!password}>
          Delete my account
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-200">
          {error}
        </p>
      )}
    </Panel>
  );
}
