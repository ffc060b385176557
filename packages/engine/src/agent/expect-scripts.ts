// An expect script drives programs it spawns by what it sends them: `expect -c 'spawn sftp
// u@host; expect "sftp>"; send "put customers.csv\r"'` runs sftp with `put customers.csv` on its
// input. classify.ts reads such a script as the shell line it amounts to, each spawned command given
// what the script sends it on its input (a heredoc), and judges that line.

/** Tcl words of one command of the script; a braced block stays one word, its text as written. */
type TclCommand = string[];

/** How deep braced blocks (`expect { "password:" { send ... } }`) are read for the commands in them. */
const MAX_BLOCK_DEPTH = 8;
/** The heredoc's delimiter in the shell line written for a spawn's input. */
const INPUT_END = 'BYTEBOUND_EXPECT_INPUT';
/** Options of spawn and send before their words. */
const SPAWN_VALUE_OPTIONS = new Set(['-ignore', '-open', '-leaveopen']);
const SEND_VALUE_OPTIONS = new Set(['-i', '-s', '-h']);

/** The shell line an expect script amounts to: each command it spawns, with what it sends that command on its input. */
export function expectShell(script: string): string {
  const spawns: { argv: string[]; input: string[] }[] = [];
  const read = (text: string, depth: number) => {
    for (const words of tclCommands(text)) {
      const [name, ...rest] = words;
      if (name === 'spawn') spawns.push({ argv: afterOptions(rest, SPAWN_VALUE_OPTIONS), input: [] });
      else if ((name === 'send' || name === 'exp_send') && spawns.length > 0) spawns[spawns.length - 1]!.input.push(afterOptions(rest, SEND_VALUE_OPTIONS).join(' '));
      // Blocks: `expect { "password:" { send "x\r" } }`, `if {...} { spawn ... }`.
      else if (depth < MAX_BLOCK_DEPTH) for (const word of rest) if (word.startsWith('{')) read(word.slice(1, -1), depth + 1);
    }
  };
  read(script, 0);
  return spawns
    .filter((spawn) => spawn.argv.length > 0)
    .map(({ argv, input }) => {
      const command = argv.map(shellQuoted).join(' ');
      const text = input.join('').replace(/\r\n?/g, '\n');
      return text === '' ? command : `${command} <<'${INPUT_END}'\n${text.replace(/\n$/, '')}\n${INPUT_END}`;
    })
    .join('\n');
}

/** The words after a command's options (`send -- "text"`, `spawn -noecho ssh host`). */
function afterOptions(words: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  let k = 0;
  while (k < words.length && words[k]!.startsWith('-') && words[k] !== '-') {
    if (words[k] === '--') return words.slice(k + 1);
    k += valueOptions.has(words[k]!) ? 2 : 1;
  }
  return words.slice(k);
}

/** A word quoted for the shell as it is: `'it'\''s'`. */
const shellQuoted = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);

/** Tcl's backslash escapes in a quoted or bare word. */
const ESCAPES: Record<string, string> = { r: '\r', n: '\n', t: '\t' };

/** The script's commands: words split at spaces, commands at newlines and `;`, quotes and escapes read, braces kept whole, comments left out. */
function tclCommands(script: string): TclCommand[] {
  const commands: TclCommand[] = [];
  let words: string[] = [];
  const end = () => {
    if (words.length > 0) commands.push(words);
    words = [];
  };
  let i = 0;
  while (i < script.length) {
    const c = script[i]!;
    if (c === '\n' || c === ';') {
      end();
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r' || (c === '\\' && script[i + 1] === '\n')) {
      i += c === '\\' ? 2 : 1;
    } else if (c === '#' && words.length === 0) {
      while (i < script.length && script[i] !== '\n') i++;
    } else if (c === '{') {
      let depth = 0;
      const start = i;
      for (; i < script.length; i++) {
        if (script[i] === '\\') i++;
        else if (script[i] === '{') depth++;
        else if (script[i] === '}' && --depth === 0) break;
      }
      words.push(script.slice(start, ++i));
    } else {
      let word = '';
      const quoted = c === '"';
      if (quoted) i++;
      for (; i < script.length; i++) {
        const d = script[i]!;
        if (quoted ? d === '"' : d === ' ' || d === '\t' || d === '\n' || d === ';') break;
        if (d === '\\' && i + 1 < script.length) word += ESCAPES[script[++i]!] ?? script[i];
        else word += d;
      }
      if (quoted) i++;
      words.push(word);
    }
  }
  end();
  return commands;
}
