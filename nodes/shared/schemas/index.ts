export * from '../../../document/bodyCheck';
export * from './bodies';
export * from './ids';
