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
// A build writes those jars where a later command on the line may send them: `mvn package`
// (`verify`, `install`, `deploy`) each module's target/<finalName>.jar, `gradle build` (`jar`,
// `bootJar`, `shadowJar`, `war`) each project's build/libs/<name>-<version>.jar.
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
export const jarText = (module: string, read: FolderReader): string => read('src/main', module, () => false);

/** Where the first element `<name>` of `xml` starts and ends (`<name>` and `</name>` included), or null (found with indexOf: a regex's lazy match would take the square of an unclosed pom's length). */
function elementAt(xml: string, name: string): { start: number; end: number; text: string } | null {
  const start = xml.search(new RegExp(`<${name}[\\s>]`));
  const open = start < 0 ? -1 : xml.indexOf('>', start);
  const close = open < 0 ? -1 : xml.indexOf(`</${name}>`, open);
  return close < 0 ? null : { start, end: close + name.length + 3, text: xml.slice(open + 1, close).trim() };
}

/** The text of the first element `<name>` of `xml`, or undefined. */
const element = (xml: string, name: string): string | undefined => elementAt(xml, name)?.text;

/** A pom without its `<parent>` (whose artifactId and version are the parent's), and the parent's text ('' for none). */
function ownPom(pom: string): { own: string; parent: string } {
  const parent = elementAt(pom, 'parent');
  return parent === null ? { own: pom, parent: '' } : { own: pom.slice(0, parent.start) + pom.slice(parent.end), parent: parent.text };
}

/** A Maven command's goals and `-D` properties, the folder of its root pom, and the modules it builds (read from the poms when first asked for). */
type MavenRun = { goals: string[]; properties: Map<string, string>; root: string; modules: () => string[] };

/** Reads a Maven command's words (`-f`, `-pl`, `-am`, `-D`); null for another program. */
function mavenRun(argv: readonly string[], cwd: string, read: FolderReader): MavenRun | null {
  if (!MAVEN.has(path.basename(argv[0] ?? ''))) return null;
  const words = wordsOf(argv.slice(1), MAVEN_VALUE_OPTIONS);
  // `-Dname=value`; `-Dname` alone sets it true.
  const properties = new Map(valuesOf(words, '-D').map((p) => (p.includes('=') ? [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] : [p, 'true'])));
  const file = lastValue(words, '-f', '--file');
  const root = file === undefined ? cwd : path.resolve(cwd, file.endsWith('.xml') ? path.dirname(file) : file);
  const named = lastValue(words, '-pl', '--projects');
  const every = named === undefined || words.flags.has('-am') || words.flags.has('--also-make');
  let modules: string[] | undefined;
  const modulesOf = () => (modules ??= every ? mavenModules(root, read) : named.split(',').map((m) => path.resolve(root, m.replace(/^[!-]/, ''))));
  return { goals: words.operands, properties, root, modules: modulesOf };
}

/** What a JVM build tool's command writes here (jars) and publishes (MavenPublish, or null), from one reading of its words; null for another program. */
export function jvmBuild(argv: readonly string[], cwd: string, read: FolderReader): { jars: BuiltJar[]; publish: MavenPublish | null } | null {
  const maven = mavenRun(argv, cwd, read);
  if (maven !== null) return { jars: mavenJarsOf(maven, read), publish: mavenDeployOf(maven, cwd, read) };
  const gradle = gradleRun(argv, cwd);
  return gradle === null ? null : { jars: gradleJarsOf(gradle, read), publish: gradlePublishOf(gradle, read) };
}

/** `mvn deploy` and the rest (see the head of this file); null for another Maven command or a deploy that skips itself. */
export function mavenDeploy(argv: readonly string[], cwd: string, read: FolderReader): MavenPublish | null {
  const run = mavenRun(argv, cwd, read);
  return run === null ? null : mavenDeployOf(run, cwd, read);
}

function mavenDeployOf(run: MavenRun, cwd: string, read: FolderReader): MavenPublish | null {
  if (run.properties.get('maven.deploy.skip') === 'true') return null;
  if (run.goals.includes('deploy:deploy-file')) {
    const file = run.properties.get('file');
    return { host: repositoryHost(run.properties.get('url') ?? ''), sent: file === undefined ? [] : [read(file, cwd)] };
  }
  if (!run.goals.some((goal) => goal === 'deploy' || goal === 'deploy:deploy' || goal === 'release:perform')) return null;
  return { host: mavenRepository(read('pom.xml', run.root), run.properties.get('altDeploymentRepository')), sent: run.modules().map((module) => jarText(module, read)) };
}

/** A jar (or war) a build writes (full path), and the module whose `src/main` it holds. */
export type BuiltJar = { jar: string; module: string };

/** The lifecycle phases that package each module: `package` and those after it. */
const PACKAGING_PHASES = new Set(['package', 'verify', 'install', 'deploy']);

/**
 * `mvn package` (`verify`, `install`, `deploy`): each module's `target/<finalName>.jar` (`.war`,
 * `.ear` by its packaging; a `pom` module none), its finalName the pom's `<build><finalName>` or
 * `<artifactId>-<version>`; [] for another Maven command, null for another program.
 */
export function mavenJars(argv: readonly string[], cwd: string, read: FolderReader): BuiltJar[] | null {
  const run = mavenRun(argv, cwd, read);
  return run === null ? null : mavenJarsOf(run, read);
}

function mavenJarsOf(run: MavenRun, read: FolderReader): BuiltJar[] {
  if (!run.goals.some((goal) => PACKAGING_PHASES.has(goal))) return [];
  return run.modules().flatMap((module) => {
    const { own, parent } = ownPom(read('pom.xml', module));
    const packaging = element(own, 'packaging') ?? 'jar';
    if (packaging === 'pom') return [];
    const version = element(own, 'version') ?? element(parent, 'version') ?? '';
    const finalName = element(element(own, 'build') ?? '', 'finalName');
    const artifact = element(own, 'artifactId') ?? path.basename(module);
    const name = finalName !== undefined && !finalName.includes('${') ? finalName : version === '' ? artifact : `${artifact}-${version}`;
    return [{ jar: path.join(module, 'target', `${name}.${packaging === 'war' || packaging === 'ear' ? packaging : 'jar'}`), module }];
  });
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
  const snapshot = /-SNAPSHOT$/.test(element(ownPom(pom).own, 'version') ?? '');
  const repository = (snapshot ? element(management, 'snapshotRepository') : undefined) ?? element(management, 'repository') ?? '';
  return repositoryHost(element(repository, 'url') ?? '');
}

/** A Gradle project's build script (Kotlin's or Groovy's), or its settings script, as text. */
const gradleScript = (project: string, kind: 'build' | 'settings', read: FolderReader): string => [`${kind}.gradle.kts`, `${kind}.gradle`].map((file) => read(file, project)).join('\n');

/** A Gradle command's tasks (with the project paths they name), the folder it runs in, and whether it is a dry run. */
type GradleRun = { tasks: { project: string; name: string }[]; root: string; dryRun: boolean };

/** Reads a Gradle command's words; null for another program. */
function gradleRun(argv: readonly string[], cwd: string): GradleRun | null {
  if (!GRADLE.has(path.basename(argv[0] ?? ''))) return null;
  const words = wordsOf(argv.slice(1), GRADLE_VALUE_OPTIONS);
  const tasks = words.operands.map((task) => {
    const at = task.lastIndexOf(':');
    return { project: at <= 0 ? '' : task.slice(task.startsWith(':') ? 1 : 0, at), name: task.slice(at + 1) };
  });
  return { tasks, root: path.resolve(cwd, lastValue(words, '-p', '--project-dir') ?? '.'), dryRun: words.flags.has('--dry-run') || words.flags.has('-m') };
}

/** The project folders Gradle tasks run in: every project for a bare task, the one a task path names (`:core:publish`). */
const taskProjects = (tasks: readonly { project: string }[], root: string, read: FolderReader): string[] =>
  tasks.some((task) => task.project === '') ? gradleProjects(root, read) : [...new Set(tasks.map((task) => path.join(root, ...task.project.split(':'))))];

/** `gradle publish` and the rest (see the head of this file); null for another Gradle command. */
export function gradlePublish(argv: readonly string[], cwd: string, read: FolderReader): MavenPublish | null {
  const run = gradleRun(argv, cwd);
  return run === null ? null : gradlePublishOf(run, read);
}

function gradlePublishOf(run: GradleRun, read: FolderReader): MavenPublish | null {
  // A task that publishes to a remote repository (not `publishToMavenLocal` and its kin).
  const tasks = run.tasks.filter((task) => /^publish/.test(task.name) && !/MavenLocal$/.test(task.name));
  if (tasks.length === 0 || run.dryRun) return null;
  const projects = taskProjects(tasks, run.root, read);
  const host = tasks.every((task) => task.name === 'publishPlugins') ? 'plugins.gradle.org' : gradleRepository([run.root, ...projects], read);
  return { host, sent: projects.map((project) => jarText(project, read)) };
}

/** Gradle's tasks that write a project's jar (or war) into build/libs, and what its name ends with. */
const JAR_TASKS: Record<string, string> = { build: '.jar', assemble: '.jar', jar: '.jar', bootJar: '.jar', shadowJar: '-all.jar', war: '.war', bootWar: '.war' };

/**
 * `gradle build` (`assemble`, `jar`, `bootJar`, `shadowJar`, `war`, `bootWar`): each project's
 * `build/libs/<name>-<version>.jar`, its name settings.gradle's `rootProject.name` (the folder's for a
 * subproject) and its version the build's `version` (the root's, or gradle.properties'); [] for
 * another Gradle command, null for another program.
 */
export function gradleJars(argv: readonly string[], cwd: string, read: FolderReader): BuiltJar[] | null {
  const run = gradleRun(argv, cwd);
  return run === null ? null : gradleJarsOf(run, read);
}

function gradleJarsOf(run: GradleRun, read: FolderReader): BuiltJar[] {
  const tasks = run.tasks.filter((task) => Object.hasOwn(JAR_TASKS, task.name));
  if (tasks.length === 0 || run.dryRun) return [];
  const settings = gradleScript(run.root, 'settings', read);
  const versionIn = (text: string) => /^\s*version\s*=?\s*["']([^"']+)["']/m.exec(text)?.[1];
  const rootVersion = versionIn(gradleScript(run.root, 'build', read)) ?? /^version\s*=\s*(\S+)/m.exec(read('gradle.properties', run.root))?.[1];
  return taskProjects(tasks, run.root, read).flatMap((project) => {
    const name = project === run.root ? (/rootProject\.name\s*=\s*["']([^"']+)["']/.exec(settings)?.[1] ?? path.basename(project)) : path.basename(project);
    const version = versionIn(gradleScript(project, 'build', read)) ?? rootVersion;
    const stem = version === undefined ? name : `${name}-${version}`;
    return [...new Set(tasks.map((task) => JAR_TASKS[task.name]!))].map((ending) => ({ jar: path.join(project, 'build', 'libs', `${stem}${ending}`), module: project }));
  });
}

/** The folders of a Gradle build's projects: the root's and those settings.gradle includes (`include("a", ":b:c")`), at most MAX_MODULES. */
function gradleProjects(root: string, read: FolderReader): string[] {
  const settings = gradleScript(root, 'settings', read);
  const included = [...settings.matchAll(/\binclude\b\s*\(?([^)\n]*)/g)].flatMap((m) => [...m[1]!.matchAll(/["']:?([\w.:-]+)["']/g)].map((q) => path.join(root, ...q[1]!.split(':'))));
  return [root, ...new Set(included)].slice(0, MAX_MODULES);
}

/**
 * The host of the first repository `url` in a build's `publishing` block (the root's, else a
 * project's): null for one in the build's folder or this machine (`layout.buildDirectory`, `file(...)`,
 * `file:`); Central for one the build does not spell out (`System.getenv(...)`) or none at all.
 */
function gradleRepository(projects: readonly string[], read: FolderReader): string | null {
  for (const text of projects.map((project) => gradleScript(project, 'build', read))) {
    const publishing = text.indexOf('publishing');
    const url = publishing < 0 ? undefined : /\burl\b\s*[=(]?\s*([^\n]+)/.exec(text.slice(publishing))?.[1];
    if (url === undefined) continue;
    if (/\bbuildDir|\bfile\s*\(|["']file:|\bmavenLocal\b/.test(url)) return null;
    const quoted = /["']([^"']+)["']/.exec(url)?.[1];
    if (quoted !== undefined) return repositoryHost(quoted);
  }
  return CENTRAL;
}
