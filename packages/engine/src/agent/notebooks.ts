// Jupyter notebooks an agent runs (`jupyter execute nb.ipynb`, `jupyter nbconvert --execute`,
// `papermill in.ipynb out.ipynb`): a notebook is JSON whose code cells are the program. Their Python
// is read as a script's; their shell lines (`!curl ...`, a `%%bash` or `%%sh` cell, `%sx`, `%system`)
// run in the shell, and are read as the line's own.
import path from 'node:path';

/** A notebook's code: its Python (magics taken out) and its shell lines. */
export type NotebookCode = { python: string; shell: string };

/** A cell magic that runs the cell in the shell. */
const SHELL_CELL = /^%%(?:bash|sh|script\s+(?:ba)?sh)\b/;
/** A line magic or escape that runs the rest of the line in the shell: `!cmd`, `!!cmd`, `%sx cmd`, `%system cmd`, and one assigned (`rows = !cat f`). */
const SHELL_LINE = /^\s*(?:[\w, ]+=\s*)?(?:!!?|%(?:sx|system)\s)(.*)$/;

/** The code of a notebook's text (empty for text that is not a notebook's JSON). */
export function notebookCode(text: string): NotebookCode {
  let cells: unknown;
  try {
    cells = (JSON.parse(text) as { cells?: unknown }).cells;
  } catch {
    return { python: '', shell: '' };
  }
  const python: string[] = [];
  const shell: string[] = [];
  for (const cell of Array.isArray(cells) ? cells : []) {
    if (cell === null || typeof cell !== 'object' || (cell as { cell_type?: unknown }).cell_type !== 'code') continue;
    const source = (cell as { source?: unknown }).source;
    const body = Array.isArray(source) ? source.filter((s) => typeof s === 'string').join('') : typeof source === 'string' ? source : '';
    if (SHELL_CELL.test(body)) {
      shell.push(body.slice(body.indexOf('\n') + 1));
      continue;
    }
    for (const line of body.split('\n')) {
      const escaped = SHELL_LINE.exec(line);
      if (escaped) shell.push(escaped[1]!);
      else if (!/^\s*%/.test(line)) python.push(line);
    }
  }
  return { python: python.join('\n'), shell: shell.join('\n') };
}

/** The notebook a command runs: `jupyter execute NB`, `jupyter nbconvert --execute ... NB`, `jupyter-nbconvert`, `papermill NB OUT`; null for another command. */
export function notebookRun(argv: readonly string[]): string | null {
  const program = path.basename(argv[0] ?? '');
  const args = program === 'jupyter' ? argv.slice(2) : argv.slice(1);
  const command = program === 'jupyter' ? argv[1] : program.replace(/^jupyter-/, '');
  const executes = command === 'execute' || (command === 'nbconvert' && args.some((a) => a === '--execute' || a === '--ExecutePreprocessor.enabled=True')) || program === 'papermill';
  return executes ? (args.find((a) => /\.ipynb$/i.test(a) && !a.startsWith('-')) ?? null) : null;
}
