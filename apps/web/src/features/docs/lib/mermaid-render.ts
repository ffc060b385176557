// Mermaid, loaded on demand by the diagram blocks of the docs (never by the homepage): renders a
// diagram's source to SVG markup in the site's colours. Strict security level (labels are text,
// no HTML, no click handlers), sanitized output, and nothing that needs eval, so it runs under the
// site's Content-Security-Policy (script-src 'self'; inline styles allowed).
import mermaid from 'mermaid';

let initialized = false;

function initialize() {
  if (initialized) return;
  initialized = true;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    suppressErrorRendering: true,
    theme: 'base',
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    themeVariables: {
      darkMode: true,
      background: '#060a16',
      primaryColor: '#131c35',
      primaryBorderColor: '#67e8f9',
      primaryTextColor: '#e2e8f0',
      lineColor: '#67e8f9',
      textColor: '#e2e8f0',
      fontSize: '14px',
    },
    // Drawn at its natural size; the figure scrolls sideways when it is wider than the page.
    flowchart: { useMaxWidth: false },
  });
}

/** The SVG markup of `source`; rejects when Mermaid cannot parse it. `id` must be unique. */
export async function renderMermaid(id: string, source: string): Promise<string> {
  initialize();
  const { svg } = await mermaid.render(id, source);
  return svg;
}
