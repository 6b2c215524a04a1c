// Webapp lint: TypeScript, React hooks (rules of hooks and exhaustive deps) and accessibility.
// Run by `npm run lint` (and so `make lint`) with --max-warnings=0; `tsc --noEmit` runs there too.
// Layout is Prettier's (.prettierrc.json, checked by `npm run lint`, written by `npm run format`);
// eslint-config-prettier switches off every ESLint rule that would disagree with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['webapp/dist/**', 'node_modules/**', 'var/**', 'test-results/**'] },
  {
    files: ['webapp/**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommended,
      jsxA11y.flatConfigs.recommended,
      reactHooks.configs.flat['recommended-latest'],
      prettier,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `_` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A component's own `role` prop (a seller or a buyer) is not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
);
