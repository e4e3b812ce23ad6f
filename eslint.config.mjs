// One lint for the whole repository: type-aware TypeScript rules, React hooks and accessibility
// for the web app, and the import boundaries that keep modules and features apart.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = ['access', 'api-key', 'chat'];

/** Nest modules: another module reaches one only through its folder's index.ts (what it exports). */
const apiModules = [
  'access',
  'agents',
  'chat',
  'config',
  'database',
  'health',
  'llm',
  'openapi',
  'redis',
  'search',
  'settings',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'schemas/types/**',
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
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-cycle': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [jsxA11y.flatConfigs.strict],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A scrollable chat log must take keyboard focus so it can be scrolled without a mouse (axe's
      // scrollable-region-focusable), which is why `log` joins the roles allowed a tabIndex.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features never import other features; share through lib/ or components/.',
            })),
            {
              target: ['./web/src/components', './web/src/lib'],
              from: ['./web/src/features', './web/src/app', './web/src/pages'],
              message: 'components/ and lib/ are shared: they import no feature, page or app code.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
