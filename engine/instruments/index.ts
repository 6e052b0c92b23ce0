export * from './table';
export * from './quote-to-usd';
export * from './sizing';
export * from './format';
