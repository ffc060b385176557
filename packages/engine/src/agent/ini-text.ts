// INI text as DVC's and git's config files write it: sections of `key = value` lines.

/** An INI file's sections (`[core]`, `['remote "store"']`, git's `[branch "main"]`), each a map of its keys (lower case) to values. */
export function iniSections(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    const header = /^\s*\[\s*'?\s*([^\]']+?)\s*'?\s*\]\s*$/.exec(line);
    if (header) {
      const name = header[1]!.replace(/\s+/g, ' ');
      current = sections.get(name) ?? new Map();
      sections.set(name, current);
      continue;
    }
    const pair = /^\s*([\w.-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (pair && current) current.set(pair[1]!.toLowerCase(), pair[2]!);
  }
  return sections;
}
