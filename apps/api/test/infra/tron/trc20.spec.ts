import { tronAddressFromHex } from '@app/domain';
import {
  TRANSFER_TOPIC,
  describeFailure,
  readReceipt,
  transferRecipients,
} from '../../../src/infra/tron/trc20';

// USDT's contract and two addresses, as 20-byte hex (logs print them without the 41 prefix).
const USDT_HEX = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const FROM_HEX = '4142434445464748494a4b4c4d4e4f5051525354';
const TO_HEX = '0102030405060708090a0b0c0d0e0f1011121314';
const word = (hex: string) => hex.padStart(64, '0');

const transferLog = (amount: bigint, address = USDT_HEX) => ({
  address,
  topics: [TRANSFER_TOPIC, word(FROM_HEX), word(TO_HEX)],
  data: word(amount.toString(16)),
});

describe('readReceipt', () => {
  it('reads every standard Transfer log of a successful receipt, with its index', () => {
    const view = readReceipt({
      id: 'ab'.repeat(32),
      blockNumber: 120,
      blockTimeStamp: 1_700_000_000_000,
      receipt: { result: 'SUCCESS' },
      log: [
        transferLog(5_000_000n),
        { address: USDT_HEX, topics: ['ff'.repeat(32)], data: word('1') },
        transferLog(7n, 'ff'.repeat(20)),
      ],
    });
    expect(view.succeeded).toBe(true);
    expect(view.transfers).toEqual([
      {
        logIndex: 0,
        token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        from: expect.stringMatching(/^T/),
        to: expect.stringMatching(/^T/),
        amount: 5_000_000n,
      },
      expect.objectContaining({ logIndex: 2, amount: 7n }),
    ]);
    expect(view.transfers[1].token).not.toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(view.blockTime?.getTime()).toBe(1_700_000_000_000);
  });

  it('ignores logs in other shapes: two topics, a short amount, a bad address', () => {
    const log = transferLog(1n);
    const view = readReceipt({
      receipt: { result: 'SUCCESS' },
      log: [
        { ...log, topics: log.topics.slice(0, 2) },
        { ...log, data: '01' },
        { ...log, address: 'zz' },
      ],
    });
    expect(view.transfers).toEqual([]);
  });

  it('takes nothing from a failed receipt and explains why', () => {
    const reason = Buffer.from('paused').toString('hex');
    const revert = '08c379a0' + word('20') + word((6).toString(16)) + reason.padEnd(64, '0');
    const view = readReceipt({
      result: 'FAILED',
      receipt: { result: 'REVERT' },
      contractResult: [revert],
      log: [transferLog(1n)],
    });
    expect(view.succeeded).toBe(false);
    expect(view.transfers).toEqual([]);
    expect(view.failure).toBe('REVERT: paused');
    expect(describeFailure({ receipt: { result: 'OUT_OF_ENERGY' } })).toBe('OUT_OF_ENERGY');
    // A receipt without a SUCCESS result is not a success, whatever else it says.
    expect(readReceipt({ log: [transferLog(1n)] }).succeeded).toBe(false);
  });
});

describe('transferRecipients', () => {
  it("lists the recipient of every log readReceipt reads, as hex, and nothing else's", () => {
    const other = 'ee'.repeat(20);
    const log = transferLog(1n);
    const raw = {
      receipt: { result: 'SUCCESS' },
      log: [
        transferLog(5n),
        { ...log, topics: [TRANSFER_TOPIC, word(FROM_HEX), word(other)], data: '01' },
        { ...log, topics: log.topics.slice(0, 2) },
        {
          ...log,
          topics: [TRANSFER_TOPIC.toUpperCase(), word(FROM_HEX), word(other.toUpperCase())],
        },
      ],
    };
    expect(transferRecipients(raw)).toEqual([TO_HEX, other]);
    const read = readReceipt(raw).transfers.map((t) => t.to);
    expect(read).toEqual([TO_HEX, other].map((hex) => tronAddressFromHex(hex)));
  });

  it('lists nothing of a failed receipt', () => {
    expect(
      transferRecipients({
        result: 'FAILED',
        receipt: { result: 'REVERT' },
        log: [transferLog(1n)],
      }),
    ).toEqual([]);
    expect(
      transferRecipients({ receipt: { result: 'OUT_OF_ENERGY' }, log: [transferLog(1n)] }),
    ).toEqual([]);
  });
});
