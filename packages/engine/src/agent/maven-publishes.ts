// What a Maven deploy or a Gradle publish sends to a Maven repository. `mvn deploy` (`./mvnw`,
// `mvn release:perform`) builds each module's jar (with its sources jar, often) and sends it to the
// repository its pom's distributionManagement names (`-DaltDeploymentRepository=id::url` instead);
// the modules are the pom's own and those its `<modules>` lists, or those `-pl` names (`-am` adds
// what they depend on, so every module is read). `mvn deploy:deploy-file -Dfile=x.jar -Durl=...`
// sends the file it is given. `gradle publish` (`./gradlew`, `publishToMavenCentral`,
// `publish<Publication>PublicationTo<Repo>Repository`, `publishPlugins`, `:core:publish`) sends the
// jars of the root project and of what settings.gradle includes (or the project a task path names)
// to the `url` in the build's `publishing { repositories { ... } }`. A jar holds what a module's
// `src/main` holds: its resources as they are and its code compiled, string constants kept; that
// folder is read whole. Without a repository named in the build, Maven Central's publishing portal.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { lastValue, valuesOf, wordsOf } from './option-words.ts';
import type { FolderReader } from './published-packages.ts';

/** What a deploy or publish sends: its repository's host (null for a repository on this machine), and the text of each module's `src/main` (or of the file a deploy-file is given). */
export type MavenPublish = { host: string | null; sent: string[] };

/** Where a build that names no repository publishes: Maven Central's publishing portal. */
const CENTRAL = 'central.sonatype.com';
/** The modules a build's files may list, at most: a project past it is read no further. */
const MAX_MODULES = 256;
/** Maven's options that take the next word as a value (`-D` and `-P` glue theirs). */
const MAVEN_VALUE_OPTIONS = new Set(['-f', '--file', '-pl', '--projects', '-D', '-P', '-s', '--settings', '-gs', '-t', '-rf', '--resume-from', '-T', '-l', '--log-file', '-b', '-e', '-c']);
/** Gradle's options that take the next word as a value. */
const GRADLE_VALUE_OPTIONS = new Set(['-p', '--project-dir', '-x', '--exclude-task', '-P', '-D', '-b', '--build-file', '-c', '--settings-file', '-I', '--init-script', '-g', '--gradle-user-home', '--console', '--warning-mode', '-m']);

const MAVEN = new Set(['mvn', 'mvnw', 'mvnd']);
const GRADLE = new Set(['gradle', 'gradlew']);

/** The host of a repository's URL: null for one on this machine (`file:`), Central for one the hook cannot read. */
const repositoryHost = (url: string): string | null => (/^file:/i.test(url) ? null : (hostOf(url) ?? CENTRAL));

/** The text of a module's jar: its `src/main`, read whole. */
const jarText = (module: string, read: FolderReader): string => read('src/main', module, () => false);

/** Where the first element `<name>` of `xml` starts and ends (`<name>` and `</name>` included), or null (found with indexOf: a regex's lazy match would take the square of an unclosed pom's length). */
function elementAt(xml: string, name: string): { start: number; end: number; text: string } | null {
  const start = xml.search(new RegExp(`<${name}[\\s>]`));
  const open = start < 0 ? -1 : xml.indexOf('>', start);
  const close = open < 0 ? -1 : xml.indexOf(`</${name}>`, open);
  return close < 0 ? null : { start, end: close + name.length + 3, text: xml.slice(open + 1, close).trim() };
}

/** The text of the first element `<name>` of `xml`, or undefined. */
const element = (xml: string, name: string): string | undefined => elementAt(xml, name)?.text;

/** `mvn deploy` and the rest (see the head of this file); null for another Maven command or a deploy that skips itself. */
export function mavenDeploy(argv: readonly string[], cwd: string, read: FolderReader): MavenPublish | null {
  if (!MAVEN.has(path.basename(argv[0] ?? ''))) return null;
  const words = wordsOf(argv.slice(1), MAVEN_VALUE_OPTIONS);
  // `-Dname=value`; `-Dname` alone sets it true.
  const properties = new Map(valuesOf(words, '-D').map((p) => (p.includes('=') ? [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] : [p, 'true'])));
  if (properties.get('maven.deploy.skip') === 'true' || words.operands.length === 0) return null;
  if (words.operands.includes('deploy:deploy-file')) {
    const file = properties.get('file');
    return { host: repositoryHost(properties.get('url') ?? ''), sent: file === undefined ? [] : [read(file, cwd)] };
  }
  if (!words.operands.some((goal) => goal === 'deploy' || goal === 'deploy:deploy' || goal === 'release:perform')) return null;
  const file = lastValue(words, '-f', '--file');
  const root = file === undefined ? cwd : path.resolve(cwd, file.endsWith('.xml') ? path.dirname(file) : file);
  const pom = read('pom.xml', root);
  const modules = mavenModules(root, read);
  const named = lastValue(words, '-pl', '--projects');
  const chosen = named === undefined || words.flags.has('-am') || words.flags.has('--also-make') ? modules : named.split(',').map((m) => path.resolve(root, m.replace(/^[!-]/, '')));
  return { host: mavenRepository(pom, properties.get('altDeploymentRepository')), sent: chosen.map((module) => jarText(module, read)) };
}

/** The folders of a Maven build's modules: the root's, and those its poms' `<modules>` list, at most MAX_MODULES. */
function mavenModules(root: string, read: FolderReader): string[] {
  const found = [root];
  for (let k = 0; k < found.length && found.length < MAX_MODULES; k++) {
    const modules = element(read('pom.xml', found[k]!), 'modules') ?? '';
    for (const m of modules.matchAll(/<module>([^<]*)<\/module>/g)) {
      const folder = path.resolve(found[k]!, m[1]!.trim().replace(/\/pom\.xml$/, ''));
      if (!found.includes(folder) && found.length < MAX_MODULES) found.push(folder);
    }
  }
  return found;
}

/** The host a Maven deploy sends to: `-DaltDeploymentRepository=id::[layout::]url`, else the pom's distributionManagement (its snapshot repository for a -SNAPSHOT version), else Central. */
function mavenRepository(pom: string, alternative: string | undefined): string | null {
  if (alternative !== undefined) return repositoryHost(alternative.split('::').at(-1)!);
  const management = element(pom, 'distributionManagement') ?? '';
  // The project's own version, not its parent's.
  const parent = elementAt(pom, 'parent');
  const snapshot = /-SNAPSHOT$/.test(element(parent === null ? pom : pom.slice(0, parent.start) + pom.slice(parent.end), 'version') ?? '');
  const repository = (snapshot ? element(management, 'snapshotRepository') : undefined) ?? element(management, 'repository') ?? '';
  return repositoryHost(element(repository, 'url') ?? '');
}

/** A Gradle task that publishes to a remote repository (not `publishToMavenLocal` and its kin), with the project path it names (`:core:publish`). */
const publishTask = (task: string): { project: string; name: string } | null => {
  const at = task.lastIndexOf(':');
  const name = task.slice(at + 1);
  if (!/^publish/.test(name) || /MavenLocal$/.test(name)) return null;
  return { project: at <= 0 ? '' : task.slice(task.startsWith(':') ? 1 : 0, at), name };
};

/** `gradle publish` and the rest (see the head of this file); null for another Gradle command. */
export function gradlePublish(argv: readonly string[], cwd: string, read: FolderReader): MavenPublish | null {
  if (!GRADLE.has(path.basename(argv[0] ?? ''))) return null;
  const words = wordsOf(argv.slice(1), GRADLE_VALUE_OPTIONS);
  const tasks = words.operands.map(publishTask).filter((task) => task !== null);
  if (tasks.length === 0 || words.flags.has('--dry-run') || words.flags.has('-m')) return null;
  const root = path.resolve(cwd, lastValue(words, '-p', '--project-dir') ?? '.');
  const build = ['build.gradle.kts', 'build.gradle'].map((file) => read(file, root)).join('\n');
  // A task path names one project (`:core:publish`); a bare task runs in every project that has it.
  const projects = tasks.some((task) => task.project === '') ? gradleProjects(root, read) : tasks.map((task) => path.join(root, ...task.project.split(':')));
  const host = tasks.every((task) => task.name === 'publishPlugins') ? 'plugins.gradle.org' : gradleRepository(build, projects, read);
  return { host, sent: projects.map((project) => jarText(project, read)) };
}

/** The folders of a Gradle build's projects: the root's and those settings.gradle includes (`include("a", ":b:c")`), at most MAX_MODULES. */
function gradleProjects(root: string, read: FolderReader): string[] {
  const settings = ['settings.gradle.kts', 'settings.gradle'].map((file) => read(file, root)).join('\n');
  const included = [...settings.matchAll(/\binclude\b\s*\(?([^)\n]*)/g)].flatMap((m) => [...m[1]!.matchAll(/["']:?([\w.:-]+)["']/g)].map((q) => path.join(root, ...q[1]!.split(':'))));
  return [root, ...new Set(included)].slice(0, MAX_MODULES);
}

/**
 * The host of the first repository `url` in a build's `publishing` block (the root's, else a
 * project's): null for one in the build's folder or this machine (`layout.buildDirectory`, `file(...)`,
 * `file:`); Central for one the build does not spell out (`System.getenv(...)`) or none at all.
 */
function gradleRepository(build: string, projects: readonly string[], read: FolderReader): string | null {
  const texts = [build, ...projects.map((project) => ['build.gradle.kts', 'build.gradle'].map((file) => read(file, project)).join('\n'))];
  for (const text of texts) {
    const publishing = text.indexOf('publishing');
    const url = publishing < 0 ? undefined : /\burl\b\s*[=(]?\s*([^\n]+)/.exec(text.slice(publishing))?.[1];
    if (url === undefined) continue;
    if (/\bbuildDir|\bfile\s*\(|["']file:|\bmavenLocal\b/.test(url)) return null;
    const quoted = /["']([^"']+)["']/.exec(url)?.[1];
    if (quoted !== undefined) return repositoryHost(quoted);
  }
  return CENTRAL;
}
