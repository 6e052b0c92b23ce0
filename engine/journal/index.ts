export * from './sizing';
export * from './statistics';
export * from './breakdowns';
export * from './analytics';
