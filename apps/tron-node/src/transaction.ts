import { sha256 } from '@noble/hashes/sha2.js';
import { fromHex, HexAddress, parseAddress, ProtoWriter, toHex } from './codec';

/**
 * Transactions as java-tron's HTTP API prints them (visible=false: addresses
 * and bytes as hex), and the protobuf encoding of their raw_data, whose
 * SHA-256 is the txID. Only the two contract types a USDT service uses are
 * understood: TransferContract (TRX) and TriggerSmartContract (TRC-20 calls).
 */

export const CONTRACT_TYPE_NUMBER = {
  TransferContract: 1,
  TriggerSmartContract: 31,
  FreezeBalanceV2Contract: 54,
  DelegateResourceContract: 57,
  UnDelegateResourceContract: 58,
} as const;

/** Stake 2.0 resources (common.proto ResourceCode); TRON_POWER cannot be delegated. */
export type Resource = 'BANDWIDTH' | 'ENERGY';
const RESOURCE_CODE: Record<Resource, number> = { BANDWIDTH: 0, ENERGY: 1 };

export type ContractCall =
  | {
      type: 'TriggerSmartContract';
      owner: HexAddress;
      contract: HexAddress;
      data: string; // hex, no 0x
      callValue: bigint;
      callTokenValue: bigint;
      tokenId: bigint;
    }
  | { type: 'TransferContract'; owner: HexAddress; to: HexAddress; amount: bigint }
  | { type: 'FreezeBalanceV2Contract'; owner: HexAddress; amount: bigint; resource: Resource }
  | {
      type: 'DelegateResourceContract';
      owner: HexAddress;
      receiver: HexAddress;
      balance: bigint;
      resource: Resource;
      lock: boolean;
      lockPeriod: bigint;
    }
  | {
      type: 'UnDelegateResourceContract';
      owner: HexAddress;
      receiver: HexAddress;
      balance: bigint;
      resource: Resource;
    };

export interface RawData {
  refBlockBytes: string; // hex
  refBlockHash: string; // hex
  expiration: number;
  timestamp: number;
  feeLimit: number;
  data: string; // memo, hex
  permissionId: number;
  call: ContractCall;
}

export interface TxJson {
  visible?: boolean;
  txID: string;
  raw_data: Record<string, unknown>;
  raw_data_hex: string;
  signature?: string[];
  ret?: Array<Record<string, unknown>>;
}

/** balance_contract.proto field numbers. */
function encodeCall(call: ContractCall): Uint8Array {
  switch (call.type) {
    case 'TransferContract':
      return new ProtoWriter()
        .bytes(1, fromHex(call.owner))
        .bytes(2, fromHex(call.to))
        .int(3, call.amount)
        .finish();
    case 'FreezeBalanceV2Contract':
      return new ProtoWriter()
        .bytes(1, fromHex(call.owner))
        .int(2, call.amount)
        .int(3, RESOURCE_CODE[call.resource])
        .finish();
    case 'DelegateResourceContract':
      return new ProtoWriter()
        .bytes(1, fromHex(call.owner))
        .int(2, RESOURCE_CODE[call.resource])
        .int(3, call.balance)
        .bytes(4, fromHex(call.receiver))
        .int(5, call.lock ? 1 : 0)
        .int(6, call.lockPeriod)
        .finish();
    case 'UnDelegateResourceContract':
      return new ProtoWriter()
        .bytes(1, fromHex(call.owner))
        .int(2, RESOURCE_CODE[call.resource])
        .int(3, call.balance)
        .bytes(4, fromHex(call.receiver))
        .finish();
  }
  return new ProtoWriter()
    .bytes(1, fromHex(call.owner))
    .bytes(2, fromHex(call.contract))
    .int(3, call.callValue)
    .bytes(4, fromHex(call.data))
    .int(5, call.callTokenValue)
    .int(6, call.tokenId)
    .finish();
}

/** Transaction.raw bytes (Tron.proto field numbers). */
export function encodeRaw(raw: RawData): Uint8Array {
  const any = new ProtoWriter()
    .string(1, `type.googleapis.com/protocol.${raw.call.type}`)
    .bytes(2, encodeCall(raw.call))
    .finish();
  const contract = new ProtoWriter()
    .int(1, CONTRACT_TYPE_NUMBER[raw.call.type])
    .message(2, any)
    .int(5, raw.permissionId)
    .finish();
  return new ProtoWriter()
    .bytes(1, fromHex(raw.refBlockBytes))
    .bytes(4, fromHex(raw.refBlockHash))
    .int(8, raw.expiration)
    .bytes(10, fromHex(raw.data))
    .message(11, contract)
    .int(14, raw.timestamp)
    .int(18, raw.feeLimit)
    .finish();
}

export function txIdOf(rawBytes: Uint8Array): string {
  return toHex(sha256(rawBytes));
}

/** A contract's value as java-tron prints it: defaults (0, false, BANDWIDTH) left out. */
function callToJson(call: ContractCall): Record<string, unknown> {
  const resource = (r: Resource) => (r === 'BANDWIDTH' ? {} : { resource: r });
  switch (call.type) {
    case 'TransferContract':
      return { amount: Number(call.amount), owner_address: call.owner, to_address: call.to };
    case 'FreezeBalanceV2Contract':
      return {
        owner_address: call.owner,
        frozen_balance: Number(call.amount),
        ...resource(call.resource),
      };
    case 'DelegateResourceContract':
      return {
        owner_address: call.owner,
        ...resource(call.resource),
        balance: Number(call.balance),
        receiver_address: call.receiver,
        ...(call.lock ? { lock: true } : {}),
        ...(call.lockPeriod ? { lock_period: Number(call.lockPeriod) } : {}),
      };
    case 'UnDelegateResourceContract':
      return {
        owner_address: call.owner,
        ...resource(call.resource),
        balance: Number(call.balance),
        receiver_address: call.receiver,
      };
  }
  const value: Record<string, unknown> = {
    data: call.data,
    owner_address: call.owner,
    contract_address: call.contract,
  };
  if (call.callValue) value.call_value = Number(call.callValue);
  if (call.callTokenValue) value.call_token_value = Number(call.callTokenValue);
  if (call.tokenId) value.token_id = Number(call.tokenId);
  if (!call.data) delete value.data;
  return value;
}

/** raw_data as printed by java-tron (defaults left out). */
export function rawToJson(raw: RawData): Record<string, unknown> {
  const contract: Record<string, unknown> = {
    parameter: {
      value: callToJson(raw.call),
      type_url: `type.googleapis.com/protocol.${raw.call.type}`,
    },
    type: raw.call.type,
  };
  if (raw.permissionId) contract.Permission_id = raw.permissionId;
  const json: Record<string, unknown> = {
    contract: [contract],
    ref_block_bytes: raw.refBlockBytes,
    ref_block_hash: raw.refBlockHash,
    expiration: raw.expiration,
  };
  if (raw.data) json.data = raw.data;
  if (raw.feeLimit) json.fee_limit = raw.feeLimit;
  json.timestamp = raw.timestamp;
  return json;
}

export function buildTxJson(raw: RawData, signature?: string[]): TxJson {
  const bytes = encodeRaw(raw);
  const tx: TxJson = {
    visible: false,
    txID: txIdOf(bytes),
    raw_data: rawToJson(raw),
    raw_data_hex: toHex(bytes),
  };
  if (signature) tx.signature = signature;
  return tx;
}

function int(value: unknown, what: string): number {
  if (value === undefined || value === null) return 0;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw new Error(`${what} must be an integer`);
  return n;
}

function resourceField(value: unknown): Resource {
  if (value === undefined || value === null || value === 'BANDWIDTH' || value === 0) {
    return 'BANDWIDTH';
  }
  if (value === 'ENERGY' || value === 1) return 'ENERGY';
  throw new Error(`resource must be BANDWIDTH or ENERGY, got ${String(value)}`);
}

function hexField(value: unknown, what: string): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string') throw new Error(`${what} must be a hex string`);
  return toHex(fromHex(value));
}

/**
 * Reads raw_data from a client's JSON the way java-tron's packTransaction does:
 * raw_data_hex is ignored, the bytes are rebuilt from raw_data.
 */
export function parseRaw(rawJson: unknown): RawData {
  if (!rawJson || typeof rawJson !== 'object') throw new Error('raw_data is required');
  const raw = rawJson as Record<string, unknown>;
  const contracts = raw.contract;
  if (!Array.isArray(contracts) || contracts.length !== 1) {
    throw new Error('raw_data.contract must hold exactly one contract');
  }
  const contract = contracts[0] as Record<string, any>;
  const type = contract?.type;
  const value = contract?.parameter?.value as Record<string, unknown> | undefined;
  if (!value || typeof value !== 'object') throw new Error('contract parameter value is required');
  let call: ContractCall;
  if (type === 'TriggerSmartContract') {
    call = {
      type,
      owner: parseAddress(value.owner_address),
      contract: parseAddress(value.contract_address),
      data: hexField(value.data, 'data'),
      callValue: BigInt(int(value.call_value, 'call_value')),
      callTokenValue: BigInt(int(value.call_token_value, 'call_token_value')),
      tokenId: BigInt(int(value.token_id, 'token_id')),
    };
  } else if (type === 'TransferContract') {
    call = {
      type,
      owner: parseAddress(value.owner_address),
      to: parseAddress(value.to_address),
      amount: BigInt(int(value.amount, 'amount')),
    };
  } else if (type === 'FreezeBalanceV2Contract') {
    call = {
      type,
      owner: parseAddress(value.owner_address),
      amount: BigInt(int(value.frozen_balance, 'frozen_balance')),
      resource: resourceField(value.resource),
    };
  } else if (type === 'DelegateResourceContract' || type === 'UnDelegateResourceContract') {
    const common = {
      owner: parseAddress(value.owner_address),
      receiver: parseAddress(value.receiver_address),
      balance: BigInt(int(value.balance, 'balance')),
      resource: resourceField(value.resource),
    };
    call =
      type === 'DelegateResourceContract'
        ? {
            type,
            ...common,
            lock: value.lock === true,
            lockPeriod: BigInt(int(value.lock_period, 'lock_period')),
          }
        : { type, ...common };
  } else {
    throw new Error(`contract type not supported by this node: ${String(type)}`);
  }
  return {
    refBlockBytes: hexField(raw.ref_block_bytes, 'ref_block_bytes'),
    refBlockHash: hexField(raw.ref_block_hash, 'ref_block_hash'),
    expiration: int(raw.expiration, 'expiration'),
    timestamp: int(raw.timestamp, 'timestamp'),
    feeLimit: int(raw.fee_limit, 'fee_limit'),
    data: hexField(raw.data, 'data'),
    permissionId: int(contract.Permission_id, 'Permission_id'),
    call,
  };
}
