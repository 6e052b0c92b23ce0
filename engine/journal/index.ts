export * from './sizing';
export * from './statistics';
export * from './breakdowns';
