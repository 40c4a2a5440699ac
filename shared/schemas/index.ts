export * from './admin';
export * from './auth';
export * from './common';
export * from './config';
export * from './projects';
export * from './settings';
