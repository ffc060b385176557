// The single sign-on options the spec shows. They are not available yet, so they are shown
// disabled with the reason, never as buttons that do nothing.
type Props = { providers: readonly string[] };

const REASON = 'Single sign-on is not available yet. Please use your email and password.';

export function SocialButtons({ providers }: Props) {
  return (
    <div className="mt-6">
      <p className="text-center text-sm text-slate-300">Or continue with</p>
      <div className="mt-3 grid gap-2" style={{ gridTemplateColumns: `repeat(${providers.length}, minmax(0, 1fr))` }}>
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            disabled
            title={REASON}
            aria-describedby="sso-unavailable"
            className="cursor-not-allowed rounded-lg border border-ink-700 bg-ink-800 px-3 py-2 text-sm text-slate-300"
          >
            {provider}
          </button>
        ))}
      </div>
      <p id="sso-unavailable" className="mt-2 text-center text-xs text-slate-300">
        {REASON}
      </p>
    </div>
  );
}
