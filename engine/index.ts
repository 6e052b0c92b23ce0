// The engine's public surface: what server/, bin/ and anyone importing the library may use.
export * from './core/image';
export * from './core/errors';
export * from './core/ohlc';
export * from './analysis';
export * from './instruments';
export * from './plan';
export * from './vision';
export * from './journal';
