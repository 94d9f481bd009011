import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // assembly/*.ts is AssemblyScript (its decorators and types are not TypeScript's); src/eval/cpu/generated/ is built from it.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.gpu/**',
      'bench/results/**',
      'demo/dist/**',
      'results/**',
      'docs/api/**',
      'assembly/*.ts',
      'src/eval/cpu/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // The page is a user of the library like any other: through its entry point only.
    files: ['demo/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./src/(?!index\\.js$)',
              message: "The demo imports the library only through '../src/index.js'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bin/**/*.js', '.ci/**/*.js', 'bench/**/*.mjs', 'assembly/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
      },
    },
  },
);
