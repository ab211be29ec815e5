// Lint: TypeScript + Svelte, plus the boundaries that keep the architecture honest:
// shared/ is pure (no Electron, Node, database, clock or Math.random), the renderer never reaches into src-main.
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

// Outside the rules package, code uses its public API (shared/rules/index.ts), never its insides.
const rulesApiOnly = {
  group: ['**/shared/rules/*', '**/rules/*/**', '!**/shared/rules/index'],
  message: "Import the rules package's public API: from '…/shared/rules'.",
};

// Migrations run only through src-main/db/migrate.ts (foreign keys off around drizzle's transaction, then checked;
// docs/reliability.md rule 5), and that wrapper only from db/open.ts, which takes the verified backup first.
const migratorOnlyInMigrate = {
  group: ['drizzle-orm/migrator', 'drizzle-orm/*/migrator'],
  importNames: ['migrate'],
  message: 'Migrations run only through src-main/db/migrate.ts (applyMigrations, called by db/open.ts).',
};
const applyMigrationsOnlyInOpen = {
  group: ['**/db/migrate', '**/db/migrate.ts', './migrate', './migrate.ts'],
  importNames: ['applyMigrations'],
  message: 'Only src-main/db/open.ts applies migrations: it takes the verified backup first.',
};
const migrationBoundary = [migratorOnlyInMigrate, applyMigrationsOnlyInOpen];

// The campaign's central promise (issue 18, docs/architecture.md properties 3 and 5): a team's ledger, its roster
// cache and its stored projection agree. Only src-main/ledger/ touches ledger_entries and team_projections (reads too,
// issue 32: their tables are not imported, named, renamed or through a namespace, anywhere else) and only it writes
// teams.roster: through drizzle (a set, a set of a whole patch, an upsert) or in SQL text (strings and `sql` templates).
// Tests, test-support and db/schema.ts itself are exempt; bench/ and scripts/ may read the file in SQL text (they
// measure and check it, as tests do). Lint sees code, not values: SQL assembled from pieces at run time is not caught.
const ledgerTables = 'ledgerEntries|teamProjections';
const sqlTable = String.raw`["'\x60]?(ledger_entries|team_projections)\b`;
const ledgerSql = String.raw`(insert|replace)\s+(or\s+\w+\s+)?into\s+${sqlTable}|update\s+(or\s+\w+\s+)?${sqlTable}|delete\s+from\s+${sqlTable}|update\s+(or\s+\w+\s+)?["'\x60]?teams["'\x60]?\s+set\b[^;]*\broster\b`;
const ledgerReadSql = String.raw`\b(from|join)\s+${sqlTable}`;
const ledgerMessage = 'Only src-main/ledger/ writes ledger_entries, teams.roster and team_projections (append, voidEntries, rebuild, saveDraftRoster).';
const ledgerTableMessage = 'The ledger’s tables are src-main/ledger/’s alone: read them through its functions (src-main/ledger/index.ts).';
// `db.update(teams)` and `db.insert(teams)…onConflictDoUpdate(…)`: a set must name its columns, and not roster.
const updateTeams = "[callee.object.callee.property.name='update'][callee.object.arguments.0.name='teams']";
const upsertTeams = ":has(CallExpression[callee.property.name='insert'][arguments.0.name='teams'])";
const rosterKey = "Property:matches([key.name='roster'], [key.value='roster'])";
const ledgerWritesOnlyInLedger = [
  { selector: `ImportSpecifier[imported.name=/^(${ledgerTables})$/]`, message: ledgerTableMessage },
  { selector: `MemberExpression[property.name=/^(${ledgerTables})$/]`, message: ledgerTableMessage },
  { selector: `MemberExpression[computed=true][property.value=/^(${ledgerTables})$/]`, message: ledgerTableMessage },
  { selector: `ObjectPattern > Property[key.name=/^(${ledgerTables})$/]`, message: ledgerTableMessage },
  { selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(${ledgerTables})$/]`, message: ledgerMessage },
  { selector: `CallExpression[callee.property.name='set']${updateTeams} > ObjectExpression > ${rosterKey}`, message: ledgerMessage },
  {
    selector: `CallExpression[callee.property.name='set']${updateTeams}[arguments.0.type!='ObjectExpression']`,
    message: `${ledgerMessage} Name the columns a team update sets.`,
  },
  {
    selector: `CallExpression[callee.property.name='set']${updateTeams} > ObjectExpression > :matches(SpreadElement, Property[computed=true])`,
    message: ledgerMessage,
  },
  {
    selector: `CallExpression[callee.property.name='onConflictDoUpdate']${upsertTeams} Property[key.name='set'] > ObjectExpression > ${rosterKey}`,
    message: ledgerMessage,
  },
  {
    selector: `CallExpression[callee.property.name='onConflictDoUpdate']${upsertTeams} Property[key.name='set'][value.type!='ObjectExpression']`,
    message: `${ledgerMessage} Name the columns a team upsert sets.`,
  },
  {
    selector: `CallExpression[callee.property.name='onConflictDoUpdate']${upsertTeams} Property[key.name='set'] > ObjectExpression > :matches(SpreadElement, Property[computed=true])`,
    message: ledgerMessage,
  },
  { selector: `Literal[value=/${ledgerSql}/i]`, message: ledgerMessage },
  { selector: `TemplateElement[value.raw=/${ledgerSql}/i]`, message: ledgerMessage },
  // A template split by its interpolations: `UPDATE ${teams} SET ${teams.roster} = …` (drizzle's sql tag, say).
  {
    selector: String.raw`TemplateLiteral:has(TemplateElement[value.raw=/\b(update|insert|replace)\b/i]):has(TemplateElement[value.raw=/\broster\b/i], MemberExpression[property.name='roster'])`,
    message: ledgerMessage,
  },
];
// In main, the ledger's tables are not read in SQL text either (bench/ and scripts/ may: they inspect the file).
const ledgerReadsOnlyInLedger = [
  { selector: `Literal[value=/${ledgerReadSql}/i]`, message: ledgerTableMessage },
  { selector: `TemplateElement[value.raw=/${ledgerReadSql}/i]`, message: ledgerTableMessage },
];

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
  'worker_threads',
  'process',
  'events',
  'module',
  'zlib',
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'release/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'migrations/',
      '.test-data/',
      '.bench-cache/',
      'reports/',
      'src-main/db/threads/sources.generated.ts',
    ],
  },
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { projectService: false, extraFileExtensions: ['.svelte'], parser: tseslint.parser, svelteConfig },
    },
  },
  {
    files: ['src-main/**', 'scripts/**', 'e2e/**', '*.config.*', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src-main/**', 'e2e/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesApiOnly, ...migrationBoundary] }] },
  },
  {
    // Issue 32: a handler imports no other handler; what they share lives in src-main/views/ or a domain module.
    files: ['src-main/handlers/*.ts'],
    ignores: ['src-main/handlers/index.ts', 'src-main/handlers/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            rulesApiOnly,
            ...migrationBoundary,
            { group: ['./*'], message: 'A handler imports no other handler: share through src-main/views/ or a domain module.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/db/migrate.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesApiOnly, applyMigrationsOnlyInOpen] }] },
  },
  {
    files: ['src-main/db/open.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesApiOnly, migratorOnlyInMigrate] }] },
  },
  {
    files: ['scripts/**', 'bench/**', '*.config.*', '.ci/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: migrationBoundary }] },
  },
  {
    files: ['scripts/**', 'bench/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ledgerWritesOnlyInLedger] },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/ledger/**', '**/*.test.ts', 'src-main/test-support/**', 'src-main/db/schema.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ledgerWritesOnlyInLedger, ...ledgerReadsOnlyInLedger] },
  },
  {
    files: ['src-renderer/**'],
    // The renderer's tests may run the real handlers on a temporary file behind the FakeBridge (issue 32).
    ignores: ['src-renderer/**/*.test.ts', 'src-renderer/test-support/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src-main/**', '**/src-main'], message: 'The renderer talks to main only through the IPC contract (src-renderer/api.ts).' },
            {
              group: ['electron', 'better-sqlite3', 'drizzle-orm', 'drizzle-orm/*', ...nodeBuiltins],
              message: 'The renderer is sandboxed: no Electron, Node or database imports.',
            },
            rulesApiOnly,
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.test.ts', 'src-renderer/test-support/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesApiOnly] }] },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**', '**/src-main', '**/src-renderer/**', '**/src-renderer'],
              message: 'shared/ is imported by both processes; it must not import either.',
            },
            {
              group: ['electron', 'better-sqlite3', 'drizzle-orm', 'drizzle-orm/*', 'drizzle-kit', ...nodeBuiltins],
              message: 'shared/ is pure TypeScript: no Electron, Node or database imports.',
            },
            rulesApiOnly,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'shared/ is pure: no process.' },
        { name: 'require', message: 'shared/ is pure: no require.' },
        { name: 'window', message: 'shared/ is pure: no window.' },
        { name: 'document', message: 'shared/ is pure: no document.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Dice come from a seeded source (shared/rules/dice) or from physical dice.' },
        { object: 'Date', property: 'now', message: 'shared/ has no clock: pass the time in.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'shared/ has no clock: pass the time in.' },
      ],
    },
  },
);
