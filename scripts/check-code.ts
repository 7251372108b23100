/**
 * The type check and the lint of every package in one pass (`npm run typecheck`, `npm run
 * lint`, and both at once in `npm test`). Each TypeScript project (eslint.config.js's
 * `typeProjects`, the one list of them) becomes one compiler program; a file several projects
 * read (a package's sources, Node's and the DOM's declarations) is parsed once and shared, as
 * an editor's language service does. The compiler's diagnostics are the type check, and ESLint's
 * type-aware rules read the same programs instead of building them again.
 *
 *   tsx scripts/check-code.ts            types and lint
 *   tsx scripts/check-code.ts --types    types only
 *   tsx scripts/check-code.ts --lint     lint only (the programs are still built: the rules read types)
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { typeProjects } from '../eslint.config.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const only = process.argv.slice(2);
const checkTypes = only.length === 0 || only.includes('--types');
const lint = only.length === 0 || only.includes('--lint');

/** Source files by what their parse depends on: the same text parsed once for every project. */
const parsed = new Map<string, ts.SourceFile | undefined>();

function program(configPath: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${configPath} could not be read.`);
  const options = config.options;
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  // What the binder reads of the options goes into the key too, so a shared file is bound
  // the same way for every program that holds it.
  const settings = [options.target, options.module, options.jsx, options.strict, options.alwaysStrict, options.verbatimModuleSyntax].join();
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const version =
      typeof languageVersion === 'object'
        ? [languageVersion.languageVersion, languageVersion.impliedNodeFormat, languageVersion.jsDocParsingMode].join()
        : languageVersion;
    const key = `${fileName}\u0000${version}\u0000${settings}`;
    if (!parsed.has(key)) parsed.set(key, read(fileName, languageVersion, onError, shouldCreate));
    return parsed.get(key);
  };
  return ts.createProgram({ rootNames: config.fileNames, options, host, configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config) });
}

const started = performance.now();
const programs = typeProjects.map((project) => program(`${root}${project}`));
let failed = false;

if (checkTypes) {
  const diagnostics = programs.flatMap((each) => [...ts.getPreEmitDiagnostics(each)]);
  const seen = new Set<string>();
  const unique = diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.file?.fileName}:${diagnostic.start}:${diagnostic.code}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
  if (unique.length > 0) {
    failed = true;
    process.stdout.write(
      ts.formatDiagnosticsWithColorAndContext(unique, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => root,
        getNewLine: () => '\n',
      }),
    );
    console.error(`Types: ${unique.length} error(s).`);
  } else {
    const files = new Set(programs.flatMap((each) => each.getRootFileNames()));
    console.log(`Types: ${programs.length} projects, ${files.size} files, no error (${((performance.now() - started) / 1000).toFixed(1)} s).`);
  }
}

if (lint) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { programs } } }],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) process.stdout.write(report);
  if (results.some((result) => result.errorCount > 0 || result.fatalErrorCount > 0)) failed = true;
  else console.log(`Lint: ${results.length} files, no error.`);
}

process.exit(failed ? 1 : 0);
