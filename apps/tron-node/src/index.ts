export { Chain } from './chain';
export { loadOptions, DEFAULTS } from './config';
export { TronNode } from './server';
export type { TronNodeOptions } from './server';
export { createDevWallet } from './dev-wallet';
export type { DevWallet } from './dev-wallet';
