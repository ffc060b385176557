// The hero: the product as the first legal-to-code compiler, a typewriter cycling what it
// compiles to, and the two calls to action (spec section 2).
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { useTypewriter } from '../hooks/use-typewriter.ts';
import { PauseButton } from './pause-button.tsx';

export const HERO_PHRASES: readonly string[] = [
  'GDPR Article 17 into Rego',
  'CCPA opt-outs into Cedar',
  'HIPAA disclosures into Rust',
  'PCI DSS storage rules into SQL',
  'EU AI Act duties into WebAssembly',
];

export function Hero() {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const text = useTypewriter(HERO_PHRASES, !reduced && !paused);

  return (
    <section id="hero" aria-labelledby="hero-title" className="relative mx-auto max-w-5xl px-4 pt-24 pb-20 text-center sm:px-6">
      <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-white sm:text-6xl">
        Bytebound, the first <span className="text-brand-300">legal-to-code</span> compiler
      </h1>
      {/* Room for the longest phrase (two lines on a phone), so typing never moves the page. */}
      <p className="mt-6 min-h-[3.5rem] font-mono text-xl text-brand-200 sm:min-h-[2rem] sm:text-2xl">
        <span className="sr-only">Compiles legal text into policy code, for example: {HERO_PHRASES.join('; ')}.</span>
        {/* A fixed-width, left-aligned line with the caret as the text's own border: typing moves
            no element (no layout shift). */}
        <span aria-hidden="true" className="inline-block w-full max-w-[44ch] text-left">
          <span data-testid="typewriter" className="border-r-2 border-brand-300 pr-0.5">
            Compiling {text}
          </span>
        </span>
      </p>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
        Compile GDPR, CCPA, HIPAA, PCI DSS and the EU AI Act into machine-enforceable policy. Before an AI agent acts, Bytebound answers
        allow (exit code 0) or block (exit code 2), with the article that decided and a signed proof.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <a href="#demo" className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
          Try Legal Compiler
        </a>
        <a href="#contact" className="rounded-lg border border-ink-700 px-5 py-3 font-semibold text-slate-100 hover:bg-ink-800">
          Book Enterprise Demo
        </a>
      </div>
      <p className="mt-6 text-sm text-slate-300">
        Or open the <Link to={paths.demo} className="text-brand-300 underline underline-offset-2">full-page demo</Link> or{' '}
        <Link to={paths.booking} className="text-brand-300 underline underline-offset-2">book a call</Link>.
      </p>
      <div className="mt-6 h-8">
        {!reduced && <PauseButton paused={paused} onToggle={() => setPaused((p) => !p)} what="typing animation" />}
      </div>
    </section>
  );
}
