import tseslint from 'typescript-eslint';
import featureBoundaries from './eslint/feature-boundaries.js';
import featureCycles from './eslint/feature-graph.js';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', '.astro/', 'data/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { apobote: { rules: { 'feature-boundaries': featureBoundaries, 'feature-cycles': featureCycles } } },
    rules: {
      'apobote/feature-boundaries': 'error',
      'apobote/feature-cycles': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
);
