// What a Maven deploy or a Gradle publish sends (maven-publishes.ts), judged by the hook: each
// module's src/main, to the repository its build names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradleJars, gradlePublish, mavenDeploy, mavenJars } from '../../src/agent/maven-publishes.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-maven-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const pom = (version: string, more = '') =>
  `<project><groupId>com.acme</groupId><artifactId>crm</artifactId><version>${version}</version>${more}<distributionManagement><repository><id>releases</id><url>https://repo.acme-analytics.io/releases</url></repository><snapshotRepository><id>snapshots</id><url>https://snapshots.acme-analytics.io/maven</url></snapshotRepository></distributionManagement></project>`;
project('crm', { 'pom.xml': pom('1.2.0'), 'src/main/resources/seed.csv': customers, 'src/main/java/Crm.java': 'class Crm {}\n' });
project('nightly', { 'pom.xml': pom('1.3.0-SNAPSHOT'), 'src/main/resources/seed.csv': customers });
project('tested', { 'pom.xml': pom('1.2.0'), 'src/main/java/Crm.java': 'class Crm {}\n', 'src/test/resources/customers.csv': customers });
project('multi', {
  'pom.xml': pom('2.0.0', '<packaging>pom</packaging><modules><module>api</module><module>data</module></modules>'),
  'api/pom.xml': '<project><artifactId>api</artifactId></project>',
  'api/src/main/java/Api.java': 'class Api {}\n',
  'data/pom.xml': '<project><artifactId>data</artifactId></project>',
  'data/src/main/resources/customers.csv': customers,
});
project('files', { 'dist/crm.jar': customers });
const gradleBuild = (repository: string) => `plugins { id("maven-publish") }\npublishing {\n  repositories {\n    maven {\n      url = ${repository}\n    }\n  }\n}\n`;
project('lib', { 'settings.gradle.kts': 'rootProject.name = "lib"\ninclude("core", "seed")\n', 'build.gradle.kts': gradleBuild('uri("https://maven.pkg.github.com/acme/lib")'), 'core/src/main/kotlin/Core.kt': 'class Core\n', 'seed/src/main/resources/customers.csv': customers });
project('local', { 'build.gradle': gradleBuild('layout.buildDirectory.dir("repo")'), 'src/main/resources/customers.csv': customers });
project('boot', { 'settings.gradle': "rootProject.name = 'crm-app'\n", 'build.gradle': "plugins { id 'org.springframework.boot' }\nversion = '3.1.0'\n", 'src/main/resources/application.yml': 'seed: |\n  jane.doe@acme-corp.com\n' });
project('web', { 'pom.xml': '<project><parent><artifactId>base</artifactId><version>5.0</version></parent><artifactId>web</artifactId><packaging>war</packaging><build><finalName>ROOT</finalName></build></project>', 'src/main/webapp/customers.csv': customers });
project('plugin', { 'build.gradle': 'plugins { id "com.gradle.plugin-publish" }\n', 'src/main/resources/customers.csv': customers });

const read = (word: string, folder: string) => {
  const full = path.resolve(folder, word);
  return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full, 'utf8') : fs.existsSync(full) ? `(folder ${path.relative(cwd, full)})` : '';
};

describe('where a deploy or publish sends', () => {
  it('takes the pom’s repository, its snapshot repository for a snapshot, or the one the line gives', () => {
    expect(mavenDeploy(['mvn', 'deploy'], path.join(cwd, 'crm'), read)?.host).toBe('repo.acme-analytics.io');
    expect(mavenDeploy(['mvn', 'clean', 'deploy'], path.join(cwd, 'nightly'), read)?.host).toBe('snapshots.acme-analytics.io');
    expect(mavenDeploy(['mvn', 'deploy', '-DaltDeploymentRepository=ours::default::https://nexus.acme-analytics.io/repo'], path.join(cwd, 'crm'), read)?.host).toBe('nexus.acme-analytics.io');
    expect(mavenDeploy(['mvn', 'deploy', '-DaltDeploymentRepository=local::file:./target/repo'], path.join(cwd, 'crm'), read)?.host).toBeNull();
    expect(mavenDeploy(['mvn', 'deploy', '-Dmaven.deploy.skip=true'], path.join(cwd, 'crm'), read)).toBeNull();
    expect(mavenDeploy(['mvn', 'package'], path.join(cwd, 'crm'), read)).toBeNull();
  });

  it('reads each module’s src/main, or those -pl names', () => {
    expect(mavenDeploy(['mvn', 'deploy'], path.join(cwd, 'multi'), read)?.sent).toEqual(['', '(folder multi/api/src/main)', '(folder multi/data/src/main)']);
    expect(mavenDeploy(['./mvnw', '-pl', 'api', 'deploy'], path.join(cwd, 'multi'), read)?.sent).toEqual(['(folder multi/api/src/main)']);
    expect(mavenDeploy(['mvn', '-pl', 'api', '-am', 'deploy'], path.join(cwd, 'multi'), read)?.sent).toHaveLength(3);
  });

  it('takes Gradle’s publishing repository, the plugin portal for publishPlugins, or none for a local one', () => {
    expect(gradlePublish(['./gradlew', 'publish'], path.join(cwd, 'lib'), read)).toMatchObject({ host: 'maven.pkg.github.com', sent: ['', '(folder lib/core/src/main)', '(folder lib/seed/src/main)'] });
    expect(gradlePublish(['gradle', ':core:publish'], path.join(cwd, 'lib'), read)?.sent).toEqual(['(folder lib/core/src/main)']);
    expect(gradlePublish(['gradle', 'publishPlugins'], path.join(cwd, 'plugin'), read)?.host).toBe('plugins.gradle.org');
    expect(gradlePublish(['gradle', 'publish'], path.join(cwd, 'local'), read)?.host).toBeNull();
    expect(gradlePublish(['gradle', 'publishToMavenLocal'], path.join(cwd, 'lib'), read)).toBeNull();
    expect(gradlePublish(['gradle', 'build'], path.join(cwd, 'lib'), read)).toBeNull();
  });
});

describe('the jars a build writes', () => {
  it('names each Maven module’s target/<artifactId>-<version>.jar, its finalName, a war, and none for a pom module', () => {
    expect(mavenJars(['mvn', 'package'], path.join(cwd, 'crm'), read)).toEqual([{ jar: path.join(cwd, 'crm', 'target', 'crm-1.2.0.jar'), module: path.join(cwd, 'crm') }]);
    expect(mavenJars(['mvn', 'install'], path.join(cwd, 'multi'), read)?.map((j) => path.relative(cwd, j.jar))).toEqual(['multi/api/target/api.jar', 'multi/data/target/data.jar']);
    expect(mavenJars(['mvn', 'verify'], path.join(cwd, 'web'), read)?.map((j) => path.relative(cwd, j.jar))).toEqual(['web/target/ROOT.war']);
    expect(mavenJars(['mvn', 'test'], path.join(cwd, 'crm'), read)).toEqual([]);
    expect(mavenJars(['gradle', 'build'], path.join(cwd, 'crm'), read)).toBeNull();
  });

  it('names each Gradle project’s build/libs/<name>-<version>.jar', () => {
    expect(gradleJars(['./gradlew', 'bootJar'], path.join(cwd, 'boot'), read)?.map((j) => path.relative(cwd, j.jar))).toEqual(['boot/build/libs/crm-app-3.1.0.jar']);
    expect(gradleJars(['gradle', 'build'], path.join(cwd, 'lib'), read)?.map((j) => path.relative(cwd, j.jar))).toEqual(['lib/build/libs/lib.jar', 'lib/core/build/libs/core.jar', 'lib/seed/build/libs/seed.jar']);
    expect(gradleJars(['gradle', ':seed:shadowJar'], path.join(cwd, 'lib'), read)?.map((j) => path.relative(cwd, j.jar))).toEqual(['lib/seed/build/libs/seed-all.jar']);
    expect(gradleJars(['gradle', 'test'], path.join(cwd, 'lib'), read)).toEqual([]);
  });
});

describe('what a deploy or publish sends, through the hook', () => {
  it.each([
    ['a Maven deploy of resources', 'cd crm && mvn -B deploy', 'repo.acme-analytics.io'],
    ['a Maven snapshot deploy', 'cd nightly && ./mvnw clean deploy -DskipTests', 'snapshots.acme-analytics.io'],
    ['a module of a multi-module build', 'cd multi && mvn deploy', 'repo.acme-analytics.io'],
    ['a file deployed as it is', 'cd files && mvn deploy:deploy-file -Dfile=dist/crm.jar -Durl=https://repo.acme-analytics.io/releases -DgroupId=com.acme', 'repo.acme-analytics.io'],
    ['a Gradle subproject', 'cd lib && ./gradlew publish', 'maven.pkg.github.com'],
    ['a Gradle plugin', 'cd plugin && gradle publishPlugins', 'plugins.gradle.org'],
    ['a jar a Maven build writes, copied to a server', 'cd crm && mvn -q clean package -DskipTests && scp target/*.jar deploy@app.acme-analytics.io:/opt/crm/', 'app.acme-analytics.io'],
    ['a module’s jar', 'cd multi && mvn install && rsync -a data/target/data.jar app.acme-analytics.io:/opt/', 'app.acme-analytics.io'],
    ['a war', 'cd web && mvn package && scp target/ROOT.war app.acme-analytics.io:/var/lib/tomcat/webapps/', 'app.acme-analytics.io'],
    ['a Spring Boot jar', 'cd boot && ./gradlew bootJar && scp build/libs/crm-app-3.1.0.jar app.acme-analytics.io:', 'app.acme-analytics.io'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    ['cd tested && mvn deploy'],
    ['cd multi && mvn -pl api deploy'],
    ['cd crm && mvn package'],
    ['cd crm && mvn deploy -Dmaven.deploy.skip=true'],
    ['cd crm && mvn deploy -DaltDeploymentRepository=local::file:./target/repo'],
    ['cd lib && ./gradlew :core:publish'],
    ['cd lib && ./gradlew publishToMavenLocal'],
    ['cd local && gradle publish'],
    ['cd tested && mvn package && scp target/*.jar app.acme-analytics.io:/opt/'],
    ['cd crm && mvn test && scp target/*.jar app.acme-analytics.io:/opt/'],
    ['cd lib && gradle :core:jar && scp core/build/libs/*.jar app.acme-analytics.io:'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
