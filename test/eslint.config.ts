import nodeConfig from '../sandbox/eslint.config';

/** Tests, their harness and the e2e drivers: the same Node rules as the sandbox's. */
export default nodeConfig;
