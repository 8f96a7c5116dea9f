export * from './scope';
export * from './staffLogin';
export * from './credentialHooks';
export * from './headers';
export * from './oauth';
