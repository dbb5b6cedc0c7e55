export * from './money';
export * from './economy';
export * from './validation';
