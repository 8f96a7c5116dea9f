import testConfig from '../test/eslint.config';

/** Command-line scripts: the test rules, and they report on the console. */
export default [...testConfig, { rules: { 'no-console': 'off' } }];
