// What replaces the page after an uncaught error: the spec's words and a way out.

export function FatalErrorScreen() {
  return (
    <main id="main-content" tabIndex={-1} className="grid min-h-screen place-items-center bg-ink-950 px-6 text-center">
      <div role="alert" className="max-w-md">
        <h1 className="text-2xl font-semibold text-white">Something went wrong. Please refresh.</h1>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-lg bg-brand-400 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-300"
        >
          Refresh the page
        </button>
      </div>
    </main>
  );
}
