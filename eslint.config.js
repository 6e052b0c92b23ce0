import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---------------------------------------------------------------------------------------------
// Who may import what: the matrix of docs/ARCHITECTURE.md ("Who may import what"), one zone per
// row, each zone's files matched by exactly one entry below. Import paths are matched as they are
// written: a relative path that climbs into another top-level folder (../../server/...), the web
// app's @/ alias, a package name. scripts/import-rules.test.ts lints a snippet in every zone to
// prove each rule reports and that the allowed imports pass.

/** A relative path that climbs out to the repository root and into one of these top-level folders. */
const into = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const NODE_BUILTIN = `^(node:|(${builtinModules.filter((m) => !m.includes('/')).join('|')})(/|$))`;
/**
 * The engine modules the web app may import: pure rules it shares with the server (sizing, grading,
 * journal), the plan's platform exports and the committed backtest figures.
 */
const WEB_ENGINE_MODULES = ['instruments', 'analysis', 'journal', 'exports', 'backtest'];
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const ENGINE_PURE = {
  regex: '^[^.]',
  message:
    'The engine is pure TypeScript with no package, Node or I/O dependency: decode and read files in adapters/node, bin or server and pass the data in.',
};
const webApp = [
  {
    regex: into('server', 'bin', 'bench', 'e2e', 'scripts', 'adapters'),
    message:
      'The web app talks to the server over HTTP; it imports contracts/ and the pure engine modules only.',
  },
  {
    regex: `^(\\.\\./)+engine(/?$|/(?!(${WEB_ENGINE_MODULES.join('|')})(/|$)))`,
    message: `The web app may import only the pure engine modules ${WEB_ENGINE_MODULES.map((m) => `engine/${m}`).join(', ')}.`,
  },
  { regex: `${NODE_BUILTIN}|^sharp$`, message: 'The web app runs in the browser: no Node modules.' },
];
const FEATURE_INTERNALS =
  'A feature imports another feature only through its index (@/features/<name>), never its internals.';

export const IMPORT_ZONES = [
  {
    zone: 'engine/',
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts', 'engine/**/test-support/**'],
    forbidden: [
      ENGINE_PURE,
      {
        regex: into('server', 'web', 'bin', 'bench', 'e2e', 'scripts', 'adapters'),
        message:
          'Imports flow contracts <- engine <- server: the engine imports only engine/ and contracts/.',
      },
    ],
  },
  {
    zone: 'engine/**/*.test.ts',
    files: ['engine/**/*.test.ts'],
    ignores: ['engine/**/test-support/**'],
    forbidden: [
      {
        regex: into('server', 'web', 'bin', 'bench', 'e2e', 'scripts'),
        message:
          'Engine tests may use Node, test packages and adapters/node (decodeImage, parseOhlcCsv), never bin/, server/, web/ or bench/.',
      },
    ],
  },
  {
    zone: 'engine/**/test-support/',
    files: ['engine/**/test-support/**/*.ts'],
    forbidden: [
      {
        regex: into('server', 'web', 'bin', 'bench', 'e2e', 'scripts'),
        message:
          'Engine test helpers may use Node and adapters/node (decodeImage, parseOhlcCsv), never bin/, server/, web/ or bench/.',
      },
      {
        regex: '^sharp$',
        message:
          'Test helpers decode images with adapters/node/decode-image, the one decode every caller shares.',
      },
    ],
  },
  {
    zone: 'contracts/',
    files: ['contracts/**/*.ts'],
    forbidden: [
      {
        regex: into('engine', 'server', 'web', 'bin', 'bench', 'e2e', 'scripts', 'adapters'),
        message:
          'contracts/ is the bottom layer: the server, the engine and the web app import it, it imports none of them.',
      },
      {
        regex: '^(?!(zod|vitest)$)[^.]',
        message:
          'contracts/ is loaded by the browser too: it depends on zod only (vitest in its tests), no Node modules.',
      },
    ],
  },
  {
    zone: 'adapters/node/',
    files: ['adapters/**/*.ts'],
    forbidden: [
      {
        regex: into('server', 'web', 'bin', 'bench', 'e2e', 'scripts'),
        message: 'adapters/node serves bin, server, bench and tests; it imports only engine/ and contracts/.',
      },
    ],
  },
  {
    zone: 'server/',
    files: ['server/**/*.ts'],
    forbidden: [
      {
        regex: into('web', 'bin', 'bench', 'e2e', 'scripts'),
        message: 'The server imports contracts/, engine/ and adapters/node only.',
      },
    ],
  },
  {
    zone: 'bin/',
    files: ['bin/**/*.ts'],
    forbidden: [
      {
        regex: into('server', 'web', 'bench', 'e2e', 'scripts'),
        message: 'The command line imports contracts/, engine/ and adapters/node only.',
      },
    ],
  },
  {
    zone: 'bench/',
    files: ['bench/**/*.ts'],
    forbidden: [
      {
        regex: into('server', 'web', 'bin', 'e2e', 'scripts'),
        message:
          'Benchmarks import contracts/, engine/ (and its test-support) and adapters/node; the API benchmark runs the server as a process.',
      },
    ],
  },
  {
    zone: 'web/src/',
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/**', 'web/src/lib/**', 'web/src/features/**'],
    forbidden: webApp,
  },
  {
    zone: 'web/src/components/',
    files: ['web/src/components/**/*.{ts,tsx}'],
    forbidden: [
      ...webApp,
      {
        regex: '^(@/|(\\.\\./)+)(features|pages|app)(/|$)',
        message:
          'Shared components import components/ and lib/ only, never a feature or a page: pass what a feature knows in as props.',
      },
    ],
  },
  {
    zone: 'web/src/lib/',
    files: ['web/src/lib/**/*.{ts,tsx}'],
    forbidden: [
      ...webApp,
      {
        regex: '^(@/|(\\.\\./)+)(features|components|pages|app)(/|$)',
        message: 'web/src/lib is the bottom of the web app: it imports lib/ and contracts/ only.',
      },
    ],
  },
  ...WEB_FEATURES.map((feature) => {
    const others = WEB_FEATURES.filter((f) => f !== feature).join('|');
    return {
      zone: 'web/src/features/<name>/',
      files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
      forbidden: [
        ...webApp,
        { regex: `^@/features/(${others})/.`, message: FEATURE_INTERNALS },
        { regex: `^(\\.\\./)+(features/)?(${others})/.`, message: FEATURE_INTERNALS },
        {
          regex: '^(@/|(\\.\\./)+)(pages|app)(/|$)',
          message: 'Pages compose features; a feature does not import a page or the app.',
        },
      ],
    };
  }),
  {
    zone: 'e2e/',
    files: ['e2e/**/*.ts'],
    forbidden: [
      {
        regex: into('engine', 'server', 'bin', 'adapters'),
        message:
          'Browser journeys drive the built app; they may share contracts/, the chart renderer in bench/corpus and texts from web/src.',
      },
    ],
  },
];

/**
 * One config entry per zone: no-restricted-imports for static imports and re-exports,
 * no-restricted-syntax for import() with a literal path (which no-restricted-imports does not see).
 */
function importRules(zones) {
  // esquery reads a regex up to the next "/", so the selector spells "/" as \x2F.
  const selector = (regex) => `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`;
  return zones.map(({ files, ignores, forbidden }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: forbidden.map(({ regex, message }) => ({ regex, message, caseSensitive: true })) },
      ],
      'no-restricted-syntax': [
        'error',
        ...forbidden.map(({ regex, message }) => ({ selector: selector(regex), message })),
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'bench/out/**',
      'bench/corpus-out/**',
      'data/**',
      '.data/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...importRules(IMPORT_ZONES),
);
