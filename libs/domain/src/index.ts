export * from './money';
export * from './economy';
export * from './validation';
export * from './amount';
export * from './tron-address';
