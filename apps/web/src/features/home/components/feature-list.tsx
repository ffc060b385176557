// The product's features as the server lists them (GET /api/home/features), read when the list
// comes near the viewport. Until then (and without script) a short note stands in its place.
import { useEffect, useRef, useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';

type HomeFeature = { id: string; title: string; description: string };

/** How far below the viewport the list starts loading, so it is there when the visitor arrives. */
const FEATURES_PRELOAD_MARGIN = '600px 0px';

export function FeatureList() {
  const ref = useRef<HTMLDivElement>(null);
  const [features, setFeatures] = useState<HomeFeature[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        apiClient
          .get<{ features: HomeFeature[] }>('/api/home/features', { cacheable: true })
          .then(
            (body) => !cancelled && setFeatures(body.features),
            () => !cancelled && setFailed(true),
          );
      },
      { rootMargin: FEATURES_PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);

  return (
    <div ref={ref} className="mt-12">
      <h3 className="text-lg font-semibold text-white">Everything it does</h3>
      {features ? (
        <ul data-testid="features" className="mt-4 grid gap-x-8 gap-y-4 md:grid-cols-2">
          {features.map((feature) => (
            <li key={feature.id} className="border-l-2 border-brand-400 pl-4">
              <p className="font-semibold text-slate-100">{feature.title}</p>
              <p className="mt-1 text-sm text-slate-300">{feature.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-300">{failed ? 'The feature list could not be loaded just now.' : 'The feature list loads from the server as you scroll here.'}</p>
      )}
    </div>
  );
}
