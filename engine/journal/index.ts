export * from './sizing';
export * from './statistics';
