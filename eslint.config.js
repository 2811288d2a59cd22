import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports flow one way: main → app → features → state → sync → data and backend; ui sits beside them, below
// features; content and lib lie under everything and import no other layer. The layers are folders, checked on
// resolved paths (import/no-restricted-paths) and on import names (no-restricted-imports).
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js'];
// Where imports of src/ and sw/ can come from (the build's config reads the first screens), and the files whose
// exports something other than an import uses: the entry points, the Vite alias of realtime-js, the generated
// database types (all of Supabase's shape) and tests.
const EXPORT_USERS = [
  ...['src', 'sw', 'tests', 'bench', 'scripts', 'supabase'].map((dir) => `${dir}/**/*.{ts,tsx}`),
  'vite.config.ts',
];
const ENTRY_POINTS = [
  'src/main.tsx',
  // The server's entry: the local stack imports its build (supabase/local/web/firstPage.ts).
  'src/ssr/renderFirstPage.tsx',
  'sw/sw.ts',
  'src/backend/realtimeStub.ts',
  'src/backend/database.types.ts',
  'src/**/*.test.{ts,tsx}',
];

const featureNames = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: ['src/sync', 'src/data', 'src/backend'],
    from: ['src/app', 'src/features', 'src/state', 'src/ui'],
    message: 'sync, data and backend are plain TypeScript under the screens: they know nothing of them.',
  },
  {
    target: 'src/state',
    from: ['src/app', 'src/features', 'src/ui'],
    message: 'state serves the screens and the shell; it does not import them.',
  },
  {
    target: ['src/features', 'src/ui', 'src/content', 'src/lib'],
    from: 'src/app',
    message: 'app is the composition root: nothing but main.tsx imports it.',
  },
  {
    target: ['src/ui', 'src/content', 'src/lib'],
    from: 'src/features',
    message: 'Shared code does not reach back into a feature.',
  },
  {
    target: ['src/content', 'src/lib'],
    from: ['src/state', 'src/ui', 'src/sync', 'src/data', 'src/backend'],
    message: 'content and lib are pure helpers.',
  },
  // A feature uses another feature only through that feature's index.ts, which says what it offers.
  ...featureNames.map((name) => ({
    target: `src/features/${name}`,
    from: 'src/features',
    except: [name, ...featureNames.filter((other) => other !== name).map((other) => `${other}/index.ts`)],
    message: 'Import another feature through its index.ts; move what several features share to ui/, state/ or lib/.',
  })),
];

const noStorageClients = {
  group: ['dexie', 'dexie-react-hooks'],
  message: 'Screens read the mirror through the hooks in src/state/queries.',
};
const noSupabase = {
  group: ['@supabase/supabase-js'],
  message: 'Backend calls live in src/backend.',
};
// The forum's vocabulary in data/ (the category types, the thread sorts) holds no mirror or outbox: screens name it.
const DATA_VOCABULARY = ['categoryTypes', 'sortThreads'];
const noValuesFromEngine = {
  regex: `^(\\.\\./)+(data|sync)/(?!(${DATA_VOCABULARY.join('|')})\\.ts$)`,
  allowTypeImports: true,
  message: 'Screens use the mirror and the outbox through src/state (queries/, mutations/); types are fine.',
};
const noEngineHandle = {
  regex: 'state/sync/SyncContext\\.tsx$',
  importNames: ['useSyncEngine'],
  message: 'Use a query or mutation hook of src/state, or add one there.',
};
const noRawMirrorQuery = {
  regex: 'state/queries/useMirrorQuery\\.ts$',
  importNames: ['useMirrorQuery'],
  message: 'Mirror reads belong in a domain hook of src/state/queries, over a query of src/data/queries.',
};
const noBackendHandle = {
  regex: 'state/BackendContext\\.tsx$',
  importNames: ['useBackend'],
  message:
    'Screens hold no backend client: read and act through a domain module of src/state/server (useServerQuery, ' +
    'usePagedQuery, useServerAction, useServerCalls), or add one there.',
};
const noBackendValues = {
  // Error kinds and the spec's failure texts are words a screen shows; every other value of backend/ is a call.
  regex: '^(\\.\\./)+backend/(?!(errors|failureTexts)\\.ts$)',
  allowTypeImports: true,
  message:
    'Backend calls and settings reach screens through src/state/server (a domain module, or config.ts); types ' +
    'are fine, and values of backend/errors.ts and backend/failureTexts.ts.',
};
const screenImports = [
  noStorageClients,
  noSupabase,
  noValuesFromEngine,
  noEngineHandle,
  noRawMirrorQuery,
  noBackendHandle,
  noBackendValues,
];
const noReact = {
  group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'dexie-react-hooks', '@tanstack/react-router', 'sonner'],
  message: 'sync, data and backend are plain TypeScript: React bindings live in src/state.',
};

export default tseslint.config(
  { ignores: ['dist', 'dist-bench', 'dev-dist', '.data', 'node_modules', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
      // A failure is never swallowed in silence: a catch says why it ignores something and does something
      // explicit (answers a value, logs, rethrows). no-empty lets a comment through, so the selectors below do not.
      'no-empty': ['error', { allowEmptyCatch: false }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CatchClause > BlockStatement.body[body.length=0]',
          message: 'An empty catch hides failures: answer a value, log, or rethrow (reportError/logError in the app).',
        },
        {
          selector:
            "CallExpression[callee.property.name='catch'] > :matches(ArrowFunctionExpression, FunctionExpression)[body.type='BlockStatement'][body.body.length=0]",
          message: 'An empty .catch() hides failures: answer a value, log, or rethrow.',
        },
        {
          selector: "CallExpression[callee.name='lazy'] > ArrowFunctionExpression",
          message:
            'Give lazy() loadAgainWhenOnline(() => import(...)) (src/lib): a chunk the dropped connection kept out ' +
            'loads again when it is back, instead of the error page replacing the screen.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { import: importPlugin },
    // Imports name their .ts and .tsx files, so the plain node resolver finds them; the TypeScript parser reads
    // them to follow cycles.
    settings: {
      'import/extensions': SOURCE_EXTENSIONS,
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: SOURCE_EXTENSIONS } },
    },
    rules: {
      // Only our own files can close a cycle: not following packages' imports keeps the rule from parsing
      // node_modules (it was a third of lint's time).
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: layerZones }],
      // No dead code: an export nothing imports (product code, tests, scripts or benchmarks) is unexported or deleted.
      // The rule finds files through ESLint's legacy file enumerator, hence the small .eslintrc.json beside this file.
      'import/no-unused-modules': ['error', { unusedExports: true, src: EXPORT_USERS, ignoreExports: ENTRY_POINTS }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: screenImports }],
    },
  },
  {
    // A product file stays readable in one sitting: past 300 lines it holds more than one thing. Tests and the
    // generated database types are exempt.
    files: ['src/**/*.{ts,tsx,js}', 'supabase/local/**/*.{ts,js}', 'supabase/functions/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/backend/database.types.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/sync/**/*.{ts,tsx}', 'src/data/**/*.{ts,tsx}', 'src/backend/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noReact] }],
    },
  },
);
