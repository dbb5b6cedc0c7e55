export * from './money';
export * from './economy';
export * from './rules';
export * from './validation';
export * from './amount';
export * from './tron-address';
export * from './tron-fees';
