import { HexAddress } from './codec';

/**
 * The smart contracts the stub knows: two TRC-20 tokens (the configured USDT
 * and a look-alike with the same name, symbol and decimals) and a "router"
 * that moves USDT with transferFrom, as DEX routers and payment processors do.
 * Their ABIs are served by /wallet/getcontract in java-tron's JSON shape
 * (enum names capitalised: "Function", "View", "Nonpayable").
 */

export interface KnownContract {
  address: HexAddress;
  kind: 'token' | 'router';
  contractName: string;
  abi: Record<string, unknown>[];
}

const param = (name: string, type: string, indexed = false) =>
  indexed ? { indexed: true, name, type } : { name, type };

const fn = (
  name: string,
  inputs: ReturnType<typeof param>[],
  outputs: ReturnType<typeof param>[],
  stateMutability: 'View' | 'Nonpayable',
) => ({
  ...(stateMutability === 'View' ? { constant: true } : {}),
  name,
  inputs,
  outputs,
  type: 'Function',
  stateMutability,
});

export const TRC20_ABI: Record<string, unknown>[] = [
  fn('name', [], [param('', 'string')], 'View'),
  fn('symbol', [], [param('', 'string')], 'View'),
  fn('decimals', [], [param('', 'uint8')], 'View'),
  fn('totalSupply', [], [param('', 'uint256')], 'View'),
  fn('balanceOf', [param('who', 'address')], [param('', 'uint256')], 'View'),
  // Tether's blacklist (TetherToken.sol): the public mapping's getter and its older twin.
  fn('isBlackListed', [param('', 'address')], [param('', 'bool')], 'View'),
  fn('getBlackListStatus', [param('_maker', 'address')], [param('', 'bool')], 'View'),
  fn(
    'transfer',
    [param('_to', 'address'), param('_value', 'uint256')],
    [param('', 'bool')],
    'Nonpayable',
  ),
  fn(
    'transferFrom',
    [param('_from', 'address'), param('_to', 'address'), param('_value', 'uint256')],
    [param('', 'bool')],
    'Nonpayable',
  ),
  {
    name: 'Transfer',
    inputs: [
      param('from', 'address', true),
      param('to', 'address', true),
      param('value', 'uint256'),
    ],
    type: 'Event',
  },
];

export const ROUTER_ABI: Record<string, unknown>[] = [
  fn(
    'transferFrom',
    [param('from', 'address'), param('to', 'address'), param('amount', 'uint256')],
    [param('', 'bool')],
    'Nonpayable',
  ),
];

export const TOKEN_META = { name: 'Tether USD', symbol: 'USDT', decimals: 6 } as const;
