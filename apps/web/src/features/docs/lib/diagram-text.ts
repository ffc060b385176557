// The text alternative of a fenced Mermaid diagram: its accessible name and a description that
// says in words what the drawing shows. Mermaid's own `accTitle:` and `accDescr:` lines win; for a
// flowchart without them, the name is the kind of chart and the description lists every arrow
// ("Legal text to validating, validating to parsing, ...") by the nodes' labels.
export type DiagramText = { title: string; description: string };

const NODE = /^([\w-]+)\s*(?:\[\[?(.+?)\]?\]|\(\[?(.+?)\]?\)|\{\{?(.+?)\}?\}|>(.+?)\])?$/;
const ARROW = /\s*(?:-->|---|==>|-\.->|--o|--x)(?:\|[^|]*\|)?\s*/;

function unquote(label: string): string {
  return label.trim().replace(/^"(.*)"$/, '$1');
}

export function diagramText(source: string): DiagramText {
  const lines = source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('%%'));
  const header = lines[0] ?? '';
  const accTitle = lines.map((l) => /^accTitle\s*:\s*(.+)$/.exec(l)?.[1]).find(Boolean);
  const accDescr = lines.map((l) => /^accDescr\s*:\s*(.+)$/.exec(l)?.[1]).find(Boolean);
  const flowchart = /^(flowchart|graph)\b/.test(header);
  const kind = flowchart ? 'Flowchart' : `${header.split(/\s+/)[0] || 'Mermaid'} diagram`;

  let description = accDescr;
  if (!description && flowchart) {
    const labels = new Map<string, string>();
    const edges: Array<[string, string]> = [];
    const node = (text: string) => {
      const m = NODE.exec(text.trim());
      if (!m) return null;
      const label = m[2] ?? m[3] ?? m[4] ?? m[5];
      if (label) labels.set(m[1]!, unquote(label));
      return m[1]!;
    };
    for (const line of lines.slice(1)) {
      if (/^(accTitle|accDescr|classDef|class|style|linkStyle|subgraph|end|direction)\b/.test(line)) continue;
      const ids = line.split(ARROW).map(node);
      if (ids.length < 2 || ids.some((id) => id === null)) continue;
      for (let k = 1; k < ids.length; k++) edges.push([ids[k - 1]!, ids[k]!]);
    }
    const name = (id: string) => labels.get(id) ?? id;
    if (edges.length) description = `${edges.map(([a, b]) => `${name(a)} to ${name(b)}`).join(', ')}.`;
  }
  return { title: accTitle ?? kind, description: description ?? 'The diagram\u2019s source follows the drawing.' };
}
