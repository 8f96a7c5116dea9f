import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Code that runs only in Node: the sandbox, and through test/eslint.config.ts the tests and their
 * harness. n8n's rules for community nodes (eslint.config.mjs at the root) guard what runs inside
 * n8n; here node: modules, process, timers and child processes are normal. ESLint reads the
 * nearest config of each file (npm run lint looks them up per file).
 */
export default tseslint.config(
	// The package's build output (npm pack in sandbox/ writes it).
	{ ignores: ['dist/'] },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { globals: globals.node },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
			// Parsed JSON answers are asserted with matchers; typing every one adds nothing.
			'@typescript-eslint/no-explicit-any': 'off',
			// Support servers report a bug in themselves on stderr; tests print nothing.
			'no-console': ['error', { allow: ['error', 'warn'] }],
			// Servers and closures refer to a variable assigned once, just after they are built.
			'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
			// Route patterns use \u0000 as a placeholder while they are escaped.
			'no-control-regex': 'off',
		},
	},
	{
		// Suites that measure print their counts (duplicate runs, refusal lines, sizes).
		files: ['**/*.test.ts'],
		rules: { 'no-console': ['error', { allow: ['error', 'warn', 'log'] }] },
	},
	{
		files: ['**/*.js'],
		extends: [js.configs.recommended],
		languageOptions: { sourceType: 'commonjs', globals: globals.node },
	},
);
