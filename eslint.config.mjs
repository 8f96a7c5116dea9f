import { configs as communityConfigs } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';

// n8n's rules for community nodes, on the shipped code (nodes/ and credentials/).
export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', '*.js', '*.mjs'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: { parser: tseslint.parser, parserOptions: { project: './tsconfig.json' } },
	},
	communityConfigs.recommended,
);
