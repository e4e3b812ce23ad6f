// One lint for the whole repository: type-aware TypeScript rules, React hooks and accessibility
// for the web app, and the import boundaries that keep modules and features apart.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersOf('./web/src/features');

/** Nest modules: another module reaches one only through its folder's index.ts (what it exports). */
const apiModules = foldersOf('./api/src').filter((name) => name !== 'common');

const useTheClock =
  'Read the time from the injected Clock (common/clock.ts); measure elapsed time with performance.now().';

/** In a file under web/src/<layer>/…, an import that climbs into one of `folders` (features/chat, ../chat, …). */
const climbsInto = (folders) => `^(\\.\\./)+(features/)?(${folders.join('|')})(/|$)`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'packages/contracts/src/types/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig that builds it (the root one is only a base to extend).
        project: [
          './api/tsconfig.json',
          './web/tsconfig.json',
          './web/bench/tsconfig.json',
          './e2e/tsconfig.json',
          './schemas/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/service-worker/**/*.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
  {
    files: ['api/**/*.ts', 'e2e/**/*.ts', 'schemas/**/*.ts', 'playwright.config.ts', 'web/bench/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests and their fakes read JSON (answers, recorded requests) and use jest's and vitest's asymmetric
    // matchers, all typed `any`; the shape is what a test asserts, so these rules would only add casts there.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'api/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Nest injects by the constructor's parameter types, so those imports must stay value imports.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: apiModules.flatMap((name) => [
            {
              regex: `^(\\.\\./)+${name}/.+`,
              message: `Import the ${name} module through its index ('../${name}'), not its files.`,
            },
            {
              regex: `^\\./${name}/.+`,
              message: `Import the ${name} module through its index ('./${name}'), not its files.`,
            },
          ]),
        },
      ],
    },
  },
  {
    // The server reads the time from the injected Clock, so a test can set it; elapsed time is performance.now().
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.spec.ts', 'api/src/common/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: useTheClock,
        },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: useTheClock,
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [jsxA11y.flatConfigs.strict],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A scrollable chat log must take keyboard focus so it can be scrolled without a mouse (axe's
      // scrollable-region-focusable), which is why `log` joins the roles allowed a tabIndex.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log'] }],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: climbsInto(webFeatures.filter((other) => other !== feature)),
              message: 'Features never import other features; share through lib/ or components/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|pages|app)(/|$)',
              message: 'components/ and lib/ are shared: they import no feature, page or app code.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
