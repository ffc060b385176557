// Draws the docs' fenced diagram blocks (Mermaid's `flowchart LR|TD` subset: `A[label] --> B`)
// as SVG markup data, loaded on demand. Nodes are laid out in reading order, wrapping into rows.
export type DiagramNode = { id: string; label: string; x: number; y: number };
export type Diagram = { width: number; height: number; nodes: DiagramNode[]; edges: Array<{ from: DiagramNode; to: DiagramNode }>; label: string };

const NODE_W = 150;
const NODE_H = 44;
const GAP_X = 40;
const GAP_Y = 40;
const PER_ROW = 4;

export function layoutDiagram(source: string): Diagram | null {
  const lines = source.split('\n').map((l) => l.trim()).filter(Boolean);
  const header = /^(flowchart|graph)\s+(LR|RL|TD|TB|BT)?/.exec(lines[0] ?? '');
  if (!header) return null;
  const vertical = header[2] === 'TD' || header[2] === 'TB' || header[2] === 'BT';
  const labels = new Map<string, string>();
  const order: string[] = [];
  const pairs: Array<[string, string]> = [];
  const node = (text: string) => {
    const m = /^([\w-]+)(?:\[(.+)\]|\((.+)\)|\{(.+)\})?$/.exec(text.trim());
    if (!m) return null;
    const id = m[1]!;
    const label = m[2] ?? m[3] ?? m[4];
    if (label) labels.set(id, label);
    if (!order.includes(id)) order.push(id);
    return id;
  };
  for (const line of lines.slice(1)) {
    const parts = line.split(/\s*-->\s*/);
    const ids = parts.map(node);
    if (ids.some((id) => id === null)) continue;
    for (let k = 1; k < ids.length; k++) pairs.push([ids[k - 1]!, ids[k]!]);
  }
  if (order.length === 0) return null;
  const perRow = vertical ? 1 : PER_ROW;
  const nodes = order.map((id, n) => {
    const row = Math.floor(n / perRow);
    // Rows snake (left to right, then right to left) so consecutive stages stay adjacent.
    const col = row % 2 === 0 ? n % perRow : perRow - 1 - (n % perRow);
    return { id, label: labels.get(id) ?? id, x: 10 + col * (NODE_W + GAP_X), y: 10 + row * (NODE_H + GAP_Y) };
  });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const rows = Math.ceil(order.length / perRow);
  const cols = Math.min(perRow, order.length);
  return {
    width: 20 + cols * NODE_W + (cols - 1) * GAP_X,
    height: 20 + rows * NODE_H + (rows - 1) * GAP_Y,
    nodes,
    edges: pairs.map(([a, b]) => ({ from: byId.get(a)!, to: byId.get(b)! })),
    label: `Diagram: ${pairs.map(([a, b]) => `${byId.get(a)!.label} to ${byId.get(b)!.label}`).join(', ')}`,
  };
}

export const DIAGRAM_NODE = { width: NODE_W, height: NODE_H };
