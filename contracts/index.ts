export * from './auth';
export * from './problem';
